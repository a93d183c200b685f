//! Server-side sessions. Rows are keyed by a hash of the cookie's session key, so a database
//! leak does not hand out live sessions.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{resellers, sessions, users};
use crate::users::UserRow;
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
    Ok(load_with_user(conn, id_hash, now)?.map(|loaded| loaded.data))
}

/// A live session as `load_with_user` reads it.
#[derive(Debug)]
pub struct LoadedSession {
    pub data: String,
    /// When its client was last recorded (`set_client`).
    pub last_seen_at: Option<i64>,
    /// The signed-in user's row; `None` for a signed-out session or one whose user row is gone.
    pub user: Option<UserRow>,
    /// Whether that user is an enabled reseller (the account answer says so; read here so that
    /// answering it costs no second query).
    pub reseller: bool,
}

/// The session's data, when its client was last seen and its signed-in user's row, in one query
/// (the session store runs it for every request that carries a cookie; the user extractor then
/// needs no query of its own).
pub fn load_with_user(
    conn: &mut DbConnection,
    id_hash: &str,
    now: i64,
) -> DbResult<Option<LoadedSession>> {
    let query = sessions::table
        .left_join(users::table)
        .left_join(resellers::table.on(resellers::user_id.nullable().eq(sessions::user_id)))
        .filter(sessions::id.eq(id_hash))
        .filter(sessions::expires_at.gt(now))
        // The table's columns in `UserRow`'s field order (diesel cannot make a `SelectBy` nullable
        // in this tuple); tests/it/repos.rs reads a whole row back through here.
        .select((
            sessions::data,
            sessions::last_seen_at,
            users::all_columns.nullable(),
            resellers::enabled.nullable(),
        ));
    // Every request that carries a cookie runs this.
    let row = on_own_connection!(conn, |c| {
        query.first::<(String, Option<i64>, Option<UserRow>, Option<bool>)>(c)
    });
    Ok(row
        .optional()?
        .map(|(data, last_seen_at, user, reseller)| LoadedSession {
            data,
            last_seen_at,
            user,
            reseller: reseller.unwrap_or(false),
        }))
}

/// Rewrites a live session, its expiry moved to `expires_at` but never past `max_age` seconds
/// after the row was made (an absolute lifetime: a session kept busy still ends); returns false
/// when it no longer exists (expired or deleted).
pub fn update(
    conn: &mut DbConnection,
    id_hash: &str,
    user_id: Option<UserId>,
    data: &str,
    (expires_at, max_age): (i64, i64),
    now: i64,
) -> DbResult<bool> {
    let capped = diesel::dsl::case_when(
        sessions::created_at.lt(expires_at.saturating_sub(max_age)),
        sessions::created_at + max_age,
    )
    .otherwise(expires_at);
    let n = diesel::update(
        sessions::table
            .find(id_hash)
            .filter(sessions::expires_at.gt(now)),
    )
    .set((
        sessions::user_id.eq(user_id),
        sessions::data.eq(data),
        sessions::expires_at.eq(capped),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Ends one session; whether its row was there.
pub fn delete(conn: &mut DbConnection, id_hash: &str) -> DbResult<bool> {
    Ok(diesel::delete(sessions::table.find(id_hash)).execute(conn)? == 1)
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

/// The live sessions with somebody signed in, across all accounts (the metrics gauge).
pub fn count_signed_in(conn: &mut DbConnection, now: i64) -> DbResult<i64> {
    Ok(sessions::table
        .filter(sessions::user_id.is_not_null())
        .filter(sessions::expires_at.gt(now))
        .count()
        .get_result(conn)?)
}

pub fn purge_expired(conn: &mut DbConnection, now: i64) -> DbResult<usize> {
    Ok(diesel::delete(sessions::table.filter(sessions::expires_at.le(now))).execute(conn)?)
}

/// Where a session is used from, as the session list shows it.
pub struct ClientInfo<'a> {
    pub ip: Option<&'a str>,
    pub user_agent: Option<&'a str>,
    pub last_seen_at: Option<i64>,
}

/// Records the client of a session (address, user agent, last seen).
pub fn set_client(conn: &mut DbConnection, id_hash: &str, client: &ClientInfo<'_>) -> DbResult<()> {
    diesel::update(sessions::table.find(id_hash))
        .set((
            sessions::ip.eq(client.ip),
            sessions::user_agent.eq(client.user_agent),
            sessions::last_seen_at.eq(client.last_seen_at),
        ))
        .execute(conn)?;
    Ok(())
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sessions)]
pub struct SessionRow {
    pub id: String,
    pub created_at: i64,
    pub last_seen_at: Option<i64>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

/// The live sessions of a user, most recently used first.
pub fn list_for_user(
    conn: &mut DbConnection,
    user_id: UserId,
    now: i64,
) -> DbResult<Vec<SessionRow>> {
    let mut rows: Vec<SessionRow> = sessions::table
        .filter(sessions::user_id.eq(user_id))
        .filter(sessions::expires_at.gt(now))
        .select(SessionRow::as_select())
        .load(conn)?;
    rows.sort_by_key(|r| std::cmp::Reverse((r.last_seen_at.unwrap_or(r.created_at), r.created_at)));
    Ok(rows)
}

/// Ends one session of `user_id`; false when it is not theirs (or gone).
pub fn delete_of_user(conn: &mut DbConnection, id_hash: &str, user_id: UserId) -> DbResult<bool> {
    let n = diesel::delete(
        sessions::table
            .find(id_hash)
            .filter(sessions::user_id.eq(user_id)),
    )
    .execute(conn)?;
    Ok(n == 1)
}

/// Ends every session of `user_id` but `keep` (the caller's own row), or every one when the
/// caller has none.
pub fn delete_others(
    conn: &mut DbConnection,
    user_id: UserId,
    keep: Option<&str>,
) -> DbResult<usize> {
    let Some(keep) = keep else {
        return delete_for_user(conn, user_id);
    };
    Ok(diesel::delete(
        sessions::table
            .filter(sessions::user_id.eq(user_id))
            .filter(sessions::id.ne(keep)),
    )
    .execute(conn)?)
}
