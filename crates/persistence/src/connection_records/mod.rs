//! The usage records of the gateway's connections: written in batches by the gateway's flush
//! (`insert_many`, in the transaction that settles the same bytes), read by the customer newest
//! first (`page`; the list and the CSV export walk `record_pages`), summed per host, credential, day or hour
//! (`breakdown`), and purged after the retention (`retention`: day tables dropped whole on
//! PostgreSQL, batches of rows on SQLite; `purge_before` runs it all at once). Every read is scoped to one
//! customer.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::connection_records as cr;
use diesel::prelude::*;

// First: its macros are for the modules below.
#[macro_use]
mod filter;

mod breakdown;
mod record;
pub mod retention;
mod walk;

pub use filter::RecordFilter;
pub(crate) use filter::credential_terms;
pub use record::{NewRecord, Record};

/// Rows per multi-row INSERT on PostgreSQL: 15 values each stays far below its limit of
/// 65,535 bound parameters.
const INSERT_CHUNK: usize = 500;

/// Writes `rows`; run it in the flush's transaction (`usage_rollups::write_records` writes them
/// with their rollups, as the flush does). On SQLite one row per INSERT through the
/// connection's cached prepared statement (its SQL never changes: no building or parsing per
/// flush; a multi-row INSERT of a varying row count was built, parsed and prepared again at
/// every flush, which cost the gateway more than writing the rows). On PostgreSQL multi-row
/// inserts, one round trip per `INSERT_CHUNK` rows.
pub fn insert_many(conn: &mut DbConnection, rows: &[NewRecord]) -> DbResult<usize> {
    let mut written = 0;
    match conn {
        DbConnection::Sqlite(lite) => {
            for row in rows {
                written += diesel::insert_into(cr::table).values(row).execute(lite)?;
            }
        }
        // Multi-row VALUES is written per backend: the MultiConnection's own backend cannot
        // express it.
        DbConnection::Postgres(pg) => {
            for chunk in rows.chunks(INSERT_CHUNK) {
                written += diesel::insert_into(cr::table).values(chunk).execute(pg)?;
            }
        }
    }
    Ok(written)
}

pub(crate) use breakdown::not_charged_sql;
pub use breakdown::{CREDENTIAL_TOP, Group, GroupBy, HOST_TOP, breakdown};
pub use walk::{COUNT_CAP, Cursor, Total, page};

/// Deletes the records opened before `before` (unix seconds) the way the retention does, all in
/// one call (the usage job runs the same steps with a pause between batches): on PostgreSQL the
/// day tables whose day ended by then go whole, then the older rows of the default partition;
/// on SQLite the older rows, `batch` per statement. Returns how many rows went by delete.
pub fn purge_before(conn: &mut DbConnection, before: i64, batch: i64) -> DbResult<usize> {
    retention::drop_days_before(conn, before)?;
    let mut purged = 0;
    loop {
        let n = retention::purge_batch(conn, before, batch)?;
        purged += n;
        if (n as i64) < batch.max(1) {
            return Ok(purged);
        }
    }
}
