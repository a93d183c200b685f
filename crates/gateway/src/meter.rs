//! The counters of one (customer, kind) and the budget every relay step takes from before it
//! moves data. A step reserves at most what the customer has left (shared by all their live
//! connections on this gateway), moves no more than it reserved, counts what it moved and
//! gives the rest back: so the bytes moved never pass the limit, however many connections
//! run at once. One compare-and-swap per step, never a lock.

use domain::{ProxyKind, UserId};
use std::io;
use std::sync::atomic::{AtomicI64, Ordering::SeqCst};
use std::time::Duration;
use tokio::sync::watch;

/// How long a step waits before asking again when everything left is reserved by other
/// connections' steps under way (what they do not move comes back at once).
const RESERVE_RETRY: Duration = Duration::from_millis(2);

pub(crate) fn quota_error() -> io::Error {
    io::Error::other("traffic exhausted")
}

/// The counters of one (user, kind), shared by all its live connections.
#[derive(Debug)]
pub(crate) struct Meter {
    pub(crate) user_id: UserId,
    pub(crate) kind: ProxyKind,
    /// False for pieces: counted into daily usage only, never cut for traffic.
    pub(crate) limited: bool,
    /// Bytes moved and not yet written to the database.
    pending: AtomicI64,
    /// purchased − used as the database said at the last read, less what was flushed since.
    limit: AtomicI64,
    /// limit − pending − bytes reserved by steps under way: what the next step may take.
    available: AtomicI64,
    /// True once nothing remains: live connections of this meter watch it and close.
    exhausted: watch::Sender<bool>,
}

impl Meter {
    pub(crate) fn new(user_id: UserId, kind: ProxyKind, limit: i64) -> Meter {
        Meter {
            user_id,
            kind,
            limited: true,
            pending: AtomicI64::new(0),
            limit: AtomicI64::new(limit),
            available: AtomicI64::new(limit),
            exhausted: watch::Sender::new(limit <= 0),
        }
    }

    /// The meter of a kind sold by the piece: counts, never runs out.
    pub(crate) fn unlimited(user_id: UserId, kind: ProxyKind) -> Meter {
        Meter {
            limited: false,
            ..Meter::new(user_id, kind, i64::MAX)
        }
    }

    /// Bytes this customer may still move in this kind (reservations under way included).
    pub(crate) fn remaining(&self) -> i64 {
        self.limit.load(SeqCst) - self.pending.load(SeqCst)
    }

    /// Bytes counted and not yet written to the database.
    pub(crate) fn pending(&self) -> i64 {
        self.pending.load(SeqCst)
    }

    pub(crate) fn mark_exhausted(&self) {
        self.exhausted.send_replace(true);
    }

    pub(crate) fn exhausted(&self) -> watch::Receiver<bool> {
        self.exhausted.subscribe()
    }

    /// Counts `n` bytes moved; signals the cut-off when nothing remains.
    fn count(&self, n: usize) {
        let n = n as i64;
        let pending = self.pending.fetch_add(n, SeqCst) + n;
        if self.limited && self.limit.load(SeqCst) - pending <= 0 {
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

    /// A new limit from the database (purchases, use elsewhere); 0 cuts the meter's
    /// connections.
    pub(crate) fn set_limit(&self, limit: i64) {
        let old = self.limit.swap(limit, SeqCst);
        self.available.fetch_add(limit - old, SeqCst);
        let now_exhausted = self.remaining() <= 0;
        self.exhausted
            .send_if_modified(|v| std::mem::replace(v, now_exhausted) != now_exhausted);
    }

    fn try_reserve(&self, want: i64) -> Option<i64> {
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
                Ok(_) => return Some(take),
                Err(now) => available = now,
            }
        }
    }

    /// Reserves up to `want` bytes for the next step (at least one); an error when nothing
    /// remains (the cut-off is signalled).
    pub(crate) async fn reserve(&self, want: usize) -> io::Result<Reservation<'_>> {
        if !self.limited {
            return Ok(Reservation {
                meter: self,
                left: want,
            });
        }
        let want = i64::try_from(want).unwrap_or(i64::MAX);
        loop {
            if let Some(take) = self.try_reserve(want) {
                return Ok(Reservation {
                    meter: self,
                    left: take as usize,
                });
            }
            if self.remaining() <= 0 {
                self.mark_exhausted();
                return Err(quota_error());
            }
            tokio::time::sleep(RESERVE_RETRY).await;
        }
    }
}

/// Bytes one step may move; what it does not use goes back to the budget when dropped.
#[derive(Debug)]
pub(crate) struct Reservation<'a> {
    meter: &'a Meter,
    left: usize,
}

impl Reservation<'_> {
    /// Bytes still reserved.
    pub(crate) fn len(&self) -> usize {
        self.left
    }

    /// Counts `n` moved bytes (at most `len`) against the reservation.
    pub(crate) fn used(&mut self, n: usize) {
        let n = n.min(self.left);
        self.left -= n;
        self.meter.count(n);
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
mod tests {
    use super::*;

    #[tokio::test]
    async fn reservations_never_pass_the_limit_and_come_back_unused() {
        let meter = Meter::new(domain::UserId::new(1), ProxyKind::Premium, 1000);
        let mut a = meter.reserve(600).await.unwrap();
        let mut b = meter.reserve(600).await.unwrap();
        assert_eq!(
            (a.len(), b.len()),
            (600, 400),
            "the second gets what is left"
        );
        a.used(100);
        a.shrink(0);
        b.used(400);
        drop((a, b));
        assert_eq!(meter.remaining(), 500);
        assert_eq!(meter.reserve(10_000).await.unwrap().len(), 500);
        // A flush does not change the budget; a lower limit from the database does.
        assert_eq!(meter.take_pending(), 500);
        assert_eq!(meter.reserve(10_000).await.unwrap().len(), 500);
        meter.set_limit(300);
        assert_eq!(meter.reserve(10_000).await.unwrap().len(), 300);
        let mut all = meter.reserve(300).await.unwrap();
        all.used(300);
        assert!(*meter.exhausted().borrow());
        assert!(meter.reserve(1).await.is_err());
    }
}
