//! Renewals of pieces (docs/renewals.md): by hand and by the job, for another period of the
//! plan at its current price, with the same credentials; one period paid once however many
//! callers race (two instances running the job at once, a stale second click); an automatic
//! renewal the wallet cannot pay reported once and retried until paid; the grace period; the
//! default for new purchases; the operator's audited expiry change. Times come from the test
//! (the job and the service take `now`), never from sleeping.

use crate::common::TestApp;
use app::pieces::renew_due;
use app::settings::RenewalPolicy;
use diesel::prelude::*;
use persistence::schema::{notifications, piece_proxies, piece_renewals};
use serde_json::{Value, json};
use std::sync::Arc;
use upstream::{FileMailer, Mailer};

const USER: &str = "renewer@example.com";
const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;

fn mailer(app: &TestApp) -> Arc<dyn Mailer> {
    Arc::new(FileMailer::new(
        app.mail_dir.path().to_path_buf(),
        "ProxyShop <no-reply@proxyshop.test>".to_owned(),
    ))
}

/// Buys one static piece (a 30-day plan at $3.50); its id.
async fn buy_piece(app: &TestApp) -> i64 {
    let plan = app.get("/api/user/plan?type=static").await.body["plan"]["plans"][0]["id"]
        .as_i64()
        .unwrap();
    let reply = app
        .post_json(
            "/api/user/get_proxy",
            json!({"type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 1}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let listed = pieces(app).await;
    let ids = listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["id"].as_i64());
    ids.max().unwrap()
}

async fn pieces(app: &TestApp) -> Value {
    let reply = app.get("/api/user/pieces").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body
}

fn expiry(app: &TestApp, id: i64) -> i64 {
    app.with_conn(|conn| {
        piece_proxies::table
            .find(id)
            .select(piece_proxies::expires_at)
            .first(conn)
            .unwrap()
    })
}

fn set_expiry(app: &TestApp, id: i64, at: i64) {
    app.with_conn(|conn| {
        diesel::update(piece_proxies::table.find(id))
            .set(piece_proxies::expires_at.eq(at))
            .execute(conn)
            .unwrap();
    });
}

fn credentials(app: &TestApp, id: i64) -> (String, String, String, i32) {
    app.with_conn(|conn| {
        piece_proxies::table
            .find(id)
            .select((
                piece_proxies::username,
                piece_proxies::password,
                piece_proxies::host,
                piece_proxies::port,
            ))
            .first(conn)
            .unwrap()
    })
}

fn renewal_statuses(app: &TestApp) -> Vec<String> {
    app.with_conn(|conn| {
        piece_renewals::table
            .order(piece_renewals::id.asc())
            .select(piece_renewals::status)
            .load(conn)
            .unwrap()
    })
}

fn notices(app: &TestApp, kind: &str) -> i64 {
    app.with_conn(|conn| {
        notifications::table
            .filter(notifications::kind.eq(kind))
            .count()
            .get_result(conn)
            .unwrap()
    })
}

async fn renew(app: &TestApp, id: i64, seen: Option<i64>) -> crate::common::Reply {
    app.post_json(
        &format!("/api/user/pieces/{id}/renew"),
        json!({ "expiresAt": seen }),
    )
    .await
}

async fn auto_renew(app: &TestApp, id: i64, on: bool) {
    let reply = app
        .send(
            app.client
                .patch(app.url(&format!("/api/user/pieces/{id}")))
                .json(&json!({ "autoRenew": on })),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

async fn run_job(app: &TestApp, pool: &persistence::DbPool, now: i64) -> app::pieces::RenewalRun {
    renew_due(pool, None, mailer(app), RenewalPolicy::default(), now)
        .await
        .unwrap()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_piece_renews_by_hand_for_its_plan_period_with_the_same_credentials(backend) {
        let app = TestApp::funded(backend, USER, 10.0).await;
        let id = buy_piece(&app).await;
        let listed = pieces(&app).await;
        let item = &listed["items"][0];
        assert_eq!((item["state"].as_str(), item["autoRenew"].as_bool()), (Some("live"), Some(false)));
        assert_eq!((item["renewalPrice"].as_f64(), item["renewalDays"].as_i64()), (Some(3.5), Some(30)));
        assert_eq!(listed["autoRenewDefault"], false);
        let before = expiry(&app, id);
        let creds = credentials(&app, id);

        let reply = renew(&app, id, Some(before)).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.message(), "Proxy renewed");
        assert_eq!(reply.body["expiresAt"].as_i64(), Some(before + 30 * DAY));
        assert_eq!(reply.body["user"]["balance"], 3.0, "$10 less two times $3.50");
        assert_eq!(expiry(&app, id), before + 30 * DAY);
        assert_eq!(credentials(&app, id), creds, "same address and credentials");
        let history = app.get("/api/user/proxy_history?type=static").await;
        assert_eq!(history.body["history"][0]["expiresAt"].as_i64(), Some(before + 30 * DAY), "the history shows the new expiry");

        // A second click that saw the old expiry renews nothing.
        let stale = renew(&app, id, Some(before)).await;
        assert_eq!((stale.status, stale.message()), (409, "This proxy is being renewed already"));
        assert_eq!(app.balance_cents(USER), 300);
        let kinds: Vec<String> = app.ledger(USER).into_iter().map(|e| e.kind.to_string()).collect();
        assert_eq!(kinds, ["topup", "purchase", "purchase"]);
        assert_eq!(notices(&app, "renewed"), 1);
        assert_eq!(renewal_statuses(&app), ["done"]);
        app.assert_books_balance(&[USER]);

        // Not enough left for a third period: 402, nothing written.
        let short = renew(&app, id, None).await;
        assert_eq!((short.status, short.message()), (402, "Insufficient balance"));
        assert_eq!(renewal_statuses(&app), ["done"]);

        // Another customer's piece is not found, and its switch cannot be touched.
        let other = app.customer("other@example.com").await;
        let foreign = app.post_json_with(&other, &format!("/api/user/pieces/{id}/renew"), json!({})).await;
        assert_eq!((foreign.status, foreign.message()), (404, "Proxy not found"));
        let patch = app.send(other.patch(app.url(&format!("/api/user/pieces/{id}"))).json(&json!({"autoRenew": true}))).await;
        assert_eq!(patch.status, 404);
        let bad = app.send(app.client.patch(app.url(&format!("/api/user/pieces/{id}"))).json(&json!({"autoRenew": "yes"}))).await;
        assert_eq!((bad.status, bad.body["fields"]["autoRenew"].as_str()), (422, Some("Auto-renew must be true or false")));
    }

    async fn two_instances_running_the_job_at_once_renew_one_period_once(backend) {
        let app = TestApp::funded(backend, USER, 20.0).await;
        let id = buy_piece(&app).await;
        auto_renew(&app, id, true).await;
        let now = persistence::now();
        set_expiry(&app, id, now + 2 * HOUR);
        let other = persistence::connect(&app.db.url, &persistence::testing::small_pool()).unwrap();
        let (a, b) = tokio::join!(run_job(&app, app.pool(), now), run_job(&app, &other, now));
        assert_eq!(a.renewed + b.renewed, 1, "{a:?} {b:?}");
        assert_eq!(expiry(&app, id), now + 2 * HOUR + 30 * DAY);
        assert_eq!(app.balance_cents(USER), 2000 - 350 - 350);
        // Due no more: the next run at the same moment does nothing.
        assert_eq!(run_job(&app, app.pool(), now).await.renewed, 0);
        // Not due yet a day and more before its new expiry; switched off, never.
        assert_eq!(run_job(&app, app.pool(), now + 20 * DAY).await.renewed, 0);
        auto_renew(&app, id, false).await;
        assert_eq!(run_job(&app, app.pool(), now + 31 * DAY).await.renewed, 0);
        assert_eq!(renewal_statuses(&app), ["done"]);
        app.assert_books_balance(&[USER]);
    }

    async fn an_unpaid_automatic_renewal_is_reported_once_and_retried_until_paid(backend) {
        let app = TestApp::funded(backend, USER, 3.5).await;
        let id = buy_piece(&app).await;
        auto_renew(&app, id, true).await;
        let now = persistence::now();
        let ends = now + HOUR;
        set_expiry(&app, id, ends);
        for minute in 0..3 {
            let run = run_job(&app, app.pool(), now + minute * 60).await;
            assert_eq!((run.renewed, run.refused), (0, 1), "{run:?}");
        }
        assert_eq!(notices(&app, "renewal_failed"), 1, "reported once for the period");
        let mails: Vec<String> = app.mails_to(USER).into_iter()
            .map(|p| std::fs::read_to_string(p).unwrap().replace("=\r\n", "").replace("=\n", ""))
            .filter(|m| m.contains("could not be renewed"))
            .collect();
        assert_eq!(mails.len(), 1);
        assert!(mails[0].contains("your wallet does not cover it"), "{}", mails[0]);
        assert_eq!(expiry(&app, id), ends, "kept until its expiry");
        assert!(app.ledger(USER).len() == 2 && renewal_statuses(&app).is_empty(), "nothing half-written");

        app.add_funds(5.0).await;
        let run = run_job(&app, app.pool(), now + 5 * 60).await;
        assert_eq!(run.renewed, 1, "{run:?}");
        assert_eq!(expiry(&app, id), ends + 30 * DAY);
        assert_eq!(app.balance_cents(USER), 150);
        assert_eq!(notices(&app, "renewed"), 1);
        app.assert_books_balance(&[USER]);
    }

    async fn an_expired_piece_keeps_its_address_through_the_grace_period(backend) {
        let app = TestApp::funded(backend, USER, 10.0).await;
        let id = buy_piece(&app).await;
        let now = persistence::now();
        let grace = RenewalPolicy::default().grace_secs;
        set_expiry(&app, id, now - HOUR);
        let release = |before: i64| app.with_conn(|conn| {
            persistence::write_transaction(conn, |c| persistence::pieces::release_expired(c, before, now)).unwrap()
        });
        assert_eq!(release(now - grace), 0, "an hour after expiry it is still held");
        let listed = pieces(&app).await;
        assert_eq!(listed["items"][0]["state"], "grace");
        assert_eq!(listed["items"][0]["renewableUntil"].as_i64(), Some(now - HOUR + grace));

        let reply = renew(&app, id, None).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let renewed_until = reply.body["expiresAt"].as_i64().unwrap();
        assert!(renewed_until >= now + 30 * DAY && renewed_until <= now + 30 * DAY + 60, "a period from now: {renewed_until}");

        // Past the grace period: refused, and the purge gives it back to stock.
        set_expiry(&app, id, now - grace - HOUR);
        let late = renew(&app, id, None).await;
        assert_eq!((late.status, late.message()), (410, "This proxy has expired and can no longer be renewed"));
        assert_eq!(release(now - grace), 1);
        assert_eq!(pieces(&app).await["total"], 0);
        app.assert_books_balance(&[USER]);
    }

    async fn the_default_turns_auto_renew_on_for_new_purchases_only(backend) {
        let app = TestApp::funded(backend, USER, 10.0).await;
        let first = buy_piece(&app).await;
        let bad = app.send(app.client.put(app.url("/api/user/piece_settings")).json(&json!({"autoRenew": 1}))).await;
        assert_eq!(bad.status, 422);
        let on = app.send(app.client.put(app.url("/api/user/piece_settings")).json(&json!({"autoRenew": true}))).await;
        assert_eq!((on.status, on.body["autoRenew"].as_bool()), (200, Some(true)));
        assert_eq!(app.get("/api/user/piece_settings").await.body["autoRenew"], true);
        let second = buy_piece(&app).await;
        let listed = pieces(&app).await;
        let switch = |id: i64| listed["items"].as_array().unwrap().iter()
            .find(|i| i["id"].as_i64() == Some(id)).unwrap()["autoRenew"].as_bool();
        assert_eq!((switch(first), switch(second)), (Some(false), Some(true)));
        assert_eq!(listed["autoRenewDefault"], true);
    }

    async fn an_operator_moves_an_expiry_with_an_audit_row(backend) {
        let app = TestApp::with_admin(backend).await;
        app.add_funds(10.0).await;
        let id = buy_piece(&app).await;
        let before = expiry(&app, id);
        let target = persistence::now() + HOUR;
        let put = |body: Value| app.send(app.client.put(app.url(&format!("/api/admin/pieces/{id}/expiry"))).json(&body));
        let bad = put(json!({"expiresAt": "soon", "reason": "bring the renewal forward"})).await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        let no_reason = put(json!({"expiresAt": target})).await;
        assert_eq!(no_reason.status, 422, "{}", no_reason.text);
        let moved = put(json!({"expiresAt": target, "reason": "bring the renewal forward"})).await;
        assert_eq!(moved.status, 200, "{}", moved.text);
        assert_eq!(expiry(&app, id), target);
        let row = &app.audit_rows()[0];
        assert_eq!((row.action.as_str(), row.target.as_deref()), ("piece.expiry", Some(format!("piece:{id}").as_str())));
        assert!(row.before_state.as_deref().unwrap_or_default().contains(&before.to_string()));
        let fraction = put(json!({"expiresAt": target as f64 + 0.5, "reason": "half a second"})).await;
        assert_eq!(fraction.status, 422, "{}", fraction.text);
        // The document's integer: a whole number written with a decimal point is one.
        let whole = put(json!({"expiresAt": (target - 60) as f64, "reason": "a whole number"})).await;
        assert_eq!(whole.status, 200, "{}", whole.text);
        assert_eq!(expiry(&app, id), target - 60);
        let missing = app.send(app.client.put(app.url("/api/admin/pieces/999999/expiry")).json(&json!({"expiresAt": target, "reason": "no such piece"}))).await;
        assert_eq!((missing.status, missing.message()), (404, "Proxy not found"));
        // A customer may not.
        let refused = app.send(customer_put(&app, id, target).await).await;
        assert_eq!(refused.status, 403);
    }
}

async fn customer_put(app: &TestApp, id: i64, target: i64) -> reqwest::RequestBuilder {
    let client = app.customer("plain@example.com").await;
    client
        .put(app.url(&format!("/api/admin/pieces/{id}/expiry")))
        .json(&json!({"expiresAt": target, "reason": "not mine to move"}))
}
