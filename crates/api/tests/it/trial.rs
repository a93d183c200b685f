//! The free trial: every new customer with a verified email (a registration, or a Google
//! sign-up) gets `trial_mb` MB of Premium traffic valid 24 hours, once per mailbox ever and at
//! most `trial_per_ip_per_day` per source address; no money moves; 0 turns it off, and
//! `/api/config` says how much the site may promise.

use crate::common::google::{claims, token};
use crate::common::{PASSWORD, Providers, TestApp};
use diesel::prelude::*;
use persistence::schema::{trial_grants, users};
use serde_json::json;

const DAY: i64 = 86_400;

async fn with_trial(backend: persistence::Backend, mb: u32, per_ip: u32) -> TestApp {
    TestApp::start(backend, |s| {
        s.trial_mb = mb;
        s.trial_per_ip_per_day = per_ip;
    })
    .await
}

/// (purchased, used, expires_at) of the user's Premium traffic.
fn premium(app: &TestApp, email: &str) -> (i64, i64, Option<i64>) {
    let id = app.user_id(email);
    app.with_conn(|conn| {
        persistence::traffic::balance_row(conn, id, domain::ProxyKind::Premium)
            .unwrap()
            .map_or((0, 0, None), |b| {
                (b.purchased_bytes, b.used_bytes, b.expires_at)
            })
    })
}

fn grants(app: &TestApp) -> i64 {
    app.with_conn(|conn| trial_grants::table.count().get_result(conn).unwrap())
}

fn assert_trial(app: &TestApp, email: &str, bytes: i64) {
    let (purchased, used, expires) = premium(app, email);
    assert_eq!((purchased, used), (bytes, 0), "{email}");
    let now = persistence::now();
    let expires = expires.expect("the trial expires");
    assert!(
        (now + DAY - 60..=now + DAY).contains(&expires),
        "{email}: {expires} vs {now}"
    );
    // Traffic only: no money, no ledger row.
    assert_eq!(app.balance_cents(email), 0);
    assert!(app.ledger(email).is_empty(), "{email}");
}

fn assert_no_trial(app: &TestApp, email: &str) {
    assert_eq!(premium(app, email).0, 0, "{email}");
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_new_customer_gets_the_trial_and_sees_it(backend) {
        let app = with_trial(backend, 100, 3).await;
        let config = app.get("/api/config").await;
        assert_eq!(config.body["trialMb"], json!(100), "{}", config.text);

        app.register("new@example.com", PASSWORD).await;

        assert_trial(&app, "new@example.com", 100_000_000);
        let stats = app.get("/api/user/get_starts").await;
        assert_eq!(stats.status, 200, "{}", stats.text);
        assert_eq!(stats.body["premiumStat"]["availableTraffic"], json!(0.1));
        assert!(stats.body["premiumStat"]["expiresAt"].as_i64().is_some());
        assert_eq!(stats.body["budgetStat"]["availableTraffic"], json!(0.0));
        assert_eq!(grants(&app), 1);
    }

    async fn a_later_purchase_extends_the_trial_traffic(backend) {
        let app = TestApp::start(backend, |s| s.trial_mb = 100).await;
        app.register("buyer@example.com", PASSWORD).await;
        app.add_funds(15.0).await;

        let reply = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        let (purchased, _, expires) = premium(&app, "buyer@example.com");
        assert_eq!(purchased, 5_000_000_000 + 100_000_000);
        assert!(expires.unwrap() > persistence::now() + 2 * DAY);
        app.assert_books_balance(&["buyer@example.com"]);
    }

    async fn a_mailbox_gets_one_trial_ever(backend) {
        let app = with_trial(backend, 100, 10).await;
        app.register("ab@gmail.com", PASSWORD).await;
        assert_trial(&app, "ab@gmail.com", 100_000_000);
        // The account goes; its mailbox's trial stays spent.
        let id = app.user_id("ab@gmail.com");
        app.with_conn(|conn| diesel::delete(users::table.find(id)).execute(conn).unwrap());

        let again = app.new_client();
        app.register_with(&again, "A.B+again@GoogleMail.com", PASSWORD).await;

        assert_no_trial(&app, "a.b+again@googlemail.com");
        assert_eq!(grants(&app), 1);
    }

    async fn one_address_gets_a_few_trials_a_day(backend) {
        let app = with_trial(backend, 50, 2).await;
        for n in 0..3 {
            let browser = app.new_client();
            app.register_with(&browser, &format!("user{n}@example.com"), PASSWORD).await;
        }

        assert_trial(&app, "user0@example.com", 50_000_000);
        assert_trial(&app, "user1@example.com", 50_000_000);
        // The third account is created, without a trial.
        assert_no_trial(&app, "user2@example.com");
        assert_eq!(grants(&app), 2);
    }

    async fn zero_megabytes_turns_the_trial_off(backend) {
        let app = with_trial(backend, 0, 3).await;
        let config = app.get("/api/config").await;
        assert_eq!(config.body["trialMb"], json!(0), "{}", config.text);

        app.register("new@example.com", PASSWORD).await;

        assert_no_trial(&app, "new@example.com");
        assert_eq!(grants(&app), 0);
    }

    async fn a_google_sign_up_gets_the_trial_once(backend) {
        let providers = Providers { google: true, ..Providers::default() };
        let app = TestApp::start_with_settings(backend, providers, |s| s.trial_mb = 100).await;
        let credential = token(&claims());
        let sign_in = || app.post_json("/api/google-getway", json!({ "credential": credential }));

        let first = sign_in().await;
        assert_eq!(first.status, 200, "{}", first.text);
        let second = sign_in().await;
        assert_eq!(second.status, 200, "{}", second.text);

        assert_trial(&app, crate::common::google::EMAIL, 100_000_000);
        assert_eq!(grants(&app), 1);
    }
}
