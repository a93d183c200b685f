//! The hourly tier's purge after its retention (the daily tier keeps every day).

use crate::connection::DbConnection;
use crate::error::DbResult;
use diesel::prelude::*;
use diesel::sql_types::BigInt;

/// Deletes the hourly rows of the hours that began before `before` (unix seconds), `batch` rows
/// per statement (each its own transaction: no statement holds the write lock long), with the
/// hourly running totals and totals of those hours (`running`, `totals`); returns how many rows
/// of the tier went. The daily tier keeps them.
pub fn purge_hourly_before(conn: &mut DbConnection, before: i64, batch: i64) -> DbResult<usize> {
    let purged = purge_before(conn, "usage_hourly", "rowid", before, batch)?;
    purge_before(
        conn,
        "usage_running_hourly",
        "group_id, hour",
        before,
        batch,
    )?;
    purge_before(conn, "usage_hourly_totals", "rowid", before, batch)?;
    Ok(purged)
}

/// Deletes the rows of `table` whose `hour` is before `before`, `batch` per statement; `key`
/// names a row on SQLite (`rowid`, or the primary key's columns of a table without one).
fn purge_before(
    conn: &mut DbConnection,
    table: &str,
    key: &str,
    before: i64,
    batch: i64,
) -> DbResult<usize> {
    let batch = batch.max(1);
    let sql = match conn {
        DbConnection::Sqlite(_) => format!(
            "DELETE FROM {table} WHERE ({key}) IN \
             (SELECT {key} FROM {table} WHERE hour < ? ORDER BY hour LIMIT ?)"
        ),
        DbConnection::Postgres(_) => format!(
            "DELETE FROM {table} WHERE ctid = ANY(ARRAY( \
             SELECT ctid FROM {table} WHERE hour < $1 ORDER BY hour LIMIT $2))"
        ),
    };
    let mut purged = 0;
    loop {
        let n = diesel::sql_query(&sql)
            .bind::<BigInt, _>(before)
            .bind::<BigInt, _>(batch)
            .execute(conn)?;
        purged += n;
        if (n as i64) < batch {
            return Ok(purged);
        }
    }
}
