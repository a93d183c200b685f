//! Exchange rates for the approximate prices shown beside USD: one row per currency, written by
//! the daily refresh (`app::currency`), read by the public configuration. A refresh overwrites
//! the rows it has; a currency it did not read keeps its last row, which stops being shown once
//! stale (`domain::currency::STALE_AFTER_SECS`). A stored rate or code that does not parse is an
//! error, never skipped.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::schema::exchange_rates;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::currency::{CurrencyCode, PerUsd, STALE_AFTER_SECS};

/// A stored rate: `per_usd` units of `currency` for one US dollar, fetched at `fetched_at`.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRate {
    pub currency: CurrencyCode,
    pub per_usd: PerUsd,
    pub fetched_at: i64,
}

/// Writes each rate as fetched at `fetched_at`, in one transaction (all or none).
pub fn store(
    conn: &mut DbConnection,
    rates: &[(CurrencyCode, PerUsd)],
    fetched_at: i64,
) -> DbResult<()> {
    crate::write_transaction(conn, |c| {
        for (currency, per_usd) in rates {
            update_or_insert(
                c,
                |c| {
                    diesel::update(exchange_rates::table.find(currency.as_str()))
                        .set((
                            exchange_rates::per_usd.eq(per_usd.as_str()),
                            exchange_rates::fetched_at.eq(fetched_at),
                        ))
                        .execute(c)
                },
                |c| {
                    diesel::insert_into(exchange_rates::table)
                        .values((
                            exchange_rates::currency.eq(currency.as_str()),
                            exchange_rates::per_usd.eq(per_usd.as_str()),
                            exchange_rates::fetched_at.eq(fetched_at),
                        ))
                        .execute(c)
                },
            )?;
        }
        Ok(())
    })
}

/// The stored rates of `currencies` still fresh at `now` (fetched less than three days before),
/// in the order of `currencies`; a currency without a fresh rate is left out.
pub fn fresh(
    conn: &mut DbConnection,
    currencies: &[CurrencyCode],
    now: i64,
) -> DbResult<Vec<StoredRate>> {
    if currencies.is_empty() {
        return Ok(Vec::new());
    }
    let codes: Vec<&str> = currencies.iter().map(CurrencyCode::as_str).collect();
    let rows: Vec<(String, String, i64)> = exchange_rates::table
        .filter(exchange_rates::currency.eq_any(&codes))
        .filter(exchange_rates::fetched_at.gt(now - STALE_AFTER_SECS))
        .select((
            exchange_rates::currency,
            exchange_rates::per_usd,
            exchange_rates::fetched_at,
        ))
        .load(conn)?;
    let mut rates = rows
        .into_iter()
        .map(|(currency, per_usd, fetched_at)| {
            Ok(StoredRate {
                currency: CurrencyCode::parse(&currency).ok_or_else(|| bad(&currency, "code"))?,
                per_usd: PerUsd::parse(&per_usd).ok_or_else(|| bad(&currency, "rate"))?,
                fetched_at,
            })
        })
        .collect::<DbResult<Vec<_>>>()?;
    rates.sort_by_key(|rate| currencies.iter().position(|c| *c == rate.currency));
    Ok(rates)
}

/// When the newest stored rate of `currencies` was fetched; `None` when none is stored.
pub fn newest_fetch(conn: &mut DbConnection, currencies: &[CurrencyCode]) -> DbResult<Option<i64>> {
    let codes: Vec<&str> = currencies.iter().map(CurrencyCode::as_str).collect();
    Ok(exchange_rates::table
        .filter(exchange_rates::currency.eq_any(&codes))
        .select(diesel::dsl::max(exchange_rates::fetched_at))
        .first::<Option<i64>>(conn)?)
}

fn bad(currency: &str, what: &str) -> DbError {
    DbError::Query(diesel::result::Error::DeserializationError(
        format!("exchange_rates: the stored {what} of {currency:?} does not parse").into(),
    ))
}
