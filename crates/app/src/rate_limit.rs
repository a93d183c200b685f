//! Fixed-window attempt counters per key, all in the database (`persistence::rate_windows`), so
//! that every limit holds across all instances: two instances on one database allow together
//! exactly what one allows. Keys read `<action>:<dimension>:<value>`: `login:net:203.0.113.9`,
//! `login:email:a@b.co`, `code:net:2001:db8:1:2::/64`, `payment:user:42`; a client address is
//! always counted by its `network_key` (an IPv6 client by its /64). The background purge drops
//! windows a day old. `accounts::limits` counts inside a caller's own transaction; the API key
//! check counts in the API's bearer middleware.

use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::messages as msg;
use persistence::DbPool;
use std::time::Duration;

/// Counts one attempt against each `(key, limit)` in one transaction; `RateLimited` with the
/// customer-facing message and the seconds to wait at the first key over its limit. A refusal
/// counts nothing (the transaction rolls back), so a refused client does not push another key
/// on.
pub async fn check_limits(
    pool: &DbPool,
    window: Duration,
    keys: Vec<(String, u32)>,
) -> Result<(), AppError> {
    let window = i64::try_from(window.as_secs()).unwrap_or(i64::MAX);
    in_transaction(pool, move |conn| {
        let now = persistence::now();
        for (key, limit) in &keys {
            let limit = i32::try_from(*limit).unwrap_or(i32::MAX);
            if let Some(retry) = persistence::rate_windows::hit(conn, key, limit, window, now)? {
                tracing::warn!(key = %domain::redact::mask_emails_in(key), "rate limit reached");
                return Err(AppError::RateLimited {
                    message: msg::TOO_MANY_REQUESTS.to_owned(),
                    retry_after: retry.unsigned_abs().max(1),
                });
            }
        }
        Ok(())
    })
    .await
}
