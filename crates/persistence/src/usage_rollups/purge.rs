//! The hourly tier's purge after its retention (the daily tier keeps every day).

use crate::connection::DbConnection;
use crate::error::DbResult;
use diesel::prelude::*;
use diesel::sql_types::BigInt;

/// Deletes the hourly rows of the hours that began before `before` (unix seconds), `batch` rows
/// per statement (each its own transaction: no statement holds the write lock long), and the
/// hourly running totals of those hours (`running`); returns how many rows of the tier went. The
/// daily tier keeps them.
pub fn purge_hourly_before(conn: &mut DbConnection, before: i64, batch: i64) -> DbResult<usize> {
    let batch = batch.max(1);
    let mut purged = 0;
    loop {
        let n = match conn {
            DbConnection::Sqlite(c) => diesel::sql_query(
                "DELETE FROM usage_hourly WHERE rowid IN \
                 (SELECT rowid FROM usage_hourly WHERE hour < ? ORDER BY hour LIMIT ?)",
            )
            .bind::<BigInt, _>(before)
            .bind::<BigInt, _>(batch)
            .execute(c)?,
            DbConnection::Postgres(c) => diesel::sql_query(
                "DELETE FROM usage_hourly WHERE ctid = ANY(ARRAY( \
                 SELECT ctid FROM usage_hourly WHERE hour < $1 ORDER BY hour LIMIT $2))",
            )
            .bind::<BigInt, _>(before)
            .bind::<BigInt, _>(batch)
            .execute(c)?,
        };
        purged += n;
        if (n as i64) < batch {
            super::running::purge_hourly_before(conn, before, batch)?;
            return Ok(purged);
        }
    }
}
