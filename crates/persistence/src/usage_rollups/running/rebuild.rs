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
    let running = columns()
        .map(|c| format!("SUM(r.{c}) OVER (PARTITION BY g.id ORDER BY r.day)"))
        .collect::<Vec<_>>()
        .join(", ");
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
            running
        ),
        hourly_sql(join, &on),
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

/// The statement building the hourly running rows from the hourly tier and the daily running
/// rows (the migration `2026-12-31-000400_usage_running_hours` runs the same): an hour's total
/// is its day's (to the day's end) less the tier's hours of that day after it. That holds where
/// the tier's older hours were purged, since the hours after a kept one are kept. Each tier row
/// finds its day's running row by the primary key (`join` and `on` as for the groups).
fn hourly_sql(join: &str, on: &str) -> String {
    let values = columns().collect::<Vec<_>>().join(", ");
    let day = format!("r.hour / {DAY}");
    let totals = columns()
        .map(|c| {
            format!(
                "d.{c} - SUM(r.{c}) OVER (PARTITION BY g.id, {day}) \
                 + SUM(r.{c}) OVER (PARTITION BY g.id, {day} ORDER BY r.hour)"
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "INSERT INTO usage_running_hourly (group_id, hour, {values}) SELECT g.id, r.hour, \
         {totals} FROM usage_hourly r {join} usage_groups g ON g.user_id = r.user_id AND {on} \
         {join} usage_running_daily d ON d.group_id = g.id AND d.day = {day} * {DAY}"
    )
}
