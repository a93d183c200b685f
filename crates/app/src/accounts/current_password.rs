//! The current password check of the password and email changes: required only when the
//! account has a password (a Google-only account has none), limited per account so that a
//! stolen session cannot guess it.

use crate::accounts::limits;
use crate::accounts::rules::PASSWORD_CHECKS_PER_USER;
use crate::accounts::verify_password;
use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::{Password, messages as msg};
use persistence::DbPool;
use persistence::users::UserRow;

/// Ok when the account has no password or `typed` is it. A validation error on `field` when a
/// password is needed and none was typed, `RateLimited` past the limit, `Forbidden` when it is
/// wrong.
pub async fn check(
    pool: &DbPool,
    user: &UserRow,
    typed: Option<&Password>,
    field: &'static str,
) -> Result<(), AppError> {
    let Some(hash) = user.password_hash.clone() else {
        return Ok(());
    };
    let Some(typed) = typed else {
        return Err(AppError::field(field, msg::PASSWORD_REQUIRED));
    };
    let key = format!("password-check:user:{}", user.id);
    in_transaction(pool, move |conn| {
        limits::check(conn, &[(key, PASSWORD_CHECKS_PER_USER)])
    })
    .await?;
    if verify_password(typed.expose().to_owned(), Some(hash)).await? {
        Ok(())
    } else {
        Err(AppError::Forbidden(msg::CURRENT_PASSWORD_WRONG))
    }
}
