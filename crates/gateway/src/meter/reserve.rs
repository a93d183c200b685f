//! A step's reservation on a meter: taken before the step moves a byte, topped up from the
//! database lease when it runs low (in the background, before it is empty), and what the step
//! does not use given back.

use super::source::TopUp;
use super::{Meter, quota_error};
use crate::pace::Pace;
use persistence::DbError;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed, Ordering::SeqCst};
use std::time::Duration;

/// How long a step waits before asking again when everything left is reserved by other
/// connections' steps under way (what they do not move comes back at once).
const RESERVE_RETRY: Duration = Duration::from_millis(2);

/// The least a top-up asks the database for: an eighth of a lease. When steps under way hold
/// (reserved) nearly all of the lease, a top-up waits for them rather than take back, one
/// database trip per step, the few bytes each step moved.
fn min_grant(size: i64) -> i64 {
    size / 8
}

impl Meter {
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
                pace: None,
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
                    pace: None,
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
    /// The customer's pace on this node (a plan's bandwidth), which paid for the reservation:
    /// what it does not move goes back to it.
    pace: Option<&'a Pace>,
}

impl<'a> Reservation<'a> {
    /// Gives what this reservation does not move back to `pace` too.
    pub(crate) fn pacing(mut self, pace: &'a Pace) -> Reservation<'a> {
        self.pace = Some(pace);
        self
    }

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
        if let Some(pace) = self.pace {
            pace.refund(n);
        }
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        self.give_back(self.left);
    }
}
