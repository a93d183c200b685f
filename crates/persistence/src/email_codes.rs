//! Pending email verification codes: one per address, stored as a keyed hash, with an expiry,
//! the time it was sent (for the resend countdown) and a count of wrong attempts.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::email_codes;
use crate::upsert::update_or_insert;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = email_codes)]
pub struct EmailCodeRow {
    pub email: String,
    pub code_hash: String,
    pub attempts: i32,
    pub sent_at: i64,
    pub expires_at: i64,
}

pub fn find(conn: &mut DbConnection, email: &str) -> DbResult<Option<EmailCodeRow>> {
    Ok(email_codes::table
        .find(email)
        .select(EmailCodeRow::as_select())
        .first(conn)
        .optional()?)
}

/// Replaces any code for `email` with a fresh one (attempts back to zero); concurrent requests
/// for one address cannot fail it ([`update_or_insert`]). Call inside a transaction when the
/// caller also checks the resend countdown.
pub fn replace(
    conn: &mut DbConnection,
    email: &str,
    code_hash: &str,
    sent_at: i64,
    expires_at: i64,
) -> DbResult<()> {
    let update = |c: &mut DbConnection| {
        diesel::update(email_codes::table.find(email))
            .set((
                email_codes::code_hash.eq(code_hash),
                email_codes::attempts.eq(0),
                email_codes::sent_at.eq(sent_at),
                email_codes::expires_at.eq(expires_at),
            ))
            .execute(c)
    };
    let insert = |c: &mut DbConnection| {
        diesel::insert_into(email_codes::table)
            .values((
                email_codes::email.eq(email),
                email_codes::code_hash.eq(code_hash),
                email_codes::attempts.eq(0),
                email_codes::sent_at.eq(sent_at),
                email_codes::expires_at.eq(expires_at),
            ))
            .execute(c)
    };
    update_or_insert(conn, update, insert)?;
    Ok(())
}

/// Takes one of the code's `max` attempts before it is checked. One conditional UPDATE, so
/// concurrent guesses cannot all slip under the limit: false when none is left.
/// Returns which attempt this is (1 for the first), read from the UPDATE itself, so parallel
/// guesses each see their own number; None when none is left.
pub fn reserve_attempt(conn: &mut DbConnection, email: &str, max: i32) -> DbResult<Option<i32>> {
    Ok(diesel::update(
        email_codes::table
            .find(email)
            .filter(email_codes::attempts.lt(max)),
    )
    .set(email_codes::attempts.eq(email_codes::attempts + 1))
    .returning(email_codes::attempts)
    .get_result(conn)
    .optional()?)
}

pub fn delete(conn: &mut DbConnection, email: &str) -> DbResult<()> {
    diesel::delete(email_codes::table.find(email)).execute(conn)?;
    Ok(())
}

pub fn purge_expired(conn: &mut DbConnection, now: i64) -> DbResult<usize> {
    Ok(diesel::delete(email_codes::table.filter(email_codes::expires_at.le(now))).execute(conn)?)
}
