//! Changing the account's email: a code mailed to the new address (`request`), then checked
//! (`confirm`), which moves the account (and its mailbox) there; the old address gets a notice.
//! The code follows the sign-up code's rules: six digits, stored as a keyed hash, 10 minutes, 5
//! attempts, a 60-second resend countdown.

use crate::accounts::codes::Purpose;
use crate::accounts::rules::{
    EMAIL_CHANGE_PER_EMAIL, EMAIL_CHANGE_PER_IP, EMAIL_CHANGE_PER_USER, EMAIL_CHANGE_TTL_SECS,
    MAX_ATTEMPTS, RESEND_SECS,
};
use crate::accounts::{current_password, limits, mails};
use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::state::Services;
use domain::{EmailChangeForm, VerificationCode, messages as msg, random};
use persistence::users::{self, UserRow};
use persistence::{DbError, email_changes, now};

/// Mails a code to the new address of `form` once the current password of `user` is checked,
/// within the limits per client `network`, account and new mailbox; answers the new address.
pub async fn request(
    services: &Services,
    code_key: &[u8; 32],
    user: &UserRow,
    form: EmailChangeForm,
    network: String,
) -> Result<String, AppError> {
    let (pool, mailer) = (&services.pool, services.mailer.as_ref());
    current_password::check(pool, user, form.password.as_ref(), "password").await?;

    let code = random::verification_code();
    let new_email = form.new_email.as_str().to_owned();
    let hash = Purpose::EmailChange(user.id, &new_email).hash(code_key, &code);
    let (id, address) = (user.id, new_email.clone());
    in_transaction(pool, move |conn| {
        limits::check(
            conn,
            &[
                (format!("email-change:net:{network}"), EMAIL_CHANGE_PER_IP),
                (format!("email-change:user:{id}"), EMAIL_CHANGE_PER_USER),
                (
                    format!("email-change:email:{}", domain::canonical_email(&address)),
                    EMAIL_CHANGE_PER_EMAIL,
                ),
            ],
        )?;
        if users::email_exists(conn, &address)? {
            return Err(AppError::Conflict(msg::EMAIL_TAKEN));
        }
        let t = now();
        if let Some(previous) = email_changes::find(conn, id)? {
            let wait = previous.sent_at + RESEND_SECS - t;
            if wait > 0 {
                return Err(AppError::RateLimited {
                    message: msg::wait_before_resend(wait),
                    retry_after: wait.unsigned_abs(),
                });
            }
        }
        email_changes::replace(conn, id, &address, &hash, t, t + EMAIL_CHANGE_TTL_SECS)?;
        Ok(())
    })
    .await?;

    let mail = mails::email_change_code(new_email.clone(), &code, EMAIL_CHANGE_TTL_SECS / 60);
    if let Err(err) = mailer.send(mail).await {
        // Undo the code so the customer is not held by the resend countdown for a mail that
        // never left.
        in_transaction(pool, move |conn| Ok(email_changes::delete(conn, id)?)).await?;
        return Err(AppError::internal("sending email change code", err));
    }
    Ok(new_email)
}

/// What checking the code came to (wrong attempts must be committed, so not an error).
enum Outcome {
    Changed {
        user: Box<UserRow>,
        old_email: String,
    },
    Refused(&'static str),
}

/// Checks `code` against the pending change of `user` (spending an attempt first) and moves the
/// account to the new address; mails the old one a notice (linking into `site`). Answers the
/// updated account; `BadRequest` for a wrong, spent or expired code.
pub async fn confirm(
    services: &Services,
    code_key: &[u8; 32],
    site: &str,
    user: UserRow,
    code: VerificationCode,
) -> Result<UserRow, AppError> {
    let (pool, mailer) = (&services.pool, services.mailer.as_ref());
    let (id, old_email) = (user.id, user.email);
    let key = *code_key;
    let outcome = in_transaction(pool, move |conn| {
        let Some(pending) = email_changes::find(conn, id)? else {
            return Ok(Outcome::Refused(msg::INVALID_CODE));
        };
        if pending.expires_at <= now() {
            email_changes::delete(conn, id)?;
            return Ok(Outcome::Refused(msg::INVALID_CODE));
        }
        let Some(attempt) = email_changes::reserve_attempt(conn, id, MAX_ATTEMPTS)? else {
            return Ok(Outcome::Refused(msg::TOO_MANY_CODE_ATTEMPTS));
        };
        let purpose = Purpose::EmailChange(id, &pending.new_email);
        if !purpose.matches(&key, code.as_str(), &pending.code_hash) {
            // This attempt's own number, so exactly the last one allowed says so under races.
            let last = attempt >= MAX_ATTEMPTS;
            return Ok(Outcome::Refused(if last {
                msg::TOO_MANY_CODE_ATTEMPTS
            } else {
                msg::INVALID_CODE
            }));
        }
        match users::change_email(conn, id, &pending.new_email) {
            Ok(()) => {}
            // Someone registered the address since the code was sent.
            Err(DbError::UniqueViolation(_)) => return Err(AppError::Conflict(msg::EMAIL_TAKEN)),
            Err(e) => return Err(e.into()),
        }
        email_changes::delete(conn, id)?;
        let user = users::find_by_id(conn, id)?.ok_or(AppError::Unauthorized)?;
        Ok(Outcome::Changed {
            user: Box::new(user),
            old_email,
        })
    })
    .await?;

    let (user, old_email) = match outcome {
        Outcome::Refused(message) => return Err(AppError::BadRequest(message.to_owned())),
        Outcome::Changed { user, old_email } => (user, old_email),
    };
    tracing::info!(user_id = %user.id, "email changed");
    mails::send_notice(mailer, mails::email_changed(old_email, &user.email, site)).await;
    Ok(*user)
}
