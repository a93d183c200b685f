//! The customer API's keys (`api_keys`): only the SHA-256 of a key is kept; a key is revoked,
//! never deleted. A key's rate limit is its window in `rate_windows` (`apikey:<id>`).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{api_keys, users};
use diesel::prelude::*;
use domain::UserId;

type Db = <DbConnection as diesel::Connection>::Backend;

/// `Debug` leaves out the key's hash.
#[derive(Clone, Queryable, Selectable)]
#[diesel(table_name = api_keys)]
pub struct ApiKeyRow {
    pub id: i64,
    pub user_id: UserId,
    pub name: String,
    pub prefix: String,
    pub key_hash: String,
    /// Comma-separated scope names.
    pub scopes: String,
    /// Comma-separated addresses and CIDR ranges; empty: any address.
    pub allowed_ips: String,
    pub expires_at: Option<i64>,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
    pub created_at: i64,
    /// The sub-user the key is limited to; None: the whole account's key.
    pub subuser_id: Option<i64>,
}

impl std::fmt::Debug for ApiKeyRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApiKeyRow")
            .field("id", &self.id)
            .field("user_id", &self.user_id)
            .field("prefix", &self.prefix)
            .field("scopes", &self.scopes)
            .finish_non_exhaustive()
    }
}

#[derive(Insertable)]
#[diesel(table_name = api_keys)]
pub struct NewApiKey<'a> {
    pub user_id: UserId,
    pub name: &'a str,
    pub prefix: &'a str,
    pub key_hash: &'a str,
    pub scopes: &'a str,
    pub allowed_ips: &'a str,
    pub expires_at: Option<i64>,
    pub created_at: i64,
    pub subuser_id: Option<i64>,
}

/// Keys that still work at `now`: not revoked, not expired.
fn live(user_id: UserId, now: i64) -> api_keys::BoxedQuery<'static, Db> {
    api_keys::table
        .filter(api_keys::user_id.eq(user_id))
        .filter(api_keys::revoked_at.is_null())
        .filter(
            api_keys::expires_at
                .is_null()
                .or(api_keys::expires_at.gt(now)),
        )
        .into_boxed()
}

/// Inserts `key` unless its owner already has `max` live keys; None then. Call inside a write
/// transaction: the owner's row is written first, so concurrent creations for one account take
/// turns (PostgreSQL row lock, SQLite's single writer) and the count cannot be raced past.
pub fn insert_within(
    conn: &mut DbConnection,
    key: &NewApiKey<'_>,
    max: i64,
    now: i64,
) -> DbResult<Option<i64>> {
    diesel::update(users::table.find(key.user_id))
        .set(users::updated_at.eq(users::updated_at))
        .execute(conn)?;
    let count: i64 = live(key.user_id, now).count().get_result(conn)?;
    if count >= max {
        return Ok(None);
    }
    let id = diesel::insert_into(api_keys::table)
        .values(key)
        .returning(api_keys::id)
        .get_result(conn)?;
    Ok(Some(id))
}

/// The account's keys that are not revoked (expired ones included), newest first.
pub fn list_unrevoked(conn: &mut DbConnection, user_id: UserId) -> DbResult<Vec<ApiKeyRow>> {
    Ok(api_keys::table
        .filter(api_keys::user_id.eq(user_id))
        .filter(api_keys::revoked_at.is_null())
        .order(api_keys::id.desc())
        .select(ApiKeyRow::as_select())
        .load(conn)?)
}

/// The key whose hash is `key_hash`, revoked or not.
pub fn find_by_hash(conn: &mut DbConnection, key_hash: &str) -> DbResult<Option<ApiKeyRow>> {
    Ok(api_keys::table
        .filter(api_keys::key_hash.eq(key_hash))
        .select(ApiKeyRow::as_select())
        .first(conn)
        .optional()?)
}

/// Revokes the account's key `id`; false when it has no such unrevoked key.
pub fn revoke(conn: &mut DbConnection, user_id: UserId, id: i64, now: i64) -> DbResult<bool> {
    let changed = diesel::update(
        api_keys::table
            .find(id)
            .filter(api_keys::user_id.eq(user_id))
            .filter(api_keys::revoked_at.is_null()),
    )
    .set(api_keys::revoked_at.eq(now))
    .execute(conn)?;
    Ok(changed == 1)
}

/// Revokes every key limited to sub-user `subuser_id` (it is being removed).
pub fn revoke_for_subuser(conn: &mut DbConnection, subuser_id: i64, now: i64) -> DbResult<usize> {
    Ok(diesel::update(
        api_keys::table
            .filter(api_keys::subuser_id.eq(subuser_id))
            .filter(api_keys::revoked_at.is_null()),
    )
    .set(api_keys::revoked_at.eq(now))
    .execute(conn)?)
}

/// Records a use at `now`, at most once per `every` seconds (a conditional UPDATE, so a busy
/// key does not write on every request).
pub fn touch(conn: &mut DbConnection, id: i64, now: i64, every: i64) -> DbResult<bool> {
    let changed = diesel::update(
        api_keys::table.find(id).filter(
            api_keys::last_used_at
                .is_null()
                .or(api_keys::last_used_at.le(now - every)),
        ),
    )
    .set(api_keys::last_used_at.eq(now))
    .execute(conn)?;
    Ok(changed == 1)
}
