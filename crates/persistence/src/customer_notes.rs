//! Operators' notes on a customer: short text with its author and time, written once and
//! never edited, newest first.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::customer_notes;
use diesel::prelude::*;
use domain::UserId;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = customer_notes)]
pub struct NoteRow {
    pub id: i64,
    pub user_id: UserId,
    /// None once the author's account is gone; `author_email` still names them.
    pub author_id: Option<i64>,
    pub author_email: String,
    pub body: String,
    pub created_at: i64,
}

/// Adds `body` to the notes on `user_id` by `author`; returns the new note.
pub fn add(
    conn: &mut DbConnection,
    user_id: UserId,
    author: UserId,
    author_email: &str,
    body: &str,
) -> DbResult<NoteRow> {
    let id: i64 = diesel::insert_into(customer_notes::table)
        .values((
            customer_notes::user_id.eq(user_id),
            customer_notes::author_id.eq(Some(author.get())),
            customer_notes::author_email.eq(author_email),
            customer_notes::body.eq(body),
            customer_notes::created_at.eq(now()),
        ))
        .returning(customer_notes::id)
        .get_result(conn)?;
    Ok(customer_notes::table
        .find(id)
        .select(NoteRow::as_select())
        .first(conn)?)
}

/// One page of the notes on `user_id`, newest first, and how many there are.
pub fn list(
    conn: &mut DbConnection,
    user_id: UserId,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<NoteRow>, i64)> {
    let rows = customer_notes::table
        .filter(customer_notes::user_id.eq(user_id))
        .order(customer_notes::id.desc())
        .limit(limit)
        .offset(offset)
        .select(NoteRow::as_select())
        .load(conn)?;
    let total = customer_notes::table
        .filter(customer_notes::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    Ok((rows, total))
}
