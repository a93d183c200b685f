//! Referral bonuses: a referred customer's credited top-up pays the referrer the configured
//! percentage once per payment (also under repeated and concurrent callbacks) to their referral
//! balance, apart from the wallet, and `GET /api/user/referrals` reports it with the friend's
//! email masked.

use crate::common::{PASSWORD, TestApp};
use domain::Coin;
use serde_json::json;

const REFERRER: &str = "alice@example.com";
const FRIEND: &str = "bob@example.com";

/// Alice on the main client; Bob, registered with Alice's code, on the returned client.
async fn referred_pair(backend: persistence::Backend, percent: u32) -> (TestApp, reqwest::Client) {
    let app = TestApp::start(backend, |s| s.referral_percent = percent).await;
    let alice = app.register(REFERRER, PASSWORD).await;
    let bob = app.new_client();
    let code = alice["refCode"].as_str().unwrap();
    app.register_referred(&bob, FRIEND, code).await;
    assert_eq!(
        app.user(FRIEND).unwrap().referred_by,
        Some(app.user_id(REFERRER))
    );
    (app, bob)
}

/// Alice holds exactly one referral bonus of `cents` for `payment` on her referral balance (her
/// wallet is untouched), and the books balance.
fn assert_one_bonus(app: &TestApp, payment: &str, cents: i64) {
    let ledger = app.referral_ledger(REFERRER);
    assert_eq!(ledger.len(), 1, "{ledger:?}");
    assert_eq!(ledger[0].kind.as_str(), "earned");
    assert_eq!(ledger[0].amount_cents.get(), cents);
    assert_eq!(ledger[0].reference, payment);
    assert_eq!(app.referral_cents(REFERRER), cents);
    assert!(app.ledger(REFERRER).is_empty(), "the wallet is untouched");
    assert_eq!(app.balance_cents(REFERRER), 0);
    let bonuses = app.bonuses();
    let expected = (
        app.user_id(REFERRER).get(),
        app.user_id(FRIEND).get(),
        payment.to_owned(),
        cents,
    );
    assert_eq!(bonuses, vec![expected]);
    // The friend gets the whole top-up; the bonus is not taken from it.
    assert_eq!(app.balance_cents(FRIEND), 2500);
    assert_eq!(app.ledger(FRIEND).len(), 1);
    app.assert_books_balance(&[REFERRER, FRIEND]);
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_referred_top_up_pays_the_referrer_ten_percent_once(backend) {
        let (app, bob) = referred_pair(backend, 10).await;
        let id = app.top_up_with(&bob, 25.0, "LTC").await;

        for _ in 0..5 {
            let reply = app.callback(app.signed(&id, 2500, Coin::Ltc, "paid", true)).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }

        assert_one_bonus(&app, &id, 250);
        assert_eq!(app.current_user().await["balance"], json!(0.0));
        assert_eq!(app.get("/api/user/referrals").await.body["balance"], json!(2.5));
    }

    async fn concurrent_callbacks_pay_one_bonus(backend) {
        let (app, bob) = referred_pair(backend, 10).await;
        let id = app.top_up_with(&bob, 25.0, "TRX").await;
        let body = app.signed(&id, 2500, Coin::Trx, "paid", true);

        let replies =
            futures::future::join_all((0..10).map(|_| app.callback(body.clone()))).await;

        for reply in &replies {
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
        assert_one_bonus(&app, &id, 250);
    }

    async fn the_percentage_comes_from_the_settings(backend) {
        let (app, bob) = referred_pair(backend, 15).await;
        let id = app.top_up_with(&bob, 25.0, "LTC").await;

        app.pay(&id).await;

        assert_one_bonus(&app, &id, 375);
    }

    async fn a_zero_percentage_pays_no_bonus(backend) {
        let (app, bob) = referred_pair(backend, 0).await;
        let id = app.top_up_with(&bob, 25.0, "LTC").await;

        app.pay(&id).await;

        assert_eq!(app.balance_cents(FRIEND), 2500);
        assert!(app.ledger(REFERRER).is_empty());
        assert!(app.referral_ledger(REFERRER).is_empty());
        assert!(app.bonuses().is_empty());
        assert_eq!(app.balance_cents(REFERRER), 0);
        app.assert_books_balance(&[REFERRER, FRIEND]);
    }

    async fn uncredited_reports_pay_no_bonus(backend) {
        let (app, bob) = referred_pair(backend, 10).await;
        let id = app.top_up_with(&bob, 25.0, "LTC").await;

        for (status, is_final) in [("check", false), ("wrong_amount", true), ("cancel", true)] {
            let reply = app.callback(app.signed(&id, 2500, Coin::Ltc, status, is_final)).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }

        assert!(app.bonuses().is_empty());
        assert!(app.ledger(REFERRER).is_empty());
        app.assert_books_balance(&[REFERRER, FRIEND]);
    }

    async fn a_customer_without_a_referrer_earns_nobody_a_bonus(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(REFERRER, PASSWORD).await;
        let carol = app.new_client();
        app.register_with(&carol, "carol@example.com", PASSWORD).await;
        let id = app.top_up_with(&carol, 25.0, "LTC").await;

        app.pay(&id).await;

        assert_eq!(app.balance_cents("carol@example.com"), 2500);
        assert!(app.bonuses().is_empty());
        assert!(app.ledger(REFERRER).is_empty());
        let ledger = app.ledger("carol@example.com");
        assert_eq!(ledger.len(), 1);
        assert_eq!(ledger[0].kind.as_str(), "topup");
        app.assert_books_balance(&[REFERRER, "carol@example.com"]);
    }

    async fn the_referrer_sees_the_masked_friend_and_the_bonus(backend) {
        let (app, bob) = referred_pair(backend, 10).await;
        let before = app.get("/api/user/referrals").await;
        assert_eq!(before.status, 200, "{}", before.text);
        assert_eq!(before.body["referredCount"], 1);
        assert_eq!(before.body["totalBonus"], json!(0.0));
        assert_eq!(before.body["bonuses"], json!([]));

        let id = app.top_up_with(&bob, 25.0, "LTC").await;
        app.pay(&id).await;
        let reply = app.get("/api/user/referrals").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        let alice = app.user(REFERRER).unwrap();
        assert_eq!(reply.body["refCode"], alice.ref_code.as_str());
        assert_eq!(reply.body["percent"], 10);
        assert_eq!(reply.body["referredCount"], 1);
        assert_eq!(reply.body["totalBonus"], json!(2.5));
        let bonuses = reply.body["bonuses"].as_array().unwrap();
        assert_eq!(bonuses.len(), 1, "{}", reply.text);
        assert_eq!(bonuses[0]["user"], "b***@example.com");
        assert_eq!(bonuses[0]["bonus"], json!(2.5));
        assert!(bonuses[0]["date"].as_i64().unwrap() > 0);
        assert!(!reply.text.contains(FRIEND), "{}", reply.text);

        // Bob referred nobody.
        let reply = app.get_with(&bob, "/api/user/referrals").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["referredCount"], 0);
        assert_eq!(reply.body["totalBonus"], json!(0.0));
        assert_eq!(reply.body["bonuses"], json!([]));
    }

    async fn a_guest_has_no_referrals(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app.get("/api/user/referrals").await;

        assert_eq!(reply.status, 401, "{}", reply.text);
    }
}
