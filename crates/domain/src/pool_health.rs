//! An upstream pool's health from real traffic: its connect outcomes and connect times, kept
//! per pool per hour as counters and a fixed histogram of connect times (bounded storage that
//! several gateway nodes add to), and the figures read back from them: the success rate and the
//! median connect time.

/// Upper bounds (milliseconds, inclusive) of the connect-time buckets; one more bucket holds
/// everything slower.
pub const CONNECT_BUCKETS_MS: [u64; 7] = [50, 100, 250, 500, 1_000, 2_500, 5_000];
/// Buckets of the histogram: the bounded ones and the slower-than-all one.
pub const BUCKETS: usize = CONNECT_BUCKETS_MS.len() + 1;
/// Consecutive failed probes that mark a pool down.
pub const DOWN_AFTER_FAILURES: i32 = 3;
/// Hours of connect counts kept (the answer reads the last 24).
pub const KEEP_HOURS: i64 = 48;

/// How one connect through a pool ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConnectOutcome {
    /// The pool opened the destination.
    Ok,
    /// The pool's own failure (refused, timed out, credentials rejected, its error).
    PoolFailed,
    /// The pool worked but the destination failed: not held against the pool.
    DestinationFailed,
}

/// The bucket a connect time of `ms` milliseconds falls in.
pub fn bucket_of(ms: u64) -> usize {
    CONNECT_BUCKETS_MS
        .iter()
        .position(|bound| ms <= *bound)
        .unwrap_or(CONNECT_BUCKETS_MS.len())
}

/// Connect counts of one pool over some hours.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConnectCounts {
    pub ok: i64,
    pub pool_failed: i64,
    pub destination_failed: i64,
    /// Connect times of the successful connects, per bucket of `CONNECT_BUCKETS_MS`.
    pub buckets: [i64; BUCKETS],
}

impl ConnectCounts {
    /// Counts one connect that ended with `outcome` after `ms` milliseconds (the time is kept
    /// for successful connects only).
    pub fn count(&mut self, outcome: ConnectOutcome, ms: u64) {
        match outcome {
            ConnectOutcome::Ok => {
                self.ok += 1;
                self.buckets[bucket_of(ms)] += 1;
            }
            ConnectOutcome::PoolFailed => self.pool_failed += 1,
            ConnectOutcome::DestinationFailed => self.destination_failed += 1,
        }
    }

    /// Adds another period's counts.
    pub fn add(&mut self, other: &ConnectCounts) {
        self.ok += other.ok;
        self.pool_failed += other.pool_failed;
        self.destination_failed += other.destination_failed;
        for (mine, theirs) in self.buckets.iter_mut().zip(other.buckets) {
            *mine += theirs;
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == ConnectCounts::default()
    }

    /// The share of connects the pool carried out (a destination's failure counts as the
    /// pool's success: it reached its network), 0 to 1; None without any connect.
    pub fn success_rate(&self) -> Option<f64> {
        let pool_ok = self.ok + self.destination_failed;
        let all = pool_ok + self.pool_failed;
        (all > 0).then(|| pool_ok as f64 / all as f64)
    }

    /// The median connect time of the successful connects, in milliseconds, interpolated
    /// linearly inside its bucket (the slowest bucket answers its lower bound); None without
    /// any.
    pub fn p50_ms(&self) -> Option<u64> {
        let total: i64 = self.buckets.iter().sum();
        if total <= 0 {
            return None;
        }
        let half = total as f64 / 2.0;
        let mut below = 0i64;
        for (at, count) in self.buckets.iter().enumerate() {
            if *count > 0 && (below + count) as f64 >= half {
                let lower = if at == 0 {
                    0
                } else {
                    CONNECT_BUCKETS_MS[at - 1]
                };
                let Some(upper) = CONNECT_BUCKETS_MS.get(at) else {
                    return Some(lower);
                };
                let share = (half - below as f64) / *count as f64;
                return Some(lower + ((upper - lower) as f64 * share).round() as u64);
            }
            below += count;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_times_fall_in_their_bucket() {
        assert_eq!(bucket_of(0), 0);
        assert_eq!(bucket_of(50), 0);
        assert_eq!(bucket_of(51), 1);
        assert_eq!(bucket_of(5_000), 6);
        assert_eq!(bucket_of(5_001), 7);
    }

    #[test]
    fn the_median_is_read_from_the_buckets() {
        let mut counts = ConnectCounts::default();
        assert_eq!(counts.p50_ms(), None);
        for ms in [10, 20, 30, 300, 400] {
            counts.count(ConnectOutcome::Ok, ms);
        }
        // Three of five in the first bucket (0–50 ms): the median, 2.5, sits at 2.5/3 of it.
        assert_eq!(counts.p50_ms(), Some(42));
        let mut slow = ConnectCounts::default();
        slow.count(ConnectOutcome::Ok, 9_000);
        assert_eq!(slow.p50_ms(), Some(5_000));
        let mut middle = ConnectCounts::default();
        middle.count(ConnectOutcome::Ok, 300);
        middle.count(ConnectOutcome::Ok, 400);
        // Both in 250–500: the median sits halfway.
        assert_eq!(middle.p50_ms(), Some(375));
    }

    #[test]
    fn the_success_rate_holds_only_the_pools_failures_against_it() {
        let mut counts = ConnectCounts::default();
        assert_eq!(counts.success_rate(), None);
        counts.count(ConnectOutcome::Ok, 10);
        counts.count(ConnectOutcome::DestinationFailed, 10);
        counts.count(ConnectOutcome::PoolFailed, 10);
        counts.count(ConnectOutcome::PoolFailed, 10);
        assert_eq!(counts.success_rate(), Some(0.5));
        assert_eq!(counts.buckets.iter().sum::<i64>(), 1);
        let mut total = ConnectCounts::default();
        total.add(&counts);
        total.add(&counts);
        assert_eq!(total.pool_failed, 4);
        assert_eq!(total.buckets[0], 2);
    }
}
