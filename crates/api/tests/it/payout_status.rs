//! A payout's life after approval (docs/admin-api/payouts.md#status), with the real Cryptomus
//! payout client against a wiremock stand-in: `processing` once Cryptomus took it, `paid` or
//! `failed` only when its signed callback (or `/v1/payout/info`, asked by the status check)
//! says so; a forged callback refused, a replayed one changing nothing, a final failure's amount
//! returned once however many callbacks race; and the customer's referral ledger.

use crate::common::customers::ADMIN;
use crate::common::{PASSWORD, Providers, TestApp};
use domain::Cents;
use domain::messages as msg;
use persistence::referral_balance::{self, ReferralEntryKind};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use upstream::CryptomusPayouts;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const CUSTOMER: &str = "carol@example.com";
const ADDRESS: &str = "LcHKx1nM2vq4p8wQdN5bRtYzA7sE3uFgJ9";
const MERCHANT: &str = "8b03432e-385b-4670-8d06-064591096795";
const PAYOUT_KEY: &str = "payout-key-for-tests";
const UUID: &str = "a7c0caec-a594-4aaa-b1c4-77d511857594";

fn client(server: &MockServer, key: &str) -> CryptomusPayouts {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    CryptomusPayouts::with_client(MERCHANT, key.to_owned().into(), &server.uri(), http).unwrap()
}

/// A Cryptomus stand-in that takes every payout (`process`) and answers `/v1/payout/info` with
/// `info_status` (final).
async fn cryptomus(info_status: &str) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payout"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "state": 0, "result": {"uuid": UUID, "status": "process", "is_final": false}
        })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/payout/info"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "state": 0, "result": {"uuid": UUID, "status": info_status, "is_final": true}
        })))
        .mount(&server)
        .await;
    server
}

/// The app with Cryptomus payouts, the admin on its main client, and the customer (returned)
/// with $50 of referral money and a $25 payout approved: processing. Returns the payout's id.
async fn sent(
    backend: persistence::Backend,
    server: &MockServer,
) -> (TestApp, reqwest::Client, i64) {
    let providers = Providers {
        payouts: Some(Arc::new(client(server, PAYOUT_KEY))),
        ..Providers::default()
    };
    let app = TestApp::start_with_settings(backend, providers, |_| {}).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    let customer = app.customer(CUSTOMER).await;
    let user = app.user_id(CUSTOMER);
    app.with_conn(|conn| {
        persistence::write_transaction(conn, |c| {
            referral_balance::credit(
                c,
                user,
                Cents::new(5000),
                ReferralEntryKind::Earned,
                "pay_seed",
                Some("Referral bonus"),
            )
        })
        .unwrap()
    });
    let made = app
        .post_json_with(
            &customer,
            "/api/user/referral/payouts",
            json!({ "amount": 25, "currency": "USDT", "address": ADDRESS }),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.body["id"].as_i64().unwrap();
    let approved = app
        .post_json(&format!("/api/admin/payouts/{id}/approve"), json!({}))
        .await;
    assert_eq!(approved.status, 200, "{}", approved.text);
    assert_eq!(
        approved.body["status"], "processing",
        "Cryptomus took it; not paid yet"
    );
    assert_eq!(
        (
            approved.body["providerRef"].as_str(),
            approved.body["providerStatus"].as_str()
        ),
        (Some(UUID), Some("process"))
    );
    (app, customer, id)
}

impl TestApp {
    fn order_id(&self, id: i64) -> String {
        self.with_conn(|conn| {
            persistence::referral_payouts::find(conn, id)
                .unwrap()
                .unwrap()
                .order_id
        })
    }

    /// POSTs `body` to the payout callback as Cryptomus would: no cookies, no Origin, JSON.
    async fn payout_callback(&self, body: Vec<u8>) -> crate::common::Reply {
        let request = reqwest::Client::new()
            .post(self.url("/api/payout/callback"))
            .header("content-type", "application/json")
            .body(body);
        self.send(request).await
    }

    /// Payout `id` as the operator's list shows it.
    async fn admin_payout(&self, id: i64) -> Value {
        let list = self.get("/api/admin/payouts?perPage=100").await;
        list.body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .cloned()
            .unwrap()
    }

    fn payout_events(&self, id: i64) -> Vec<(String, Option<String>, String)> {
        self.with_conn(|conn| persistence::payout_events::history(conn, id).unwrap())
            .into_iter()
            .map(|e| (e.status, e.provider_status, e.source))
            .collect()
    }

    fn referral_kinds(&self) -> Vec<(ReferralEntryKind, i64)> {
        self.referral_ledger(CUSTOMER)
            .into_iter()
            .map(|r| (r.kind, r.amount_cents.get()))
            .collect()
    }
}

fn event(status: &str, word: Option<&str>, source: &str) -> (String, Option<String>, String) {
    (
        status.to_owned(),
        word.map(str::to_owned),
        source.to_owned(),
    )
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_payout_is_paid_only_when_the_signed_callback_says_so(backend) {
        let server = cryptomus("process").await;
        let (app, customer, id) = sent(backend, &server).await;
        let order_id = app.order_id(id);
        let sent_body: Value = serde_json::from_slice(&server.received_requests().await.unwrap()[0].body).unwrap();
        assert!(sent_body["url_callback"].as_str().unwrap().ends_with("/api/payout/callback"), "{sent_body}");
        assert_eq!(app.get_with(&customer, "/api/user/referral/payouts").await.body["items"][0]["status"], "processing");
        let ours = client(&server, PAYOUT_KEY);

        // Signed with another key (the payment key, say): forged, nothing changes.
        let forged = client(&server, "payment-key-not-the-payout-key").signed_callback(&order_id, UUID, "paid", true);
        let refused = app.payout_callback(forged).await;
        assert_eq!((refused.status, refused.message()), (401, msg::BAD_SIGNATURE));
        let mut tampered: Value = serde_json::from_slice(&ours.signed_callback(&order_id, UUID, "process", false)).unwrap();
        tampered["status"] = json!("paid");
        assert_eq!(app.payout_callback(tampered.to_string().into_bytes()).await.status, 401);
        assert_eq!(app.admin_payout(id).await["status"], "processing");
        // Rightly signed, but about no payout of ours.
        let unknown = app.payout_callback(ours.signed_callback("payout-nobody", UUID, "paid", true)).await;
        assert_eq!((unknown.status, unknown.message()), (404, msg::PAYOUT_NOT_FOUND));

        let check = ours.signed_callback(&order_id, UUID, "check", false);
        assert_eq!(app.payout_callback(check).await.status, 200);
        assert_eq!(app.admin_payout(id).await["providerStatus"], "check");
        let paid = ours.signed_callback(&order_id, UUID, "paid", true);
        let reply = app.payout_callback(paid.clone()).await;
        assert_eq!((reply.status, reply.message()), (200, msg::PAYOUT_RECORDED), "{}", reply.text);
        let row = app.admin_payout(id).await;
        assert_eq!((row["status"].as_str(), row["providerStatus"].as_str()), (Some("paid"), Some("paid")));
        assert!(row["paidAt"].as_i64().is_some());
        let events = app.payout_events(id);
        let ledger = app.referral_kinds();

        // Replayed, and a stale word after it: 200 each, nothing changes.
        assert_eq!(app.payout_callback(paid).await.status, 200);
        assert_eq!(app.payout_callback(ours.signed_callback(&order_id, UUID, "process", false)).await.status, 200);
        assert_eq!(app.payout_events(id), events);
        assert_eq!(app.referral_kinds(), ledger);
        assert_eq!(app.admin_payout(id).await["status"], "paid");
        assert_eq!(events, vec![
            event("requested", None, "request"),
            event("approved", None, "approval"),
            event("processing", Some("process"), "approval"),
            event("processing", Some("check"), "callback"),
            event("paid", Some("paid"), "callback"),
        ]);
        assert_eq!(app.referral_cents(CUSTOMER), 2500, "paid money does not come back");
        assert_eq!(app.audit_rows_of("payout.sent").len(), 1);
        assert_eq!(app.get_with(&customer, "/api/user/referral/payouts").await.body["items"][0]["status"], "paid");
    }

    async fn a_final_failure_returns_the_amount_once_under_parallel_callbacks(backend) {
        let server = cryptomus("process").await;
        let (app, customer, id) = sent(backend, &server).await;
        let order_id = app.order_id(id);
        let ours = client(&server, PAYOUT_KEY);

        // Not final: Cryptomus's support may still resend it, so the amount stays held.
        let not_final = app.payout_callback(ours.signed_callback(&order_id, UUID, "fail", false)).await;
        assert_eq!(not_final.status, 200, "{}", not_final.text);
        let row = app.admin_payout(id).await;
        assert_eq!((row["status"].as_str(), row["providerStatus"].as_str()), (Some("processing"), Some("fail")));
        assert_eq!(app.referral_cents(CUSTOMER), 2500);

        let failed = ours.signed_callback(&order_id, UUID, "fail", true);
        let replies = futures::future::join_all((0..6).map(|_| app.payout_callback(failed.clone()))).await;

        assert!(replies.iter().all(|r| r.status == 200), "{:?}", replies.iter().map(|r| (r.status, r.text.clone())).collect::<Vec<_>>());
        assert_eq!(app.admin_payout(id).await["status"], "failed");
        assert_eq!(app.referral_cents(CUSTOMER), 5000, "the amount is back");
        let returned: Vec<_> = app.referral_kinds().into_iter().filter(|(k, _)| *k == ReferralEntryKind::PayoutFailed).collect();
        assert_eq!(returned, vec![(ReferralEntryKind::PayoutFailed, 2500)], "returned once");
        let failures = app.payout_events(id).into_iter().filter(|e| e.0 == "failed").count();
        assert_eq!(failures, 1);
        // Over: no operator may send or refuse it again, and a late "paid" changes nothing.
        let approve = app.post_json(&format!("/api/admin/payouts/{id}/approve"), json!({})).await;
        assert_eq!((approve.status, approve.message()), (409, msg::PAYOUT_SETTLED));
        let refuse = app.post_json(&format!("/api/admin/payouts/{id}/refuse"), json!({ "reason": "again please" })).await;
        assert_eq!((refuse.status, refuse.message()), (409, msg::PAYOUT_SETTLED));
        assert_eq!(app.payout_callback(ours.signed_callback(&order_id, UUID, "paid", true)).await.status, 200);
        assert_eq!(app.admin_payout(id).await["status"], "failed");
        assert_eq!(app.referral_cents(CUSTOMER), 5000);
        let mine = app.get_with(&customer, "/api/user/referral/ledger").await;
        assert_eq!(mine.body["items"][0]["kind"], "payout_failed", "{}", mine.text);
        app.assert_books_balance(&[CUSTOMER]);
    }

    async fn the_status_check_asks_about_quiet_payouts_only(backend) {
        let server = cryptomus("paid").await;
        let (app, _customer, id) = sent(backend, &server).await;
        let sender = client(&server, PAYOUT_KEY);
        let now = persistence::now();
        let info_calls = || async {
            server.received_requests().await.unwrap().iter().filter(|r| r.url.path() == "/v1/payout/info").count()
        };

        let early = app::payout_tracking::check_payouts(app.pool(), &sender, now).await.unwrap();
        assert_eq!(early.asked, 0, "just sent: not asked yet");
        assert_eq!(info_calls().await, 0);

        let later = now + app::payout_tracking::CHECK_AFTER_SECS + 1;
        let run = app::payout_tracking::check_payouts(app.pool(), &sender, later).await.unwrap();
        assert_eq!((run.asked, run.changed, run.failed), (1, 1, 0));
        let row = app.admin_payout(id).await;
        assert_eq!((row["status"].as_str(), row["checkedAt"].as_i64()), (Some("paid"), Some(later)));
        assert_eq!(app.payout_events(id).last().cloned(), Some(event("paid", Some("paid"), "check")));

        let again = app::payout_tracking::check_payouts(app.pool(), &sender, later + 3600).await.unwrap();
        assert_eq!(again.asked, 0, "a paid payout is not asked about");
        assert_eq!(info_calls().await, 1);
        assert_eq!(app.referral_cents(CUSTOMER), 2500);
    }

    async fn the_referral_ledger_lists_the_customers_own_rows(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let customer = app.customer(CUSTOMER).await;
        let user = app.user_id(CUSTOMER);
        app.with_conn(|conn| {
            persistence::write_transaction(conn, |c| {
                referral_balance::credit(c, user, Cents::new(5000), ReferralEntryKind::Earned, "pay_seed", Some("Referral bonus"))
            })
            .unwrap()
        });
        let moved = app.post_json_with(&customer, "/api/user/referral/transfer", json!({ "amount": 10 })).await;
        assert_eq!(moved.status, 200, "{}", moved.text);
        let asked = app.post_json_with(&customer, "/api/user/referral/payouts", json!({ "amount": 25, "currency": "LTC", "address": ADDRESS })).await;
        assert_eq!(asked.status, 201, "{}", asked.text);

        let all = app.get_with(&customer, "/api/user/referral/ledger").await;
        assert_eq!(all.status, 200, "{}", all.text);
        assert_eq!((all.body["total"].as_i64(), all.body["page"].as_i64()), (Some(3), Some(1)));
        let rows: Vec<_> = all.body["items"].as_array().unwrap().iter()
            .map(|r| (r["kind"].as_str().unwrap().to_owned(), r["amount"].as_f64().unwrap(), r["balanceAfter"].as_f64().unwrap()))
            .collect();
        assert_eq!(rows, vec![
            ("payout_requested".to_owned(), -25.0, 15.0),
            ("to_wallet".to_owned(), -10.0, 40.0),
            ("earned".to_owned(), 50.0, 50.0),
        ]);
        assert_eq!(all.body["items"][2]["note"], "Referral bonus");
        assert!(all.body["items"][0]["createdAt"].as_i64().is_some());
        let page = app.get_with(&customer, "/api/user/referral/ledger?page=2&perPage=2").await;
        assert_eq!(page.body["items"].as_array().unwrap().len(), 1);
        assert_eq!(page.body["items"][0]["kind"], "earned");
        let bad = app.get_with(&customer, "/api/user/referral/ledger?perPage=0").await;
        assert_eq!(bad.status, 422, "{}", bad.text);

        let other = app.customer("dave@example.com").await;
        let theirs = app.get_with(&other, "/api/user/referral/ledger").await;
        assert_eq!((theirs.body["items"].clone(), theirs.body["total"].as_i64()), (json!([]), Some(0)), "another customer's rows are not shown");
    }
}
