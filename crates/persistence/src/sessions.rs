//! Server-side sessions. Rows are keyed by a hash of the cookie's session key, so a database
//! leak does not hand out live sessions.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::sessions;
use diesel::prelude::*;
use domain::UserId;

pub fn insert(
    conn: &mut DbConnection,
    id_hash: &str,
    user_id: Option<UserId>,
    data: &str,
    expires_at: i64,
    now: i64,
) -> DbResult<()> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(id_hash),
            sessions::user_id.eq(user_id),
            sessions::data.eq(data),
            sessions::expires_at.eq(expires_at),
            sessions::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// The session's data if it exists and has not expired.
pub fn load(conn: &mut DbConnection, id_hash: &str, now: i64) -> DbResult<Option<String>> {
    Ok(sessions::table
        .find(id_hash)
        .filter(sessions::expires_at.gt(now))
        .select(sessions::data)
        .first(conn)
        .optional()?)
}

/// Rewrites a live session; returns false when it no longer exists (expired or deleted).
pub fn update(
    conn: &mut DbConnection,
    id_hash: &str,
    user_id: Option<UserId>,
    data: &str,
    expires_at: i64,
    now: i64,
) -> DbResult<bool> {
    let n = diesel::update(
        sessions::table
            .find(id_hash)
            .filter(sessions::expires_at.gt(now)),
    )
    .set((
        sessions::user_id.eq(user_id),
        sessions::data.eq(data),
        sessions::expires_at.eq(expires_at),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

pub fn update_ttl(conn: &mut DbConnection, id_hash: &str, expires_at: i64) -> DbResult<()> {
    diesel::update(sessions::table.find(id_hash))
        .set(sessions::expires_at.eq(expires_at))
        .execute(conn)?;
    Ok(())
}

pub fn delete(conn: &mut DbConnection, id_hash: &str) -> DbResult<()> {
    diesel::delete(sessions::table.find(id_hash)).execute(conn)?;
    Ok(())
}

/// Ends every session of a user (password change, account disabled).
pub fn delete_for_user(conn: &mut DbConnection, user_id: UserId) -> DbResult<usize> {
    Ok(diesel::delete(sessions::table.filter(sessions::user_id.eq(user_id))).execute(conn)?)
}

pub fn count_for_user(conn: &mut DbConnection, user_id: UserId, now: i64) -> DbResult<i64> {
    Ok(sessions::table
        .filter(sessions::user_id.eq(user_id))
        .filter(sessions::expires_at.gt(now))
        .count()
        .get_result(conn)?)
}

pub fn purge_expired(conn: &mut DbConnection, now: i64) -> DbResult<usize> {
    Ok(diesel::delete(sessions::table.filter(sessions::expires_at.le(now))).execute(conn)?)
}
