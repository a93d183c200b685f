//! Buying proxies by the piece (`POST /api/user/get_proxy` for static, IPv4/IPv6 and LTE): one
//! transaction takes the stock, debits the wallet, records the order, mints one gateway
//! credential per piece and writes the history; every refusal changes nothing, and racing
//! buyers never oversell the stock or overdraw the wallet.

use crate::common::{Reply, TestApp};
use diesel::prelude::*;
use persistence::schema::{piece_orders, piece_proxies, piece_stock, plans, proxy_history};
use serde_json::{Value, json};

const USER: &str = "buyer@example.com";

async fn funded(backend: persistence::Backend, dollars: f64) -> TestApp {
    TestApp::funded(backend, USER, dollars).await
}

/// The id of the first (30-day) plan of a kind.
async fn plan_id(app: &TestApp, kind: &str) -> i64 {
    let reply = app.get(&format!("/api/user/plan?type={kind}")).await;
    reply.body["plan"]["plans"][0]["id"].as_i64().unwrap()
}

fn sold(app: &TestApp, code: &str) -> i32 {
    app.with_conn(|conn| {
        piece_stock::table
            .filter(piece_stock::code.eq(code))
            .select(piece_stock::sold)
            .first(conn)
            .unwrap()
    })
}

fn set_capacity(app: &TestApp, code: &str, capacity: i32) {
    app.with_conn(|conn| {
        diesel::update(piece_stock::table.filter(piece_stock::code.eq(code)))
            .set(piece_stock::capacity.eq(capacity))
            .execute(conn)
            .unwrap();
    });
}

/// Orders, pieces and history rows in the database.
fn counts(app: &TestApp) -> (i64, i64, i64) {
    app.with_conn(|conn| {
        (
            piece_orders::table.count().get_result(conn).unwrap(),
            piece_proxies::table.count().get_result(conn).unwrap(),
            proxy_history::table.count().get_result(conn).unwrap(),
        )
    })
}

fn split(proxy: &Value) -> Vec<String> {
    proxy
        .as_str()
        .unwrap()
        .split(':')
        .map(str::to_owned)
        .collect()
}

async fn buy(app: &TestApp, body: Value) -> Reply {
    app.post_json("/api/user/get_proxy", body).await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn buying_static_proxies_takes_stock_debits_and_mints_credentials(backend) {
        let app = funded(backend, 10.0).await;
        let plan = plan_id(&app, "static").await;
        let reply = buy(&app, json!({ "type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 2 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["success"], true);
        assert_eq!(reply.message(), "Proxy Generated Successfully");
        assert_eq!(reply.body["user"]["balance"], 3.0, "2 × $3.50 from $10");
        let proxies = reply.body["proxies"].as_array().unwrap();
        assert_eq!(proxies.len(), 2);
        let first = split(&proxies[0]);
        assert_eq!(first.len(), 4);
        assert_eq!((first[0].as_str(), first[1].as_str()), ("127.0.0.1", "8000"));
        assert!(first[2].starts_with("pc") && first[2].len() == 14, "{}", first[2]);
        assert_ne!(split(&proxies[1])[2], first[2], "each piece has its own credential");
        assert_eq!(sold(&app, "us-comcast"), 2);

        // Every piece is a gateway credential that expires with the plan's validity.
        let id = app.user_id(USER);
        let rows: Vec<(String, String, i64, String)> = app.with_conn(|conn| {
            piece_proxies::table
                .filter(piece_proxies::user_id.eq(id))
                .select((piece_proxies::username, piece_proxies::password, piece_proxies::expires_at, piece_proxies::kind))
                .load(conn)
                .unwrap()
        });
        assert_eq!(rows.len(), 2);
        let now = persistence::now();
        for (username, password, expires, kind) in &rows {
            assert!(proxies.iter().any(|p| split(p)[2] == *username && split(p)[3] == *password));
            assert!((now + 30 * 86_400 - 60..=now + 30 * 86_400).contains(expires));
            assert_eq!(kind, "static");
        }
        let history = app.get("/api/user/proxy_history?type=static").await;
        let items = history.body["history"].as_array().unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0]["expiresAt"].as_i64(), Some(rows[0].2));
        let listed = app.get("/api/user/proxies?type=static").await;
        assert_eq!(listed.body["total"], 2);

        let ledger = app.ledger(USER);
        let purchase = ledger.iter().find(|e| e.kind.as_str() == "purchase").unwrap();
        assert_eq!(purchase.amount_cents.get(), -700);
        app.assert_books_balance(&[USER]);
        let stock = app.get("/api/user/server_credentials?type=static").await;
        let comcast = stock.body["data"]["supportedISPs"]["us"].as_array().unwrap().iter().find(|i| i["code"] == "us-comcast").cloned().unwrap();
        assert_eq!(comcast["amount"], 38);
    }

    async fn datacenter_and_lte_purchases(backend) {
        let app = funded(backend, 20.0).await;
        let ipv6 = plan_id(&app, "ipv6").await;
        let reply = buy(&app, json!({ "type": "ipv6", "plan": ipv6, "location": "ipv6-us", "quantity": "3" })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["proxies"].as_array().unwrap().len(), 3);
        assert_eq!(sold(&app, "ipv6-us"), 3);

        // LTE: one piece per order, on the SOCKS port for a SOCKS5 endpoint.
        let socks = buy(&app, json!({ "type": "lte", "location": "lte-us-newyork-tmobile-socks5", "quantity": 9 })).await;
        assert_eq!(socks.status, 200, "{}", socks.text);
        let proxies = socks.body["proxies"].as_array().unwrap();
        assert_eq!(proxies.len(), 1);
        assert_eq!(split(&proxies[0])[1], "8001");
        let lte_plan = plan_id(&app, "lte").await;
        let https = buy(&app, json!({ "type": "lte", "plan": lte_plan, "location": "lte-us-newyork-tmobile-https" })).await;
        assert_eq!(https.status, 200, "{}", https.text);
        assert_eq!(split(&https.body["proxies"][0])[1], "8000");
        // 3 × $0.30 + 2 × $3.00 (the cheapest LTE plan by default, and the 1-day plan by id).
        assert_eq!(app.balance_cents(USER), 2000 - 90 - 300 - 300);
        app.assert_books_balance(&[USER]);
    }

    async fn every_refusal_has_its_message_and_changes_nothing(backend) {
        let app = funded(backend, 5.0).await;
        let plan = plan_id(&app, "static").await;
        let ipv4 = plan_id(&app, "ipv4").await;
        let premium = plan_id(&app, "premium").await;
        let base = json!({ "type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 1 });
        let with = |field: &str, value: Value| {
            let mut body = base.clone();
            body[field] = value;
            body
        };
        let cases: Vec<(Value, u16, &str)> = vec![
            (with("quantity", json!(0)), 422, "Please enter a valid quantity"),
            (with("quantity", json!(-2)), 422, "Please enter a valid quantity"),
            (with("quantity", json!(1.5)), 422, "Please enter a valid quantity"),
            (with("quantity", json!("x")), 422, "Please enter a valid quantity"),
            (with("quantity", json!("")), 422, "Please enter a valid number"),
            (with("quantity", json!(null)), 422, "Please enter a valid number"),
            (with("plan", json!(null)), 422, "Please select all the fields"),
            (with("country", json!("")), 422, "Please select all the fields"),
            (with("location", json!(null)), 422, "Please select all the fields"),
            (with("type", json!("premium")), 422, "Unknown proxy type"),
            (with("location", json!("us-nowhere")), 422, "This location is not available"),
            (with("country", json!("gb")), 422, "This location is not available"),
            (with("location", json!("ipv4-us")), 422, "This location is not available"),
            (with("plan", json!(999_999)), 404, "Plan not found"),
            (with("plan", json!(premium)), 404, "Plan not found"),
            (with("plan", json!(ipv4)), 404, "Plan not found"),
            (with("quantity", json!(2)), 402, "Insufficient balance"),
            (with("quantity", json!(41)), 409, "Not enough proxies in stock"),
        ];
        for (body, status, message) in cases {
            let reply = buy(&app, body.clone()).await;
            assert_eq!((reply.status, reply.message()), (status, message), "{body}");
        }
        app.with_conn(|conn| {
            diesel::update(plans::table.find(plan))
                .set(plans::available_until.eq(Some(persistence::now() - 1)))
                .execute(conn)
                .unwrap();
        });
        let ended = buy(&app, base.clone()).await;
        assert_eq!((ended.status, ended.message()), (410, "This plan is no longer available"));
        let ipv4_empty = buy(&app, json!({ "type": "ipv4", "plan": ipv4, "location": "ipv4-us", "quantity": "" })).await;
        assert_eq!(ipv4_empty.message(), "Please enter a valid number");

        assert_eq!(app.balance_cents(USER), 500);
        assert_eq!(sold(&app, "us-comcast"), 0);
        assert_eq!(counts(&app), (0, 0, 0));
        assert_eq!(app.ledger(USER).len(), 1, "only the top-up");
        let guest = app.post_json_with(&app.new_client(), "/api/user/get_proxy", base).await;
        assert_eq!(guest.status, 401);
    }

    async fn quantities_are_plain_whole_numbers_within_the_limit(backend) {
        let app = funded(backend, 100.0).await;
        let plan = plan_id(&app, "static").await;
        let with = |quantity: Value| json!({ "type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": quantity });
        let float = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        for bad in [json!("1e2"), json!("2e0"), json!(2.5), json!(-2.0), json!(" 2"), json!("2 "),
                    json!("+2"), json!("-2"), json!("2.0"), json!("0x10"), json!(true), json!([2]),
                    json!({ "n": 2 }), float("1e20")] {
            let reply = buy(&app, with(bad.clone())).await;
            assert_eq!((reply.status, reply.message()), (422, "Please enter a valid quantity"), "{bad}");
            assert_eq!(reply.body["fields"]["quantity"], "Please enter a valid quantity", "{bad}");
        }
        for over in [json!(1001), json!("1001"), json!(u64::MAX), json!("99999999999999999999999")] {
            let reply = buy(&app, with(over.clone())).await;
            assert_eq!((reply.status, reply.message()), (422, "Quantity must be between 1 and 1000"), "{over}");
            assert_eq!(reply.body["fields"]["quantity"], "Quantity must be between 1 and 1000", "{over}");
        }
        assert_eq!(sold(&app, "us-comcast"), 0);
        assert_eq!(app.balance_cents(USER), 10_000);
        let reply = buy(&app, with(json!("2"))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["proxies"].as_array().unwrap().len(), 2);
        // A whole number by value, however written, as JSON Schema's integer.
        let reply = buy(&app, with(float("2e0"))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["proxies"].as_array().unwrap().len(), 2);
    }

    async fn racing_buyers_never_oversell_the_stock(backend) {
        let app = funded(backend, 100.0).await;
        let plan = plan_id(&app, "static").await;
        set_capacity(&app, "us-cox", 3);
        let body = json!({ "type": "static", "plan": plan, "country": "us", "location": "us-cox", "quantity": 1 });
        let replies = futures::future::join_all((0..6).map(|_| buy(&app, body.clone()))).await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 3, "{statuses:?}");
        assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 3, "{statuses:?}");
        assert_eq!(sold(&app, "us-cox"), 3);
        assert_eq!(app.balance_cents(USER), 10_000 - 3 * 350);
        assert_eq!(counts(&app), (3, 3, 3));
        app.assert_books_balance(&[USER]);
    }

    async fn racing_buyers_never_overdraw_the_wallet(backend) {
        let app = funded(backend, 7.0).await;
        let plan = plan_id(&app, "static").await;
        let body = json!({ "type": "static", "plan": plan, "country": "us", "location": "us-att", "quantity": 1 });
        let replies = futures::future::join_all((0..6).map(|_| buy(&app, body.clone()))).await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 2, "{statuses:?}");
        assert_eq!(statuses.iter().filter(|s| **s == 402).count(), 4, "{statuses:?}");
        assert_eq!(app.balance_cents(USER), 0);
        assert_eq!(sold(&app, "us-att"), 2, "refused purchases gave their stock back");
        assert_eq!(counts(&app), (2, 2, 2));
        app.assert_books_balance(&[USER]);
    }
}
