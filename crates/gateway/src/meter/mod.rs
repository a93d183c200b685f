//! The counters of one (customer, kind) and the budget every relay step takes from before it
//! moves data. The budget is the traffic this node holds in a lease from the database
//! (`Source`, the database leases of `registry/mod.rs`): a step reserves at most what is left of
//! the lease (shared by all the customer's live connections on this node), moves no more than
//! it reserved, counts what it moved and gives the rest back. So this node never moves a byte
//! it has not leased, however many connections run at once. The hot path is one
//! compare-and-swap per step; the database is asked only when the lease runs low (in the
//! background, before it is empty) or out.
//!
//! `reserve.rs` holds the step's reservation and the top-ups, `source.rs` the lease source.

use domain::{ProxyKind, UserId};
use persistence::gateway_leases::LeaseKey;
use source::Source;
use std::fmt;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering::SeqCst};
use std::sync::{Arc, Weak};
use tokio::sync::watch;

pub(crate) fn quota_error() -> io::Error {
    io::Error::other("traffic exhausted")
}

/// The counters of one (user, kind) and credential (the main one or a sub-user), shared by all
/// its live connections.
pub(crate) struct Meter {
    pub(crate) user_id: UserId,
    pub(crate) kind: ProxyKind,
    /// The sub-user whose meter this is (its own cap applies too); None: the main credential.
    pub(crate) subuser: Option<i64>,
    /// False for pieces: counted into daily usage only, never cut for traffic.
    pub(crate) limited: bool,
    /// Bytes moved and not yet written to the database.
    pending: AtomicI64,
    /// Bytes of the lease not yet settled (moved and pending, reserved or available): the
    /// node's lease row in the database holds at least this much.
    limit: AtomicI64,
    /// limit − pending − bytes reserved by steps under way: what the next step may take.
    available: AtomicI64,
    /// True once nothing remains: live connections of this meter watch it and close.
    exhausted: watch::Sender<bool>,
    /// The database leases; None: a fixed budget (`new`), or unlimited.
    source: Option<Arc<dyn Source>>,
    /// The lease size the database gave at the last top-up.
    lease_size: AtomicI64,
    /// The last top-up found nothing left; cleared when a flush sees traffic again.
    dry: AtomicBool,
    /// The last top-up found nothing left because the sub-user's own cap is spent (the
    /// balance had traffic): read only while `dry`.
    capped: AtomicBool,
    /// Set by a flush that found the balance over-committed: the next flush gives back what
    /// is not reserved.
    surrender: AtomicBool,
    /// One top-up at a time; the others wait for its outcome.
    refill: tokio::sync::Mutex<()>,
    /// A background top-up is under way.
    prefetching: AtomicBool,
    me: Weak<Meter>,
}

impl fmt::Debug for Meter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Meter")
            .field("user_id", &self.user_id)
            .field("kind", &self.kind)
            .field("subuser", &self.subuser)
            .field("limit", &self.limit)
            .field("pending", &self.pending)
            .field("available", &self.available)
            .finish_non_exhaustive()
    }
}

impl Meter {
    fn build(key: LeaseKey, limit: i64, source: Option<Arc<dyn Source>>, me: Weak<Meter>) -> Meter {
        Meter {
            user_id: key.user_id,
            kind: key.kind,
            subuser: key.subuser,
            limited: true,
            pending: AtomicI64::new(0),
            limit: AtomicI64::new(limit),
            available: AtomicI64::new(limit),
            exhausted: watch::Sender::new(false),
            dry: AtomicBool::new(source.is_none()),
            capped: AtomicBool::new(false),
            source,
            lease_size: AtomicI64::new(0),
            surrender: AtomicBool::new(false),
            refill: tokio::sync::Mutex::new(()),
            prefetching: AtomicBool::new(false),
            me,
        }
    }

    /// A meter with a fixed budget of `limit` bytes (the relays' own tests).
    #[cfg(test)]
    pub(crate) fn new(user_id: UserId, kind: ProxyKind, limit: i64) -> Meter {
        let meter = Meter::build(LeaseKey::main(user_id, kind), limit, None, Weak::new());
        meter.exhausted.send_replace(limit <= 0);
        meter
    }

    /// A meter that leases its traffic from `source`, holding nothing yet.
    pub(crate) fn leased(key: LeaseKey, source: Arc<dyn Source>) -> Arc<Meter> {
        Arc::new_cyclic(|me| Meter::build(key, 0, Some(source), me.clone()))
    }

    /// The lease this meter takes its traffic from.
    pub(crate) fn key(&self) -> LeaseKey {
        LeaseKey {
            user_id: self.user_id,
            kind: self.kind,
            subuser: self.subuser,
        }
    }

    /// The meter of a kind sold by the piece: counts, never runs out.
    pub(crate) fn unlimited(user_id: UserId, kind: ProxyKind) -> Meter {
        Meter {
            limited: false,
            ..Meter::build(LeaseKey::main(user_id, kind), i64::MAX, None, Weak::new())
        }
    }

    /// Leased bytes this node has not moved yet (reservations under way included).
    pub(crate) fn remaining(&self) -> i64 {
        self.limit.load(SeqCst) - self.pending.load(SeqCst)
    }

    /// Bytes counted and not yet written to the database.
    pub(crate) fn pending(&self) -> i64 {
        self.pending.load(SeqCst)
    }

    /// Bytes of the lease not yet settled (0 for an unlimited meter).
    pub(crate) fn held(&self) -> i64 {
        if self.limited {
            self.limit.load(SeqCst)
        } else {
            0
        }
    }

    /// The last top-up found nothing left.
    pub(crate) fn is_dry(&self) -> bool {
        self.dry.load(SeqCst)
    }

    /// Dry because the sub-user's own cap is spent, not the customer's balance.
    pub(crate) fn is_capped(&self) -> bool {
        self.is_dry() && self.capped.load(SeqCst)
    }

    pub(crate) fn mark_exhausted(&self) {
        self.exhausted.send_replace(true);
    }

    pub(crate) fn exhausted(&self) -> watch::Receiver<bool> {
        self.exhausted.subscribe()
    }

    /// Counts `n` bytes moved; signals the cut-off when nothing remains here nor to lease (nor
    /// to be handed by another credential's lease here).
    fn count(&self, n: usize) {
        let n = n as i64;
        let pending = self.pending.fetch_add(n, SeqCst) + n;
        if self.limited
            && self.limit.load(SeqCst) - pending <= 0
            && self.is_dry()
            && !self.source.as_ref().is_some_and(|s| s.spare(self.key()))
        {
            self.mark_exhausted();
        }
    }

    /// Takes what is pending for a flush: the limit drops by the same amount, so what remains
    /// (and the budget) does not change.
    pub(crate) fn take_pending(&self) -> i64 {
        let n = self.pending.load(SeqCst);
        if n > 0 {
            // Pending first, then the limit: in between the meter over- rather than
            // under-states what remains, so no connection is cut by mistake.
            self.pending.fetch_sub(n, SeqCst);
            if self.limited {
                self.limit.fetch_sub(n, SeqCst);
            }
        }
        n
    }

    /// Gives back what `take_pending` took when the flush could not write it.
    pub(crate) fn restore_pending(&self, n: i64) {
        if self.limited {
            self.limit.fetch_add(n, SeqCst);
        }
        self.pending.fetch_add(n, SeqCst);
    }

    /// Takes every byte of the lease no step has reserved, to give it back to the database
    /// (`all`: the meter is idle or the node stops; else only when a flush asked for it).
    pub(crate) fn take_unreserved(&self, all: bool) -> i64 {
        if !self.limited || self.source.is_none() {
            return 0;
        }
        if !self.surrender.swap(false, SeqCst) && !all {
            return 0;
        }
        let n = self.available.swap(0, SeqCst);
        if n <= 0 {
            self.available.fetch_add(n, SeqCst);
            return 0;
        }
        self.limit.fetch_sub(n, SeqCst);
        n
    }

    /// Takes half of the bytes of the lease no step has reserved (the last byte too), for a
    /// meter of the same balance on this node that found nothing left to lease
    /// (`registry/mod.rs`, `DbLeases`). Given back with `restore_unreserved` if that fails.
    pub(crate) fn take_share(&self) -> i64 {
        if !self.limited || self.source.is_none() {
            return 0;
        }
        let mut available = self.available.load(SeqCst);
        loop {
            if available <= 0 {
                return 0;
            }
            let n = (available + 1) / 2;
            match self
                .available
                .compare_exchange_weak(available, available - n, SeqCst, SeqCst)
            {
                Ok(_) => {
                    self.limit.fetch_sub(n, SeqCst);
                    return n;
                }
                Err(now) => available = now,
            }
        }
    }

    /// Bytes of the lease no step has reserved.
    pub(crate) fn unreserved(&self) -> i64 {
        if self.limited && self.source.is_some() {
            self.available.load(SeqCst).max(0)
        } else {
            0
        }
    }

    /// Gives back what `take_unreserved` took when the flush could not write it.
    pub(crate) fn restore_unreserved(&self, n: i64) {
        if n > 0 {
            self.limit.fetch_add(n, SeqCst);
            self.available.fetch_add(n, SeqCst);
        }
    }

    /// The database no longer holds this node's lease (it expired and was settled as used):
    /// drop what is left of it here too.
    pub(crate) fn lose_lease(&self) {
        let n = self.available.swap(0, SeqCst).max(0);
        self.limit.fetch_sub(n, SeqCst);
    }

    /// What a flush learnt about the balance: `left` bytes nobody holds, and whether the
    /// customer may still use it (not disabled, not expired). An unusable balance cuts the
    /// meter's connections and gives its lease back at the next flush; an over-committed one
    /// (`left` < 0: traffic taken away meanwhile) gives back the bytes no step reserved.
    pub(crate) fn apply_balance(&self, left: i64, usable: bool) {
        if !self.limited || self.source.is_none() {
            return;
        }
        if !usable {
            self.dry.store(true, SeqCst);
            self.surrender.store(true, SeqCst);
            self.mark_exhausted();
            return;
        }
        if left < 0 {
            self.surrender.store(true, SeqCst);
        }
        if left > 0 {
            self.dry.store(false, SeqCst);
        }
        // Traffic here or to lease again (bought meanwhile, or a customer enabled again).
        if left > 0 || self.remaining() > 0 {
            self.exhausted
                .send_if_modified(|v| std::mem::replace(v, false));
        }
    }
}

pub(crate) mod reserve;
pub(crate) mod source;

#[cfg(test)]
mod tests;
