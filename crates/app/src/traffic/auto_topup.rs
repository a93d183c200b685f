//! Running a customer's automatic top-up when it is due (the API's check after a change of the
//! settings), and the error a residential source's failure becomes.

use crate::blocking::with_conn;
use crate::error::AppError;
use domain::{ProxyKind, UserId};
use persistence::DbPool;
use persistence::auto_topup::{self, Outcome};
use std::time::Duration;
use upstream::ResidentialError;

/// A place the provider cannot target is the field `country`'s fault (422); anything else is the
/// provider being down.
pub fn residential_error(err: ResidentialError) -> AppError {
    match err {
        ResidentialError::UnknownLocation => {
            AppError::field("country", domain::messages::UNKNOWN_LOCATION)
        }
        other => AppError::ProviderDown(other.to_string()),
    }
}

/// Runs the customer's top-up of `kind` if due, with `window` (what a top-up may wait for).
pub async fn check_auto_topup(
    pool: &DbPool,
    user_id: UserId,
    kind: ProxyKind,
    window: Duration,
) -> Result<Outcome, AppError> {
    let window = i64::try_from(window.as_secs()).unwrap_or(i64::MAX / 2);
    let outcome = with_conn(pool, move |conn| {
        Ok(auto_topup::check(
            conn,
            user_id,
            kind,
            persistence::now(),
            window,
        )?)
    })
    .await?;
    if matches!(outcome, Outcome::Bought { .. }) {
        tracing::info!(%user_id, %kind, "automatic top-up bought a plan");
    }
    Ok(outcome)
}
