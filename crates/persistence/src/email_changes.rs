//! Pending email changes: one per account, the new address and its code (a keyed hash), with an
//! expiry, the time it was sent (for the resend countdown) and a count of wrong attempts.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::email_changes;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = email_changes)]
pub struct EmailChangeRow {
    pub user_id: UserId,
    pub new_email: String,
    pub code_hash: String,
    pub attempts: i32,
    pub sent_at: i64,
    pub expires_at: i64,
}

pub fn find(conn: &mut DbConnection, user_id: UserId) -> DbResult<Option<EmailChangeRow>> {
    Ok(email_changes::table
        .find(user_id)
        .select(EmailChangeRow::as_select())
        .first(conn)
        .optional()?)
}

/// Replaces any pending change of the account (a new address or code; attempts back to zero).
pub fn replace(
    conn: &mut DbConnection,
    user_id: UserId,
    new_email: &str,
    code_hash: &str,
    sent_at: i64,
    expires_at: i64,
) -> DbResult<()> {
    let update = |c: &mut DbConnection| {
        diesel::update(email_changes::table.find(user_id))
            .set((
                email_changes::new_email.eq(new_email),
                email_changes::code_hash.eq(code_hash),
                email_changes::attempts.eq(0),
                email_changes::sent_at.eq(sent_at),
                email_changes::expires_at.eq(expires_at),
            ))
            .execute(c)
    };
    let insert = |c: &mut DbConnection| {
        diesel::insert_into(email_changes::table)
            .values((
                email_changes::user_id.eq(user_id),
                email_changes::new_email.eq(new_email),
                email_changes::code_hash.eq(code_hash),
                email_changes::attempts.eq(0),
                email_changes::sent_at.eq(sent_at),
                email_changes::expires_at.eq(expires_at),
            ))
            .execute(c)
    };
    update_or_insert(conn, update, insert)?;
    Ok(())
}

/// Takes one of the code's `max` attempts before it is checked and returns which one it is
/// (1 for the first, read from the UPDATE itself, so parallel guesses each see their own
/// number); None when none is left.
pub fn reserve_attempt(
    conn: &mut DbConnection,
    user_id: UserId,
    max: i32,
) -> DbResult<Option<i32>> {
    Ok(diesel::update(
        email_changes::table
            .find(user_id)
            .filter(email_changes::attempts.lt(max)),
    )
    .set(email_changes::attempts.eq(email_changes::attempts + 1))
    .returning(email_changes::attempts)
    .get_result(conn)
    .optional()?)
}

pub fn delete(conn: &mut DbConnection, user_id: UserId) -> DbResult<usize> {
    Ok(diesel::delete(email_changes::table.find(user_id)).execute(conn)?)
}
