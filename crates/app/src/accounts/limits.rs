//! Abuse limits kept in the database (`persistence::rate_windows`), so that they hold across
//! instances.

use crate::accounts::rules::WINDOW_SECS;
use crate::error::AppError;
use domain::messages as msg;
use persistence::{DbConnection, now, rate_windows};

/// Counts one hit against each `(key, limit)` in its window; `RateLimited` with the
/// customer-facing message (and the seconds to wait) at the first one over its limit. Run it
/// inside the caller's transaction: a refusal rolls back the hits it counted.
pub fn check(conn: &mut DbConnection, keys: &[(String, i32)]) -> Result<(), AppError> {
    let t = now();
    for (key, limit) in keys {
        if let Some(retry) = rate_windows::hit(conn, key, *limit, WINDOW_SECS, t)? {
            tracing::warn!(key = %domain::redact::mask_emails_in(key), "rate limit reached");
            return Err(AppError::RateLimited {
                message: msg::TOO_MANY_REQUESTS.to_owned(),
                retry_after: retry.unsigned_abs(),
            });
        }
    }
    Ok(())
}
