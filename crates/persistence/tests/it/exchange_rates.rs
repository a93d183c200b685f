//! Exchange rates on both backends: stored and read back exactly, a second store overwriting
//! only the currencies it has, rates three days old or more left out, the newest fetch time,
//! and a stored rate that does not parse being an error.

use diesel::prelude::*;
use domain::currency::{CurrencyCode, PerUsd, STALE_AFTER_SECS};
use persistence::both_backends;
use persistence::exchange_rates::{self, StoredRate};

fn code(text: &str) -> CurrencyCode {
    CurrencyCode::parse(text).unwrap()
}

fn rate(currency: &str, per_usd: &str) -> (CurrencyCode, PerUsd) {
    (code(currency), PerUsd::parse(per_usd).unwrap())
}

fn read(rates: &[StoredRate]) -> Vec<(&str, &str, i64)> {
    rates
        .iter()
        .map(|r| (r.currency.as_str(), r.per_usd.as_str(), r.fetched_at))
        .collect()
}

both_backends! {
    fn exchange_rates_are_stored_and_overwritten_per_currency(db) {
        let mut conn = db.pool.get().unwrap();
        let wanted = [code("GBP"), code("EUR"), code("CHF")];
        assert!(exchange_rates::fresh(&mut conn, &wanted, 1_000).unwrap().is_empty());
        assert_eq!(exchange_rates::newest_fetch(&mut conn, &wanted).unwrap(), None);

        exchange_rates::store(&mut conn, &[rate("EUR", "0.92000000"), rate("GBP", "0.79")], 1_000)
            .unwrap();
        // In the order asked for; CHF has no rate.
        assert_eq!(
            read(&exchange_rates::fresh(&mut conn, &wanted, 1_000).unwrap()),
            [("GBP", "0.79", 1_000), ("EUR", "0.92000000", 1_000)]
        );

        exchange_rates::store(&mut conn, &[rate("EUR", "0.93")], 2_000).unwrap();
        assert_eq!(
            read(&exchange_rates::fresh(&mut conn, &wanted, 2_000).unwrap()),
            [("GBP", "0.79", 1_000), ("EUR", "0.93", 2_000)]
        );
        assert_eq!(exchange_rates::newest_fetch(&mut conn, &wanted).unwrap(), Some(2_000));
        // Only the currencies asked for.
        assert_eq!(
            read(&exchange_rates::fresh(&mut conn, &[code("GBP")], 2_000).unwrap()),
            [("GBP", "0.79", 1_000)]
        );
        assert!(exchange_rates::fresh(&mut conn, &[], 2_000).unwrap().is_empty());
    }

    fn exchange_rates_three_days_old_are_not_fresh(db) {
        let mut conn = db.pool.get().unwrap();
        let wanted = [code("EUR"), code("GBP")];
        exchange_rates::store(&mut conn, &[rate("EUR", "0.92")], 10_000).unwrap();
        exchange_rates::store(&mut conn, &[rate("GBP", "0.79")], 20_000).unwrap();

        let just_fresh = 10_000 + STALE_AFTER_SECS - 1;
        assert_eq!(
            read(&exchange_rates::fresh(&mut conn, &wanted, just_fresh).unwrap()),
            [("EUR", "0.92", 10_000), ("GBP", "0.79", 20_000)]
        );
        let eur_stale = 10_000 + STALE_AFTER_SECS;
        assert_eq!(
            read(&exchange_rates::fresh(&mut conn, &wanted, eur_stale).unwrap()),
            [("GBP", "0.79", 20_000)]
        );
        assert!(
            exchange_rates::fresh(&mut conn, &wanted, 20_000 + STALE_AFTER_SECS)
                .unwrap()
                .is_empty()
        );
    }

    fn a_stored_rate_that_does_not_parse_is_an_error(db) {
        let mut conn = db.pool.get().unwrap();
        diesel::sql_query(
            "INSERT INTO exchange_rates (currency, per_usd, fetched_at) VALUES ('EUR', '-1', 100)",
        )
        .execute(&mut *conn)
        .unwrap();

        let result = exchange_rates::fresh(&mut conn, &[code("EUR")], 100);

        assert!(result.is_err(), "{result:?}");
    }
}
