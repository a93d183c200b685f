//! The counters of one (customer, kind) and the budget every relay step takes from before it
//! moves data. The budget is the traffic this node holds in a lease from the database
//! (`Source`, the database leases of `registry.rs`): a step reserves at most what is left of
//! the lease (shared by all the customer's live connections on this node), moves no more than
//! it reserved, counts what it moved and gives the rest back. So this node never moves a byte
//! it has not leased, however many connections run at once. The hot path is one
//! compare-and-swap per step; the database is asked only when the lease runs low (in the
//! background, before it is empty) or out.

use domain::{ProxyKind, UserId};
use persistence::DbError;
use persistence::gateway_leases::LeaseKey;
use std::fmt;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::Relaxed, Ordering::SeqCst};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::watch;

/// How long a step waits before asking again when everything left is reserved by other
/// connections' steps under way (what they do not move comes back at once).
const RESERVE_RETRY: Duration = Duration::from_millis(2);

pub(crate) fn quota_error() -> io::Error {
    io::Error::other("traffic exhausted")
}

/// The least a top-up asks the database for: an eighth of a lease. When steps under way hold
/// (reserved) nearly all of the lease, a top-up waits for them rather than take back, one
/// database trip per step, the few bytes each step moved.
fn min_grant(size: i64) -> i64 {
    size / 8
}

/// What a lease top-up got from the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Grant {
    /// Bytes added to this node's lease.
    pub(crate) granted: i64,
    /// The lease size of this balance: a top-up brings the unmoved bytes held back to it.
    pub(crate) size: i64,
    /// Nothing granted because a sub-user's own cap is spent while the balance has traffic.
    pub(crate) capped: bool,
}

pub(crate) type GrantFuture = Pin<Box<dyn Future<Output = Result<Grant, DbError>> + Send>>;

/// Where a meter's traffic comes from: leases taken out of the customer's balance (and a
/// sub-user's cap).
pub(crate) trait Source: Send + Sync + fmt::Debug {
    /// Adds to this node's lease `key`, of which it holds `held` unmoved bytes; `empty`: none
    /// of them is left to reserve (then other leases on the balance may hand some over).
    fn take(&self, key: LeaseKey, held: i64, empty: bool) -> GrantFuture;

    /// Whether other leases of this node on the balance of `key` hold bytes they could hand
    /// over (asked, without the database, by a meter that found nothing left to lease).
    fn spare(&self, _key: LeaseKey) -> bool {
        false
    }
}

/// The outcome of a top-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TopUp {
    /// Bytes are available now.
    Available,
    /// The lease is full, all of it reserved by steps under way: wait for them.
    Full,
    /// The database has nothing more for this customer.
    Dry,
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
    /// (`registry.rs`, `DbLeases`). Given back with `restore_unreserved` if that fails.
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

    fn try_reserve(&self, want: i64) -> Option<(i64, i64)> {
        let mut available = self.available.load(SeqCst);
        loop {
            if available <= 0 {
                return None;
            }
            let take = want.min(available);
            match self
                .available
                .compare_exchange_weak(available, available - take, SeqCst, SeqCst)
            {
                Ok(_) => return Some((take, available - take)),
                Err(now) => available = now,
            }
        }
    }

    /// Tops the lease up from the database to one lease of unmoved bytes (one top-up at a
    /// time: a caller that waited finds the others' bytes).
    pub(crate) async fn top_up(&self) -> Result<TopUp, DbError> {
        let _one = self.refill.lock().await;
        let available = self.available.load(SeqCst);
        // A dry meter asks again only once it is empty and another lease on the balance here
        // can hand bytes over.
        let Some(source) = self
            .source
            .as_ref()
            .filter(|source| !self.is_dry() || (available <= 0 && source.spare(self.key())))
        else {
            // A fixed budget, or nothing left: until a flush sees traffic again, the database
            // is not asked.
            return Ok(if available > 0 {
                TopUp::Available
            } else {
                TopUp::Dry
            });
        };
        let size = self.lease_size.load(SeqCst);
        let held = self.remaining();
        if size > 0 && available > size / 2 {
            return Ok(TopUp::Available);
        }
        if size > 0 && held > size - min_grant(size) {
            return Ok(if available > 0 {
                TopUp::Available
            } else {
                TopUp::Full
            });
        }
        let grant = source.take(self.key(), held, available <= 0).await?;
        self.lease_size.store(grant.size, SeqCst);
        if grant.granted > 0 {
            self.limit.fetch_add(grant.granted, SeqCst);
            self.available.fetch_add(grant.granted, SeqCst);
            return Ok(TopUp::Available);
        }
        if grant.size > held {
            // Less than a lease's worth was left and none now.
            self.capped.store(grant.capped, SeqCst);
            self.dry.store(true, SeqCst);
        }
        Ok(match self.available.load(SeqCst) {
            n if n > 0 => TopUp::Available,
            _ if self.is_dry() => TopUp::Dry,
            _ => TopUp::Full,
        })
    }

    /// Tops up in the background once less than half a lease is left, so that steps rarely
    /// wait for the database.
    fn prefetch(&self, available_after: i64) {
        if self.source.is_none() || self.is_dry() {
            return;
        }
        let size = self.lease_size.load(SeqCst);
        if available_after >= size / 2
            || self.remaining() > size - min_grant(size)
            || self.prefetching.swap(true, SeqCst)
        {
            return;
        }
        let Some(me) = self.me.upgrade() else {
            self.prefetching.store(false, SeqCst);
            return;
        };
        tokio::spawn(async move {
            if let Err(e) = me.top_up().await {
                tracing::warn!(error = %e, "gateway lease top-up failed");
            }
            me.prefetching.store(false, SeqCst);
        });
    }

    /// Reserves up to `want` bytes for the next step (at least one); an error when nothing
    /// remains (the cut-off is signalled) or no lease can be had from the database.
    pub(crate) async fn reserve(&self, want: usize) -> io::Result<Reservation<'_>> {
        if !self.limited {
            return Ok(Reservation {
                meter: self,
                left: want,
                tally: None,
            });
        }
        let want = i64::try_from(want).unwrap_or(i64::MAX);
        loop {
            if let Some((take, after)) = self.try_reserve(want) {
                self.prefetch(after);
                return Ok(Reservation {
                    meter: self,
                    left: take as usize,
                    tally: None,
                });
            }
            match self.top_up().await.map_err(io::Error::other)? {
                TopUp::Available => continue,
                TopUp::Dry if self.remaining() <= 0 => {
                    self.mark_exhausted();
                    return Err(quota_error());
                }
                TopUp::Dry | TopUp::Full => tokio::time::sleep(RESERVE_RETRY).await,
            }
        }
    }
}

/// Bytes one step may move; what it does not use goes back to the budget when dropped.
#[derive(Debug)]
pub(crate) struct Reservation<'a> {
    meter: &'a Meter,
    left: usize,
    /// The connection's own count of this direction (its usage record), counted with the
    /// meter's: a plain counter nobody else writes.
    tally: Option<&'a AtomicU64>,
}

impl<'a> Reservation<'a> {
    /// Also counts what this reservation moves into `tally`.
    pub(crate) fn counting(mut self, tally: &'a AtomicU64) -> Reservation<'a> {
        self.tally = Some(tally);
        self
    }

    /// Bytes still reserved.
    pub(crate) fn len(&self) -> usize {
        self.left
    }

    /// Counts `n` moved bytes (at most `len`) against the reservation.
    pub(crate) fn used(&mut self, n: usize) {
        let n = n.min(self.left);
        self.left -= n;
        self.meter.count(n);
        if let Some(tally) = self.tally {
            tally.fetch_add(n as u64, Relaxed);
        }
    }

    /// Gives back all but `keep` bytes.
    pub(crate) fn shrink(&mut self, keep: usize) {
        if keep < self.left {
            self.give_back(self.left - keep);
            self.left = keep;
        }
    }

    fn give_back(&self, n: usize) {
        if self.meter.limited && n > 0 {
            self.meter.available.fetch_add(n as i64, SeqCst);
        }
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        self.give_back(self.left);
    }
}

#[cfg(test)]
#[path = "meter_tests.rs"]
mod tests;
