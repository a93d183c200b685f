//! A pool's health row (`upstream_pool_health`): the bytes it carried, its probes, and the run of
//! live failures that marks it down as failed probes do.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::upstream_pool_health as health;
use diesel::prelude::*;

/// Adds `bytes` to what the pool `id` carried.
pub fn add_carried(conn: &mut DbConnection, id: i64, bytes: i64) -> DbResult<()> {
    diesel::update(health::table.find(id))
        .set(health::carried_bytes.eq(health::carried_bytes + bytes))
        .execute(conn)?;
    Ok(())
}

/// Marks the pool `id` down after `failures` of its own failures in a row on live traffic
/// (`reason`, a label naming no credential), as failed probes would: the next successful
/// probe (`record_probe`) brings it back.
pub fn mark_down_live(
    conn: &mut DbConnection,
    id: i64,
    failures: u32,
    reason: &str,
) -> DbResult<()> {
    let error = format!("{failures} connections in a row failed through the pool ({reason})");
    diesel::update(health::table.find(id))
        .set((
            health::up.eq(false),
            health::failures.eq(i32::try_from(failures).unwrap_or(i32::MAX)),
            health::last_error.eq(Some(error)),
        ))
        .execute(conn)?;
    Ok(())
}

/// Records a probe of the pool `id`: a success marks it up and clears the failures; a failure
/// (`error`, a text naming no credential) counts, and the `down_after`-th in a row marks it
/// down. Returns whether the pool is up afterwards.
pub fn record_probe(
    conn: &mut DbConnection,
    id: i64,
    error: Option<&str>,
    down_after: i32,
) -> DbResult<bool> {
    let at = now();
    match error {
        None => {
            diesel::update(health::table.find(id))
                .set((
                    health::up.eq(true),
                    health::failures.eq(0),
                    health::checked_at.eq(Some(at)),
                    health::last_error.eq(None::<String>),
                ))
                .execute(conn)?;
        }
        Some(error) => {
            diesel::update(health::table.find(id))
                .set((
                    health::failures.eq(health::failures + 1),
                    health::checked_at.eq(Some(at)),
                    health::last_error.eq(Some(error)),
                ))
                .execute(conn)?;
            diesel::update(
                health::table
                    .find(id)
                    .filter(health::failures.ge(down_after)),
            )
            .set(health::up.eq(false))
            .execute(conn)?;
        }
    }
    Ok(health::table
        .find(id)
        .select(health::up)
        .first(conn)
        .optional()?
        .unwrap_or(false))
}
