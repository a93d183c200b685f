//! The gateway's share of the process's file descriptors, so that idle or hostile proxy
//! connections cannot take the last ones the API (and the database pools, the metrics page)
//! need. Every descriptor the gateway opens for a customer is counted here while it is open:
//! the accepted socket (one per connection, taken at accept), the socket to the destination
//! (one, taken before connecting) and a relay's pipe (two per direction while it carries data,
//! `splice.rs`). Past `GatewayConfig::max_descriptors` a new connection is closed at once, a
//! destination is not connected to (HTTP 503, SOCKS5 general failure) and a relay copies
//! through a buffer instead of a pipe. One atomic counter: nothing scans `/proc` per accept.
//!
//! Past the high-water mark (`high_water`: the budget less a tenth, kept for connections
//! still authenticating) the budget is shared fairly (`lease::Live::fair_share`): an
//! authenticated connection of a customer holding few is served by closing the most idle
//! connection of the customer holding the most, and one of the customer holding the most is
//! refused.
//!
//! The idle timeout shortens as the budget fills (`timed_out`): the configured one while the
//! gateway holds at most half its high-water mark, `GatewayConfig::idle_timeout_crowded` from
//! the mark on, and in between in proportion; so tunnels that move nothing give their
//! descriptors back soonest when they are needed. A tunnel closed because crowding shortened
//! its timeout counts its descriptors as given back from the moment it decides (`Leaving`), so
//! that tunnels timing out together close only as many as the budget needs, not all at once.
//! A tunnel one side has closed (a client that
//! sent FIN and waits for nothing more, a destination that ended its answer) keeps its slot
//! only for `GatewayConfig::half_closed_timeout` without traffic.
//!
//! Failures of `accept` itself (EMFILE, ENFILE: the process or the system is out of
//! descriptors anyway) and refusals are logged at most once per `LOG_EVERY`, with the number
//! of the ones not logged in between.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// A kind of repeated event is logged at most this often.
pub(crate) const LOG_EVERY: Duration = Duration::from_secs(60);
/// How long the accept loop pauses after `accept` failed, so that it does not spin.
pub(crate) const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// The descriptors the gateway holds, against its budget.
#[derive(Debug)]
pub(crate) struct Descriptors {
    budget: usize,
    /// Past this many held, the budget is shared fairly (see the module docs).
    high_water: usize,
    /// The idle timeout from the high-water mark on.
    crowded_idle: Duration,
    /// The idle timeout of a tunnel one side has closed (`Activity::half_closed`).
    half_closed_idle: Duration,
    held: Arc<Counter>,
    /// Relay pipes made so far (`splice.rs`; also the metric
    /// `proxyshop_gateway_splice_pipes_total`): short exchanges make none.
    pipes: AtomicU64,
}

/// Descriptors counted as held until this is dropped (with the sockets or pipe it counts).
#[derive(Debug)]
pub(crate) struct Held {
    count: usize,
    held: Arc<Counter>,
}

/// What a tunnel gives back when it closes: its two sockets (a pipe it holds too is not
/// counted, so the count errs on closing one more rather than one fewer).
const TUNNEL: usize = 2;

/// Descriptors counted as leaving (`Descriptors::timed_out`) until this is dropped.
#[derive(Debug)]
pub(crate) struct Leaving {
    held: Arc<Counter>,
}

impl Drop for Leaving {
    fn drop(&mut self) {
        self.held.leaving.fetch_sub(TUNNEL, Ordering::AcqRel);
    }
}

/// The count of descriptors held, and what wakes those waiting for some to be given back
/// (only told when descriptors are given back past the high-water mark).
#[derive(Debug)]
struct Counter {
    held: AtomicUsize,
    /// Descriptors of connections that decided to close for the crowded idle timeout and have
    /// not given them back yet (`Leaving`): not counted when the idle timeout is worked out.
    leaving: AtomicUsize,
    high_water: usize,
    released: Notify,
}

impl Descriptors {
    pub(crate) fn new(budget: usize) -> Descriptors {
        let high_water = budget - budget / 10;
        Descriptors {
            budget,
            high_water,
            crowded_idle: Duration::MAX,
            half_closed_idle: Duration::MAX,
            held: Arc::new(Counter {
                held: AtomicUsize::new(0),
                leaving: AtomicUsize::new(0),
                high_water,
                released: Notify::new(),
            }),
            pipes: AtomicU64::new(0),
        }
    }

    /// The idle timeout from the high-water mark on (the configured one applies until then).
    pub(crate) fn idle_when_crowded(mut self, idle: Duration) -> Descriptors {
        self.crowded_idle = idle;
        self
    }

    /// The idle timeout of a tunnel once one side has closed its direction
    /// (`GatewayConfig::half_closed_timeout`).
    pub(crate) fn idle_when_half_closed(mut self, idle: Duration) -> Descriptors {
        self.half_closed_idle = idle;
        self
    }

    /// The idle timeout of a tunnel one side has closed, at most `open` (the timeout it would
    /// have if both were open).
    fn half_closed_timeout(&self, open: Duration) -> Duration {
        self.half_closed_idle.min(open)
    }

    /// How long a connection that moves nothing stays open while `held` descriptors are held,
    /// for the configured `idle` timeout: `idle` up to half the high-water mark, the crowded one
    /// from the mark on, and in proportion in between.
    fn idle_timeout_at(&self, idle: Duration, held: usize) -> Duration {
        let crowded = self.crowded_idle.min(idle);
        let half = self.high_water / 2;
        if held <= half {
            return idle;
        }
        if held >= self.high_water {
            return crowded;
        }
        let left = (self.high_water - held) as f64 / (self.high_water - half) as f64;
        crowded + (idle - crowded).mul_f64(left)
    }

    /// Whether a connection nothing has moved on since `since` has passed its idle timeout
    /// (`idle` as configured, shortened as the budget fills; the half-closed one if
    /// `half_closed`): `Err` with the deadline if not. When crowding shortened the timeout,
    /// the connection's `TUNNEL` descriptors count as given back from this decision on, until
    /// the `Leaving` returned is dropped (with the connection): the same decision by another
    /// connection at the same moment sees them gone. One compare-and-swap decides, so of
    /// tunnels timing out together only as many close as the budget needs.
    pub(crate) fn timed_out(
        &self,
        idle: Duration,
        half_closed: bool,
        since: tokio::time::Instant,
        now: tokio::time::Instant,
    ) -> Result<Option<Leaving>, tokio::time::Instant> {
        let timeout = |held: usize| {
            let open = self.idle_timeout_at(idle, held);
            if half_closed {
                self.half_closed_timeout(open)
            } else {
                open
            }
        };
        let uncrowded = timeout(0);
        let mut leaving = self.held.leaving.load(Ordering::Acquire);
        loop {
            let shortened = timeout(self.held().saturating_sub(leaving));
            let deadline = since + shortened;
            if deadline > now {
                return Err(deadline);
            }
            if shortened >= uncrowded {
                return Ok(None);
            }
            match self.held.leaving.compare_exchange_weak(
                leaving,
                leaving + TUNNEL,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => {
                    return Ok(Some(Leaving {
                        held: self.held.clone(),
                    }));
                }
                Err(now_leaving) => leaving = now_leaving,
            }
        }
    }

    /// How often a connection waiting for its idle timeout (`idle` as configured) looks at the
    /// budget again: a budget filling meanwhile shortens it within this.
    pub(crate) fn idle_recheck(&self, idle: Duration) -> Duration {
        self.crowded_idle
            .min(self.half_closed_idle)
            .min(idle)
            .max(Duration::from_millis(100))
    }

    /// `count` more descriptors, or None when they would pass the budget.
    pub(crate) fn take(&self, count: usize) -> Option<Held> {
        self.held
            .held
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                held.checked_add(count)
                    .filter(|&after| after <= self.budget)
            })
            .ok()?;
        Some(Held {
            count,
            held: self.held.clone(),
        })
    }

    /// How many are held now.
    pub(crate) fn held(&self) -> usize {
        self.held.held.load(Ordering::Acquire)
    }

    /// Whether the gateway holds more than its high-water mark: the budget is shared fairly.
    pub(crate) fn crowded(&self) -> bool {
        self.held() > self.high_water
    }

    /// Waits until `count` more descriptors fit in the budget (a connection closed to make
    /// room gives its own back when its task ends), at most `limit`; whether they fit.
    pub(crate) async fn room(&self, count: usize, limit: Duration) -> bool {
        let wait = async {
            loop {
                let released = self.held.released.notified();
                tokio::pin!(released);
                released.as_mut().enable();
                if self.held().saturating_add(count) <= self.budget {
                    return;
                }
                released.await;
            }
        };
        tokio::time::timeout(limit, wait).await.is_ok()
    }

    pub(crate) fn budget(&self) -> usize {
        self.budget
    }

    /// Counts a relay pipe just made.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    pub(crate) fn pipe_made(&self) {
        self.pipes.fetch_add(1, Ordering::Relaxed);
        metrics::counter!("proxyshop_gateway_splice_pipes_total").increment(1);
    }

    /// Relay pipes made since the gateway started.
    pub(crate) fn pipes_made(&self) -> u64 {
        self.pipes.load(Ordering::Relaxed)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let before = self.held.held.fetch_sub(self.count, Ordering::AcqRel);
        if before > self.held.high_water {
            self.held.released.notify_waiters();
        }
    }
}

/// A warning repeated at most once per `LOG_EVERY`, saying how many were not logged since.
#[derive(Debug, Default)]
pub(crate) struct Throttled {
    logged_at: Option<Instant>,
    suppressed: u64,
}

impl Throttled {
    /// Whether to log this occurrence now; if so, how many were suppressed since the last one.
    pub(crate) fn occurred(&mut self, now: Instant) -> Option<u64> {
        match self.logged_at {
            Some(at) if now.duration_since(at) < LOG_EVERY => {
                self.suppressed += 1;
                None
            }
            _ => {
                self.logged_at = Some(now);
                Some(std::mem::take(&mut self.suppressed))
            }
        }
    }
}

/// What the accept loop logs: failures of `accept`, and connections refused for the budget.
#[derive(Debug, Default)]
pub(crate) struct AcceptLog {
    failures: Throttled,
    refusals: Throttled,
}

impl AcceptLog {
    /// `accept` failed: counted, and logged at most once per `LOG_EVERY`.
    pub(crate) fn failed(&mut self, error: &io::Error) {
        metrics::counter!("proxyshop_gateway_accept_errors_total").increment(1);
        if let Some(suppressed) = self.failures.occurred(Instant::now()) {
            tracing::warn!(error = %error, suppressed,
                "gateway accept failed (logged at most once a minute; `suppressed`: failures \
                 not logged since the last time)");
        }
    }

    /// A connection was closed at once: the gateway holds its budget of descriptors.
    pub(crate) fn refused(&mut self, fds: &Descriptors) {
        metrics::counter!("proxyshop_gateway_refused_total", "reason" => "fd_reserve").increment(1);
        if let Some(suppressed) = self.refusals.occurred(Instant::now()) {
            tracing::warn!(
                held = fds.held(),
                budget = fds.budget(),
                suppressed,
                "gateway at its descriptor budget, new connections closed \
                 (PROXYSHOP_GATEWAY_FD_RESERVE is kept for the API; logged at most once a minute)"
            );
        }
    }
}

#[cfg(test)]
#[path = "descriptors_tests.rs"]
mod tests;
