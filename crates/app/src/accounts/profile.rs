//! The customer's name and phone number.

use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::{ProfileForm, UserId};
use persistence::DbPool;
use persistence::users::{self, UserRow};

/// Stores the profile `form` of `id` and answers the updated account.
pub async fn update(pool: &DbPool, id: UserId, form: ProfileForm) -> Result<UserRow, AppError> {
    in_transaction(pool, move |conn| {
        users::update_profile(conn, id, &form.name, form.phone.as_deref())?;
        users::find_by_id(conn, id)?.ok_or(AppError::Unauthorized)
    })
    .await
}
