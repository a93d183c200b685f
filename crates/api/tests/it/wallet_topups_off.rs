//! Without a payment gateway (no Cryptomus keys, and the local checkout not chosen) top-ups are
//! off: `POST /api/payment` answers 503 and writes nothing, `/api/config` says so, the local
//! checkout's pages do not exist, and the webhook verifies nothing.

use crate::common::wallet::METHOD;
use crate::common::{PASSWORD, Providers, TestApp};
use diesel::prelude::*;
use domain::Coin;
use persistence::schema::{payments, wallet_ledger};
use serde_json::json;

const UNAVAILABLE: &str = "Top-ups are not available right now";

async fn without_gateway(backend: persistence::Backend) -> TestApp {
    let providers = Providers {
        top_ups_off: true,
        ..Providers::default()
    };
    let app = TestApp::start_with(backend, providers).await;
    app.register("payer@example.com", PASSWORD).await;
    app
}

fn rows(app: &TestApp) -> (i64, i64) {
    app.with_conn(|conn| {
        (
            payments::table.count().get_result(conn).unwrap(),
            wallet_ledger::table.count().get_result(conn).unwrap(),
        )
    })
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_top_up_is_refused_with_503_and_nothing_written(backend) {
        let app = without_gateway(backend).await;

        let reply = app
            .post_json("/api/payment", json!({ "amount": 25, "method": METHOD, "currency": "LTC" }))
            .await;

        assert_eq!(reply.status, 503, "{}", reply.text);
        assert_eq!(reply.message(), UNAVAILABLE);
        assert_eq!(rows(&app), (0, 0));
        assert_eq!(app.balance_cents("payer@example.com"), 0);
    }

    async fn the_public_config_says_whether_top_ups_are_on(backend) {
        let off = without_gateway(backend).await;
        let reply = off.get("/api/config").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["topUps"], json!(false), "{}", reply.text);

        let on = TestApp::start(backend, |_| {}).await;
        let reply = on.get("/api/config").await;
        assert_eq!(reply.body["topUps"], json!(true), "{}", reply.text);
    }

    async fn the_local_checkout_pages_do_not_exist(backend) {
        let app = without_gateway(backend).await;
        // A pending payment left from when the local checkout ran.
        let uid = app.user_id("payer@example.com");
        app.with_conn(|conn| {
            persistence::payments::insert_pending(conn, "pay_left", uid, domain::Cents::new(2500), "LTC", "local").unwrap()
        });

        let page = app.get("/checkout/pay_left").await;
        let pay = app.send(app.client.post(app.url("/checkout/pay_left/pay"))).await;

        assert_eq!(page.status, 404, "{}", page.text);
        assert_eq!(pay.status, 404, "{}", pay.text);
        assert_eq!(app.payment("pay_left").status.as_str(), "pending");
        assert_eq!(app.balance_cents("payer@example.com"), 0);
    }

    async fn a_callback_is_not_verified_and_credits_nothing(backend) {
        let app = without_gateway(backend).await;
        let uid = app.user_id("payer@example.com");
        app.with_conn(|conn| {
            persistence::payments::insert_pending(conn, "pay_cb", uid, domain::Cents::new(2500), "LTC", "local").unwrap()
        });

        let reply = app.callback(app.signed("pay_cb", 2500, Coin::Ltc, "paid", true)).await;

        assert_eq!(reply.status, 503, "{}", reply.text);
        assert_eq!(app.balance_cents("payer@example.com"), 0);
        assert_eq!(rows(&app), (1, 0));
    }
}
