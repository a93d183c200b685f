//! What the registry learns from the database: the change events it obeys at once
//! (`apply_events`) and the flush that settles its counts and reads balances back (`flush`,
//! its steps in `flush.rs`).

use super::Registry;
use crate::flush::{apply_balances, end_pieces, take_counts};
use crate::lease::lock;
use crate::store;
use persistence::DbError;
use persistence::gateway_events::{Event, Reason};
use std::sync::Arc;
use std::time::Instant;

impl Registry {
    /// Obeys change events at once: a disabled customer's connections are cut and new ones
    /// refused, an enabled one is no longer refused, an ended piece's connections are cut.
    /// (The flush that follows reads the rest from the database.)
    pub(crate) fn apply_events(&self, events: &[Event]) {
        let mut live = lock(&self.live);
        let at = Instant::now();
        for event in events {
            match (event.reason, event.user_id, event.piece_id) {
                (Some(Reason::UserDisabled), Some(user), _) => {
                    live.disabled.insert(user, at);
                    for (key, entry) in &live.meters {
                        if key.user_id == user {
                            entry.meter.apply_balance(0, false);
                        }
                    }
                    for slot in live.pieces.values_mut() {
                        if slot.owner == user {
                            slot.end();
                        }
                    }
                }
                (Some(Reason::UserEnabled), Some(user), _) => {
                    live.disabled.remove(&user);
                }
                (Some(Reason::PieceEnded), _, Some(piece)) => {
                    if let Some(slot) = live.pieces.get_mut(&piece) {
                        slot.end();
                    }
                }
                (Some(Reason::PieceCut), _, Some(piece)) => {
                    if let Some(slot) = live.pieces.get_mut(&piece) {
                        slot.cut();
                    }
                }
                _ => {}
            }
        }
    }

    /// Settles every pending count in the database (one transaction, today's UTC bucket):
    /// traffic kinds out of this node's leases into the balance and the day, piece kinds into
    /// the day only; gives back the leases of idle meters (all of them when `last`: the node
    /// stops), renews the others and settles other nodes' expired leases; likewise gives back
    /// the connection slots no connection uses (`Slots::take_surplus`), renews the rest and
    /// deletes other nodes' expired slot leases. Then tells the meters
    /// what their balances hold (purchases made meanwhile, expiry), ends the pieces that
    /// expired, went back to stock or whose owner was disabled, cuts the traffic connections of
    /// disabled owners (and refuses them here for a while, whatever a cache says), and forgets
    /// meters and pieces no longer in use.
    pub(crate) async fn flush(&self, last: bool) -> Result<(), DbError> {
        let _sync = self.db_sync.lock().await;
        self.rates.forget_before(persistence::now());
        // Taken before the counts: a record's connection has ended, so its bytes are in these
        // counts or earlier ones, and a record is never settled after its bytes.
        let records = Arc::new(self.records.take());
        let (batch, slots) = {
            let mut live = lock(&self.live);
            // On the clock alone, so that pieces end even while the database is unreachable.
            live.end_expired(persistence::now());
            (take_counts(&live, last), live.slots.take_surplus(last))
        };
        let counts = batch.counts();
        let moved: Vec<_> = counts.iter().map(|c| (c.key.kind, c.moved)).collect();
        let started = std::time::Instant::now();
        let written = store::write(
            &self.node,
            counts,
            slots.clone(),
            batch.asked.clone(),
            records.clone(),
        )
        .await;
        metrics::histogram!("proxyshop_gateway_flush_seconds").record(started.elapsed());
        let fresh = match written {
            Ok(fresh) => fresh,
            Err(err) => {
                metrics::counter!("proxyshop_gateway_flush_failures_total").increment(1);
                batch.give_back();
                lock(&self.live).slots.restore(&slots);
                self.records
                    .give_back(Arc::try_unwrap(records).unwrap_or_else(|shared| (*shared).clone()));
                return Err(err);
            }
        };
        metrics::counter!("proxyshop_gateway_records_written_total")
            .increment(records.len() as u64);
        for (kind, bytes) in moved {
            metrics::counter!("proxyshop_gateway_bytes_total", "kind" => kind.to_string())
                .increment(u64::try_from(bytes).unwrap_or(0));
        }
        if fresh.expired_settled > 0 {
            tracing::info!(
                bytes = fresh.expired_settled,
                "settled the expired leases of a stopped gateway node as used"
            );
        }
        let mut live = lock(&self.live);
        apply_balances(&mut live, &fresh);
        live.slots.flushed(&fresh.slots_lost);
        metrics::gauge!("proxyshop_gateway_slots_held").set(live.slots.held() as f64);
        end_pieces(&mut live, &batch.asked.pieces, &fresh);
        live.end_expired(persistence::now());
        live.forget_unused();
        let held: i64 = live.meters.values().map(|e| e.meter.held()).sum();
        metrics::gauge!("proxyshop_gateway_lease_bytes").set(held as f64);
        // `time() - this` is the flush lag an alert watches.
        metrics::gauge!("proxyshop_gateway_last_flush_timestamp_seconds")
            .set(persistence::now() as f64);
        Ok(())
    }
}
