//! Abuse limits kept in the database (`request_limits`), so that they hold across instances.

use crate::account::rules::WINDOW_SECS;
use crate::error::ApiError;
use domain::messages as msg;
use persistence::{DbConnection, now, request_limits};

/// Counts one hit against each `(key, limit)` in the current window; 429 with the
/// customer-facing message (and `Retry-After`) at the first one over its limit. Run it inside
/// the request's transaction: a refusal rolls back the hits it counted.
pub fn check(conn: &mut DbConnection, keys: &[(String, i32)]) -> Result<(), ApiError> {
    let t = now();
    let window_start = t - t.rem_euclid(WINDOW_SECS);
    request_limits::purge_before(conn, window_start - WINDOW_SECS)?;
    for (key, limit) in keys {
        if !request_limits::hit(conn, key, window_start, *limit)? {
            tracing::warn!(key = %domain::redact::mask_emails_in(key), "rate limit reached");
            return Err(ApiError::TooManyRequests {
                message: msg::TOO_MANY_REQUESTS.to_owned(),
                retry_after: (window_start + WINDOW_SECS - t).max(1).unsigned_abs(),
            });
        }
    }
    Ok(())
}
