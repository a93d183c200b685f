//! Pending password resets: one per account, the code stored as a keyed hash, with an expiry,
//! the time it was sent (for the resend countdown) and a count of wrong attempts.

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
    pub code_hash: String,
    pub attempts: i32,
    pub sent_at: i64,
    pub expires_at: i64,
}

pub fn find(conn: &mut DbConnection, user_id: UserId) -> DbResult<Option<PasswordResetRow>> {
    Ok(password_resets::table
        .find(user_id)
        .select(PasswordResetRow::as_select())
        .first(conn)
        .optional()?)
}

/// Replaces any pending reset of the account with a fresh code (attempts back to zero).
pub fn replace(
    conn: &mut DbConnection,
    user_id: UserId,
    code_hash: &str,
    sent_at: i64,
    expires_at: i64,
) -> DbResult<()> {
    let update = |c: &mut DbConnection| {
        diesel::update(password_resets::table.find(user_id))
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
pub fn reserve_attempt(conn: &mut DbConnection, user_id: UserId, max: i32) -> DbResult<bool> {
    let updated = diesel::update(
        password_resets::table
            .find(user_id)
            .filter(password_resets::attempts.lt(max)),
    )
    .set(password_resets::attempts.eq(password_resets::attempts + 1))
    .execute(conn)?;
    Ok(updated == 1)
}

pub fn delete(conn: &mut DbConnection, user_id: UserId) -> DbResult<usize> {
    Ok(diesel::delete(password_resets::table.find(user_id)).execute(conn)?)
}
