//! The health of a customer's traffic (`GET /api/user/usage/health`): which connections count
//! as succeeded or failed, what a failure is counted by, the connect-time histogram the usage
//! rollups keep (fixed log-spaced buckets, so several gateway nodes add to it) and the
//! percentiles estimated from it, within a stated bound.

use crate::usage::{Grouping, Outcome};

/// Lower bounds (milliseconds) of the connect-time buckets after the first: four per decade
/// (10^(1/4) apart, rounded), so consecutive bounds are at most 1.8 apart. Bucket 0 holds
/// 0-9 ms, bucket `i` holds `[BOUNDS_MS[i-1], BOUNDS_MS[i])`, the last everything from 10 s.
pub const BOUNDS_MS: [i64; 13] = [
    10, 18, 32, 56, 100, 178, 316, 562, 1_000, 1_778, 3_162, 5_623, 10_000,
];
/// Buckets of the histogram.
pub const BUCKETS: usize = BOUNDS_MS.len() + 1;
/// Connect times counted per bucket.
pub type Histogram = [i64; BUCKETS];

/// The bucket a connect time of `ms` milliseconds falls in.
pub fn bucket_of(ms: i64) -> usize {
    BOUNDS_MS
        .iter()
        .position(|bound| ms < *bound)
        .unwrap_or(BOUNDS_MS.len())
}

/// The bucket's range, `[low, high)`; the last one has no upper bound.
pub fn range_of(bucket: usize) -> (i64, Option<i64>) {
    let low = if bucket == 0 {
        0
    } else {
        BOUNDS_MS[bucket - 1]
    };
    (low, BOUNDS_MS.get(bucket).copied())
}

/// What a percentile is estimated as in `bucket`: the geometric middle of its range (5 ms for
/// the first, 10,000 ms, its lower bound, for the last). The true value, in the same bucket, is
/// then within a factor of sqrt(1.8) < 1.35 of it from 10 ms to 10 s, within 5 ms below
/// 10 ms, and at least 10,000 ms in the last bucket.
pub fn estimate(bucket: usize) -> i64 {
    match range_of(bucket) {
        (0, _) => 5,
        (low, Some(high)) => ((low as f64) * (high as f64)).sqrt().round() as i64,
        (low, None) => low,
    }
}

/// The `q`-th percentile (0 < q ≤ 1, nearest rank) of the connect times counted in `counts`,
/// estimated as its bucket's [`estimate`]: the bucket is the exact one the true percentile of
/// the same times falls in. None without any time counted.
pub fn percentile(counts: &Histogram, q: f64) -> Option<i64> {
    let total: i64 = counts.iter().sum();
    if total <= 0 {
        return None;
    }
    // Nearest rank: the smallest rank r with r >= q * total, at least 1.
    let rank = ((q * total as f64).ceil() as i64).clamp(1, total);
    let mut seen = 0;
    for (bucket, n) in counts.iter().enumerate() {
        seen += n;
        if seen >= rank {
            return Some(estimate(bucket));
        }
    }
    None
}

/// Whether a connection that ended with `outcome` succeeded: it was served (`ok`), or served
/// until the traffic ran out (`cut_quota`). A refusal (`refused`) and a failure of the
/// destination or of the pools (`upstream_error`) are failures.
pub fn succeeded(outcome: Outcome) -> bool {
    matches!(outcome, Outcome::Ok | Outcome::CutQuota)
}

/// What a failure is counted by in `failuresByReason`: its reason, or its outcome's name for a
/// record without one.
pub fn failure_key(outcome: Outcome, reason: &str) -> String {
    if reason.is_empty() {
        outcome.as_str().to_owned()
    } else {
        reason.to_owned()
    }
}

/// Most groups a health answer lists (those with the most connections).
pub const TOP: usize = 100;

crate::names::names! {
    /// What the health of the traffic is grouped by (`GET /api/user/usage/health?by=`): the
    /// target host, the exit country the connection targeted, the credential, the UTC hour.
    pub enum HealthGrouping {
        Host => "host",
        Country => "country",
        Credential => "credential",
        Hour => "hour",
    }
}

impl HealthGrouping {
    /// The breakdown's grouping of the same name, where there is one.
    pub fn breakdown(self) -> Option<Grouping> {
        match self {
            HealthGrouping::Host => Some(Grouping::Host),
            HealthGrouping::Credential => Some(Grouping::Credential),
            HealthGrouping::Hour => Some(Grouping::Hour),
            HealthGrouping::Country => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_log_spaced_and_cover_every_time() {
        assert_eq!(bucket_of(0), 0);
        assert_eq!(bucket_of(9), 0);
        assert_eq!(bucket_of(10), 1);
        assert_eq!(bucket_of(999), 8);
        assert_eq!(bucket_of(1_000), 9);
        assert_eq!(bucket_of(10_000), BUCKETS - 1);
        assert_eq!(bucket_of(i64::MAX), BUCKETS - 1);
        for pair in BOUNDS_MS.windows(2) {
            let ratio = pair[1] as f64 / pair[0] as f64;
            assert!((1.7..=1.8).contains(&ratio), "{pair:?}");
        }
    }

    /// Every time is within the stated bound of its bucket's estimate.
    #[test]
    fn an_estimate_is_within_the_bound_of_every_time_of_its_bucket() {
        for ms in 0..12_000 {
            let e = estimate(bucket_of(ms));
            if ms < 10 {
                assert!((e - ms).abs() <= 5, "{ms}");
            } else if ms < 10_000 {
                let ratio = (e as f64 / ms as f64).max(ms as f64 / e as f64);
                assert!(ratio < 1.35, "{ms}: {e}");
            } else {
                assert!(e <= ms);
            }
        }
    }

    #[test]
    fn percentiles_take_the_nearest_rank() {
        let mut h = Histogram::default();
        assert_eq!(percentile(&h, 0.5), None);
        h[bucket_of(20)] = 50;
        h[bucket_of(2_000)] = 50;
        assert_eq!(percentile(&h, 0.5), Some(estimate(bucket_of(20))));
        assert_eq!(percentile(&h, 0.51), Some(estimate(bucket_of(2_000))));
        assert_eq!(percentile(&h, 0.95), Some(estimate(bucket_of(2_000))));
        let mut one = Histogram::default();
        one[0] = 1;
        assert_eq!(percentile(&one, 0.95), Some(5));
    }

    #[test]
    fn failures_are_refusals_and_upstream_errors() {
        assert!(succeeded(Outcome::Ok) && succeeded(Outcome::CutQuota));
        assert!(!succeeded(Outcome::Refused) && !succeeded(Outcome::UpstreamError));
        assert_eq!(failure_key(Outcome::UpstreamError, ""), "upstream_error");
        assert_eq!(failure_key(Outcome::Refused, "no_traffic"), "no_traffic");
    }
}
