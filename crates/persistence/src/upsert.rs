//! "Update, then insert if there was no row": the upsert that runs unchanged on both backends (no
//! `on_conflict` through the MultiConnection) and under any number of concurrent first inserts.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use diesel::prelude::*;

/// Runs `update`; when it touched no row runs `insert` in a savepoint, and when that loses a
/// race with another first insert (unique violation) runs `update` again. Returns the rows the
/// last step wrote: 0 only when the row exists and the (conditional) update left it alone.
pub fn update_or_insert<U, I>(conn: &mut DbConnection, update: U, insert: I) -> DbResult<usize>
where
    U: Fn(&mut DbConnection) -> QueryResult<usize>,
    I: Fn(&mut DbConnection) -> QueryResult<usize>,
{
    let updated = update(conn)?;
    if updated > 0 {
        return Ok(updated);
    }
    // A nested `transaction` is a savepoint: a failed insert leaves the caller's
    // transaction usable (PostgreSQL aborts the whole transaction otherwise).
    match conn.transaction(|c| insert(c)).map_err(DbError::from) {
        Ok(inserted) => Ok(inserted),
        Err(DbError::UniqueViolation(_)) => Ok(update(conn)?),
        Err(e) => Err(e),
    }
}
