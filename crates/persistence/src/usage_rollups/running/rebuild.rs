//! Rebuilding the running totals from the tiers when the back-fill finishes (`rebuild`).

use super::totals::{KEY, columns};
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::usage_rollups::sums::DAY;
use diesel::prelude::*;

/// Rebuilds every running total from the tiers (after the back-fill has added to them in SQL):
/// the groups from the daily tier, the running sums with window functions. Run it in a write
/// transaction; on PostgreSQL it first locks the groups against the flushes, which wait.
pub fn rebuild(conn: &mut DbConnection) -> DbResult<()> {
    let key = KEY.join(", ");
    let on = KEY
        .iter()
        .map(|c| format!("g.{c} = r.{c}"))
        .collect::<Vec<_>>()
        .join(" AND ");
    let values = columns().collect::<Vec<_>>().join(", ");
    let running = |partition: &str, time: &str| {
        columns()
            .map(|c| format!("SUM(r.{c}) OVER (PARTITION BY {partition} ORDER BY r.{time})"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Each tier row finds its group by the unique key: on SQLite the tier must be the outer
    // loop (`CROSS JOIN` fixes the order; left to itself the planner may walk every group of
    // the customer for each row), on PostgreSQL the planner joins by hash.
    let join = match conn {
        DbConnection::Sqlite(_) => "CROSS JOIN",
        DbConnection::Postgres(_) => "JOIN",
    };
    let mut statements = Vec::new();
    if matches!(conn, DbConnection::Postgres(_)) {
        statements.push("LOCK TABLE usage_groups IN EXCLUSIVE MODE".to_owned());
    }
    statements.extend([
        "DELETE FROM usage_running_hourly".to_owned(),
        "DELETE FROM usage_running_daily".to_owned(),
        "DELETE FROM usage_groups".to_owned(),
        format!(
            "INSERT INTO usage_groups (user_id, {key}, first_day, last_day, last_hour) \
             SELECT user_id, {key}, MIN(day), MAX(day), MAX(day) FROM usage_daily_rollup \
             GROUP BY user_id, {key}"
        ),
        format!(
            "INSERT INTO usage_running_daily (group_id, day, {values}) SELECT g.id, r.day, {} \
             FROM usage_daily_rollup r {join} usage_groups g ON g.user_id = r.user_id AND {on}",
            running("g.id", "day")
        ),
        format!(
            "INSERT INTO usage_running_hourly (group_id, hour, {values}) SELECT g.id, r.hour, {} \
             FROM usage_hourly r {join} usage_groups g ON g.user_id = r.user_id AND {on}",
            running(&format!("g.id, r.hour / {DAY}"), "hour")
        ),
        // The last hour from the group's newest hourly row (the hourly tier may have been
        // purged: then its last day's start, which no hourly row follows).
        "UPDATE usage_groups SET last_hour = COALESCE((SELECT MAX(x.hour) FROM \
         usage_running_hourly x WHERE x.group_id = usage_groups.id), last_hour)"
            .to_owned(),
    ]);
    for statement in statements {
        diesel::sql_query(statement).execute(conn)?;
    }
    Ok(())
}
