//! Settling piece orders by hand (`/api/admin/orders`, docs/admin-api/orders.md): an order the
//! provider left `pending` or `unknown` is resolved once, as failed (refund and stock back) or
//! delivered (pieces and history as a provider delivery writes them), with its audit row; two
//! operators at once give one settlement, and refusals write nothing.

use crate::common::{PASSWORD, TestApp};
use diesel::prelude::*;
use domain::{Cents, OrderStatus, ProxyKind};
use persistence::audit::AuditFilter;
use persistence::pieces::{self, NewOrder};
use persistence::schema::{piece_proxies, proxy_history};
use persistence::wallet::{self, EntryKind, WalletError};
use serde_json::{Value, json};

const ADMIN: &str = "admin@example.com";
const OTHER_ADMIN: &str = "second-admin@example.com";
const BUYER: &str = "buyer@example.com";

/// An admin on the main client and a funded customer ($20) on the returned client.
async fn shop(backend: persistence::Backend) -> (TestApp, reqwest::Client) {
    let app = TestApp::start(backend, |s| s.limits.payments_per_user = 100).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    let buyer = app.new_client();
    app.register_with(&buyer, BUYER, PASSWORD).await;
    let payment = app.top_up_with(&buyer, 20.0, "LTC").await;
    app.pay(&payment).await;
    (app, buyer)
}

fn sold(app: &TestApp, code: &str) -> i32 {
    app.with_conn(|conn| {
        pieces::find_stock(conn, ProxyKind::Ipv4, code)
            .unwrap()
            .unwrap()
            .sold
    })
}

/// An order placed at a provider whose answer never came: stock reserved, the price debited,
/// the order in `status` (what `pieces::provider` leaves behind).
fn stuck_order(app: &TestApp, quantity: i32, status: OrderStatus) -> i64 {
    let user = app.user_id(BUYER);
    app.with_conn(|conn| {
        persistence::write_transaction(conn, |conn| {
            let stock = pieces::find_stock(conn, ProxyKind::Ipv4, "ipv4-us")?.unwrap();
            let plan = persistence::plans::active_for_kind(conn, ProxyKind::Ipv4)?[0].clone();
            assert!(pieces::reserve(conn, stock.id, quantity)?);
            let total = Cents::new(plan.price_cents.get() * i64::from(quantity));
            let now = persistence::now();
            let id = pieces::insert_order(
                conn,
                &NewOrder {
                    user_id: user,
                    kind: ProxyKind::Ipv4,
                    plan_id: Some(plan.id),
                    country: Some("us"),
                    isp: None,
                    quantity,
                    price_cents: total,
                    status,
                    source: "proxyseller",
                    upstream_order_id: None,
                    created_at: now,
                    updated_at: now,
                    stock_id: Some(stock.id),
                },
            )?;
            wallet::debit(
                conn,
                user,
                total,
                EntryKind::Purchase,
                &format!("piece_{id}"),
                None,
            )?;
            Ok::<_, WalletError>(id)
        })
        .unwrap()
    })
}

fn order_status(app: &TestApp, id: i64) -> OrderStatus {
    app.with_conn(|conn| pieces::find_order(conn, id).unwrap().unwrap().status)
}

fn refunds(app: &TestApp) -> usize {
    app.ledger(BUYER)
        .iter()
        .filter(|e| e.kind == EntryKind::Refund)
        .count()
}

async fn resolve_with(
    app: &TestApp,
    client: &reqwest::Client,
    id: i64,
    body: Value,
) -> crate::common::Reply {
    app.post_json_with(client, &format!("/api/admin/orders/{id}/resolve"), body)
        .await
}

async fn resolve(app: &TestApp, id: i64, body: Value) -> crate::common::Reply {
    resolve_with(app, &app.client, id, body).await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_failed_order_is_refunded_and_its_stock_returned(backend) {
        let (app, _buyer) = shop(backend).await;
        let balance = app.balance_cents(BUYER);
        let stock = sold(&app, "ipv4-us");
        let id = stuck_order(&app, 2, OrderStatus::Unknown);
        assert_eq!(sold(&app, "ipv4-us"), stock + 2);
        let charged = balance - app.balance_cents(BUYER);
        assert!(charged > 0);

        let reply = resolve(&app, id, json!({ "outcome": "failed", "reason": "Provider says it was never placed" })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let order = &reply.body["order"];
        assert_eq!((order["id"].as_i64(), order["status"].as_str()), (Some(id), Some("failed")));
        assert_eq!((order["userEmail"].as_str(), order["type"].as_str(), order["quantity"].as_i64()), (Some(BUYER), Some("ipv4"), Some(2)));
        assert_eq!(order["price"].as_f64(), Some(Cents::new(charged).as_dollars()));
        assert_eq!(app.balance_cents(BUYER), balance, "refunded in full");
        assert_eq!(sold(&app, "ipv4-us"), stock, "stock back");
        let refund = app.ledger(BUYER).into_iter().find(|e| e.kind == EntryKind::Refund).unwrap();
        assert_eq!((refund.amount_cents.get(), refund.reference.as_str()), (charged, format!("piece_{id}").as_str()));
        app.assert_books_balance(&[BUYER]);
        let rows = app.audit_rows_of("order.resolve");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].target.as_deref(), Some(format!("order:{id}").as_str()));
        assert_eq!(rows[0].detail.as_deref(), Some("Provider says it was never placed"));
        assert_eq!(rows[0].before().unwrap()["status"], "unknown");
        assert_eq!(rows[0].after(), Some(order.clone()));

        // Settled once: a second resolution is refused and changes nothing.
        let again = resolve(&app, id, json!({ "outcome": "failed", "reason": "once more" })).await;
        assert_eq!((again.status, again.message()), (409, "This order is already settled"));
        assert_eq!((refunds(&app), app.balance_cents(BUYER)), (1, balance));
        assert_eq!(app.audit_rows_of("order.resolve").len(), 1);
    }

    async fn a_delivered_order_gets_its_pieces_and_history(backend) {
        let (app, buyer) = shop(backend).await;
        let id = stuck_order(&app, 2, OrderStatus::Pending);
        let balance = app.balance_cents(BUYER);
        let stock = sold(&app, "ipv4-us");
        let lines = ["203.0.113.7:8080:alice:s3cret", "203.0.113.8:8081:bob:pa:ss"];
        let reply = resolve(&app, id, json!({ "outcome": "delivered", "proxies": lines, "reason": "Delivered in the provider's panel" })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["order"]["status"], "delivered");
        assert_eq!(order_status(&app, id), OrderStatus::Delivered);
        assert_eq!((app.balance_cents(BUYER), sold(&app, "ipv4-us")), (balance, stock), "paid and taken, as delivered");
        let rows: Vec<(String, i32, String, String, Option<String>, i64)> = app.with_conn(|conn| piece_proxies::table
            .filter(piece_proxies::order_id.eq(id))
            .order(piece_proxies::id.asc())
            .select((piece_proxies::host, piece_proxies::port, piece_proxies::username, piece_proxies::password, piece_proxies::upstream_id, piece_proxies::expires_at))
            .load(conn).unwrap());
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].0.as_str(), rows[0].1, rows[0].3.as_str()), ("203.0.113.7", 8080, "s3cret"));
        assert_eq!((rows[1].3.as_str(), rows[1].4.as_deref()), ("pa:ss", Some(format!("manual-{id}-2").as_str())));
        assert_eq!(rows[0].2, format!("alice#manual-{id}-1"), "unique as a provider delivery's logins are");
        let validity = app.with_conn(|conn| persistence::plans::active_for_kind(conn, ProxyKind::Ipv4).unwrap()[0].validity_days);
        let expected = persistence::now() + i64::from(validity) * 86_400;
        assert!((expected - 60..=expected).contains(&rows[0].5));
        let history: Vec<String> = app.with_conn(|conn| proxy_history::table
            .filter(proxy_history::user_id.eq(app.user_id(BUYER)))
            .order(proxy_history::id.asc())
            .select(proxy_history::proxy)
            .load(conn).unwrap());
        assert_eq!(history, lines);
        let listed = app.get_with(&buyer, "/api/user/proxies?type=ipv4").await;
        assert_eq!(listed.body["total"], 2);
        let rows = app.audit_rows_of("order.resolve");
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].before().unwrap()["status"].as_str(), rows[0].after().unwrap()["status"].as_str()), (Some("pending"), Some("delivered")));
        let again = resolve(&app, id, json!({ "outcome": "failed", "reason": "changed my mind" })).await;
        assert_eq!((again.status, again.message()), (409, "This order is already settled"));
        assert_eq!(refunds(&app), 0);
    }

    async fn the_list_filters_and_pages(backend) {
        let (app, _buyer) = shop(backend).await;
        let first = stuck_order(&app, 1, OrderStatus::Unknown);
        let second = stuck_order(&app, 1, OrderStatus::Pending);
        let all = app.get("/api/admin/orders").await;
        assert_eq!(all.status, 200, "{}", all.text);
        assert_eq!((all.body["total"].as_i64(), all.body["page"].as_i64(), all.body["perPage"].as_i64()), (Some(2), Some(1), Some(50)));
        let ids: Vec<i64> = all.body["items"].as_array().unwrap().iter().map(|o| o["id"].as_i64().unwrap()).collect();
        assert_eq!(ids, vec![second, first], "newest first");
        let unknown = app.get("/api/admin/orders?status=unknown").await;
        assert_eq!(unknown.body["items"][0]["id"], first);
        assert_eq!(unknown.body["total"], 1);
        assert_eq!(app.get("/api/admin/orders?status=bogus").await.body["total"], 0);
        assert_eq!(app.get("/api/admin/orders?type=static").await.body["total"], 0);
        assert_eq!(app.get("/api/admin/orders?type=ipv4&q=buyer@").await.body["total"], 2);
        assert_eq!(app.get("/api/admin/orders?q=BUYER").await.body["total"], 2);
        assert_eq!(app.get(&format!("/api/admin/orders?q={first}")).await.body["items"][0]["id"], first);
        assert_eq!(app.get("/api/admin/orders?q=nobody").await.body["total"], 0);
        let paged = app.get("/api/admin/orders?page=2&perPage=1").await;
        assert_eq!((paged.body["items"][0]["id"].as_i64(), paged.body["total"].as_i64()), (Some(first), Some(2)));
        let bad = app.get("/api/admin/orders?type=gold").await;
        assert_eq!((bad.status, bad.message()), (422, "Unknown proxy type"));
    }

    async fn refusals_write_nothing(backend) {
        let (app, buyer) = shop(backend).await;
        let id = stuck_order(&app, 2, OrderStatus::Pending);
        let balance = app.balance_cents(BUYER);
        let stock = sold(&app, "ipv4-us");
        let good = ["203.0.113.7:8080:alice:s3cret", "203.0.113.8:8081:bob:pass"];
        let cases = [
            (json!({ "outcome": "lost", "reason": "why not" }), 422, "outcome", "Outcome must be failed or delivered"),
            (json!({ "reason": "why not" }), 422, "outcome", "Outcome must be failed or delivered"),
            (json!({ "outcome": "failed", "reason": "no" }), 422, "reason", "Please give a reason (3–200 characters)"),
            (json!({ "outcome": "failed" }), 422, "reason", "Please give a reason (3–200 characters)"),
            (json!({ "outcome": "delivered", "proxies": [good[0]], "reason": "one short" }), 422, "proxies", "Enter exactly one host:port:user:pass line per ordered proxy"),
            (json!({ "outcome": "delivered", "reason": "none at all" }), 422, "proxies", "Enter exactly one host:port:user:pass line per ordered proxy"),
            (json!({ "outcome": "delivered", "proxies": [good[0], "203.0.113.8:99999:bob:pass"], "reason": "bad port" }), 422, "proxies", "Enter exactly one host:port:user:pass line per ordered proxy"),
            (json!({ "outcome": "delivered", "proxies": [good[0], good[1], good[1]], "reason": "one too many" }), 422, "proxies", "Enter exactly one host:port:user:pass line per ordered proxy"),
        ];
        for (body, status, field, message) in cases {
            let reply = resolve(&app, id, body.clone()).await;
            assert_eq!((reply.status, reply.message()), (status, message), "{body}");
            assert_eq!(reply.body["fields"][field], message, "{body}");
        }
        let missing = resolve(&app, 999_999, json!({ "outcome": "failed", "reason": "not there" })).await;
        assert_eq!((missing.status, missing.message()), (404, "Order not found"));
        let forbidden = resolve_with(&app, &buyer, id, json!({ "outcome": "failed", "reason": "refund me" })).await;
        assert_eq!(forbidden.status, 403);
        let guest = resolve_with(&app, &reqwest::Client::new(), id, json!({ "outcome": "failed", "reason": "refund me" })).await;
        assert_eq!(guest.status, 401);
        assert_eq!(order_status(&app, id), OrderStatus::Pending);
        assert_eq!((app.balance_cents(BUYER), sold(&app, "ipv4-us"), refunds(&app)), (balance, stock, 0));
        let pieces_written: i64 = app.with_conn(|conn| piece_proxies::table.count().get_result(conn).unwrap());
        assert_eq!(pieces_written, 0);
        assert!(app.audit_rows_of("order.resolve").is_empty());

        // A delivered (or failed, or placed) order is not the operator's to settle.
        let placed = stuck_order(&app, 1, OrderStatus::Placed);
        let reply = resolve(&app, placed, json!({ "outcome": "failed", "reason": "placed already" })).await;
        assert_eq!((reply.status, reply.message()), (409, "This order is already settled"));
    }

    async fn two_admins_settling_at_once_settle_once(backend) {
        let (app, _buyer) = shop(backend).await;
        let second = app.new_client();
        app.register_with(&second, OTHER_ADMIN, PASSWORD).await;
        app.make_admin(OTHER_ADMIN);
        for round in 0..3 {
            let id = stuck_order(&app, 1, OrderStatus::Unknown);
            let balance = app.balance_cents(BUYER);
            let refunds_before = refunds(&app);
            let delivered = json!({ "outcome": "delivered", "proxies": [format!("203.0.113.9:{}:u{round}:p", 9000 + round)], "reason": "admin one" });
            let failed = json!({ "outcome": "failed", "reason": "admin two" });
            let (a, b) = tokio::join!(
                resolve_with(&app, &app.client, id, if round == 0 { failed.clone() } else { delivered.clone() }),
                resolve_with(&app, &second, id, failed.clone()),
            );
            let mut statuses = [a.status, b.status];
            statuses.sort_unstable();
            assert_eq!(statuses, [200, 409], "{} / {}", a.text, b.text);
            let loser = if a.status == 409 { &a } else { &b };
            assert_eq!(loser.message(), "This order is already settled");
            let new_refunds = refunds(&app) - refunds_before;
            assert!(new_refunds <= 1);
            match order_status(&app, id) {
                OrderStatus::Failed => assert_eq!(new_refunds, 1),
                OrderStatus::Delivered => assert_eq!((new_refunds, app.balance_cents(BUYER)), (0, balance)),
                other => panic!("order left {other:?}"),
            }
            let target = format!("order:{id}");
            let filter = AuditFilter { target: Some(target), ..AuditFilter::default() };
            let audits = app.with_conn(|conn| persistence::audit::list(conn, &filter, 10, 0).unwrap().1);
            assert_eq!(audits, 1);
            app.assert_books_balance(&[BUYER]);
        }
    }
}
