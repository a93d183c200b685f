//! `POST /api/payment` (the Add Funds dialog's call): who may open a top-up, the exact
//! messages for each invalid form, the invoice it answers with and the pending row it writes,
//! and the per-customer limit.

use crate::common::wallet::METHOD;
use crate::common::{PASSWORD, Reply, TestApp};
use serde_json::{Value, json};

const FILL_ALL: &str = "Please fill all the fields";
const TOO_SMALL: &str = "Amount must be greater than 0.1";
const TOO_LARGE: &str = "Amount must be at most 10000";
const BAD_METHOD: &str = "Unsupported payment method";
const BAD_COIN: &str = "Unsupported currency. Choose DOGE, TRX, LTC or USDT";

/// A 422 whose `fields` are exactly `fields` and whose `message` is the first of them.
fn assert_invalid(reply: &Reply, fields: Value, message: &str) {
    assert_eq!(reply.status, 422, "{}", reply.text);
    assert_eq!(reply.body["fields"], fields, "{}", reply.text);
    assert_eq!(reply.message(), message, "{}", reply.text);
}

async fn signed_in(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register("payer@example.com", PASSWORD).await;
    app
}

fn payment_count(app: &TestApp) -> i64 {
    use diesel::prelude::*;
    use persistence::schema::payments;
    app.with_conn(|conn| payments::table.count().get_result(conn).unwrap())
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_guest_cannot_open_a_top_up(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app
            .post_json("/api/payment", json!({ "amount": 25, "method": METHOD }))
            .await;

        assert_eq!(reply.status, 401, "{}", reply.text);
        assert_eq!(payment_count(&app), 0);
    }

    async fn missing_fields_ask_to_fill_all_the_fields(backend) {
        let app = signed_in(backend).await;

        let reply = app.post_json("/api/payment", json!({ "method": METHOD })).await;
        assert_invalid(&reply, json!({ "amount": FILL_ALL }), FILL_ALL);

        let reply = app.post_json("/api/payment", json!({ "amount": 25 })).await;
        assert_invalid(&reply, json!({ "method": FILL_ALL }), FILL_ALL);

        let reply = app
            .post_json("/api/payment", json!({ "amount": 25, "method": "  " }))
            .await;
        assert_invalid(&reply, json!({ "method": FILL_ALL }), FILL_ALL);

        // A currency given but blank is not the default coin.
        for blank in ["", "  "] {
            let body = json!({ "amount": 25, "method": METHOD, "currency": blank });
            let reply = app.post_json("/api/payment", body).await;
            assert_invalid(&reply, json!({ "currency": FILL_ALL }), FILL_ALL);
        }

        let reply = app.post_json("/api/payment", json!({})).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.message(), FILL_ALL);

        assert_eq!(payment_count(&app), 0);
    }

    async fn amounts_must_be_between_ten_cents_and_ten_thousand(backend) {
        let app = signed_in(backend).await;

        for amount in [json!(0.09), json!(0), json!(-5), json!(-0.1)] {
            let reply = app
                .post_json("/api/payment", json!({ "amount": amount, "method": METHOD }))
                .await;
            assert_invalid(&reply, json!({ "amount": TOO_SMALL }), TOO_SMALL);
        }
        let huge = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        for amount in [json!(10000.01), json!(20000), huge("1e20"), huge("1e300"), json!(u64::MAX)] {
            let reply = app
                .post_json("/api/payment", json!({ "amount": amount, "method": METHOD }))
                .await;
            assert_invalid(&reply, json!({ "amount": TOO_LARGE }), TOO_LARGE);
        }
        // A third decimal is refused with the rule, never rounded (1.005 was stored as $1.00).
        const DECIMALS: &str = "Amount must have at most 2 decimals";
        for amount in [json!(1.005), json!(9999.999), json!(0.101)] {
            let reply = app
                .post_json("/api/payment", json!({ "amount": amount, "method": METHOD }))
                .await;
            assert_invalid(&reply, json!({ "amount": DECIMALS }), DECIMALS);
        }
        assert_eq!(payment_count(&app), 0);

        // Both ends are accepted, and any spelling of a two-decimal value.
        for (text, cents) in [("1.50", 150), ("1.5e0", 150), ("2e1", 2000)] {
            let body = format!(r#"{{"amount": {text}, "method": "{METHOD}"}}"#);
            let reply = app
                .send(app.client.post(app.url("/api/payment")).header("content-type", "application/json").body(body))
                .await;
            assert_eq!(reply.status, 200, "{text}: {}", reply.text);
            let id = reply.body["paymentId"].as_str().unwrap();
            assert_eq!(app.payment(id).amount_cents.get(), cents, "{text}");
        }
        for (amount, cents) in [(0.1, 10), (10000.0, 1_000_000)] {
            let reply = app
                .post_json("/api/payment", json!({ "amount": amount, "method": METHOD }))
                .await;
            assert_eq!(reply.status, 200, "{amount}: {}", reply.text);
            let id = reply.body["paymentId"].as_str().unwrap();
            assert_eq!(app.payment(id).amount_cents.get(), cents);
        }
    }

    async fn only_cryptomous_and_the_four_coins_are_accepted(backend) {
        let app = signed_in(backend).await;

        let reply = app
            .post_json("/api/payment", json!({ "amount": 25, "method": "paypal" }))
            .await;
        assert_invalid(&reply, json!({ "method": BAD_METHOD }), BAD_METHOD);

        let body = json!({ "amount": 25, "method": METHOD, "currency": "BTC" });
        let reply = app.post_json("/api/payment", body).await;
        assert_invalid(&reply, json!({ "currency": BAD_COIN }), BAD_COIN);
        assert_eq!(payment_count(&app), 0);

        for (sent, stored) in [("DOGE", "DOGE"), ("TRX", "TRX"), ("ltc", "LTC"), ("USDT", "USDT")] {
            let id = app.top_up_with(&app.client, 5.0, sent).await;
            assert_eq!(app.payment(&id).currency, stored, "{sent}");
        }
    }

    async fn a_top_up_opens_an_invoice_and_a_pending_payment(backend) {
        let app = signed_in(backend).await;

        // No currency: LTC, the default.
        let reply = app
            .post_json("/api/payment", json!({ "amount": 25, "method": METHOD }))
            .await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        let id = reply.body["paymentId"].as_str().unwrap().to_owned();
        assert_eq!(
            reply.body,
            json!({ "url": format!("{}/checkout/{id}", app.address), "paymentId": id })
        );
        let row = app.payment(&id);
        assert_eq!(row.user_id, app.user_id("payer@example.com"));
        assert_eq!(row.amount_cents.get(), 2500);
        assert_eq!(row.currency, "LTC");
        assert_eq!(row.provider, "local");
        assert_eq!(row.status.as_str(), "pending");
        assert_eq!(row.pay_url.as_deref(), reply.body["url"].as_str());
        assert!(row.credited_at.is_none());
        assert!(row.expires_at.unwrap() > persistence::now());
        // Opening an invoice moves no money.
        assert_eq!(app.balance_cents("payer@example.com"), 0);
        assert!(app.ledger("payer@example.com").is_empty());

        // Cents are kept exactly (no float drift), and each top-up is its own payment.
        let other = app.top_up_with(&app.client, 19.99, "USDT").await;
        assert_ne!(other, id);
        assert_eq!(app.payment(&other).amount_cents.get(), 1999);
    }

    async fn top_ups_are_limited_per_customer(backend) {
        let app = TestApp::start(backend, |s| s.limits.payments_per_user = 2).await;
        app.register("payer@example.com", PASSWORD).await;
        let other = app.new_client();
        app.register_with(&other, "other@example.com", PASSWORD).await;

        // Invalid forms do not use up the limit.
        for _ in 0..3 {
            let reply = app.post_json("/api/payment", json!({ "method": METHOD })).await;
            assert_eq!(reply.status, 422, "{}", reply.text);
        }
        app.top_up(5.0).await;
        app.top_up(5.0).await;

        let body = json!({ "amount": 5, "method": METHOD });
        let reply = app.post_json("/api/payment", body.clone()).await;
        assert_eq!(reply.status, 429, "{}", reply.text);
        assert_eq!(reply.message(), "Too many requests. Please try again later");
        assert!(reply.header("retry-after").is_some());
        assert_eq!(payment_count(&app), 2);

        // Another customer has a limit of their own.
        let reply = app.post_json_with(&other, "/api/payment", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
}
