//! The totals of the tiers without the credential, host and country (`usage_hourly_totals`,
//! `usage_daily_totals`; migration `2026-12-31-000300_usage_totals`): what the breakdowns by day
//! and hour and the health by hour read when no host or credential is asked for, a few rows per
//! bucket instead of one per group. The flush adds to them with the tiers (`write::add`, the
//! same upserts: they have the tiers' columns, with the credential kind `main` and the label,
//! host and country empty); rebuilt from the tiers when the back-fill finishes (`rebuild`),
//! since the back-fill adds to the tiers in SQL; the hourly one purged with the hourly tier
//! (`purge.rs`).

use super::sums::{CONNECT_COLUMNS, COUNT_COLUMNS};
use crate::connection::DbConnection;
use crate::connection_records::RecordFilter;
use crate::error::DbResult;
use diesel::prelude::*;

/// Whether the totals answer `filter`: it asks for no host and no credential.
pub(crate) fn answer(filter: &RecordFilter) -> bool {
    filter.host.is_none() && filter.credential.is_none()
}

/// Rebuilds both totals tables from the tiers. Run it in a write transaction.
pub fn rebuild(conn: &mut DbConnection) -> DbResult<()> {
    let values: Vec<&str> = COUNT_COLUMNS.into_iter().chain(CONNECT_COLUMNS).collect();
    let sums: Vec<String> = values.iter().map(|c| format!("SUM({c})")).collect();
    for (table, tier, time) in [
        ("usage_hourly_totals", "usage_hourly", "hour"),
        ("usage_daily_totals", "usage_daily_rollup", "day"),
    ] {
        diesel::sql_query(format!("DELETE FROM {table}")).execute(conn)?;
        diesel::sql_query(format!(
            "INSERT INTO {table} (user_id, {time}, kind, credential_kind, credential_label, host, \
             country, outcome, reason, {}) SELECT user_id, {time}, kind, 'main', '', '', '', \
             outcome, reason, {} FROM {tier} GROUP BY user_id, {time}, kind, outcome, reason",
            values.join(", "),
            sums.join(", ")
        ))
        .execute(conn)?;
    }
    Ok(())
}
