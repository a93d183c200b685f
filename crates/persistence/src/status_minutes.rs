//! The status page's measurements (docs/status.md): one row per component and UTC day with the
//! minutes measured up and down (`status_days`), and per component the last minute counted with
//! the real-traffic counters read then (`status_marks`). A minute is counted once across
//! instances: the mark moves forward by one conditional update (or the first insert), and only
//! the caller that moved it adds the minute to the day.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{status_days, status_marks, upstream_pool_hours, usage_hourly};
use crate::upsert::update_or_insert;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use std::collections::HashMap;

/// A component's last counted minute and the traffic counters of its hour read then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable)]
pub struct Mark {
    pub minute: i64,
    pub up: bool,
    pub hour: i64,
    pub ok: i64,
    pub failed: i64,
}

/// One component's day.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct DayRow {
    pub component: String,
    pub day: String,
    pub up_minutes: i64,
    pub down_minutes: i64,
}

/// Every component's mark, by component id.
pub fn marks(conn: &mut DbConnection) -> DbResult<HashMap<String, Mark>> {
    let rows: Vec<(String, i64, bool, i64, i64, i64)> = status_marks::table
        .select((
            status_marks::component,
            status_marks::minute,
            status_marks::up,
            status_marks::hour,
            status_marks::ok,
            status_marks::failed,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(c, minute, up, hour, ok, failed)| {
            (
                c,
                Mark {
                    minute,
                    up,
                    hour,
                    ok,
                    failed,
                },
            )
        })
        .collect())
}

/// Counts `minute` (unix minutes) of `component` as `mark.up` on `day`, moving its mark to
/// `mark`: true when this caller counted it, false when that minute (or a later one) was
/// already counted. Call in a transaction.
pub fn count_minute(
    conn: &mut DbConnection,
    component: &str,
    day: &str,
    mark: &Mark,
) -> DbResult<bool> {
    let values = (
        status_marks::minute.eq(mark.minute),
        status_marks::up.eq(mark.up),
        status_marks::hour.eq(mark.hour),
        status_marks::ok.eq(mark.ok),
        status_marks::failed.eq(mark.failed),
    );
    let moved = update_or_insert(
        conn,
        |c| {
            diesel::update(
                status_marks::table
                    .find(component)
                    .filter(status_marks::minute.lt(mark.minute)),
            )
            .set(values)
            .execute(c)
        },
        |c| {
            diesel::insert_into(status_marks::table)
                .values((status_marks::component.eq(component), values))
                .execute(c)
        },
    )?;
    if moved == 0 {
        return Ok(false);
    }
    let (up, down) = if mark.up { (1_i64, 0_i64) } else { (0, 1) };
    add_minutes(conn, component, day, up, down)?;
    Ok(true)
}

/// Adds minutes to `component`'s `day` row (tests back-fill history with it too).
pub fn add_minutes(
    conn: &mut DbConnection,
    component: &str,
    day: &str,
    up: i64,
    down: i64,
) -> DbResult<()> {
    let row = status_days::table.find((component, day));
    update_or_insert(
        conn,
        |c| {
            diesel::update(row)
                .set((
                    status_days::up_minutes.eq(status_days::up_minutes + up),
                    status_days::down_minutes.eq(status_days::down_minutes + down),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(status_days::table)
                .values((
                    status_days::component.eq(component),
                    status_days::day.eq(day),
                    status_days::up_minutes.eq(up),
                    status_days::down_minutes.eq(down),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}

/// Every component's days from `from_day` (inclusive, `YYYY-MM-DD`) on.
pub fn days_from(conn: &mut DbConnection, from_day: &str) -> DbResult<Vec<DayRow>> {
    Ok(status_days::table
        .filter(status_days::day.ge(from_day))
        .order((status_days::component, status_days::day))
        .select((
            status_days::component,
            status_days::day,
            status_days::up_minutes,
            status_days::down_minutes,
        ))
        .load(conn)?)
}

/// One component's minutes up and down over the days `from_day..=to_day`.
pub fn minutes_between(
    conn: &mut DbConnection,
    component: &str,
    from_day: &str,
    to_day: &str,
) -> DbResult<(i64, i64)> {
    // At most 31 rows: summed here, alike on both backends.
    let rows: Vec<(i64, i64)> = status_days::table
        .filter(status_days::component.eq(component))
        .filter(status_days::day.ge(from_day))
        .filter(status_days::day.le(to_day))
        .select((status_days::up_minutes, status_days::down_minutes))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .fold((0, 0), |(u, d), (up, down)| (u + up, d + down)))
}

/// Each pool's real connects in the hour starting at `hour`: (pool id, succeeded, failed
/// through the pool's fault). The destination's failures are not the pool's.
pub fn pool_connects(conn: &mut DbConnection, hour: i64) -> DbResult<Vec<(i64, i64, i64)>> {
    Ok(upstream_pool_hours::table
        .filter(upstream_pool_hours::hour.eq(hour))
        .select((
            upstream_pool_hours::pool_id,
            upstream_pool_hours::ok,
            upstream_pool_hours::pool_failed,
        ))
        .load(conn)?)
}

/// Each kind's connections in the hour starting at `hour` by outcome: (kind, outcome,
/// connections).
pub fn kind_outcomes(conn: &mut DbConnection, hour: i64) -> DbResult<Vec<(String, String, i64)>> {
    Ok(usage_hourly::table
        .filter(usage_hourly::hour.eq(hour))
        .group_by((usage_hourly::kind, usage_hourly::outcome))
        .select((
            usage_hourly::kind,
            usage_hourly::outcome,
            // PostgreSQL sums BIGINT as NUMERIC: cast back.
            sql::<BigInt>("CAST(COALESCE(SUM(connections), 0) AS BIGINT)"),
        ))
        .load(conn)?)
}
