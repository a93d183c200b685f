//! A reseller makes a client: an ordinary account marked with the reseller
//! (`persistence::resellers::clients`), with the password the reseller sets (the registration's
//! policy) or, without one, an invitation mailed to the client to set it (the sub-user
//! invitation's link and page, `accounts::invitation`).

use crate::accounts::invitation::{keep_token, link};
use crate::accounts::rules::{INVITATION_TTL_SECS, INVITES_PER_MAILBOX};
use crate::accounts::{NewAccount, create_user, default_name, hash_password, limits, mails};
use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::state::Services;
use domain::{Email, Password, UserId, messages as msg, random};
use persistence::resellers::accounts::ResellerRow;
use persistence::resellers::clients::{self, ClientRow};

/// Clients one reseller may create an hour (whatever the answer: a taken address costs a try
/// too, so that the route is no cheap way to learn which addresses have accounts).
pub const CLIENTS_PER_HOUR: i32 = 100;

/// A client as the reseller asked for it, checked.
#[derive(Debug)]
pub struct NewClient {
    pub email: Email,
    /// Blank: the name drawn from the email, as for a registration.
    pub name: Option<String>,
    pub note: Option<String>,
    /// None: the client gets an invitation to set one.
    pub password: Option<Password>,
}

/// Creates `reseller`'s client `new`. Refused on `maxClients` (422) when the reseller has as
/// many clients as its terms allow, with `Conflict` "An account with this email already
/// exists" when the address (or its mailbox) has an account.
pub async fn create(
    services: &Services,
    code_key: &[u8; 32],
    site: &str,
    reseller: &ResellerRow,
    new: NewClient,
) -> Result<ClientRow, AppError> {
    let reseller_id = reseller.user_id;
    let max = reseller.max_clients;
    let address = new.email.as_str().to_owned();
    let mut keys = vec![(
        format!("reseller-client:user:{reseller_id}"),
        CLIENTS_PER_HOUR,
    )];
    if new.password.is_none() {
        keys.push((
            format!("invite:email:{}", domain::canonical_email(&address)),
            INVITES_PER_MAILBOX,
        ));
    }
    in_transaction(&services.pool, move |conn| limits::check(conn, &keys)).await?;
    let hash = match new.password {
        Some(password) => Some(hash_password(password.expose().to_owned()).await?),
        None => None,
    };
    let token = hash
        .is_none()
        .then(|| random::alphanumeric(domain::account_forms::INVITATION_TOKEN_CHARS));
    let (key, typed) = (*code_key, token.clone());
    let client = in_transaction(&services.pool, move |conn| {
        // The reseller's row first: two creations at once count one after the other.
        persistence::users::lock_row(conn, reseller_id)?;
        if clients::count(conn, reseller_id)? >= i64::from(max) {
            let mut errors = domain::FieldErrors::new();
            errors.add("maxClients", msg::reseller_clients_full(max));
            return Err(AppError::Validation(errors));
        }
        let name = new.name.unwrap_or_else(|| default_name(&address));
        let account = NewAccount {
            email: &address,
            password_hash: hash.as_deref(),
            google_sub: None,
            name: &name,
            avatar_url: None,
            role: domain::Role::User.as_str(),
            referred_by: None,
        };
        let user = create_user(conn, &account)?;
        clients::attach(conn, user.id, reseller_id, new.note.as_deref())?;
        if let Some(token) = &typed {
            keep_token(conn, &key, user.id, token)?;
        }
        clients::find(conn, reseller_id, user.id)?
            .ok_or_else(|| AppError::internal("client", "gone after its creation"))
    })
    .await?;
    if let Some(token) = token {
        let link = link(site, &client.email, &token);
        let mail =
            mails::client_invitation(client.email.clone(), &link, INVITATION_TTL_SECS / 86_400);
        mails::send_notice(services.mailer.as_ref(), mail).await;
    }
    tracing::info!(
        reseller = reseller_id.get(),
        client = client.id.get(),
        invited = !client.active,
        "reseller's client created"
    );
    Ok(client)
}

/// 404 "Client not found": what every account that is not the reseller's client answers (another
/// reseller's client, any other account, none).
pub fn not_found() -> AppError {
    AppError::NotFoundWith(msg::CLIENT_NOT_FOUND)
}

/// Deletes `reseller`'s client `client` with its sessions and data (the transfers stay): 404
/// for anyone else's account, 409 while the client holds traffic or pieces, both decided under
/// the client's row lock, so that no move slips in between.
pub async fn delete(services: &Services, reseller: UserId, client: UserId) -> Result<(), AppError> {
    in_transaction(&services.pool, move |conn| {
        clients::lock(conn, reseller, client)?.ok_or_else(not_found)?;
        if clients::holds_anything(conn, client)? {
            return Err(AppError::Conflict(msg::CLIENT_HOLDS_TRAFFIC));
        }
        clients::delete(conn, reseller, client)?;
        Ok(())
    })
    .await
}
