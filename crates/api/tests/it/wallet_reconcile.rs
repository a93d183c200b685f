//! `app::wallet::reconcile::run`: payments still pending after their invoice expired are asked
//! about at the gateway; a paid answer credits once, an unknown invoice is marked expired, and a
//! provider that cannot answer leaves the payment pending for the next run.

use crate::common::CHECKOUT_KEY;
use crate::common::{PASSWORD, TestApp};
use app::wallet::ReferralTerms;
use app::wallet::reconcile::{self, Outcome};
use secrecy::SecretString;
use serde_json::{Value, json};
use upstream::{CryptomusGateway, LocalCheckout};
use wiremock::matchers::{body_partial_json, header_exists, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const TERMS: ReferralTerms = ReferralTerms {
    percent: 10,
    cap_cents: 5_000,
};

const PAYER: &str = "payer@example.com";

async fn signed_in(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(PAYER, PASSWORD).await;
    app
}

fn local(app: &TestApp) -> LocalCheckout {
    LocalCheckout::new(
        SecretString::from(CHECKOUT_KEY.to_owned()),
        app.address.clone(),
    )
}

fn cryptomus(server: &MockServer) -> CryptomusGateway {
    let http = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(5))
        .build()
        .unwrap();
    CryptomusGateway::with_client(
        "merchant-uuid".to_owned(),
        SecretString::from("cryptomus-payment-key".to_owned()),
        server.uri(),
        http,
    )
    .unwrap()
}

/// `/v1/payment/info` for `order_id` answers `status` with `body`.
async fn answer(server: &MockServer, order_id: &str, status: u16, body: Value) {
    Mock::given(method("POST"))
        .and(path("/v1/payment/info"))
        .and(header_exists("sign"))
        .and(body_partial_json(json!({ "order_id": order_id })))
        .respond_with(ResponseTemplate::new(status).set_body_json(body))
        .mount(server)
        .await;
}

fn invoice(order_id: &str, amount: &str, status: &str) -> Value {
    json!({
        "state": 0,
        "result": {
            "uuid": "26109ba0-b05b-4ee0-93d1-fd62c822ce95",
            "order_id": order_id,
            "amount": amount,
            "payment_amount": amount,
            "payer_amount": "0.3",
            "payer_currency": "LTC",
            "currency": "USD",
            "network": "ltc",
            "status": status,
            "payment_status": status,
            "is_final": true,
            "url": "https://pay.cryptomus.com/pay/26109ba0",
            "expired_at": 1_700_000_000,
        }
    })
}

persistence::both_backends! {

    #[actix_web::test]
    async fn local_payments_past_their_expiry_are_marked_expired(backend) {
        let app = signed_in(backend).await;
        let stale = app.top_up(25.0).await;
        app.expire(&stale, 60);
        let fresh = app.top_up(10.0).await;
        let cancelled = app.top_up(5.0).await;
        app.expire(&cancelled, 60);
        let reply = app.callback(app.signed(&cancelled, 500, domain::Coin::Ltc, "cancel", true)).await;
        assert_eq!(reply.status, 200, "{}", reply.text);

        let outcome = reconcile::run(&app.db.pool, &local(&app), TERMS).await.unwrap();

        assert_eq!(outcome, Outcome { expired: 1, ..Outcome::default() });
        assert_eq!(app.payment(&stale).status.as_str(), "expired");
        assert_eq!(app.payment(&fresh).status.as_str(), "pending");
        assert_eq!(app.payment(&cancelled).status.as_str(), "cancel");
        assert_eq!(app.balance_cents(PAYER), 0);
        // Nothing is left to do on a second run.
        assert_eq!(reconcile::run(&app.db.pool, &local(&app), TERMS).await.unwrap(), Outcome::default());
        // An expired payment is no longer payable through a late local Pay.
        let reply = app.send(
            app.client.post(app.url(&format!("/checkout/{stale}/pay"))).header("origin", &app.address),
        ).await;
        assert_eq!(reply.status, 303, "{}", reply.text);
        assert_eq!(app.balance_cents(PAYER), 0);
    }

    async fn a_paid_invoice_at_the_provider_is_credited_once(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let alice = app.register("alice@example.com", PASSWORD).await;
        let bob = app.new_client();
        app.register_referred(&bob, PAYER, alice["refCode"].as_str().unwrap()).await;
        let id = app.top_up_with(&bob, 25.0, "LTC").await;
        app.expire(&id, 60);
        app.issued_by(&id, "cryptomus");
        let server = MockServer::start().await;
        answer(&server, &id, 200, invoice(&id, "25.00", "paid")).await;
        let gateway = cryptomus(&server);

        let outcome = reconcile::run(&app.db.pool, &gateway, TERMS).await.unwrap();

        assert_eq!(outcome, Outcome { credited: 1, ..Outcome::default() });
        let row = app.payment(&id);
        assert_eq!(row.status.as_str(), "paid");
        assert!(row.credited_at.is_some());
        assert_eq!(app.balance_cents(PAYER), 2500);
        assert_eq!(app.referral_cents("alice@example.com"), 250, "the bonus is on the referral balance");
        assert_eq!(app.balance_cents("alice@example.com"), 0);
        // A second run and a late webhook change nothing.
        assert_eq!(reconcile::run(&app.db.pool, &gateway, TERMS).await.unwrap(), Outcome::default());
        app.pay(&id).await;
        assert_eq!(app.balance_cents(PAYER), 2500);
        assert_eq!(app.ledger(PAYER).len(), 1);
        assert_eq!(app.bonuses().len(), 1);
        app.assert_books_balance(&[PAYER, "alice@example.com"]);
    }

    async fn a_payment_of_another_gateway_is_expired_without_asking(backend) {
        let app = signed_in(backend).await;
        let id = app.top_up(25.0).await; // issued by the local checkout
        app.expire(&id, 60);
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(500)).expect(0).mount(&server).await;

        let outcome = reconcile::run(&app.db.pool, &cryptomus(&server), TERMS).await.unwrap();

        assert_eq!(outcome, Outcome { expired: 1, ..Outcome::default() });
        assert_eq!(app.payment(&id).status.as_str(), "expired");
        assert_eq!(app.balance_cents(PAYER), 0);
    }

    async fn a_provider_error_leaves_the_payment_pending(backend) {
        let app = signed_in(backend).await;
        let down = app.top_up(25.0).await;
        app.expire(&down, 60);
        app.issued_by(&down, "cryptomus");
        let server = MockServer::start().await;
        answer(&server, &down, 500, json!({ "state": 1, "message": "Server error" })).await;

        let outcome = reconcile::run(&app.db.pool, &cryptomus(&server), TERMS).await.unwrap();

        assert_eq!(outcome, Outcome { failed: 1, ..Outcome::default() });
        let row = app.payment(&down);
        assert_eq!(row.status.as_str(), "pending");
        assert!(row.credited_at.is_none());
        assert_eq!(app.balance_cents(PAYER), 0);
        assert!(app.ledger(PAYER).is_empty());
    }

    async fn an_invoice_the_provider_does_not_know_is_expired(backend) {
        let app = signed_in(backend).await;
        let id = app.top_up(25.0).await;
        app.expire(&id, 60);
        app.issued_by(&id, "cryptomus");
        let server = MockServer::start().await;
        answer(&server, &id, 200, json!({ "state": 1, "message": "Payment not found" })).await;

        let outcome = reconcile::run(&app.db.pool, &cryptomus(&server), TERMS).await.unwrap();

        assert_eq!(outcome, Outcome { expired: 1, ..Outcome::default() });
        assert_eq!(app.payment(&id).status.as_str(), "expired");
        assert_eq!(app.balance_cents(PAYER), 0);
    }

    async fn a_provider_answer_with_another_amount_is_not_applied(backend) {
        let app = signed_in(backend).await;
        let id = app.top_up(25.0).await;
        app.expire(&id, 60);
        app.issued_by(&id, "cryptomus");
        let server = MockServer::start().await;
        answer(&server, &id, 200, invoice(&id, "2500.00", "paid")).await;

        let outcome = reconcile::run(&app.db.pool, &cryptomus(&server), TERMS).await.unwrap();

        assert_eq!(outcome, Outcome { failed: 1, ..Outcome::default() });
        let row = app.payment(&id);
        assert_eq!(row.status.as_str(), "pending");
        assert!(row.credited_at.is_none());
        assert_eq!(app.balance_cents(PAYER), 0);
        app.assert_books_balance(&[PAYER]);
    }
}
