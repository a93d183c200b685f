//! The referral balance over HTTP (docs/api.md#referral-payouts, docs/admin-api/payouts.md):
//! moving it to the wallet, asking for a payout (field rules, the minimum, the hold), the
//! customer's list, and the operator's list, approval (through the payout sender, never twice)
//! and refusal (the amount comes back), each audited.

use crate::common::customers::ADMIN;
use crate::common::{PASSWORD, Providers, TestApp};
use domain::Cents;
use domain::messages as msg;
use persistence::referral_balance::{self, ReferralEntryKind};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use upstream::{PayoutError, PayoutOrder, PayoutReceipt, PayoutReport, PayoutSender};

const CUSTOMER: &str = "carol@example.com";
const ADDRESS: &str = "LcHKx1nM2vq4p8wQdN5bRtYzA7sE3uFgJ9";

/// What the scripted sender answers next.
#[derive(Debug, Clone, Copy)]
enum Answer {
    Paid,
    Refused,
    Lost,
}

/// A payout sender that answers from a script and records what it was asked to send.
#[derive(Debug, Default)]
struct Scripted {
    answers: Mutex<VecDeque<Answer>>,
    sent: Mutex<Vec<PayoutOrder>>,
}

impl Scripted {
    fn new(answers: &[Answer]) -> Arc<Self> {
        Arc::new(Scripted {
            answers: Mutex::new(answers.iter().copied().collect()),
            sent: Mutex::default(),
        })
    }

    fn sent(&self) -> Vec<String> {
        self.sent
            .lock()
            .unwrap()
            .iter()
            .map(|o| o.order_id.clone())
            .collect()
    }
}

#[async_trait::async_trait]
impl PayoutSender for Scripted {
    fn kind(&self) -> &'static str {
        "scripted"
    }

    async fn send(&self, order: &PayoutOrder) -> Result<PayoutReceipt, PayoutError> {
        self.sent.lock().unwrap().push(order.clone());
        let answer = self
            .answers
            .lock()
            .unwrap()
            .pop_front()
            .unwrap_or(Answer::Paid);
        match answer {
            Answer::Paid => Ok(PayoutReceipt {
                provider_ref: Some(format!("uuid-{}", order.order_id)),
                status: "process".into(),
                is_final: false,
            }),
            Answer::Refused => Err(PayoutError::Refused("Not enough funds".into())),
            Answer::Lost => Err(PayoutError::Unknown("timed out".into())),
        }
    }

    async fn payout_info(&self, _order_id: &str) -> Result<Option<PayoutReport>, PayoutError> {
        Ok(None)
    }

    fn verify_callback(&self, _body: &[u8]) -> Result<PayoutReport, PayoutError> {
        Err(PayoutError::BadSignature)
    }
}

/// The admin on the main client, the customer on the returned one with `cents` of referral
/// money.
async fn shop(app: &TestApp, cents: i64) -> reqwest::Client {
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    let customer = app.customer(CUSTOMER).await;
    if cents > 0 {
        let id = app.user_id(CUSTOMER);
        app.with_conn(|conn| {
            persistence::write_transaction(conn, |c| {
                referral_balance::credit(
                    c,
                    id,
                    Cents::new(cents),
                    ReferralEntryKind::Earned,
                    "pay_seed",
                    None,
                )
            })
            .unwrap()
        });
    }
    customer
}

async fn with_sender(backend: persistence::Backend, sender: Arc<Scripted>) -> TestApp {
    let providers = Providers {
        payouts: Some(sender),
        ..Providers::default()
    };
    TestApp::start_with_settings(backend, providers, |_| {}).await
}

fn payout(address: &str, amount: f64, currency: &str) -> Value {
    json!({ "amount": amount, "currency": currency, "address": address })
}

async fn request(app: &TestApp, customer: &reqwest::Client, amount: f64) -> i64 {
    let reply = app
        .post_json_with(
            customer,
            "/api/user/referral/payouts",
            payout(ADDRESS, amount, "LTC"),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.body["id"].as_i64().unwrap()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_referral_balance_moves_to_the_wallet(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let customer = shop(&app, 3000).await;

        let part = app.post_json_with(&customer, "/api/user/referral/transfer", json!({ "amount": 10.5 })).await;
        assert_eq!(part.status, 200, "{}", part.text);
        assert_eq!(part.body, json!({ "moved": 10.5, "referralBalance": 19.5, "balance": 10.5 }));
        let rest = app.post_json_with(&customer, "/api/user/referral/transfer", json!({})).await;
        assert_eq!(rest.body, json!({ "moved": 19.5, "referralBalance": 0.0, "balance": 30.0 }), "{}", rest.text);

        let empty = app.post_json_with(&customer, "/api/user/referral/transfer", json!({ "amount": null })).await;
        assert_eq!((empty.status, empty.message()), (402, msg::REFERRAL_BALANCE_EMPTY));
        let low = app.post_json_with(&customer, "/api/user/referral/transfer", json!({ "amount": 1 })).await;
        assert_eq!((low.status, low.message()), (402, msg::REFERRAL_BALANCE_LOW));
        for (amount, message) in [(json!(0), msg::TRANSFER_POSITIVE), (json!(-5), msg::TRANSFER_POSITIVE), (json!(1.001), msg::AMOUNT_DECIMALS)] {
            let reply = app.post_json_with(&customer, "/api/user/referral/transfer", json!({ "amount": amount })).await;
            assert_eq!((reply.status, reply.body["fields"]["amount"].as_str()), (422, Some(message)), "{amount}");
        }
        let kinds: Vec<_> = app.ledger(CUSTOMER).into_iter().map(|r| (r.kind.as_str().to_owned(), r.amount_cents.get())).collect();
        assert_eq!(kinds, vec![("referral_bonus".to_owned(), 1050), ("referral_bonus".to_owned(), 1950)]);
        let referral: Vec<_> = app.referral_ledger(CUSTOMER).into_iter().map(|r| (r.kind, r.amount_cents.get())).collect();
        assert_eq!(referral, vec![(ReferralEntryKind::Earned, 3000), (ReferralEntryKind::ToWallet, -1050), (ReferralEntryKind::ToWallet, -1950)]);
        app.assert_books_balance(&[CUSTOMER]);
    }

    async fn a_payout_request_names_each_field_and_holds_the_amount(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let customer = shop(&app, 5000).await;
        let url = "/api/user/referral/payouts";

        let below = app.post_json_with(&customer, url, payout(ADDRESS, 19.99, "LTC")).await;
        assert_eq!((below.status, below.message()), (422, "Amount must be at least $20.00"));
        assert_eq!(below.body["fields"]["amount"], "Amount must be at least $20.00");
        let bad = app.post_json_with(&customer, url, payout("ltc1 not-an-address-at-all", 25.0, "BTC")).await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        assert_eq!(bad.body["fields"], json!({ "currency": msg::UNSUPPORTED_CURRENCY, "address": msg::PAYOUT_ADDRESS_CHARS }));
        let short = app.post_json_with(&customer, url, payout("abc", 25.0, "LTC")).await;
        assert_eq!(short.body["fields"]["address"], msg::PAYOUT_ADDRESS_LENGTH);
        let missing = app.post_json_with(&customer, url, json!({})).await;
        assert_eq!(missing.body["fields"], json!({ "amount": msg::FILL_ALL_FIELDS, "currency": msg::FILL_ALL_FIELDS, "address": msg::FILL_ALL_FIELDS }));
        let too_much = app.post_json_with(&customer, url, payout(ADDRESS, 50.01, "LTC")).await;
        assert_eq!((too_much.status, too_much.message()), (402, msg::REFERRAL_BALANCE_LOW));

        let made = app.post_json_with(&customer, url, payout(&format!("  {ADDRESS} "), 30.0, " usdt ")).await;
        assert_eq!(made.status, 201, "{}", made.text);
        assert_eq!((made.body["status"].as_str(), made.body["amount"].as_f64()), (Some("requested"), Some(30.0)));
        assert_eq!((made.body["currency"].as_str(), made.body["address"].as_str()), (Some("USDT"), Some(ADDRESS)));
        assert_eq!(app.referral_cents(CUSTOMER), 2000, "held at once");
        assert_eq!(app.balance_cents(CUSTOMER), 0, "the wallet is untouched");
        assert_eq!(app.get_with(&customer, "/api/user/referrals").await.body["balance"], json!(20.0));

        let list = app.get_with(&customer, url).await;
        assert_eq!(list.status, 200, "{}", list.text);
        assert_eq!(list.body["items"].as_array().unwrap().len(), 1);
        assert_eq!(list.body["items"][0]["id"], made.body["id"]);
        let other = app.customer("dave@example.com").await;
        assert_eq!(app.get_with(&other, url).await.body["items"], json!([]), "another customer's payouts are not shown");
        app.assert_books_balance(&[CUSTOMER]);
    }

    async fn the_minimum_comes_from_the_settings(backend) {
        let app = TestApp::start(backend, |s| s.payout_min = Cents::new(500)).await;
        let customer = shop(&app, 1000).await;

        assert_eq!(app.get_with(&customer, "/api/user/referrals").await.body["payoutMin"], json!(5.0));
        let below = app.post_json_with(&customer, "/api/user/referral/payouts", payout(ADDRESS, 4.99, "LTC")).await;
        assert_eq!(below.message(), "Amount must be at least $5.00");
        request(&app, &customer, 5.0).await;
    }

    async fn the_local_stand_in_pays_an_approved_payout_once_audited(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let customer = shop(&app, 5000).await;
        let id = request(&app, &customer, 25.0).await;

        let listed = app.get("/api/admin/payouts?status=requested").await;
        assert_eq!(listed.status, 200, "{}", listed.text);
        assert_eq!(listed.body["total"], 1);
        assert_eq!(listed.body["items"][0]["email"], CUSTOMER);
        let approved = app.post_json(&format!("/api/admin/payouts/{id}/approve"), json!({})).await;
        assert_eq!(approved.status, 200, "{}", approved.text);
        assert_eq!(approved.body["status"], "paid");
        assert!(approved.body["providerRef"].as_str().unwrap().starts_with("local-payout-"));
        let again = app.post_json(&format!("/api/admin/payouts/{id}/approve"), json!({})).await;
        assert_eq!((again.status, again.message()), (409, msg::PAYOUT_SETTLED));
        let refuse = app.post_json(&format!("/api/admin/payouts/{id}/refuse"), json!({ "reason": "too late" })).await;
        assert_eq!((refuse.status, refuse.message()), (409, msg::PAYOUT_SETTLED));

        assert_eq!(app.get("/api/admin/payouts?status=requested").await.body["total"], 0);
        assert_eq!(app.get("/api/admin/payouts?status=paid").await.body["total"], 1);
        let bad = app.get("/api/admin/payouts?status=done").await;
        assert_eq!((bad.status, bad.body["fields"]["status"].as_str()), (422, Some(msg::PAYOUT_STATUS_FILTER)));
        assert_eq!(app.get_with(&customer, "/api/user/referral/payouts").await.body["items"][0]["status"], "paid");
        assert_eq!(app.audit_rows_of("payout.approve").len(), 1);
        let paid = app.audit_rows_of("payout.paid");
        assert_eq!(paid.len(), 1);
        assert_eq!(paid[0].after().unwrap()["status"], "paid");
        assert_eq!(paid[0].target.as_deref(), Some(format!("payout:{id}").as_str()));
        assert_eq!(app.referral_cents(CUSTOMER), 2500, "paid money does not come back");
    }

    async fn a_refusal_gives_the_amount_back_with_its_reason(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let customer = shop(&app, 5000).await;
        let id = app.customer_payout(&customer).await;
        let url = format!("/api/admin/payouts/{id}/refuse");

        let no_reason = app.post_json(&url, json!({ "reason": " x " })).await;
        assert_eq!((no_reason.status, no_reason.body["fields"]["reason"].as_str()), (422, Some(msg::REASON_REQUIRED)));
        let refused = app.post_json(&url, json!({ "reason": "Address belongs to a mixer" })).await;
        assert_eq!(refused.status, 200, "{}", refused.text);
        assert_eq!((refused.body["status"].as_str(), refused.body["reason"].as_str()), (Some("refused"), Some("Address belongs to a mixer")));
        assert_eq!(app.referral_cents(CUSTOMER), 5000, "the held amount is back");
        let twice = app.post_json(&url, json!({ "reason": "again please" })).await;
        assert_eq!(twice.status, 409, "{}", twice.text);
        assert_eq!(app.referral_cents(CUSTOMER), 5000, "returned once");
        let audit = app.audit_rows_of("payout.refuse");
        assert_eq!(audit.len(), 1);
        assert_eq!(audit[0].detail.as_deref(), Some("Address belongs to a mixer"));
        assert_eq!((audit[0].before().unwrap()["status"].as_str(), audit[0].after().unwrap()["status"].as_str()), (Some("requested"), Some("refused")));
        let mine = app.get_with(&customer, "/api/user/referral/payouts").await;
        assert_eq!(mine.body["items"][0]["reason"], "Address belongs to a mixer");
        assert_eq!(app.post_json("/api/admin/payouts/999999/refuse", json!({ "reason": "nope nope" })).await.status, 404);
        assert_eq!(app.post_json("/api/admin/payouts/999999/approve", json!({})).await.status, 404);
        // A customer is no operator.
        assert_eq!(app.post_json_with(&customer, &url, json!({ "reason": "mine mine" })).await.status, 403);
        app.assert_books_balance(&[CUSTOMER]);
    }

    async fn a_failed_send_stays_approved_and_a_retry_sends_the_same_order(backend) {
        let sender = Scripted::new(&[Answer::Lost, Answer::Refused, Answer::Paid]);
        let app = with_sender(backend, sender.clone()).await;
        let customer = shop(&app, 5000).await;
        let id = request(&app, &customer, 25.0).await;
        let approve = format!("/api/admin/payouts/{id}/approve");
        let refuse = format!("/api/admin/payouts/{id}/refuse");

        let lost = app.post_json(&approve, json!({})).await;
        assert_eq!((lost.status, lost.message()), (502, msg::PAYOUT_OUTCOME_UNKNOWN));
        let row = &app.get("/api/admin/payouts").await.body["items"][0];
        assert_eq!((row["status"].as_str(), row["outcomeUnknown"].as_bool()), (Some("approved"), Some(true)));
        // It may be paid: not refused.
        let blocked = app.post_json(&refuse, json!({ "reason": "give up" })).await;
        assert_eq!((blocked.status, blocked.message()), (409, msg::PAYOUT_OUTCOME_UNKNOWN));

        let refused = app.post_json(&approve, json!({})).await;
        assert_eq!((refused.status, refused.message()), (502, msg::PAYOUT_PROVIDER_FAILED));
        let row = &app.get("/api/admin/payouts?status=approved").await.body["items"][0];
        assert_eq!((row["outcomeUnknown"].as_bool(), row["lastError"].as_str()), (Some(false), Some("the payout provider refused: Not enough funds")));

        let paid = app.post_json(&approve, json!({})).await;
        assert_eq!((paid.status, paid.body["status"].as_str()), (200, Some("processing")), "{}", paid.text);
        assert_eq!((paid.body["providerStatus"].as_str(), paid.body["outcomeUnknown"].as_bool()), (Some("process"), Some(false)));
        // With the provider now: its reports decide the rest, no operator may send or refuse it.
        let with_provider = app.post_json(&refuse, json!({ "reason": "give up" })).await;
        assert_eq!((with_provider.status, with_provider.message()), (409, msg::PAYOUT_WITH_PROVIDER));
        let again = app.post_json(&approve, json!({})).await;
        assert_eq!((again.status, again.message()), (409, msg::PAYOUT_WITH_PROVIDER));
        let sent = sender.sent();
        assert_eq!(sent.len(), 3);
        assert!(sent.iter().all(|order| *order == sent[0]), "one order id for every attempt: {sent:?}");
        assert_eq!(paid.body["orderId"], sent[0].as_str());
        assert_eq!(app.audit_rows_of("payout.approve").len(), 1);
        assert_eq!(app.audit_rows_of("payout.retry").len(), 2);
        assert_eq!(app.audit_rows_of("payout.failed").len(), 2);
        assert_eq!(app.audit_rows_of("payout.sent").len(), 1);
        assert_eq!(app.referral_cents(CUSTOMER), 2500);
    }

    async fn parallel_approvals_send_a_payout_once(backend) {
        let sender = Scripted::new(&[]);
        let app = with_sender(backend, sender.clone()).await;
        let customer = shop(&app, 5000).await;
        let id = request(&app, &customer, 50.0).await;
        let url = format!("/api/admin/payouts/{id}/approve");

        let replies = futures::future::join_all((0..5).map(|_| app.post_json(&url, json!({})))).await;

        let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
        assert!(statuses.iter().all(|s| [200, 409].contains(s)), "{statuses:?}");
        assert_eq!(sender.sent().len(), 1);
    }

    async fn without_a_payout_provider_approvals_are_refused(backend) {
        let providers = Providers { top_ups_off: true, ..Providers::default() };
        let app = TestApp::start_with_settings(backend, providers, |_| {}).await;
        let customer = shop(&app, 5000).await;
        let id = request(&app, &customer, 25.0).await;

        let reply = app.post_json(&format!("/api/admin/payouts/{id}/approve"), json!({})).await;

        assert_eq!((reply.status, reply.message()), (503, msg::PAYOUTS_OFF));
        assert_eq!(app.get("/api/admin/payouts?status=requested").await.body["total"], 1, "nothing changed");
    }

    async fn a_referred_top_up_ends_as_a_paid_payout(backend) {
        let app = TestApp::start(backend, |s| {
            s.referral_percent = 20;
            s.limits.payments_per_user = 100;
        })
        .await;
        app.register(ADMIN, PASSWORD).await;
        app.make_admin(ADMIN);
        let referrer = app.new_client();
        let me = app.register_with(&referrer, CUSTOMER, PASSWORD).await;
        let friend = app.new_client();
        app.register_referred(&friend, "erin@example.com", me["refCode"].as_str().unwrap()).await;
        let payment = app.top_up_with(&friend, 100.0, "LTC").await;
        app.pay(&payment).await;
        assert_eq!(app.get_with(&referrer, "/api/user/referrals").await.body["balance"], json!(20.0));

        let id = request(&app, &referrer, 20.0).await;
        let paid = app.post_json(&format!("/api/admin/payouts/{id}/approve"), json!({})).await;

        assert_eq!(paid.body["status"], "paid", "{}", paid.text);
        assert_eq!(app.referral_cents(CUSTOMER), 0);
        app.assert_books_balance(&[CUSTOMER, "erin@example.com"]);
    }
}

impl TestApp {
    /// A $25 payout request of the customer; returns its id.
    async fn customer_payout(&self, customer: &reqwest::Client) -> i64 {
        request(self, customer, 25.0).await
    }
}
