//! A plan's bandwidth (`bandwidthMbps`, `persistence::plan_limits`) on this node: every
//! connection of a customer's kind here draws on one budget of bytes per second, both directions
//! together. The budget is a token bucket that saves up at most a step (a tenth of a second's
//! worth): a step of a connection takes what the bucket holds, up to a step, before it moves
//! anything (`Pace::ready`, waiting until the bucket holds enough), and gives back what it did
//! not move (`Pace::refund`). So however many connections wait, together they never take more
//! than the bucket earned: the rate holds over any stretch longer than a step. Each node paces
//! its share of the plan's limit (the limit divided by the expected nodes,
//! `PROXYSHOP_GATEWAY_EXPECTED_NODES`), so the fleet together never passes it; each flush sets
//! the rate again from the plan (`Shared::refresh_paces`), so a changed limit reaches the
//! connections already open. A rate of 0 paces nothing (the plan lost its limit).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::time::Instant;

/// The smallest step, so that a slow budget still moves whole packets.
const MIN_STEP: u64 = 4 * 1024;
/// What a step waits for at least (or a whole step, when smaller): a fast budget is taken in
/// pieces of this size, not a few bytes at a time.
const LEAST_TAKE: u64 = 64 * 1024;

/// A megabit per second in bytes per second.
pub(crate) const MBPS: u64 = 125_000;

#[derive(Debug)]
struct Bucket {
    /// Bytes that may move now: at most a step.
    tokens: f64,
    at: Instant,
}

#[derive(Debug)]
pub(crate) struct Pace {
    /// Bytes per second; 0: not paced.
    rate: AtomicU64,
    bucket: Mutex<Bucket>,
}

impl Pace {
    pub(crate) fn new(rate: u64) -> Pace {
        Pace {
            rate: AtomicU64::new(rate),
            bucket: Mutex::new(Bucket {
                tokens: step(rate) as f64,
                at: Instant::now(),
            }),
        }
    }

    pub(crate) fn rate(&self) -> u64 {
        self.rate.load(Ordering::Relaxed)
    }

    /// A new rate (the plan's limit changed; 0: none), from now on.
    pub(crate) fn set_rate(&self, rate: u64) {
        self.rate.store(rate, Ordering::Relaxed);
    }

    fn bucket(&self) -> MutexGuard<'_, Bucket> {
        self.bucket.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits until the bucket holds `want`, a step or `LEAST_TAKE`, whichever is smallest, and
    /// takes what it holds up to `want` and a step: the most the next step may move (`want`
    /// when not paced). What the step does not move goes back with `refund`.
    pub(crate) async fn ready(&self, want: usize) -> usize {
        loop {
            let rate = self.rate();
            if rate == 0 {
                return want;
            }
            let saved = step(rate) as f64;
            let most = step(rate).min(u64::try_from(want.max(1)).unwrap_or(u64::MAX)) as f64;
            let least = most.min(LEAST_TAKE as f64);
            let wait = {
                let mut bucket = self.bucket();
                let now = Instant::now();
                let earned = now.duration_since(bucket.at).as_secs_f64() * rate as f64;
                // At most a step is saved up: an idle customer starts with a step, not with a
                // burst of every second they were idle.
                bucket.tokens = (bucket.tokens + earned).min(saved);
                bucket.at = now;
                if bucket.tokens >= least {
                    let take = bucket.tokens.min(most).floor();
                    bucket.tokens -= take;
                    return take as usize;
                }
                Duration::from_secs_f64((least - bucket.tokens) / rate as f64)
            };
            tokio::time::sleep(wait).await;
        }
    }

    /// Gives back `n` bytes a step took and did not move.
    pub(crate) fn refund(&self, n: usize) {
        let rate = self.rate();
        if rate == 0 || n == 0 {
            return;
        }
        let mut bucket = self.bucket();
        bucket.tokens = (bucket.tokens + n as f64).min(step(rate) as f64);
    }
}

/// A tenth of a second at `rate`, at least `MIN_STEP`.
fn step(rate: u64) -> u64 {
    (rate / 10).max(MIN_STEP)
}

#[cfg(test)]
mod tests {
    use super::{MBPS, Pace};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tokio::time::{Duration, Instant};

    /// Moves `total` bytes through `pace` in steps of at most `chunk`; returns when done.
    async fn move_bytes(pace: &Pace, total: usize, chunk: usize) {
        let mut left = total;
        while left > 0 {
            let took = pace.ready(chunk.min(left)).await;
            let n = took.min(chunk).min(left);
            pace.refund(took - n);
            left -= n;
        }
    }

    fn within(took: Duration, least_ms: u64, most_ms: u64) -> bool {
        took >= Duration::from_millis(least_ms) && took <= Duration::from_millis(most_ms)
    }

    #[tokio::test(start_paused = true)]
    async fn bytes_move_at_the_rate_whatever_the_steps() {
        // 8 Mbps is 1,000,000 bytes a second, a step 100,000: 3 MB take 3 s less the step saved
        // up at the start, give or take what the last take held beyond what moved.
        for chunk in [1_000, 64 * 1024, 1 << 20] {
            let pace = Pace::new(8 * MBPS);
            let start = Instant::now();
            move_bytes(&pace, 3_000_000, chunk).await;
            let took = start.elapsed();
            assert!(within(took, 2_790, 2_970), "steps of {chunk}: {took:?}");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn connections_share_the_budget_idling_saves_one_step_and_the_rate_changes() {
        let pace = Arc::new(Pace::new(MBPS));
        let start = Instant::now();
        let each =
            |pace: Arc<Pace>| tokio::spawn(async move { move_bytes(&pace, 250_000, 16_384).await });
        let (a, b) = (each(pace.clone()), each(pace.clone()));
        a.await.unwrap();
        b.await.unwrap();
        // 500,000 bytes at 125,000 a second: 4 s less the saved step (12,500 bytes, 0.1 s).
        let took = start.elapsed();
        assert!(within(took, 3_790, 3_960), "{took:?}");
        // An hour idle saves one step, not an hour's worth.
        tokio::time::advance(Duration::from_secs(3600)).await;
        let start = Instant::now();
        move_bytes(&pace, 125_000 + 12_500, 16_384).await;
        assert!(within(start.elapsed(), 890, 1_010), "{:?}", start.elapsed());
        // A new rate holds from the next step, and none paces nothing.
        pace.set_rate(10 * MBPS);
        let start = Instant::now();
        move_bytes(&pace, 1_250_000, 16_384).await;
        assert!(within(start.elapsed(), 890, 1_100), "{:?}", start.elapsed());
        pace.set_rate(0);
        let start = Instant::now();
        move_bytes(&pace, 1 << 30, 1 << 20).await;
        assert_eq!(start.elapsed(), Duration::ZERO);
    }

    #[tokio::test(start_paused = true)]
    async fn many_waiting_connections_together_take_no_more_than_was_earned() {
        // 64 connections wait on a budget of 1,000,000 bytes a second: in 2 s they take the
        // 2,000,000 earned and the step saved up, however they wake, and nothing more.
        let pace = Arc::new(Pace::new(8 * MBPS));
        let taken = Arc::new(AtomicUsize::new(0));
        for _ in 0..64 {
            let (pace, taken) = (pace.clone(), taken.clone());
            tokio::spawn(async move {
                loop {
                    let n = pace.ready(1 << 20).await;
                    taken.fetch_add(n, Ordering::SeqCst);
                }
            });
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        let taken = taken.load(Ordering::SeqCst);
        assert!((1_900_000..=2_100_000).contains(&taken), "{taken}");
    }
}
