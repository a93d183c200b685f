//! Payments for operators (`/api/admin/payments`, docs/admin-api/payments.md): the list, one
//! payment with its status history and raw report, and a check that asks the gateway (a local
//! mock of Cryptomus, or the local checkout) and settles its answer on the webhook's path:
//! credited at most once, audited, and nothing written when the provider cannot answer.

use crate::common::{PASSWORD, Providers, TestApp};
use domain::{Cents, Coin};
use secrecy::SecretString;
use serde_json::{Value, json};
use std::sync::Arc;
use upstream::CryptomusGateway;
use wiremock::matchers::{body_partial_json, header_exists, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const ADMIN: &str = "admin@example.com";
const PAYER: &str = "payer@example.com";
const DOWN: &str = "The payment provider is unavailable. Please try again later";

fn cryptomus(server: &MockServer) -> Arc<CryptomusGateway> {
    let http = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(5))
        .build()
        .unwrap();
    Arc::new(
        CryptomusGateway::with_client(
            "merchant-uuid".to_owned(),
            SecretString::from("cryptomus-payment-key".to_owned()),
            server.uri(),
            http,
        )
        .unwrap(),
    )
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

fn invoice(order_id: &str, amount: &str, status: &str, is_final: bool) -> Value {
    json!({ "state": 0, "result": {
        "uuid": "26109ba0-b05b-4ee0-93d1-fd62c822ce95", "order_id": order_id, "amount": amount,
        "payment_amount": amount, "payer_amount": "0.3", "payer_currency": "LTC", "currency": "USD",
        "network": "ltc", "status": status, "payment_status": status, "is_final": is_final,
        "url": "https://pay.cryptomus.com/pay/26109ba0", "expired_at": 1_700_000_000 } })
}

/// An admin (main client) and a customer (returned client), on the Cryptomus mock at `server`
/// or, without one, on the local checkout.
async fn shop(
    backend: persistence::Backend,
    server: Option<&MockServer>,
) -> (TestApp, reqwest::Client) {
    let providers = Providers {
        payments: server.map(|s| cryptomus(s) as Arc<dyn upstream::PaymentGateway>),
        ..Providers::default()
    };
    let app = TestApp::start_with(backend, providers).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    let payer = app.new_client();
    app.register_with(&payer, PAYER, PASSWORD).await;
    (app, payer)
}

/// A pending Cryptomus payment of `cents` written as `POST /api/payment` writes it.
fn pending(app: &TestApp, id: &str, cents: i64) {
    let user = app.user_id(PAYER);
    app.with_conn(|conn| {
        persistence::payments::insert_pending(conn, id, user, Cents::new(cents), "LTC", "cryptomus")
            .unwrap()
    });
}

async fn check(app: &TestApp, id: &str) -> crate::common::Reply {
    app.post_json(&format!("/api/admin/payments/{id}/check"), json!({}))
        .await
}

fn statuses(detail: &crate::common::Reply) -> Vec<String> {
    detail.body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["status"].as_str().unwrap().to_owned())
        .collect()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_list_and_a_payment_with_its_history(backend) {
        let (app, payer) = shop(backend, None).await;
        let paid = app.top_up_with(&payer, 12.5, "LTC").await;
        app.pay(&paid).await;
        let open = app.top_up_with(&payer, 3.0, "DOGE").await;
        let cancelled = app.top_up_with(&payer, 4.0, "TRX").await;
        let reply = app.callback(app.signed(&cancelled, 400, Coin::Trx, "cancel", true)).await;
        assert_eq!(reply.status, 200, "{}", reply.text);

        let list = app.get("/api/admin/payments").await;
        assert_eq!(list.status, 200, "{}", list.text);
        assert_eq!((list.body["total"].as_i64(), list.body["page"].as_i64(), list.body["perPage"].as_i64()), (Some(3), Some(1), Some(50)));
        let first = &list.body["items"].as_array().unwrap().iter().find(|p| p["id"] == paid.as_str()).cloned().unwrap();
        assert_eq!((first["userEmail"].as_str(), first["amount"].as_f64(), first["currency"].as_str()), (Some(PAYER), Some(12.5), Some("LTC")));
        assert_eq!((first["provider"].as_str(), first["status"].as_str()), (Some("local"), Some("paid")));
        assert!(first["creditedAt"].as_i64().is_some() && first["expiresAt"].as_i64().is_some());
        assert!(first["providerUuid"].as_str().is_some());
        let by_status = app.get("/api/admin/payments?status=pending").await;
        assert_eq!((by_status.body["total"].as_i64(), by_status.body["items"][0]["id"].as_str()), (Some(1), Some(open.as_str())));
        assert_eq!(app.get("/api/admin/payments?status=nonsense").await.body["total"], 0);
        assert_eq!(app.get(&format!("/api/admin/payments?q={cancelled}")).await.body["total"], 1);
        assert_eq!(app.get("/api/admin/payments?q=PAYER@").await.body["total"], 3);
        assert_eq!(app.get("/api/admin/payments?q=someone-else").await.body["total"], 0);
        assert_eq!(app.get("/api/admin/payments?perPage=2&page=2").await.body["items"].as_array().unwrap().len(), 1);

        let detail = app.get(&format!("/api/admin/payments/{paid}")).await;
        assert_eq!(detail.status, 200, "{}", detail.text);
        assert_eq!(detail.body["payment"], *first);
        assert_eq!(statuses(&detail), ["pending", "paid"]);
        assert_eq!(detail.body["report"]["order_id"], paid.as_str());
        assert_eq!(detail.body["report"]["status"], "paid");
        let detail = app.get(&format!("/api/admin/payments/{cancelled}")).await;
        assert_eq!(statuses(&detail), ["pending", "cancel"]);
        let detail = app.get(&format!("/api/admin/payments/{open}")).await;
        assert_eq!((statuses(&detail), detail.body["report"].clone()), (vec!["pending".to_owned()], Value::Null));
        let missing = app.get("/api/admin/payments/pay_nothing").await;
        assert_eq!((missing.status, missing.message()), (404, "Payment not found"));
        assert_eq!(app.get_with(&payer, "/api/admin/payments").await.status, 403);
        assert_eq!(app.get_with(&reqwest::Client::new(), &format!("/api/admin/payments/{paid}")).await.status, 401);
    }

    async fn a_check_settles_the_providers_answer_once(backend) {
        let server = MockServer::start().await;
        let (app, _payer) = shop(backend, Some(&server)).await;
        let id = "pay_checkedbyadmin0001";
        pending(&app, id, 2_500);
        answer(&server, id, 200, invoice(id, "25.00", "paid", true)).await;

        let reply = check(&app, id).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["changed"], true);
        assert_eq!((reply.body["payment"]["status"].as_str(), reply.body["payment"]["amount"].as_f64()), (Some("paid"), Some(25.0)));
        assert!(reply.body["payment"]["creditedAt"].as_i64().is_some());
        assert_eq!(app.balance_cents(PAYER), 2_500);
        let rows = app.audit_rows_of("payment.check");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].target.as_deref(), Some(format!("payment:{id}").as_str()));
        assert_eq!(rows[0].before().unwrap()["status"], "pending");
        assert_eq!(rows[0].after(), Some(reply.body["payment"].clone()));
        let detail = app.get(&format!("/api/admin/payments/{id}")).await;
        assert_eq!(statuses(&detail), ["pending", "paid"]);
        // The provider's answer as it came: Cryptomus wraps the invoice in `result`.
        assert_eq!(detail.body["report"]["result"]["order_id"], id);

        // Asking again credits nothing more.
        let again = check(&app, id).await;
        assert_eq!((again.status, again.body["changed"].as_bool()), (200, Some(false)));
        assert_eq!(app.balance_cents(PAYER), 2_500);
        assert_eq!(app.ledger(PAYER).len(), 1);
        assert_eq!(app.audit_rows_of("payment.check").len(), 2);
        app.assert_books_balance(&[PAYER]);
    }

    async fn a_check_records_a_status_that_does_not_credit(backend) {
        let server = MockServer::start().await;
        let (app, _payer) = shop(backend, Some(&server)).await;
        let id = "pay_cancelledatprovider";
        pending(&app, id, 1_000);
        answer(&server, id, 200, invoice(id, "10.00", "cancel", true)).await;
        let reply = check(&app, id).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["changed"].as_bool(), reply.body["payment"]["status"].as_str()), (Some(true), Some("cancel")));
        assert_eq!(app.balance_cents(PAYER), 0);
        let detail = app.get(&format!("/api/admin/payments/{id}")).await;
        assert_eq!(statuses(&detail), ["pending", "cancel"]);
    }

    async fn a_provider_that_cannot_answer_changes_nothing(backend) {
        let server = MockServer::start().await;
        let (app, _payer) = shop(backend, Some(&server)).await;
        let id = "pay_providerisdown0001";
        pending(&app, id, 2_500);
        answer(&server, id, 500, json!({ "state": 1, "message": "Server error" })).await;
        let reply = check(&app, id).await;
        assert_eq!((reply.status, reply.message()), (502, DOWN));
        let row = app.payment(id);
        assert_eq!((row.status.as_str(), row.credited_at), ("pending", None));
        assert!(app.audit_rows_of("payment.check").is_empty());
        assert_eq!(app.balance_cents(PAYER), 0);

        // An answer with another amount is refused by the webhook's own check: nothing written.
        let odd = "pay_otheramount000001";
        pending(&app, odd, 2_500);
        answer(&server, odd, 200, invoice(odd, "2500.00", "paid", true)).await;
        let reply = check(&app, odd).await;
        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(app.payment(odd).status.as_str(), "pending");
        assert!(app.audit_rows_of("payment.check").is_empty());

        let missing = check(&app, "pay_nothing").await;
        assert_eq!((missing.status, missing.message()), (404, "Payment not found"));
    }

    async fn the_local_checkout_knows_no_invoice_so_a_check_changes_nothing(backend) {
        let (app, payer) = shop(backend, None).await;
        let id = app.top_up_with(&payer, 5.0, "LTC").await;
        let reply = check(&app, &id).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["changed"].as_bool(), reply.body["payment"]["status"].as_str()), (Some(false), Some("pending")));
        let rows = app.audit_rows_of("payment.check");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].before(), rows[0].after());
        assert_eq!(app.balance_cents(PAYER), 0);
        let forbidden = app.post_json_with(&payer, &format!("/api/admin/payments/{id}/check"), json!({})).await;
        assert_eq!(forbidden.status, 403);
        assert_eq!(app.audit_rows_of("payment.check").len(), 1);
    }
}
