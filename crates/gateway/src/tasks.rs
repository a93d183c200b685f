//! The gateway's background tasks beside the listeners: the periodic flush
//! (`flush_periodically`) and the change-event reader (`watch_events`).

use crate::shared::Shared;
use crate::store;
use crate::{allowlist, blocklist, listen};
use persistence::gateway_events::Reason;
use std::sync::Arc;

/// Flushes every `flush_interval`, and sooner when `record::FLUSH_SOONER_AT` records are
/// waiting (but not within a tenth of the interval of the last flush): a busy node writes
/// smaller batches more often.
pub(crate) async fn flush_periodically(shared: Arc<Shared>) {
    let mut ticker = tokio::time::interval(shared.config.flush_interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut shutdown = shared.shutdown.clone();
    let min_gap = shared.config.flush_interval / 10;
    ticker.tick().await;
    let mut last = tokio::time::Instant::now();
    loop {
        let sooner = tokio::select! {
            _ = ticker.tick() => false,
            () = shared.registry.records.filling() => true,
            _ = shutdown.wait_for(|s| *s) => return,
        };
        if sooner {
            tokio::select! {
                () = tokio::time::sleep_until(last + min_gap) => {}
                _ = shutdown.wait_for(|s| *s) => return,
            }
            ticker.reset();
        }
        last = tokio::time::Instant::now();
        if let Err(e) = shared.registry.flush(false).await {
            tracing::error!(error = %e, "gateway flush failed; counts kept for the next one");
        }
        shared.refresh_paces().await;
        shared.pools.write_counts().await;
        // After a burst of connections, the memory they used goes back to the system.
        shared.memory.after_burst(shared.live());
    }
}

/// How far back each read of the change events reaches, beyond the previous read: an event
/// whose transaction committed late (its time is when it was written) is still seen.
const EVENT_WINDOW: i64 = 10;
/// Events are kept this long (any node purges older ones, now and then).
const EVENT_KEPT: i64 = 3600;

/// Purges the old change events this often (every node does it; deleting twice is harmless).
const EVENT_PURGE_EVERY: i64 = 60;

/// Reads the change events when the listener's notification wakes it (PostgreSQL), and every
/// `event_poll` otherwise (while the listener is up, only at least every `event_poll` or
/// `LISTENING_POLL`, whichever is longer: a safety net), and obeys the new ones: cached
/// credentials are forgotten, the customers and pieces concerned are cut here at once, and a
/// flush reads the rest from the database.
pub(crate) async fn watch_events(shared: Arc<Shared>, wake: Arc<listen::Wake>) {
    let mut shutdown = shared.shutdown.clone();
    let mut seen: std::collections::HashMap<i64, i64> = std::collections::HashMap::new();
    // Events from before the start are history: the database already says the same.
    let mut from = persistence::now();
    let mut purged_at = from;
    let mut allowlist_read = tokio::time::Instant::now();
    let mut blocklist_read = tokio::time::Instant::now();
    loop {
        let poll = if wake.listening() {
            shared.config.event_poll.max(listen::LISTENING_POLL)
        } else {
            shared.config.event_poll
        };
        tokio::select! {
            () = tokio::time::sleep(poll) => {}
            () = wake.notified() => {}
            _ = shutdown.wait_for(|s| *s) => return,
        }
        let now = persistence::now();
        let purge_before = if now - purged_at >= EVENT_PURGE_EVERY {
            purged_at = now;
            now - EVENT_KEPT
        } else {
            0
        };
        let events =
            match store::events(shared.registry.pool(), from - EVENT_WINDOW, purge_before).await {
                Ok(events) => events,
                Err(e) => {
                    tracing::warn!(error = %e, "gateway could not read the change events");
                    continue;
                }
            };
        from = now;
        let mut new: Vec<_> = events
            .into_iter()
            .filter(|e| seen.insert(e.id, e.created_at).is_none())
            .collect();
        seen.retain(|_, at| *at >= now - 2 * EVENT_WINDOW);
        // A blocklist change concerns the blocklist alone: no credential or connection.
        let blocklist_changed = new
            .iter()
            .any(|e| e.reason.is_none_or(|r| r == Reason::BlocklistChanged));
        new.retain(|e| e.reason != Some(Reason::BlocklistChanged));
        if blocklist_changed
            || blocklist_read.elapsed() >= blocklist::REFRESH
            || shared.blocklist.files_changed()
        {
            match shared.blocklist.reload(shared.registry.pool()).await {
                Ok(()) => blocklist_read = tokio::time::Instant::now(),
                Err(e) => tracing::warn!(error = %e, "gateway could not read the blocklist"),
            }
        }
        // Any event may change who is allowlisted (an entry, its owner, its piece).
        if !new.is_empty() || allowlist_read.elapsed() >= allowlist::REFRESH {
            match shared.allowlist.reload(shared.registry.pool()).await {
                Ok(()) => allowlist_read = tokio::time::Instant::now(),
                Err(e) => tracing::warn!(error = %e, "gateway could not read the IP allowlist"),
            }
        }
        if new.is_empty() {
            continue;
        }
        tracing::debug!(events = new.len(), "gateway change events");
        shared.credentials.invalidate_all();
        shared.registry.apply_events(&new);
        if let Err(e) = shared.registry.flush(false).await {
            tracing::error!(error = %e, "gateway flush failed; counts kept for the next one");
        }
    }
}
