//! The forgotten password: a reset code mailed (`forgot`), then spent (`reset`).
//!
//! Nothing tells whether an address has an account: asking answers the same for every address,
//! does the same database work, and mails from a background task, so the answer comes as fast
//! for a known address as for an unknown one. A wrong email and a wrong code answer alike. The
//! limits per client address and per mailbox live in the database.
//!
//! Nobody who merely knows the address can spend the owner's reset: a code belongs to the
//! browser that asked for it (a random requester id its session holds, `password_resets` keyed
//! by account and requester), so only that browser's guesses count against its five attempts and
//! nobody else's request replaces it; and the per-mailbox limit counts requests from networks the
//! account completed a sign-in from (`login_networks`, 90 days) apart from everyone else's, so
//! the owner can always ask for a code from home.

use crate::accounts::codes::Purpose;
use crate::accounts::rules::{
    FORGOT_PER_EMAIL, FORGOT_PER_IP, MAX_ATTEMPTS, RESEND_SECS, RESET_PER_IP, RESET_TTL_SECS,
};
use crate::accounts::{KNOWN_NETWORK_SECS, hash_password, limits, mails};
use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::state::Services;
use domain::{Email, PasswordResetForm, UserId, messages as msg, random};
use persistence::users::{self, UserRow};
use persistence::{DbConnection, login_networks, now, password_resets, sessions};

/// The per-mailbox limit's key for a request from `network`: the owner's own networks each
/// count apart, everyone else shares one count.
fn mailbox_key(address: &str, network: &str, known: bool) -> String {
    let mailbox = format!("forgot:email:{}", domain::canonical_email(address));
    if known {
        format!("{mailbox}|{network}")
    } else {
        mailbox
    }
}

/// Mails a reset code for `email` to the browser `requester` from `network`, if the address has
/// an enabled account and that browser's resend countdown is over; answers the same either way
/// (`RateLimited` past a limit). The mail leaves from a background task.
pub async fn forgot(
    services: &Services,
    code_key: &[u8; 32],
    email: Email,
    requester: String,
    network: String,
) -> Result<(), AppError> {
    let pool = &services.pool;
    let code = random::verification_code();
    let (key, typed) = (*code_key, code.clone());
    let hash_for = move |user: UserId| Purpose::Reset(user).hash(&key, &typed);
    let address = email.as_str().to_owned();
    let to_mail = in_transaction(pool, move |conn| {
        let t = now();
        let user = users::find_by_email(conn, &address)?.filter(|u| !u.disabled);
        let known = match &user {
            Some(u) => login_networks::is_known(conn, u.id, &network, t - KNOWN_NETWORK_SECS)?,
            None => false,
        };
        limits::check(
            conn,
            &[
                (format!("forgot:net:{network}"), FORGOT_PER_IP),
                // Per mailbox: `a.b+1@gmail.com` and `ab+2@gmail.com` reach one person.
                (mailbox_key(&address, &network, known), FORGOT_PER_EMAIL),
            ],
        )?;
        let Some(user) = user else {
            return Ok(None);
        };
        // Within this browser's resend countdown its pending code stays and no mail goes: the
        // answer is the same, so the countdown cannot tell an account either.
        if password_resets::find(conn, user.id, &requester)?
            .is_some_and(|p| p.sent_at + RESEND_SECS > t)
        {
            return Ok(None);
        }
        let hash = hash_for(user.id);
        password_resets::replace(conn, user.id, &requester, &hash, t, t + RESET_TTL_SECS)?;
        Ok(Some(user.email))
    })
    .await?;

    if let Some(to) = to_mail {
        let mail = mails::reset_code(to, &code, RESET_TTL_SECS / 60);
        let mailer = services.mailer.clone();
        tokio::spawn(async move { mails::send_notice(mailer.as_ref(), mail).await });
    }
    Ok(())
}

/// A spent reset code: the account with its new password, and whether it must still pass its
/// second factor before the caller signs it in.
pub struct Reset {
    pub user: UserRow,
    pub two_factor: bool,
}

/// What checking the code came to. Wrong attempts are counted in the database even though the
/// request fails, so this is a value, not an error that would roll the count back.
enum Outcome {
    Reset(Box<Reset>),
    Refused,
}

/// Spends the code of `form` that the browser `requester` asked for (None: it asked for none)
/// from `network`, sets the new password, voids every code of the account and ends every
/// session of it but `own` (the caller's, which it renews or ends), then mails the owner a
/// notice (linking into `site`). `BadRequest` for a wrong email or code, alike.
pub async fn reset(
    services: &Services,
    code_key: &[u8; 32],
    site: &str,
    form: PasswordResetForm,
    requester: Option<String>,
    network: String,
    own: Option<String>,
) -> Result<Reset, AppError> {
    let (pool, mailer) = (&services.pool, services.mailer.as_ref());
    // Hashed whether or not the account exists: the same work either way.
    let hash = hash_password(form.password.expose().to_owned()).await?;
    let key = *code_key;
    let outcome = in_transaction(pool, move |conn| {
        limits::check(conn, &[(format!("reset:net:{network}"), RESET_PER_IP)])?;
        let Some(user) = users::find_by_email(conn, form.email.as_str())?.filter(|u| !u.disabled)
        else {
            return Ok(Outcome::Refused);
        };
        let Some(requester) = requester else {
            return Ok(Outcome::Refused);
        };
        let purpose = Purpose::Reset(user.id);
        if !spend_code(conn, &key, &purpose, &requester, form.code.as_str())? {
            return Ok(Outcome::Refused);
        }
        users::set_password_hash(conn, user.id, &hash)?;
        // Read again: a pending second factor is bound to the new password.
        let user = users::find_by_id(conn, user.id)?.ok_or(AppError::NotFound)?;
        // Every code of the account is void now, whichever browser asked for it.
        password_resets::delete(conn, user.id)?;
        // Every other session of the account ends; the caller's (its own, even when signed in
        // to this account) is renewed by its sign-in or purged.
        sessions::delete_others(conn, user.id, own.as_deref())?;
        let two_factor = requires_two_factor(conn, user.id)?;
        Ok(Outcome::Reset(Box::new(Reset { user, two_factor })))
    })
    .await?;

    let Outcome::Reset(reset) = outcome else {
        return Err(AppError::BadRequest(msg::RESET_CODE_INVALID.to_owned()));
    };
    tracing::info!(user_id = %reset.user.id, "password reset");
    mails::send_notice(
        mailer,
        mails::password_changed(reset.user.email.clone(), site),
    )
    .await;
    Ok(*reset)
}

/// Checks `code` against the reset `requester` asked for on the account, spending one of its
/// attempts first (atomically, so parallel guesses share the limit). An expired code is deleted;
/// a code with no attempt left stays void until this browser asks for a new one. Other browsers'
/// codes are neither looked at nor spent. A sub-user's invitation is kept the same way
/// (`invitation`, its own purpose and requester).
pub(crate) fn spend_code(
    conn: &mut DbConnection,
    key: &[u8; 32],
    purpose: &Purpose<'_>,
    requester: &str,
    code: &str,
) -> Result<bool, AppError> {
    let user = purpose.account();
    let Some(pending) = password_resets::find(conn, user, requester)? else {
        return Ok(false);
    };
    if pending.expires_at <= now() {
        password_resets::delete_one(conn, user, requester)?;
        return Ok(false);
    }
    if !password_resets::reserve_attempt(conn, user, requester, MAX_ATTEMPTS)? {
        return Ok(false);
    }
    Ok(purpose.matches(key, code, &pending.code_hash))
}

/// The hook of two-factor sign-in: whether the account must pass its second factor before a
/// reset may sign it in. The second factor's own step belongs to the two-factor area; this only
/// reads whether the account has it on.
pub fn requires_two_factor(conn: &mut DbConnection, user: UserId) -> Result<bool, AppError> {
    Ok(users::two_factor_enabled(conn, user)?)
}
