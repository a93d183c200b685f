//! Pending password resets: one per account and asking browser (`requester`, a random id the
//! browser's session holds), the code stored as a keyed hash, with an expiry, the time it was
//! sent (for that browser's resend countdown) and a count of wrong attempts. A code is only
//! ever looked up for the browser that asked for it, so nobody else can spend its attempts.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::password_resets;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = password_resets)]
pub struct PasswordResetRow {
    pub user_id: UserId,
    pub requester: String,
    pub code_hash: String,
    pub attempts: i32,
    pub sent_at: i64,
    pub expires_at: i64,
}

/// The pending reset of `user_id` that `requester` asked for.
pub fn find(
    conn: &mut DbConnection,
    user_id: UserId,
    requester: &str,
) -> DbResult<Option<PasswordResetRow>> {
    Ok(password_resets::table
        .find((user_id, requester))
        .select(PasswordResetRow::as_select())
        .first(conn)
        .optional()?)
}

/// Every pending reset of `user_id`, the most recently sent first.
pub fn all_of(conn: &mut DbConnection, user_id: UserId) -> DbResult<Vec<PasswordResetRow>> {
    Ok(password_resets::table
        .filter(password_resets::user_id.eq(user_id))
        .order(password_resets::sent_at.desc())
        .select(PasswordResetRow::as_select())
        .load(conn)?)
}

/// Replaces the pending reset `requester` asked for on `user_id` with a fresh code (attempts
/// back to zero); other browsers' codes are untouched.
pub fn replace(
    conn: &mut DbConnection,
    user_id: UserId,
    requester: &str,
    code_hash: &str,
    sent_at: i64,
    expires_at: i64,
) -> DbResult<()> {
    let update = |c: &mut DbConnection| {
        diesel::update(password_resets::table.find((user_id, requester)))
            .set((
                password_resets::code_hash.eq(code_hash),
                password_resets::attempts.eq(0),
                password_resets::sent_at.eq(sent_at),
                password_resets::expires_at.eq(expires_at),
            ))
            .execute(c)
    };
    let insert = |c: &mut DbConnection| {
        diesel::insert_into(password_resets::table)
            .values((
                password_resets::user_id.eq(user_id),
                password_resets::requester.eq(requester),
                password_resets::code_hash.eq(code_hash),
                password_resets::attempts.eq(0),
                password_resets::sent_at.eq(sent_at),
                password_resets::expires_at.eq(expires_at),
            ))
            .execute(c)
    };
    update_or_insert(conn, update, insert)?;
    Ok(())
}

/// Takes one of the code's `max` attempts before it is checked (one conditional UPDATE, so
/// parallel guesses share the limit): false when none is left.
pub fn reserve_attempt(
    conn: &mut DbConnection,
    user_id: UserId,
    requester: &str,
    max: i32,
) -> DbResult<bool> {
    let updated = diesel::update(
        password_resets::table
            .find((user_id, requester))
            .filter(password_resets::attempts.lt(max)),
    )
    .set(password_resets::attempts.eq(password_resets::attempts + 1))
    .execute(conn)?;
    Ok(updated == 1)
}

/// Drops the code `requester` asked for on `user_id` (it expired).
pub fn delete_one(conn: &mut DbConnection, user_id: UserId, requester: &str) -> DbResult<usize> {
    Ok(diesel::delete(password_resets::table.find((user_id, requester))).execute(conn)?)
}

/// Drops every pending reset of `user_id`, whoever asked (the password was set).
pub fn delete(conn: &mut DbConnection, user_id: UserId) -> DbResult<usize> {
    Ok(
        diesel::delete(password_resets::table.filter(password_resets::user_id.eq(user_id)))
            .execute(conn)?,
    )
}

/// Drops the codes that expired at `now` or before.
pub fn purge_expired(conn: &mut DbConnection, now: i64) -> DbResult<usize> {
    Ok(
        diesel::delete(password_resets::table.filter(password_resets::expires_at.le(now)))
            .execute(conn)?,
    )
}
