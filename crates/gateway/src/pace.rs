//! A plan's bandwidth (`bandwidthMbps`, `persistence::plan_limits`) on this node: every
//! connection of a customer's kind here draws on one budget of bytes per second, both directions
//! together. The budget is a token bucket that may go into debt: a step waits until the bucket
//! is out of debt, moves at most a tenth of a second's worth (`Pace::ready`), and then pays what
//! it moved (`Pace::spend`), so the rate holds over any stretch longer than a step whatever the
//! steps' sizes. Each node paces its share of the plan's limit (the limit divided by the expected
//! nodes, `PROXYSHOP_GATEWAY_EXPECTED_NODES`), so the fleet together never passes it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::time::Instant;

/// The smallest step, so that a slow budget still moves whole packets.
const MIN_STEP: u64 = 4 * 1024;

/// A megabit per second in bytes per second.
pub(crate) const MBPS: u64 = 125_000;

#[derive(Debug)]
struct Bucket {
    /// Bytes that may move now; below zero, the debt the next steps wait out.
    tokens: f64,
    at: Instant,
}

#[derive(Debug)]
pub(crate) struct Pace {
    /// Bytes per second.
    rate: AtomicU64,
    bucket: Mutex<Bucket>,
}

impl Pace {
    pub(crate) fn new(rate: u64) -> Pace {
        Pace {
            rate: AtomicU64::new(rate.max(1)),
            bucket: Mutex::new(Bucket {
                tokens: step(rate.max(1)) as f64,
                at: Instant::now(),
            }),
        }
    }

    pub(crate) fn rate(&self) -> u64 {
        self.rate.load(Ordering::Relaxed)
    }

    /// A new rate (the plan's limit changed), from now on.
    pub(crate) fn set_rate(&self, rate: u64) {
        self.rate.store(rate.max(1), Ordering::Relaxed);
    }

    fn bucket(&self) -> MutexGuard<'_, Bucket> {
        self.bucket.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits until the budget holds a byte; returns the most the next step may move.
    pub(crate) async fn ready(&self) -> usize {
        loop {
            let rate = self.rate();
            let wait = {
                let mut bucket = self.bucket();
                let now = Instant::now();
                let earned = now.duration_since(bucket.at).as_secs_f64() * rate as f64;
                // At most one step's worth is saved up: an idle customer starts with a step,
                // not with a burst of every second they were idle.
                bucket.tokens = (bucket.tokens + earned).min(step(rate) as f64);
                bucket.at = now;
                if bucket.tokens >= 1.0 {
                    return usize::try_from(step(rate)).unwrap_or(usize::MAX);
                }
                Duration::from_secs_f64((1.0 - bucket.tokens) / rate as f64)
            };
            tokio::time::sleep(wait).await;
        }
    }

    /// Pays for `n` bytes moved.
    pub(crate) fn spend(&self, n: usize) {
        self.bucket().tokens -= n as f64;
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
    use tokio::time::{Duration, Instant};

    /// Moves `total` bytes through `pace` in steps of at most `chunk`; returns when done.
    async fn move_bytes(pace: &Pace, total: usize, chunk: usize) {
        let mut left = total;
        while left > 0 {
            let n = pace.ready().await.min(chunk).min(left);
            pace.spend(n);
            left -= n;
        }
    }

    #[tokio::test(start_paused = true)]
    async fn bytes_move_at_the_rate_whatever_the_steps() {
        // 8 Mbps is 1,000,000 bytes a second, a step 100,000: 3 MB take 3 s less the step saved
        // up at the start and at most the last step, which is paid after it moved.
        for chunk in [1_000, 64 * 1024, 1 << 20] {
            let pace = Pace::new(8 * MBPS);
            let start = Instant::now();
            move_bytes(&pace, 3_000_000, chunk).await;
            let took = start.elapsed();
            assert!(
                took >= Duration::from_millis(2_790) && took <= Duration::from_millis(2_910),
                "steps of {chunk}: {took:?}"
            );
        }
    }

    #[tokio::test(start_paused = true)]
    async fn connections_share_the_budget_and_idling_saves_one_step() {
        let pace = Arc::new(Pace::new(MBPS));
        let start = Instant::now();
        let each =
            |pace: Arc<Pace>| tokio::spawn(async move { move_bytes(&pace, 250_000, 16_384).await });
        let (a, b) = (each(pace.clone()), each(pace.clone()));
        a.await.unwrap();
        b.await.unwrap();
        // 500,000 bytes at 125,000 a second: 4 s less the saved step and the last one (12,500
        // bytes, 0.1 s, each).
        let took = start.elapsed();
        assert!(took >= Duration::from_millis(3_790), "{took:?}");
        // An hour idle saves one step, not an hour's worth.
        tokio::time::advance(Duration::from_secs(3600)).await;
        let start = Instant::now();
        move_bytes(&pace, 125_000 + 12_500, 16_384).await;
        assert!(
            start.elapsed() >= Duration::from_millis(890),
            "{:?}",
            start.elapsed()
        );
        // A new rate holds from the next step.
        pace.set_rate(10 * MBPS);
        let start = Instant::now();
        move_bytes(&pace, 1_250_000, 16_384).await;
        assert!(
            start.elapsed() <= Duration::from_millis(1_100),
            "{:?}",
            start.elapsed()
        );
    }
}
