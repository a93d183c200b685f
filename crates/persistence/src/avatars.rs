//! Uploaded avatars, as the server re-encoded them, under a random id; kept in the database so
//! that every instance serves them.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::avatars;
use diesel::prelude::*;
use domain::UserId;

pub struct StoredAvatar {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

pub fn insert(
    conn: &mut DbConnection,
    id: &str,
    user_id: UserId,
    content_type: &str,
    bytes: &[u8],
    now: i64,
) -> DbResult<()> {
    diesel::insert_into(avatars::table)
        .values((
            avatars::id.eq(id),
            avatars::user_id.eq(user_id),
            avatars::content_type.eq(content_type),
            avatars::bytes.eq(bytes),
            avatars::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

pub fn find(conn: &mut DbConnection, id: &str) -> DbResult<Option<StoredAvatar>> {
    let row: Option<(String, Vec<u8>)> = avatars::table
        .find(id)
        .select((avatars::content_type, avatars::bytes))
        .first(conn)
        .optional()?;
    Ok(row.map(|(content_type, bytes)| StoredAvatar {
        content_type,
        bytes,
    }))
}

/// Deletes every avatar of the user except `keep` (the one just stored, if any).
pub fn delete_for_user_except(
    conn: &mut DbConnection,
    user_id: UserId,
    keep: Option<&str>,
) -> DbResult<usize> {
    let mine = avatars::table.filter(avatars::user_id.eq(user_id));
    Ok(match keep {
        Some(id) => diesel::delete(mine.filter(avatars::id.ne(id))).execute(conn)?,
        None => diesel::delete(mine).execute(conn)?,
    })
}

pub fn count_for_user(conn: &mut DbConnection, user_id: UserId) -> DbResult<i64> {
    Ok(avatars::table
        .filter(avatars::user_id.eq(user_id))
        .count()
        .get_result(conn)?)
}
