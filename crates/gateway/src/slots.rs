//! The connection slots this node holds, leased from the database per (limit, customer)
//! (`persistence::gateway_slots`), so that a cap on a customer's live connections holds across
//! the fleet. A connection takes a free slot of its customer's block here, in memory; only when
//! the block is all in use does the registry lease more (`store::take_slots`, one transaction
//! for a block). A slot is free again the moment its connection ends and is reused here; the
//! slots nobody uses go back at the next flush (all of them when the node stops), and a node
//! that stops renewing its rows loses them at their expiry.
//!
//! When the database says the fleet holds the whole cap, the block is marked full for
//! `FULL_RETRY` (or until the next flush): new connections beyond the block are refused
//! without asking again, so a customer at the cap cannot turn each refused attempt into a
//! database write.

use persistence::gateway_slots::{SlotKey, SlotReturn};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long a block the fleet had no slot for is refused without asking the database again.
pub(crate) const FULL_RETRY: Duration = Duration::from_secs(1);

/// How many slots a take asks for: an eighth of the cap shared by the expected nodes, at most
/// a quarter of the fleet's headroom per expected node (so that near the cap a node takes one
/// at a time and leaves the rest to the others), at least one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SlotRule {
    pub(crate) expected_nodes: u32,
}

impl SlotRule {
    /// Slots to take for a cap of `cap` with `headroom` left in the fleet, and at least
    /// `need` (the database grants at most the headroom).
    pub(crate) fn size(self, cap: i64, headroom: i64, need: i64) -> i64 {
        let nodes = i64::from(self.expected_nodes.max(1));
        (cap / (8 * nodes))
            .min(headroom / (4 * nodes))
            .max(need)
            .max(1)
    }
}

/// This node's slots of one key.
#[derive(Debug, Default)]
struct Block {
    /// Slots leased from the database.
    held: usize,
    /// Slots of live connections (more than `held` only after the lease was lost).
    used: usize,
    /// The fleet had no slot left at the last take: refused until then.
    full_until: Option<Instant>,
}

/// Whether a new connection of a key can have a slot here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Room {
    /// A free slot of the block.
    Free,
    /// All in use: lease more.
    Exhausted,
    /// All in use and the fleet had none left a moment ago: refuse.
    Full,
}

#[derive(Debug, Default)]
pub(crate) struct Slots {
    blocks: HashMap<SlotKey, Block>,
}

impl Slots {
    /// Whether a connection of `key` can have a slot at `now`.
    pub(crate) fn room(&self, key: SlotKey, now: Instant) -> Room {
        let Some(block) = self.blocks.get(&key) else {
            return Room::Exhausted;
        };
        if block.used < block.held {
            Room::Free
        } else if block.full_until.is_some_and(|until| now < until) {
            Room::Full
        } else {
            Room::Exhausted
        }
    }

    /// Counts a connection of `key` on a slot (the caller saw `Room::Free`).
    pub(crate) fn acquire(&mut self, key: SlotKey) {
        self.blocks.entry(key).or_default().used += 1;
    }

    /// The connection of `key` ended: its slot is free here.
    pub(crate) fn release(&mut self, key: SlotKey) {
        if let Some(block) = self.blocks.get_mut(&key) {
            block.used = block.used.saturating_sub(1);
        }
    }

    /// Slots `key` lacks for one more connection.
    pub(crate) fn needed(&self, key: SlotKey) -> usize {
        self.blocks
            .get(&key)
            .map_or(1, |b| (b.used + 1).saturating_sub(b.held))
    }

    /// The database granted `granted` slots of `key` at `now`; none: the fleet holds the cap,
    /// and the block is refused beyond what it holds until `now + FULL_RETRY`.
    pub(crate) fn granted(&mut self, key: SlotKey, granted: usize, now: Instant) {
        let block = self.blocks.entry(key).or_default();
        block.held += granted;
        block.full_until = (granted == 0).then(|| now + FULL_RETRY);
    }

    /// Takes out the slots to give back at a flush: every unused one (every one when `last`:
    /// the node stops), with a row for each block held, which the flush renews.
    pub(crate) fn take_surplus(&mut self, last: bool) -> Vec<SlotReturn> {
        self.blocks
            .iter_mut()
            .filter(|(_, b)| b.held > 0)
            .map(|(key, b)| {
                let returned = if last {
                    b.held
                } else {
                    b.held.saturating_sub(b.used)
                };
                b.held -= returned;
                SlotReturn {
                    key: *key,
                    returned: i64::try_from(returned).unwrap_or(i64::MAX),
                }
            })
            .collect()
    }

    /// Puts back what `take_surplus` took, the flush having failed.
    pub(crate) fn restore(&mut self, returns: &[SlotReturn]) {
        for r in returns {
            self.blocks.entry(r.key).or_default().held += usize::try_from(r.returned).unwrap_or(0);
        }
    }

    /// After a flush: the blocks whose row is `lost` (it expired) hold nothing any more; the
    /// full marks go (the flush is when other nodes' slots come back); blocks neither held nor
    /// used are forgotten.
    pub(crate) fn flushed(&mut self, lost: &[SlotKey]) {
        for key in lost {
            if let Some(block) = self.blocks.get_mut(key) {
                tracing::warn!(user = %key.user_id, limit = key.limit, "gateway slot lease expired while held; dropped");
                block.held = 0;
            }
        }
        self.blocks.retain(|_, b| {
            b.full_until = None;
            b.held > 0 || b.used > 0
        });
    }

    /// Slots held in all (the `proxyshop_gateway_slots_held` gauge).
    pub(crate) fn held(&self) -> usize {
        self.blocks.values().map(|b| b.held).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::UserId;

    fn key() -> SlotKey {
        SlotKey::customer(UserId::new(7))
    }

    /// Takes slots for `n` connections, leasing (as the registry does) `grant` more whenever
    /// the block is exhausted; returns how many leases it took.
    fn open(slots: &mut Slots, n: usize, grant: usize, now: Instant) -> usize {
        let mut takes = 0;
        for _ in 0..n {
            if slots.room(key(), now) == Room::Exhausted {
                slots.granted(key(), grant, now);
                takes += 1;
            }
            assert_eq!(slots.room(key(), now), Room::Free);
            slots.acquire(key());
        }
        takes
    }

    #[test]
    fn freed_slots_are_reused_without_leasing() {
        let (mut slots, now) = (Slots::default(), Instant::now());
        assert_eq!(slots.needed(key()), 1);
        assert_eq!(open(&mut slots, 8, 4, now), 2, "two blocks of four");
        assert_eq!(slots.room(key(), now), Room::Exhausted);
        // Connections end and others open, many times: no lease.
        for _ in 0..100 {
            slots.release(key());
            assert_eq!(open(&mut slots, 1, 4, now), 0);
        }
        assert_eq!(slots.held(), 8);
    }

    #[test]
    fn a_flush_gives_back_the_unused_slots_and_all_of_them_at_the_end() {
        let (mut slots, now) = (Slots::default(), Instant::now());
        open(&mut slots, 5, 8, now);
        slots.release(key());
        slots.release(key());
        let back = slots.take_surplus(false);
        assert_eq!(
            back,
            vec![SlotReturn {
                key: key(),
                returned: 5
            }]
        );
        assert_eq!(slots.room(key(), now), Room::Exhausted, "3 held, 3 used");
        // A failed flush puts them back.
        slots.restore(&back);
        assert_eq!(slots.held(), 8);
        let back = slots.take_surplus(false);
        slots.flushed(&[]);
        assert_eq!(back[0].returned, 5);
        // Held in full: renewed with nothing given back.
        assert_eq!(
            slots.take_surplus(false),
            vec![SlotReturn {
                key: key(),
                returned: 0
            }]
        );
        assert_eq!(
            slots.take_surplus(true),
            vec![SlotReturn {
                key: key(),
                returned: 3
            }]
        );
        for _ in 0..3 {
            slots.release(key());
        }
        slots.flushed(&[]);
        assert_eq!(slots.take_surplus(false), Vec::new(), "forgotten");
    }

    #[test]
    fn a_full_fleet_is_refused_for_a_while_but_freed_slots_serve_at_once() {
        let (mut slots, now) = (Slots::default(), Instant::now());
        open(&mut slots, 2, 2, now);
        slots.granted(key(), 0, now);
        assert_eq!(slots.room(key(), now), Room::Full);
        assert_eq!(slots.room(key(), now + FULL_RETRY), Room::Exhausted);
        slots.release(key());
        assert_eq!(slots.room(key(), now), Room::Free, "its own freed slot");
        slots.acquire(key());
        // A flush ends the mark; so does a grant.
        slots.flushed(&[]);
        assert_eq!(slots.room(key(), now), Room::Exhausted);
        slots.granted(key(), 0, now);
        slots.granted(key(), 1, now);
        assert_eq!(slots.room(key(), now), Room::Free);
    }

    #[test]
    fn a_lost_lease_is_taken_again_for_the_live_connections() {
        let (mut slots, now) = (Slots::default(), Instant::now());
        open(&mut slots, 3, 4, now);
        slots.take_surplus(false);
        slots.flushed(&[key()]);
        assert_eq!(slots.held(), 0);
        assert_eq!(
            slots.needed(key()),
            4,
            "the three live ones and the new one"
        );
        slots.granted(key(), 4, now);
        assert_eq!(slots.room(key(), now), Room::Free);
    }

    #[test]
    fn the_take_size_shrinks_near_the_cap() {
        let one = SlotRule { expected_nodes: 1 };
        let two = SlotRule { expected_nodes: 2 };
        assert_eq!(one.size(256, 256, 1), 32);
        assert_eq!(two.size(256, 256, 1), 16);
        assert_eq!(two.size(256, 40, 1), 5);
        assert_eq!(two.size(256, 3, 1), 1);
        assert_eq!(two.size(10, 10, 1), 1, "a small cap: one at a time");
        assert_eq!(one.size(32, 32, 1), 4, "a trial's");
        assert_eq!(one.size(256, 256, 40), 40, "at least what is needed");
    }
}
