//! Prices shown in the customer's currency (docs/configuration.md, "Display currencies"): the
//! refresh of the operator's display currencies' exchange rates from the rates source
//! (Cryptomus), run by the `exchange_rates` job once across instances, and the fresh rates the
//! public configuration shows. Every amount charged or recorded stays in USD.
//!
//! The job ticks hourly but refreshes only when the newest stored rate is a day old
//! (`domain::currency::refresh_due`), so that a restart never skips a day and a failed refresh
//! is tried again the next hour. A failed refresh writes nothing: the last rates stay until
//! they are three days old, after which the site shows USD alone.

use crate::error::AppError;
use domain::currency::{CurrencyCode, refresh_due};
use persistence::DbPool;
use persistence::exchange_rates::{self, StoredRate};
use upstream::ExchangeRates;

/// What a refresh did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refresh {
    /// The rates were read and this many stored.
    Stored(usize),
    /// The stored rates are less than a day old: nothing was asked.
    NotDue,
}

/// Reads the rates of `currencies` from `source` and stores them as fetched at `now`, when the
/// newest stored one is a day old or there is none. The source's failure is the error, and
/// nothing is written then.
pub async fn refresh_rates(
    pool: &DbPool,
    source: &dyn ExchangeRates,
    currencies: &[CurrencyCode],
    now: i64,
) -> Result<Refresh, AppError> {
    if currencies.is_empty() {
        return Ok(Refresh::NotDue);
    }
    let wanted = currencies.to_vec();
    let newest = crate::blocking::with_conn(pool, move |conn| {
        Ok(exchange_rates::newest_fetch(conn, &wanted)?)
    })
    .await?;
    if !refresh_due(newest, now) {
        return Ok(Refresh::NotDue);
    }
    let rates = source
        .usd_rates(currencies)
        .await
        .map_err(|err| AppError::BadGateway(format!("exchange rates: {err}")))?;
    let rows: Vec<_> = rates
        .into_iter()
        .map(|rate| (rate.currency, rate.per_usd))
        .collect();
    let stored = rows.len();
    crate::blocking::with_conn(pool, move |conn| {
        Ok(exchange_rates::store(conn, &rows, now)?)
    })
    .await?;
    Ok(Refresh::Stored(stored))
}

/// The rates of `currencies` fresh at `now` (less than three days old), in their order.
pub async fn fresh_rates(
    pool: &DbPool,
    currencies: &[CurrencyCode],
    now: i64,
) -> Result<Vec<StoredRate>, AppError> {
    if currencies.is_empty() {
        return Ok(Vec::new());
    }
    let wanted = currencies.to_vec();
    crate::blocking::with_conn(pool, move |conn| {
        Ok(exchange_rates::fresh(conn, &wanted, now)?)
    })
    .await
}

#[cfg(test)]
#[path = "currency_tests.rs"]
mod tests;
