//! Leasing more connection slots when a connection finds its customer's block in use
//! (`slots.rs` holds the blocks): one take at a time per key on this node, then the attempt
//! again, a few times before the connection is refused.

use crate::lease::{Live, lock};
use crate::open_error::OpenError;
use crate::store::{self, Node};
use persistence::gateway_slots::SlotKey;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// How many times a connection leases slots before it is refused: each take grants at least
/// one (or the connection is refused), but other connections may use them first.
const SLOT_TAKES: usize = 4;

/// One slot take at a time per key on this node: connections that arrive together would each
/// lease a block for the one slot they need, and the node would hold several blocks the other
/// nodes then lack until its next flush.
#[derive(Debug, Default)]
pub(crate) struct SlotTakes {
    turns: Mutex<HashMap<SlotKey, Arc<tokio::sync::Mutex<()>>>>,
}

impl SlotTakes {
    fn turns(&self) -> MutexGuard<'_, HashMap<SlotKey, Arc<tokio::sync::Mutex<()>>>> {
        self.turns.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `attempt` (which takes a connection slot under `live`'s lock) until it no longer
    /// lacks a slot of `fleet`: each time it does, leases more (at least one; `cap` across the
    /// fleet) from the database, or refuses the connection once the fleet holds the cap.
    pub(crate) async fn with_slot<T>(
        &self,
        live: &Mutex<Live>,
        node: &Node,
        fleet: SlotKey,
        cap: usize,
        attempt: impl Fn() -> Result<T, OpenError>,
    ) -> Result<T, OpenError> {
        for _ in 0..SLOT_TAKES {
            match attempt() {
                Err(OpenError::NoSlot) => {}
                done => return done,
            }
            let turn = Arc::clone(self.turns().entry(fleet).or_default());
            let held = turn.lock().await;
            // The take before this one (another connection's) may have left a slot free.
            let done = match attempt() {
                Err(OpenError::NoSlot) => None,
                done => Some(done),
            };
            let took = match done {
                Some(_) => Ok(()),
                None => {
                    let need = lock(live).slots.needed(fleet);
                    store::take_slots(node, fleet, cap, need)
                        .await
                        .map(|granted| {
                            // recorded before the turn passes on, so the next one sees it
                            lock(live).slots.granted(fleet, granted, Instant::now());
                        })
                }
            };
            drop(held);
            {
                let mut takes = self.turns();
                // the last one holding this key's turn drops it
                if Arc::strong_count(&turn) == 2 {
                    takes.remove(&fleet);
                }
            }
            if let Some(done) = done {
                return done;
            }
            took?;
        }
        match attempt() {
            Err(OpenError::NoSlot) => Err(OpenError::TooMany),
            done => done,
        }
    }
}
