//! A customer's sessions as they see them: the live ones, each under an id of its own, and
//! ending one or all others (docs/two-factor-and-sessions.md). The session cookie and the
//! request's own session are the API's (`api::session`).

use crate::blocking::{in_transaction, with_conn};
use crate::error::AppError;
use domain::UserId;
use hmac::{Hmac, Mac};
use persistence::sessions::{self, SessionRow};
use persistence::{DbPool, now};
use sha2::Sha256;

/// The id a session has in the session list: a keyed hash of its row id (itself a hash of the
/// cookie's key), so that neither the key nor the stored row id ever leaves the server. 32 hex
/// digits (128 bits) naming the session `row_id` to its owner.
pub fn public_id(key: &[u8; 32], row_id: &str) -> String {
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(key) else {
        unreachable!("HMAC takes keys of any length")
    };
    mac.update(b"session-list:");
    mac.update(row_id.as_bytes());
    let digest = mac.finalize().into_bytes();
    hex::encode(&digest[..16])
}

/// Every live session of `user`.
pub async fn live_sessions(pool: &DbPool, user: UserId) -> Result<Vec<SessionRow>, AppError> {
    with_conn(pool, move |conn| {
        Ok(sessions::list_for_user(conn, user, now())?)
    })
    .await
}

/// Ends the session of `user` that the list names `wanted` (its `public_id` under `key`);
/// answers its row id, or `None` when no live session of theirs has that id (another account's
/// session is indistinguishable from none).
pub async fn end_session(
    pool: &DbPool,
    key: [u8; 32],
    user: UserId,
    wanted: String,
) -> Result<Option<String>, AppError> {
    in_transaction(pool, move |conn| {
        let rows = sessions::list_for_user(conn, user, now())?;
        let Some(row) = rows.into_iter().find(|r| public_id(&key, &r.id) == wanted) else {
            return Ok(None);
        };
        Ok(sessions::delete_of_user(conn, &row.id, user)?.then_some(row.id))
    })
    .await
}

/// Ends every session of `user` but the one whose row is `keep` (all of them without one).
pub async fn end_other_sessions(
    pool: &DbPool,
    user: UserId,
    keep: Option<String>,
) -> Result<(), AppError> {
    in_transaction(pool, move |conn| {
        sessions::delete_others(conn, user, keep.as_deref())?;
        Ok(())
    })
    .await
}
