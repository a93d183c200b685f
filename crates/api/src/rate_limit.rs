//! Fixed-window attempt counters per key ("login:ip:1.2.3.4", "code:email:a@b.co").
//!
//! `RateLimiter` keeps them in process memory: with several `serve` instances behind a balancer
//! each enforces its own share, which still bounds guessing. Old windows are dropped as the map
//! is used. The limits that must hold across all instances count in the database instead
//! (`persistence::rate_windows`): `check_db_limits` here for second-factor codes,
//! `account::limits` for resets and email changes, the bearer check for API keys.

use crate::blocking::with_conn;
use crate::error::ApiError;
use domain::messages as msg;
use persistence::DbPool;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, (Instant, u32)>>,
}

impl RateLimiter {
    /// Counts one attempt for `key`. Err(seconds until the window resets) when over `limit`.
    pub fn hit(&self, key: &str, limit: u32, window: Duration) -> Result<(), u64> {
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start) < window);
        }
        let entry = windows.entry(key.to_owned()).or_insert((now, 0));
        if now.duration_since(entry.0) >= window {
            *entry = (now, 0);
        }
        if entry.1 >= limit {
            let left = window.saturating_sub(now.duration_since(entry.0));
            return Err(left.as_secs().max(1));
        }
        entry.1 += 1;
        Ok(())
    }

    /// Counts one attempt against each `(key, limit)`; 429 with the customer-facing message when over.
    pub fn check_limits(&self, window: Duration, keys: &[(String, u32)]) -> Result<(), ApiError> {
        for (key, limit) in keys {
            if let Err(retry_after) = self.hit(key, *limit, window) {
                tracing::warn!(key = %domain::redact::mask_emails_in(key), "rate limit reached");
                return Err(ApiError::TooManyRequests {
                    message: msg::TOO_MANY_REQUESTS.to_owned(),
                    retry_after,
                });
            }
        }
        Ok(())
    }
}

/// Counts one attempt against each `(key, limit)` in the database; 429 with the customer-facing
/// message when over. A key over its limit is not counted further.
pub async fn check_db_limits(
    pool: &DbPool,
    window: Duration,
    keys: Vec<(String, u32)>,
) -> Result<(), ApiError> {
    let window = i64::try_from(window.as_secs()).unwrap_or(i64::MAX);
    let refused = with_conn(pool, move |conn| {
        let now = persistence::now();
        for (key, limit) in &keys {
            let limit = i32::try_from(*limit).unwrap_or(i32::MAX);
            if let Some(retry) = persistence::rate_windows::hit(conn, key, limit, window, now)? {
                return Ok(Some((key.clone(), retry)));
            }
        }
        Ok(None)
    })
    .await?;
    match refused {
        None => Ok(()),
        Some((key, retry_after)) => {
            tracing::warn!(key = %domain::redact::mask_emails_in(&key), "rate limit reached");
            Err(ApiError::TooManyRequests {
                message: msg::TOO_MANY_REQUESTS.to_owned(),
                retry_after: u64::try_from(retry_after).unwrap_or(1),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_past_the_limit_and_keys_are_independent() {
        let limiter = RateLimiter::default();
        let w = Duration::from_secs(60);
        assert!(limiter.hit("a", 2, w).is_ok());
        assert!(limiter.hit("a", 2, w).is_ok());
        let retry = limiter.hit("a", 2, w).unwrap_err();
        assert!((1..=60).contains(&retry));
        assert!(limiter.hit("b", 2, w).is_ok());
    }

    #[test]
    fn a_new_window_starts_over() {
        let limiter = RateLimiter::default();
        assert!(limiter.hit("a", 1, Duration::ZERO).is_ok());
        assert!(
            limiter.hit("a", 1, Duration::ZERO).is_ok(),
            "zero window always resets"
        );
    }
}
