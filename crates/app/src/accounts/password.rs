//! A new password for a signed-in account. Every other session of the account ends; the caller
//! moves the current one to a new id. A Google-only account sets its first password without a
//! current one.

use crate::accounts::{current_password, hash_password, mails};
use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::state::Services;
use domain::PasswordChangeForm;
use persistence::users::{self, UserRow};
use persistence::{password_resets, sessions};

/// Changes the password of `user` to the one in `form` once its current password is checked,
/// ending every session of the account but `own` (the caller's, which it renews) and every
/// pending reset code, then mails the owner a notice (linking into `site`).
pub async fn change(
    services: &Services,
    site: &str,
    user: &UserRow,
    form: PasswordChangeForm,
    own: Option<String>,
) -> Result<(), AppError> {
    let (pool, mailer) = (&services.pool, services.mailer.as_ref());
    current_password::check(pool, user, form.current.as_ref(), "currentPassword").await?;

    let hash = hash_password(form.new_password.expose().to_owned()).await?;
    let id = user.id;
    in_transaction(pool, move |conn| {
        users::set_password_hash(conn, id, &hash)?;
        // Every other session of the account; the caller's moves to a new key when its
        // response goes out, unless it was ended meanwhile: then it ends too.
        sessions::delete_others(conn, id, own.as_deref())?;
        password_resets::delete(conn, id)?;
        Ok(())
    })
    .await?;
    tracing::info!(user_id = %id, "password changed");
    mails::send_notice(mailer, mails::password_changed(user.email.clone(), site)).await;
    Ok(())
}
