//! The usage exports' writer (`crate::usage_exports`): every `EXPORTS_EVERY` it writes the
//! exports waiting for a writer and deletes the expired ones. Every instance runs it at once:
//! each export's own claim, decided in the database, makes one instance its writer, so a fleet
//! writes several customers' exports side by side. At shutdown an export in progress is handed
//! back after its current part.

use crate::usage_exports::{PARTS, purge_expired, write_waiting};
use persistence::DbPool;
use std::time::Duration;
use tokio::sync::watch;

/// How often an instance looks for exports to write: a customer's export starts within this.
pub const EXPORTS_EVERY: Duration = Duration::from_secs(5);

pub(super) async fn exports_task(pool: DbPool, mut stop: watch::Receiver<bool>) {
    // The first look one period after start, not during start-up's own writes.
    let mut tick =
        tokio::time::interval_at(tokio::time::Instant::now() + EXPORTS_EVERY, EXPORTS_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            biased;
            _ = stop.wait_for(|stopped| *stopped) => return,
            _ = tick.tick() => {}
        }
        let stopped = stop.clone();
        match write_waiting(&pool, || *stopped.borrow(), PARTS).await {
            Ok(written) if written != Default::default() => tracing::info!(
                ready = written.ready,
                failed = written.failed,
                lost = written.lost,
                "usage exports written"
            ),
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(%error, "writing the usage exports failed; the next tick tries again")
            }
        }
        match purge_expired(&pool).await {
            Ok(0) => {}
            Ok(purged) => tracing::debug!(purged, "expired usage exports deleted"),
            Err(error) => tracing::warn!(%error, "deleting the expired usage exports failed"),
        }
    }
}
