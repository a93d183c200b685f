//! Self-serve refunds (docs/refunds.md): the unused part of the latest residential purchase
//! goes back to the wallet with its GB removed in one transaction and one `refund` ledger row,
//! once, even when two instances are asked at the same time; every refusal says why and changes
//! nothing; the operator lists refunds and can refuse a customer's for a while (audited); a
//! piece whose check failed in its first hours is released and refunded.

use crate::common::TestApp;
use diesel::prelude::*;
use domain::ProxyKind;
use persistence::pieces::identity::{self, PieceCheck};
use persistence::schema::{
    piece_proxies, piece_stock, refunds, traffic_balances, traffic_purchases,
};
use serde_json::json;

const ALICE: &str = "alice@example.com";
const GB: i64 = 1_000_000_000;

/// Alice signed in with $`dollars`, beside the signed-in admin.
async fn shop(backend: persistence::Backend, dollars: f64) -> (TestApp, reqwest::Client) {
    let app = TestApp::with_admin(backend).await;
    let alice = app.customer(ALICE).await;
    let top = app
        .admin_post(
            ALICE,
            "balance",
            json!({ "amount": dollars, "reason": "test funds" }),
        )
        .await;
    assert_eq!(top.status, 200, "{}", top.text);
    (app, alice)
}

async fn buy_premium(app: &TestApp, alice: &reqwest::Client) {
    let bought = app
        .post_json_with(
            alice,
            "/api/user/get_plan",
            json!({ "type": "premium", "amount": 5 }),
        )
        .await;
    assert_eq!(bought.status, 200, "{}", bought.text);
}

/// The gateway's settlement of `bytes` of Premium use, as a flush writes it.
fn use_premium(app: &TestApp, bytes: i64) {
    let id = app.user_id(ALICE);
    app.with_conn(|conn| {
        diesel::update(traffic_balances::table.find((id, "premium")))
            .set(traffic_balances::used_bytes.eq(traffic_balances::used_bytes + bytes))
            .execute(conn)
            .unwrap();
    });
}

fn premium(app: &TestApp) -> (i64, i64) {
    let id = app.user_id(ALICE);
    app.with_conn(|conn| persistence::traffic::balance(conn, id, ProxyKind::Premium).unwrap())
}

fn refund_count(app: &TestApp) -> i64 {
    app.with_conn(|conn| refunds::table.count().get_result(conn).unwrap())
}

/// Everything a refused refund must leave alone.
fn books(app: &TestApp) -> (i64, usize, (i64, i64), i64) {
    (
        app.balance_cents(ALICE),
        app.ledger(ALICE).len(),
        premium(app),
        refund_count(app),
    )
}

async fn refund(app: &TestApp, client: &reqwest::Client, kind: &str) -> crate::common::Reply {
    app.post_json_with(client, "/api/user/refunds", json!({ "type": kind }))
        .await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_refund_takes_back_the_unused_gb_credits_the_wallet_and_is_listed(backend) {
        let (app, alice) = shop(backend, 25.0).await;
        buy_premium(&app, &alice).await;
        use_premium(&app, GB / 4);

        let offer = app.get_with(&alice, "/api/user/refunds/eligibility?type=premium").await;
        assert_eq!(offer.status, 200, "{}", offer.text);
        assert_eq!(offer.body, json!({ "eligible": true, "amount": 14.25, "gb": 4.75,
            "reason": "The unused part of your latest purchase can be refunded" }));

        let done = refund(&app, &alice, "premium").await;
        assert_eq!(done.status, 200, "{}", done.text);
        assert_eq!(done.body, json!({ "refunded": 14.25, "gb": 4.75, "balance": 24.25 }));
        assert_eq!(premium(&app), (GB / 4, GB / 4), "the unused GB are gone, the used stay");
        let purchase: i64 = app.with_conn(|conn| traffic_purchases::table.select(traffic_purchases::id).first(conn).unwrap());
        let row = app.ledger(ALICE).into_iter().find(|e| e.kind.as_str() == "refund").expect("a refund row");
        assert_eq!((row.amount_cents.get(), row.reference.as_str()), (1425, format!("refund_purchase_{purchase}").as_str()));
        assert_eq!(row.note.as_deref(), Some(format!("Refund of Premium Residential Proxies purchase #{purchase}: 4.75 GB unused").as_str()));
        app.assert_books_balance(&[ALICE]);

        // The wallet history and the receipt show it.
        let wallet = app.get_with(&alice, "/api/user/wallet").await;
        let shown = &wallet.body["entries"][0];
        assert_eq!((shown["kind"].as_str(), shown["amount"].as_f64(), shown["id"].as_i64()),
                   (Some("refund"), Some(14.25), Some(row.id)), "{}", wallet.text);
        let receipt = app.get_with(&alice, &format!("/api/user/receipts/{}.pdf", row.id)).await;
        assert_eq!(receipt.status, 200, "{}", receipt.text);

        // Once.
        let before = books(&app);
        let again = refund(&app, &alice, "premium").await;
        assert_eq!((again.status, again.message()), (409, "Your latest purchase was already refunded"));
        assert_eq!(books(&app), before);
        let offer = app.get_with(&alice, "/api/user/refunds/eligibility?type=premium").await;
        assert_eq!((offer.body["eligible"].as_bool(), offer.body["amount"].as_f64()), (Some(false), Some(0.0)));

        // The operator's list.
        let list = app.get(&format!("/api/admin/refunds?userId={}", app.user_id(ALICE))).await;
        assert_eq!(list.status, 200, "{}", list.text);
        assert_eq!(list.body["total"], 1);
        let item = &list.body["items"][0];
        assert_eq!((item["email"].as_str(), item["type"].as_str(), item["purchaseId"].as_i64(), item["gb"].as_f64(), item["amount"].as_f64()),
                   (Some(ALICE), Some("premium"), Some(purchase), Some(4.75), Some(14.25)));
        let customer_view = app.get_with(&alice, "/api/admin/refunds").await;
        assert_eq!(customer_view.status, 403);
    }

    async fn refused_refunds_say_why_and_change_nothing(backend) {
        let (app, alice) = shop(backend, 50.0).await;
        let none = refund(&app, &alice, "budget").await;
        assert_eq!((none.status, none.message()), (409, "There is no purchase of this type to refund"));
        let piece_kind = refund(&app, &alice, "static").await;
        assert_eq!(piece_kind.status, 422, "{}", piece_kind.text);
        assert_eq!(piece_kind.body["fields"]["type"], "Only premium or budget traffic is refunded this way");

        buy_premium(&app, &alice).await;
        // Exactly 10 % is not less than 10 %.
        use_premium(&app, GB / 2);
        let before = books(&app);
        let used = refund(&app, &alice, "premium").await;
        assert_eq!((used.status, used.message()), (409, "Too much used: more of your latest purchase was used than a refund allows"));
        assert_eq!(books(&app), before);

        // A new purchase is the latest; made 7 days ago it is too late.
        buy_premium(&app, &alice).await;
        app.with_conn(|conn| {
            diesel::update(traffic_purchases::table)
                .set(traffic_purchases::created_at.eq(traffic_purchases::created_at - 7 * 86_400))
                .execute(conn)
                .unwrap();
        });
        let before = books(&app);
        let late = refund(&app, &alice, "premium").await;
        assert_eq!((late.status, late.message()), (409, "Too late: the refund period of your latest purchase has ended"));
        assert_eq!(books(&app), before);

        // The operator's refusal window, audited; 0 days lifts it.
        buy_premium(&app, &alice).await;
        let path = format!("/api/admin/users/{}/refund-refusal", app.user_id(ALICE));
        let bad = app.send(app.client.put(app.url(&path)).json(&json!({ "days": 400, "reason": "abuse" }))).await;
        assert_eq!((bad.status, bad.body["fields"]["days"].as_str()), (422, Some("Days must be a whole number from 0 to 365")));
        let set = app.send(app.client.put(app.url(&path)).json(&json!({ "days": 3, "reason": "refund abuse" }))).await;
        assert_eq!(set.status, 200, "{}", set.text);
        assert_eq!(set.body["refusal"]["reason"], "refund abuse");
        let before = books(&app);
        let paused = refund(&app, &alice, "premium").await;
        assert_eq!((paused.status, paused.message()), (409, "Refunds are paused for this account; please contact support"));
        assert_eq!(books(&app), before);
        let lifted = app.send(app.client.put(app.url(&path)).json(&json!({ "days": 0, "reason": "cleared" }))).await;
        assert_eq!((lifted.status, &lifted.body["refusal"]), (200, &serde_json::Value::Null));
        let shown = app.get(&path).await;
        assert_eq!(shown.body["refusal"], serde_json::Value::Null);
        let audits = app.audit_rows_of("user.refund_refusal");
        assert_eq!(audits.len(), 2, "the refused PUT wrote nothing");
        let done = refund(&app, &alice, "premium").await;
        assert_eq!((done.status, done.body["gb"].as_f64()), (200, Some(5.0)), "{}", done.text);
        app.assert_books_balance(&[ALICE]);
    }

    async fn two_instances_refunding_one_purchase_refund_it_once(backend) {
        let (app, alice) = shop(backend, 45.0).await;
        let other = app.second_instance(|_| {});
        for round in 0..3 {
            buy_premium(&app, &alice).await;
            let here = refund(&app, &alice, "premium");
            let there = app.send(alice.post(format!("{other}/api/user/refunds")).json(&json!({ "type": "premium" })));
            let (here, there) = futures::future::join(here, there).await;
            let mut statuses = [here.status, there.status];
            statuses.sort_unstable();
            assert_eq!(statuses, [200, 409], "round {round}: {} / {}", here.text, there.text);
            let refused = if here.status == 409 { &here } else { &there };
            assert_eq!(refused.message(), "Your latest purchase was already refunded");
            assert_eq!(refund_count(&app), round + 1);
            assert_eq!(premium(&app).0, 0, "round {round}: the GB were taken back once");
            assert_eq!(app.balance_cents(ALICE), 4_500, "round {round}: refunded once");
            app.assert_books_balance(&[ALICE]);
        }
    }

    async fn a_piece_that_failed_its_check_is_released_and_refunded_once(backend) {
        let (app, alice) = shop(backend, 10.0).await;
        let plan = app.get("/api/user/plan?type=static").await.body["plan"]["plans"][0]["id"].as_i64().unwrap();
        let body = json!({ "type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 2 });
        let bought = app.post_json_with(&alice, "/api/user/get_proxy", body).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let id = app.user_id(ALICE);
        let piece: i64 = app.with_conn(|conn| piece_proxies::table.filter(piece_proxies::user_id.eq(id))
            .select(piece_proxies::id).order(piece_proxies::id.asc()).first(conn).unwrap());
        let sold = |app: &TestApp| -> i32 { app.with_conn(|conn| piece_stock::table
            .filter(piece_stock::code.eq("us-comcast")).select(piece_stock::sold).first(conn).unwrap()) };
        let path = format!("/api/user/pieces/{piece}/refund");

        let before = books(&app);
        let unchecked = app.post_json_with(&alice, &path, json!({})).await;
        assert_eq!((unchecked.status, unchecked.message()), (409, "Only a proxy whose last check failed can be refunded; check it first"));
        let stranger = app.post_json(&path, json!({})).await;
        assert_eq!((stranger.status, stranger.message()), (404, "Proxy not found"));
        assert_eq!(books(&app), before);

        let failed = |ok: bool| PieceCheck { piece_id: piece, ok, exit_ip: None, latency_ms: None,
            error: Some("connection refused".into()), checked_at: persistence::now() };
        app.with_conn(|conn| identity::record_check(conn, &failed(false)).unwrap());
        let done = app.post_json_with(&alice, &path, json!({})).await;
        assert_eq!(done.status, 200, "{}", done.text);
        assert_eq!(done.body, json!({ "refunded": 3.5, "balance": 6.5 }));
        assert_eq!(sold(&app), 1, "its stock slot is back");
        let released: Option<i64> = app.with_conn(|conn| piece_proxies::table.find(piece).select(piece_proxies::released_at).first(conn).unwrap());
        assert!(released.is_some());
        let row = app.ledger(ALICE).into_iter().find(|e| e.kind.as_str() == "refund").expect("a refund row");
        assert_eq!((row.amount_cents.get(), row.reference), (350, format!("refund_piece_{piece}")));
        app.assert_books_balance(&[ALICE]);

        let before = books(&app);
        let again = app.post_json_with(&alice, &path, json!({})).await;
        assert_eq!((again.status, again.message()), (409, "This proxy was already refunded"));
        assert_eq!(books(&app), before);
    }
}
