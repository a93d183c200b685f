//! Sub-user sign-ins (docs/subusers.md): the owner invites an email to look at one sub-user
//! (`invite`); the mail links to a page where the invitee sets a first password (`accept`);
//! then the invitee signs in like anyone. The sign-in is an account row marked with the
//! sub-user (`persistence::subuser_logins`), so the sign-in guard, resets and sessions are the
//! accounts' own; what such a session may do is the API's to limit.
//!
//! The link's token is kept like a reset code (`password_resets`, hashed under its own
//! purpose, its attempts counted): only its requester differs. A reseller's client invited by
//! mail (`resellers::clients`) gets the same link and sets its password through `accept` too.

use crate::accounts::codes::Purpose;
use crate::accounts::password_reset::spend_code;
use crate::accounts::rules::{
    INVITATION_TTL_SECS, INVITES_PER_MAILBOX, INVITES_PER_OWNER, RESET_PER_IP,
};
use crate::accounts::{NewAccount, create_user, default_name, hash_password, limits, mails};
use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::state::Services;
use domain::{Email, FieldErrors, InvitationForm, UserId, messages as msg, random};
use persistence::{now, password_resets, sessions, subuser_logins, subusers, users};

/// The requester an invitation's token is kept under in `password_resets`.
pub(crate) const REQUESTER: &str = "subuser-invitation";

/// Invites `email` to sign in to sub-user `subuser_id` of `owner`, mailing a link into `site`.
/// Inviting again while the invitation is pending sends a fresh link (to the new address, if
/// it changed); once the invitee has set a password the sign-in must be revoked first. An
/// address that already has an account (or another sub-user's sign-in) is refused on `email`.
pub async fn invite(
    services: &Services,
    code_key: &[u8; 32],
    site: &str,
    owner: UserId,
    subuser_id: i64,
    email: Email,
) -> Result<(), AppError> {
    let token = random::alphanumeric(domain::account_forms::INVITATION_TOKEN_CHARS);
    let (key, typed) = (*code_key, token.clone());
    let address = email.as_str().to_owned();
    // Counted in a transaction of its own, kept whatever the answer: an address that already
    // has an account is refused below, and a refusal must cost a try as a mail does, or the
    // route would tell accounts apart for free. Per mailbox too, so that no inbox gets more
    // than a few invitations an hour however many owners send them.
    let keys = [
        (format!("invite:user:{owner}"), INVITES_PER_OWNER),
        (
            format!("invite:email:{}", domain::canonical_email(&address)),
            INVITES_PER_MAILBOX,
        ),
    ];
    in_transaction(&services.pool, move |conn| limits::check(conn, &keys)).await?;
    let (to, name) = in_transaction(&services.pool, move |conn| {
        let sub = subusers::get(conn, owner, subuser_id)?
            .ok_or(AppError::NotFoundWith(msg::SUBUSER_NOT_FOUND))?;
        let login = match subuser_logins::find(conn, subuser_id)? {
            Some(login) if login.password_hash.is_some() => {
                return Err(AppError::Conflict(msg::SUBUSER_LOGIN_ACTIVE));
            }
            Some(login) if login.email == address => login,
            pending => {
                if pending.is_some() {
                    subuser_logins::remove(conn, subuser_id)?;
                }
                let account = NewAccount {
                    email: &address,
                    password_hash: None,
                    google_sub: None,
                    name: &default_name(&address),
                    avatar_url: None,
                    role: domain::Role::User.as_str(),
                    referred_by: None,
                };
                let user = create_user(conn, &account).map_err(|err| match err {
                    AppError::Conflict(_) => taken(),
                    other => other,
                })?;
                subuser_logins::attach(conn, user.id, subuser_id)?;
                user
            }
        };
        keep_token(conn, &key, login.id, &typed)?;
        Ok((login.email, sub.name))
    })
    .await?;
    let link = link(site, &to, &token);
    let mail = mails::subuser_invitation(to, &name, &link, INVITATION_TTL_SECS / 86_400);
    mails::send_notice(services.mailer.as_ref(), mail).await;
    Ok(())
}

/// Keeps `token`, the token of an invitation link mailed to the account `user`, as its one
/// pending invitation (hashed like a reset code, valid `INVITATION_TTL_SECS`), replacing an
/// earlier one. Run it in the transaction that makes or finds the account.
pub(crate) fn keep_token(
    conn: &mut persistence::DbConnection,
    code_key: &[u8; 32],
    user: UserId,
    token: &str,
) -> Result<(), AppError> {
    let t = now();
    let hash = Purpose::Invitation(user).hash(code_key, token);
    password_resets::replace(conn, user, REQUESTER, &hash, t, t + INVITATION_TTL_SECS)?;
    Ok(())
}

/// The link an invitation's mail carries: the page where the invitee sets a first password.
pub(crate) fn link(site: &str, email: &str, token: &str) -> String {
    format!(
        "{site}/invitation?email={}&token={token}",
        domain::totp::percent_encode(email)
    )
}

fn taken() -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("email", msg::SUBUSER_LOGIN_EMAIL_TAKEN);
    AppError::Validation(errors)
}

/// Sets the first (or a new) password of the sub-user sign-in `form.email` with the token of
/// its invitation link, which it spends, and ends any session of that sign-in. A wrong email
/// or token, an expired or spent one, answer alike (`BadRequest`).
pub async fn accept(
    services: &Services,
    code_key: &[u8; 32],
    form: InvitationForm,
    network: String,
) -> Result<(), AppError> {
    // The limit first, in its own transaction: past it no password is hashed.
    let limit = [(format!("reset:net:{network}"), RESET_PER_IP)];
    in_transaction(&services.pool, move |conn| limits::check(conn, &limit)).await?;
    // Hashed whether or not the invitation exists: the same work either way.
    let hash = hash_password(form.password.expose().to_owned()).await?;
    let key = *code_key;
    let accepted = in_transaction(&services.pool, move |conn| {
        // A sub-user's sign-in, or a reseller's client (docs/resellers.md): the accounts made
        // by someone else, whose first password comes from the invitation's link.
        let Some(user) = users::find_by_email(conn, form.email.as_str())?
            .filter(|u| (u.subuser_id.is_some() || u.reseller_id.is_some()) && !u.disabled)
        else {
            return Ok(false);
        };
        let purpose = Purpose::Invitation(user.id);
        if !spend_code(conn, &key, &purpose, REQUESTER, &form.token)? {
            return Ok(false);
        }
        users::set_password_hash(conn, user.id, &hash)?;
        password_resets::delete(conn, user.id)?;
        sessions::delete_for_user(conn, user.id)?;
        Ok(true)
    })
    .await?;
    if !accepted {
        return Err(AppError::BadRequest(msg::INVITATION_INVALID.to_owned()));
    }
    Ok(())
}

/// Revokes sub-user `subuser_id`'s sign-in (its account row, sessions and pending invitation);
/// `NotFoundWith` when the owner has no such sub-user or it has no sign-in.
pub async fn revoke(services: &Services, owner: UserId, subuser_id: i64) -> Result<(), AppError> {
    in_transaction(&services.pool, move |conn| {
        subusers::get(conn, owner, subuser_id)?
            .ok_or(AppError::NotFoundWith(msg::SUBUSER_NOT_FOUND))?;
        if !subuser_logins::remove(conn, subuser_id)? {
            return Err(AppError::NotFoundWith(msg::SUBUSER_LOGIN_NOT_FOUND));
        }
        Ok(())
    })
    .await
}
