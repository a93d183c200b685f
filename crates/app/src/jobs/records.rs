//! The usage records' retention (the hourly `usage_purge` job) and their day tables. On
//! PostgreSQL the records are partitioned by UTC day: the day tables are created `DAYS_AHEAD`
//! ahead (when the jobs start and at every purge) and the purge drops the tables of the days
//! past the retention whole; the rows of the default partition (a day that had no table) and,
//! on SQLite, the table's rows go in batches of `USAGE_PURGE_BATCH`, each its own statement and
//! transaction, with a pause between two so that other writers (a purchase, a gateway flush)
//! take SQLite's write lock in between.

use super::schedule::JobRun;
use crate::blocking::with_conn;
use crate::error::AppError;
use crate::state::Services;
use persistence::DbPool;
use persistence::connection_records::retention;
use std::time::Duration;

/// Usage records deleted per statement: no statement holds the table for long.
const USAGE_PURGE_BATCH: i64 = 5_000;
/// The pause between two batches: the connection goes back to the pool and the write lock is
/// free for that long.
const BATCH_PAUSE: Duration = Duration::from_millis(20);

/// What a purge removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RecordsPurged {
    /// Day tables dropped whole (PostgreSQL).
    pub days: usize,
    /// Rows deleted in batches (SQLite's table, PostgreSQL's default partition).
    pub rows: usize,
}

/// Creates the records' day tables that are missing from today to `retention::DAYS_AHEAD` days
/// ahead (PostgreSQL; nothing on SQLite); returns how many it created.
pub async fn prepare_record_days(pool: &DbPool) -> Result<usize, AppError> {
    with_conn(pool, |conn| {
        Ok(retention::prepare_days(conn, persistence::now())?)
    })
    .await
}

/// Purges the usage records opened more than `retention_days` ago: on PostgreSQL the day
/// tables whose whole day is older go whole (a day's records stay until its last second is past
/// the retention), then the default partition's older rows; on SQLite the older rows. Rows go
/// in batches with a pause between two. The rollups' back-fill runs to its end first: no record
/// goes before it is summed.
pub async fn purge_usage(pool: &DbPool, retention_days: u32) -> Result<RecordsPurged, AppError> {
    super::rollups::backfill_rollups(pool, None).await?;
    prepare_record_days(pool).await?;
    let before = persistence::now() - i64::from(retention_days) * 86_400;
    let days = with_conn(pool, move |conn| {
        Ok(retention::drop_days_before(conn, before)?)
    })
    .await?;
    let mut purged = RecordsPurged {
        days: days.len(),
        rows: 0,
    };
    loop {
        let rows = with_conn(pool, move |conn| {
            Ok(retention::purge_batch(conn, before, USAGE_PURGE_BATCH)?)
        })
        .await?;
        purged.rows += rows;
        if (rows as i64) < USAGE_PURGE_BATCH {
            return Ok(purged);
        }
        tokio::time::sleep(BATCH_PAUSE).await;
    }
}

/// The day tables prepared once when the jobs start (the hourly purge keeps them after that).
pub(super) async fn prepare_task(pool: DbPool) {
    match prepare_record_days(&pool).await {
        Ok(0) => {}
        Ok(created) => tracing::info!(created, "usage records day tables created"),
        Err(error) => {
            tracing::warn!(%error, "creating the usage records day tables failed; the next purge tries again")
        }
    }
}

pub(super) fn purge_usage_records(services: &Services) -> Option<JobRun> {
    let pool = services.pool.clone();
    let days = services.settings.usage_records_days;
    let hourly_days = services.settings.usage_hourly_days;
    Some(Box::pin(async move {
        let purged = purge_usage(&pool, days).await?;
        if purged != RecordsPurged::default() {
            tracing::info!(
                day_tables = purged.days,
                rows = purged.rows,
                retention_days = days,
                "old usage records purged"
            );
        }
        let hourly = super::rollups::purge_hourly(&pool, hourly_days).await?;
        if hourly > 0 {
            tracing::info!(
                purged = hourly,
                retention_days = hourly_days,
                "old hourly usage rollups purged"
            );
        }
        Ok(())
    }))
}
