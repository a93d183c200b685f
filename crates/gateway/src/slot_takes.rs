//! Leasing more connection slots when a connection finds its customer's block in use
//! (`slots.rs` holds the blocks): one take at a time per key on this node, then the attempt
//! again, a few times before the connection is refused.

use crate::lease::{Live, lock};
use crate::open_error::OpenError;
use crate::store::{self, Node};
use crate::turns::Turns;
use persistence::gateway_slots::SlotKey;
use std::sync::Mutex;
use std::time::Instant;

/// How many times a connection leases slots before it is refused: each take grants at least
/// one (or the connection is refused), but other connections may use them first. A connection
/// under two caps (the customer's and their plan's) may need a take of each.
const SLOT_TAKES: usize = 6;

/// A cap across the fleet a connection needs a slot of: its slots' key and the cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FleetCap {
    pub(crate) key: SlotKey,
    pub(crate) cap: usize,
}

/// One slot take at a time per key on this node (`Turns`): a block the node did not need is
/// one the other nodes lack until its next flush.
#[derive(Debug, Default)]
pub(crate) struct SlotTakes {
    turns: Turns<SlotKey>,
}

impl SlotTakes {
    /// Runs `attempt` (which takes a connection slot of each of `caps` under `live`'s lock)
    /// until it no longer lacks a slot: each time it lacks one of a key, leases more of that
    /// key (at least one; its cap across the fleet) from the database, or refuses the
    /// connection once the fleet holds the cap.
    pub(crate) async fn with_slot<T>(
        &self,
        live: &Mutex<Live>,
        node: &Node,
        caps: &[FleetCap],
        attempt: impl Fn() -> Result<T, OpenError>,
    ) -> Result<T, OpenError> {
        for _ in 0..SLOT_TAKES {
            let (fleet, cap) = match attempt() {
                Err(OpenError::NoSlot(key)) => match caps.iter().find(|c| c.key == key) {
                    Some(c) => (c.key, c.cap),
                    None => return Err(OpenError::TooMany),
                },
                done => return done,
            };
            let (done, took) = self
                .turns
                .take(fleet, async || {
                    // The take before this one (another connection's) may have left a slot
                    // free. Lacking a slot of another key now (the customer's found, the
                    // plan's not), the next round takes that one.
                    let done = match attempt() {
                        Err(OpenError::NoSlot(key)) if key == fleet => None,
                        Err(OpenError::NoSlot(_)) => Some(None),
                        done => Some(Some(done)),
                    };
                    if done.is_some() {
                        return (done, Ok(()));
                    }
                    let need = lock(live).slots.needed(fleet);
                    let took = store::take_slots(node, fleet, cap, need)
                        .await
                        .map(|granted| {
                            // recorded before the turn passes on, so the next one sees it
                            lock(live).slots.granted(fleet, granted, Instant::now());
                        });
                    (None, took)
                })
                .await;
            if let Some(Some(done)) = done {
                return done;
            }
            took?;
        }
        match attempt() {
            Err(OpenError::NoSlot(key)) if key.is_plan() => Err(OpenError::PlanCap),
            Err(OpenError::NoSlot(_)) => Err(OpenError::TooMany),
            done => done,
        }
    }
}
