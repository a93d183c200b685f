//! The customer's photo: an upload counted against the hourly number in the database
//! (`count_upload`, so the limit holds across instances), checked from its header, decoded on
//! the photo pool (`photos`: one photo per customer at a time, a few customers' at once) and
//! stored under a new random id (`store`); or removed (`remove`).

use crate::accounts::avatar_image::{self, AvatarError};
use crate::accounts::photos::Turn;
use crate::accounts::rules::WINDOW_SECS;
use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::{UserId, messages as msg, random};
use persistence::users::{self, UserRow};
use persistence::{DbConnection, DbPool, avatars, now, rate_windows};

/// Counts one upload of the customer in the database's hourly window (`rate_windows`);
/// `RateLimited` naming the limit past `per_hour`.
pub async fn count_upload(pool: &DbPool, per_hour: u32, user_id: UserId) -> Result<(), AppError> {
    in_transaction(pool, move |conn| {
        let key = format!("avatar:user:{user_id}");
        let most = i32::try_from(per_hour).unwrap_or(i32::MAX);
        match rate_windows::hit(conn, &key, most, WINDOW_SECS, now())? {
            None => Ok(()),
            Some(retry) => {
                tracing::warn!(%key, "rate limit reached");
                Err(AppError::RateLimited {
                    message: msg::photo_uploads_per_hour(per_hour),
                    retry_after: retry.unsigned_abs().max(1),
                })
            }
        }
    })
    .await
}

/// The `UnsupportedMedia` or the validation error of an image the rules refuse.
pub(crate) fn refusal(err: AvatarError) -> AppError {
    match err {
        AvatarError::Unsupported => AppError::UnsupportedMedia(msg::AVATAR_UNSUPPORTED),
        AvatarError::TooManyPixels => AppError::field("file", msg::AVATAR_TOO_MANY_PIXELS),
    }
}

/// Makes the uploaded `input` the photo of `user_id`, decoded in the customer's `turn`, and
/// answers the updated account. The header is read first, here: a photo over the pixel rule
/// never takes a place in the queue.
pub async fn store(
    pool: &DbPool,
    turn: Turn,
    user_id: UserId,
    input: Vec<u8>,
) -> Result<UserRow, AppError> {
    avatar_image::check(&input).map_err(refusal)?;
    let avatar = turn
        .decode(move || avatar_image::reencode(&input))
        .await?
        .map_err(refusal)?;
    let id = random::alphanumeric(32);
    let url = format!("/api/avatars/{id}.{}", avatar.extension);
    in_transaction(pool, move |conn| {
        avatars::insert(
            conn,
            &id,
            user_id,
            avatar.content_type,
            &avatar.bytes,
            now(),
        )?;
        users::set_avatar_url(conn, user_id, Some(&url))?;
        avatars::delete_for_user_except(conn, user_id, Some(&id))?;
        reload(conn, user_id)
    })
    .await
}

/// Removes the photo of `user_id` and answers the updated account.
pub async fn remove(pool: &DbPool, user_id: UserId) -> Result<UserRow, AppError> {
    in_transaction(pool, move |conn| {
        users::set_avatar_url(conn, user_id, None)?;
        avatars::delete_for_user_except(conn, user_id, None)?;
        reload(conn, user_id)
    })
    .await
}

fn reload(conn: &mut DbConnection, id: UserId) -> Result<UserRow, AppError> {
    users::find_by_id(conn, id)?.ok_or(AppError::Unauthorized)
}
