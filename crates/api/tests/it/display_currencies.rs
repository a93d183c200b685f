//! `GET /api/config`'s `currencies`: only the operator's display currencies with a fresh rate
//! (less than three days old), in the operator's order; empty when none is fresh or none is
//! chosen.

use crate::common::TestApp;
use domain::currency::{CurrencyCode, PerUsd, STALE_AFTER_SECS};
use serde_json::json;

fn code(text: &str) -> CurrencyCode {
    CurrencyCode::parse(text).unwrap()
}

fn store(app: &TestApp, currency: &str, per_usd: &str, fetched_at: i64) {
    let rate = (code(currency), PerUsd::parse(per_usd).unwrap());
    app.with_conn(|conn| {
        persistence::exchange_rates::store(conn, &[rate], fetched_at).unwrap();
    });
}

persistence::both_backends! {

    #[actix_web::test]
    async fn config_lists_the_fresh_rates_of_the_display_currencies(backend) {
        let app = TestApp::start(backend, |s| {
            s.display_currencies = vec![code("GBP"), code("JPY"), code("EUR")];
        })
        .await;
        let now = persistence::now();
        store(&app, "EUR", "0.92000000", now - 60);
        store(&app, "GBP", "0.79", now - STALE_AFTER_SECS - 60);
        store(&app, "JPY", "151.5", now - 3_600);
        // Not chosen by the operator.
        store(&app, "CHF", "0.88", now - 60);

        let config = app.get("/api/config").await;

        assert_eq!(config.status, 200, "{}", config.text);
        assert_eq!(
            config.body["currencies"],
            json!([
                {"code": "JPY", "perUsd": 151.5, "updatedAt": now - 3_600},
                {"code": "EUR", "perUsd": 0.92, "updatedAt": now - 60},
            ]),
            "{}",
            config.text
        );
    }

    async fn config_lists_no_currency_without_rates_or_choice(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let config = app.get("/api/config").await;
        assert_eq!(config.body["currencies"], json!([]), "{}", config.text);

        let usd_only = TestApp::start(backend, |s| s.display_currencies.clear()).await;
        store(&usd_only, "EUR", "0.92", persistence::now());
        let config = usd_only.get("/api/config").await;
        assert_eq!(config.body["currencies"], json!([]), "{}", config.text);
    }
}
