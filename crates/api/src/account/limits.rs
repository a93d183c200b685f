//! Abuse limits kept in the database (`persistence::rate_windows`), so that they hold across
//! instances.

use crate::account::rules::WINDOW_SECS;
use crate::error::ApiError;
use domain::messages as msg;
use persistence::{DbConnection, now, rate_windows};

/// Counts one hit against each `(key, limit)` in its window; 429 with the customer-facing
/// message (and `Retry-After`) at the first one over its limit. Run it inside the request's
/// transaction: a refusal rolls back the hits it counted.
pub fn check(conn: &mut DbConnection, keys: &[(String, i32)]) -> Result<(), ApiError> {
    let t = now();
    for (key, limit) in keys {
        if let Some(retry) = rate_windows::hit(conn, key, *limit, WINDOW_SECS, t)? {
            tracing::warn!(key = %domain::redact::mask_emails_in(key), "rate limit reached");
            return Err(ApiError::TooManyRequests {
                message: msg::TOO_MANY_REQUESTS.to_owned(),
                retry_after: retry.unsigned_abs(),
            });
        }
    }
    Ok(())
}
