//! The exchange-rate refresh: one run per period across two instances, the rates asked for only
//! when a day old, a failed refresh keeping the last rates, and stale rates not shown.

use super::*;
use crate::jobs::{EXCHANGE_RATES, Ticked, tick_once};
use domain::currency::{PerUsd, REFRESH_AFTER_SECS, STALE_AFTER_SECS};
use persistence::Backend;
use persistence::testing::TestDatabase;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use upstream::{PaymentError, UsdRate};

/// A rates source answering `course` for every wanted currency, or failing when it is `None`;
/// counts the calls.
struct FakeRates {
    course: Mutex<Option<&'static str>>,
    calls: AtomicUsize,
}

impl FakeRates {
    fn answering(course: Option<&'static str>) -> Self {
        FakeRates {
            course: Mutex::new(course),
            calls: AtomicUsize::new(0),
        }
    }

    fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

#[async_trait::async_trait]
impl ExchangeRates for FakeRates {
    async fn usd_rates(&self, wanted: &[CurrencyCode]) -> Result<Vec<UsdRate>, PaymentError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let course = (*self.course.lock().unwrap())
            .ok_or_else(|| PaymentError::Provider("HTTP 503".to_owned()))?;
        Ok(wanted
            .iter()
            .map(|currency| UsdRate {
                currency: currency.clone(),
                per_usd: PerUsd::parse(course).unwrap(),
            })
            .collect())
    }
}

fn currencies() -> Vec<CurrencyCode> {
    ["EUR", "GBP"]
        .iter()
        .map(|c| CurrencyCode::parse(c).unwrap())
        .collect()
}

async fn shown(pool: &DbPool, now: i64) -> Vec<(String, String, i64)> {
    fresh_rates(pool, &currencies(), now)
        .await
        .unwrap()
        .into_iter()
        .map(|r| {
            (
                r.currency.to_string(),
                r.per_usd.as_str().to_owned(),
                r.fetched_at,
            )
        })
        .collect()
}

#[tokio::test]
async fn rates_refresh_runs_once_across_instances() {
    let db = TestDatabase::new(Backend::Sqlite).unwrap();
    let source = FakeRates::answering(Some("0.92"));
    let wanted = currencies();
    let now = persistence::now();

    let mut ticks = Vec::new();
    for holder in ["instance-a", "instance-b"] {
        let run = refresh_rates(&db.pool, &source, &wanted, now);
        ticks.push(
            tick_once(&db.pool, EXCHANGE_RATES, holder, async {
                run.await.map(|_| ())
            })
            .await,
        );
    }

    // The second instance is skipped in the same hour, or (an hour boundary between the two
    // ticks) finds the rates fresh: either way Cryptomus is asked once.
    assert_eq!(ticks[0], Ticked::Ran);
    assert_eq!(source.calls(), 1);
    assert_eq!(
        shown(&db.pool, now).await,
        [
            ("EUR".to_owned(), "0.92".to_owned(), now),
            ("GBP".to_owned(), "0.92".to_owned(), now)
        ]
    );
}

#[tokio::test]
async fn rates_are_asked_for_only_when_a_day_old() {
    let db = TestDatabase::new(Backend::Sqlite).unwrap();
    let source = FakeRates::answering(Some("0.92"));
    let wanted = currencies();
    let t0 = 1_000_000;

    assert_eq!(
        refresh_rates(&db.pool, &source, &wanted, t0).await.unwrap(),
        Refresh::Stored(2)
    );
    let later = t0 + REFRESH_AFTER_SECS - 1;
    assert_eq!(
        refresh_rates(&db.pool, &source, &wanted, later)
            .await
            .unwrap(),
        Refresh::NotDue
    );
    assert_eq!(source.calls(), 1);

    *source.course.lock().unwrap() = Some("0.95");
    let next_day = t0 + REFRESH_AFTER_SECS;
    assert_eq!(
        refresh_rates(&db.pool, &source, &wanted, next_day)
            .await
            .unwrap(),
        Refresh::Stored(2)
    );
    assert_eq!(source.calls(), 2);
    assert_eq!(shown(&db.pool, next_day).await[0].1, "0.95");
}

#[tokio::test]
async fn a_failed_rates_refresh_keeps_the_last_rates_until_stale() {
    let db = TestDatabase::new(Backend::Sqlite).unwrap();
    let source = FakeRates::answering(Some("0.92"));
    let wanted = currencies();
    let t0 = 1_000_000;
    refresh_rates(&db.pool, &source, &wanted, t0).await.unwrap();

    *source.course.lock().unwrap() = None;
    let next_day = t0 + REFRESH_AFTER_SECS;
    let failed = refresh_rates(&db.pool, &source, &wanted, next_day).await;

    assert!(matches!(failed, Err(AppError::BadGateway(_))), "{failed:?}");
    assert_eq!(source.calls(), 2);
    assert_eq!(
        shown(&db.pool, next_day).await,
        [
            ("EUR".to_owned(), "0.92".to_owned(), t0),
            ("GBP".to_owned(), "0.92".to_owned(), t0)
        ]
    );
    // Three days on, still failing: nothing is shown (USD only).
    assert!(shown(&db.pool, t0 + STALE_AFTER_SECS).await.is_empty());
}
