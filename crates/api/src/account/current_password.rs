//! The current password check of the password and email changes: required only when the
//! account has a password (a Google-only account has none), limited per account so that a
//! stolen session cannot guess it.

use crate::account::limits;
use crate::account::rules::PASSWORD_CHECKS_PER_USER;
use crate::blocking::in_transaction;
use crate::error::ApiError;
use app::accounts::verify_password;
use domain::{Password, messages as msg};
use persistence::DbPool;
use persistence::users::UserRow;

/// Ok when the account has no password or `typed` is it. 422 on `field` when a password is
/// needed and none was typed, 429 past the limit, 403 when it is wrong.
pub async fn check(
    pool: &DbPool,
    user: &UserRow,
    typed: Option<&Password>,
    field: &'static str,
) -> Result<(), ApiError> {
    let Some(hash) = user.password_hash.clone() else {
        return Ok(());
    };
    let Some(typed) = typed else {
        return Err(ApiError::field(field, msg::PASSWORD_REQUIRED));
    };
    let key = format!("password-check:user:{}", user.id);
    in_transaction(pool, move |conn| {
        limits::check(conn, &[(key, PASSWORD_CHECKS_PER_USER)])
    })
    .await?;
    if verify_password(typed.expose().to_owned(), Some(hash)).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden(msg::CURRENT_PASSWORD_WRONG))
    }
}
