//! An upstream pool's real traffic per hour (`domain::pool_health`): connect outcomes, a
//! histogram of connect times and the bytes carried, one row per pool and hour that every
//! gateway node adds its counts to. The operator's list reads the last 24 hours back; rows
//! older than `domain::pool_health::KEEP_HOURS` are purged.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::upstream_pool_hours as hours;
use crate::schema::upstream_pools as pools;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::pool_health::{BUCKETS, ConnectCounts};
use std::collections::HashMap;

/// The start (unix seconds) of the hour `at` falls in.
pub fn hour_of(at: i64) -> i64 {
    at - at.rem_euclid(3600)
}

/// One pool's figures over some hours: its connects and the bytes it carried.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolTraffic {
    pub connects: ConnectCounts,
    pub bytes: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = hours)]
struct Row {
    pool_id: i64,
    ok: i64,
    pool_failed: i64,
    destination_failed: i64,
    le_50: i64,
    le_100: i64,
    le_250: i64,
    le_500: i64,
    le_1000: i64,
    le_2500: i64,
    le_5000: i64,
    over_5000: i64,
    bytes: i64,
}

/// Adds `counts` and `bytes` to the pool `id`'s row for the hour starting at `hour` (call in
/// the flush's transaction, or alone).
pub fn add(
    conn: &mut DbConnection,
    id: i64,
    hour: i64,
    counts: &ConnectCounts,
    bytes: i64,
) -> DbResult<()> {
    if counts.is_empty() && bytes == 0 {
        return Ok(());
    }
    // A pool deleted since the connects were counted keeps no figures.
    let exists: i64 = pools::table.find(id).count().get_result(conn)?;
    if exists == 0 {
        return Ok(());
    }
    let [b0, b1, b2, b3, b4, b5, b6, b7]: [i64; BUCKETS] = counts.buckets;
    let row = hours::table.find((id, hour));
    update_or_insert(
        conn,
        |c| {
            diesel::update(row)
                .set((
                    hours::ok.eq(hours::ok + counts.ok),
                    hours::pool_failed.eq(hours::pool_failed + counts.pool_failed),
                    hours::destination_failed
                        .eq(hours::destination_failed + counts.destination_failed),
                    hours::le_50.eq(hours::le_50 + b0),
                    hours::le_100.eq(hours::le_100 + b1),
                    hours::le_250.eq(hours::le_250 + b2),
                    hours::le_500.eq(hours::le_500 + b3),
                    hours::le_1000.eq(hours::le_1000 + b4),
                    hours::le_2500.eq(hours::le_2500 + b5),
                    hours::le_5000.eq(hours::le_5000 + b6),
                    hours::over_5000.eq(hours::over_5000 + b7),
                    hours::bytes.eq(hours::bytes + bytes),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(hours::table)
                .values((
                    hours::pool_id.eq(id),
                    hours::hour.eq(hour),
                    hours::ok.eq(counts.ok),
                    hours::pool_failed.eq(counts.pool_failed),
                    hours::destination_failed.eq(counts.destination_failed),
                    hours::le_50.eq(b0),
                    hours::le_100.eq(b1),
                    hours::le_250.eq(b2),
                    hours::le_500.eq(b3),
                    hours::le_1000.eq(b4),
                    hours::le_2500.eq(b5),
                    hours::le_5000.eq(b6),
                    hours::over_5000.eq(b7),
                    hours::bytes.eq(bytes),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}

/// Every pool's figures summed over the hours starting at `from_hour` or later.
pub fn since(conn: &mut DbConnection, from_hour: i64) -> DbResult<HashMap<i64, PoolTraffic>> {
    let rows = hours::table
        .filter(hours::hour.ge(from_hour))
        .select(Row::as_select())
        .load(conn)?;
    let mut by_pool: HashMap<i64, PoolTraffic> = HashMap::new();
    for r in rows {
        let traffic = by_pool.entry(r.pool_id).or_default();
        traffic.connects.add(&ConnectCounts {
            ok: r.ok,
            pool_failed: r.pool_failed,
            destination_failed: r.destination_failed,
            buckets: [
                r.le_50,
                r.le_100,
                r.le_250,
                r.le_500,
                r.le_1000,
                r.le_2500,
                r.le_5000,
                r.over_5000,
            ],
        });
        traffic.bytes += r.bytes;
    }
    Ok(by_pool)
}

/// Deletes the rows of hours before `hour`; how many went.
pub fn purge_before(conn: &mut DbConnection, hour: i64) -> DbResult<usize> {
    Ok(diesel::delete(hours::table.filter(hours::hour.lt(hour))).execute(conn)?)
}
