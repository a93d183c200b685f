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
            "UPDATE usage_groups SET last_hour = h.last_hour FROM (SELECT user_id, {key}, \
             MAX(hour) AS last_hour FROM usage_hourly GROUP BY user_id, {key}) h \
             WHERE h.user_id = usage_groups.user_id AND {}",
            KEY.iter()
                .map(|c| format!("h.{c} = usage_groups.{c}"))
                .collect::<Vec<_>>()
                .join(" AND ")
        ),
        format!(
            "INSERT INTO usage_running_daily (group_id, day, {values}) SELECT g.id, r.day, {} \
             FROM usage_daily_rollup r JOIN usage_groups g ON g.user_id = r.user_id AND {on}",
            running("g.id", "day")
        ),
        format!(
            "INSERT INTO usage_running_hourly (group_id, hour, {values}) SELECT g.id, r.hour, {} \
             FROM usage_hourly r JOIN usage_groups g ON g.user_id = r.user_id AND {on}",
            running(&format!("g.id, r.hour / {DAY}"), "hour")
        ),
    ]);
    for statement in statements {
        diesel::sql_query(statement).execute(conn)?;
    }
    Ok(())
}
