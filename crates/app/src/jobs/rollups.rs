//! The usage rollups' background work: the one-time back-fill from the records written before
//! the rollups existed (started with the jobs, and run to its end by every purge first, so that
//! no record is purged before it is summed), and the retention of the hourly tier.

use crate::blocking::with_conn;
use crate::error::AppError;
use persistence::DbPool;
use persistence::usage_rollups::{self, Progress};
use tokio::sync::watch;

/// Record ids summed per back-fill transaction (one statement per tier): each holds the write
/// lock briefly.
const BACKFILL_BATCH: i64 = 20_000;
/// Hourly rollup rows deleted per statement.
const HOURLY_PURGE_BATCH: i64 = 5_000;

/// Runs the back-fill until it is finished (or `stop` says so), a batch per transaction,
/// logging its progress; the database decides what is left, so several instances share it.
pub async fn backfill_rollups(
    pool: &DbPool,
    stop: Option<&watch::Receiver<bool>>,
) -> Result<Progress, AppError> {
    let mut logged = false;
    loop {
        let progress = with_conn(pool, |conn| {
            Ok(usage_rollups::backfill_batch(
                conn,
                BACKFILL_BATCH,
                persistence::now(),
            )?)
        })
        .await?;
        if progress.finished() {
            if logged {
                tracing::info!(records = progress.upto, "usage rollups back-filled");
            }
            return Ok(progress);
        }
        logged = true;
        tracing::info!(
            done_through = progress.done_through,
            upto = progress.upto,
            percent = progress.done_through.saturating_mul(100) / progress.upto.max(1),
            "back-filling the usage rollups from the records"
        );
        if stop.is_some_and(|s| *s.borrow()) {
            return Ok(progress);
        }
    }
}

/// The back-fill as a task started with the jobs; it ends when the back-fill is done.
pub(super) async fn backfill_task(pool: DbPool, stop: watch::Receiver<bool>) {
    if let Err(error) = backfill_rollups(&pool, Some(&stop)).await {
        tracing::warn!(%error, "back-filling the usage rollups failed; the next purge tries again");
    }
}

/// Deletes the hourly rollups of the days that ended more than `days` days ago (in batches);
/// returns how many rows went. Whole UTC days go, never part of one: a window starting inside a
/// day still held is then answered exactly (the running totals inside a day need that day's
/// earlier hours; `persistence::usage_rollups::running`).
pub async fn purge_hourly(pool: &DbPool, days: u32) -> Result<usize, AppError> {
    let before = (persistence::now() - i64::from(days) * 86_400).div_euclid(86_400) * 86_400;
    with_conn(pool, move |conn| {
        Ok(usage_rollups::purge_hourly_before(
            conn,
            before,
            HOURLY_PURGE_BATCH,
        )?)
    })
    .await
}
