//! What tells bought pieces apart (docs/renewals.md#what-a-piece-shows): `GET /api/user/pieces`
//! answers each piece's own credential, order, ISP and the exit IP where known, and
//! `POST /api/user/pieces/{id}/check` tests one piece through the real built-in gateway, keeps
//! the outcome as its last check (whose exit IP the list then shows), refuses another
//! customer's piece and a provider's, and counts against the customer's check limit.

use crate::common::PASSWORD;
use crate::proxy_check::{Shop, split};
use diesel::prelude::*;
use persistence::schema::{piece_proxies, piece_stock};
use serde_json::{Value, json};
use std::sync::atomic::Ordering;

/// Buys two static pieces through the instance that knows the gateway; their lines.
async fn buy_two(shop: &Shop) -> Vec<String> {
    let id = shop.app.top_up(20.0).await;
    shop.app.pay(&id).await;
    let plan = shop.app.get("/api/user/plan?type=static").await.body["plan"]["plans"][0]["id"]
        .as_i64()
        .unwrap();
    let body = json!({"type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 2});
    let reply = shop.post("/api/user/get_proxy", body).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body["proxies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().to_owned())
        .collect()
}

async fn pieces(shop: &Shop) -> Vec<Value> {
    let reply = shop.app.get("/api/user/pieces").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body["items"].as_array().unwrap().clone()
}

/// The listed piece whose username is `user`.
fn by_username<'a>(items: &'a [Value], user: &str) -> &'a Value {
    items
        .iter()
        .find(|p| p["username"] == user)
        .unwrap_or_else(|| panic!("no piece of {user} in {items:?}"))
}

persistence::both_backends! {

    #[actix_web::test]
    async fn each_piece_shows_its_own_credential_isp_and_checked_exit(backend) {
        let shop = Shop::start(backend, 30).await;
        let lines = buy_two(&shop).await;
        let (host, port, user_a, pass_a) = split(&lines[0]);
        let (_, _, user_b, pass_b) = split(&lines[1]);
        assert_ne!(user_a, user_b);
        let items = pieces(&shop).await;
        assert_eq!(items.len(), 2);
        let a = by_username(&items, &user_a);
        assert_eq!(
            (a["host"].as_str().unwrap(), a["port"].to_string(), a["password"].as_str().unwrap()),
            (host.as_str(), port.clone(), pass_a.as_str())
        );
        assert_eq!(by_username(&items, &user_b)["password"], pass_b.as_str());
        assert_eq!(a["isp"], "Comcast");
        assert_eq!(a["country"], "us");
        assert_eq!(a["checkable"], true);
        assert_eq!(a["exitIp"], Value::Null);
        assert_eq!(a["lastCheck"], Value::Null);
        assert!(a["orderId"].as_i64().unwrap() > 0, "{a}");
        let (id_a, id_b) = (a["id"].as_i64().unwrap(), by_username(&items, &user_b)["id"].as_i64().unwrap());

        // A check goes through the gateway with the piece's own credential.
        let reply = shop.post(&format!("/api/user/pieces/{id_a}/check"), json!({})).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["ok"].clone(), reply.body["exitIp"].clone(), reply.body["error"].clone()), (json!(true), json!("127.0.0.1"), Value::Null), "{}", reply.text);
        assert!(reply.body["latencyMs"].is_i64() && reply.body["checkedAt"].is_i64(), "{}", reply.text);
        assert_eq!(shop.echo_hits.load(Ordering::SeqCst), 1);
        let items = pieces(&shop).await;
        let a = by_username(&items, &user_a);
        assert_eq!(a["exitIp"], "127.0.0.1");
        assert_eq!(a["lastCheck"]["ok"], true);
        assert_eq!(by_username(&items, &user_b)["lastCheck"], Value::Null);

        // A recorded stock IP is known before any check.
        shop.app.with_conn(|conn| {
            diesel::update(piece_stock::table.filter(piece_stock::code.eq("us-comcast")))
                .set(piece_stock::ip.eq("203.0.113.7"))
                .execute(conn)
                .unwrap();
        });
        assert_eq!(by_username(&pieces(&shop).await, &user_b)["exitIp"], "203.0.113.7");

        // A piece that fails says why, and the failure is its last check: one expired a minute
        // ago (kept through the grace period, so still listed).
        shop.app.with_conn(|conn| {
            diesel::update(piece_proxies::table.find(id_b))
                .set(piece_proxies::expires_at.eq(persistence::now() - 60))
                .execute(conn)
                .unwrap();
        });
        let reply = shop.post(&format!("/api/user/pieces/{id_b}/check"), json!({})).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["ok"].clone(), reply.body["error"].clone()), (json!(false), json!("The proxy has expired")), "{}", reply.text);
        let items = pieces(&shop).await;
        let b = by_username(&items, &user_b);
        assert_eq!((b["state"].as_str(), b["lastCheck"]["error"].as_str()), (Some("grace"), Some("The proxy has expired")));
        // a failed check tells nothing of the exit: the stock's IP stays
        assert_eq!(b["exitIp"], "203.0.113.7");
    }

    async fn only_the_customers_own_gateway_pieces_are_checked_within_the_limit(backend) {
        let shop = Shop::start(backend, 3).await;
        let lines = buy_two(&shop).await;
        let items = pieces(&shop).await;
        let (_, _, user_a, _) = split(&lines[0]);
        let id = by_username(&items, &user_a)["id"].as_i64().unwrap();
        let path = format!("/api/user/pieces/{id}/check");

        // Another customer, and a guest, cannot check it.
        let other = shop.app.new_client();
        shop.app.register_with(&other, "other@example.com", PASSWORD).await;
        let reply = shop.app.send(other.post(format!("{}{path}", shop.api)).json(&json!({}))).await;
        assert_eq!((reply.status, reply.message()), (404, "Proxy not found"));
        let guest = shop.app.new_client().post(format!("{}{path}", shop.api)).json(&json!({}));
        assert_eq!(shop.app.send(guest).await.status, 401);
        let reply = shop.post("/api/user/pieces/999999/check", json!({})).await;
        assert_eq!(reply.status, 404);

        // A provider's piece connects to the provider: not tested from here.
        let (_, _, user_b, _) = split(&lines[1]);
        let provider = by_username(&items, &user_b)["id"].as_i64().unwrap();
        shop.app.with_conn(|conn| {
            diesel::update(piece_proxies::table.find(provider))
                .set((piece_proxies::upstream_id.eq("9001"), piece_proxies::username.eq(format!("{user_b}#9001"))))
                .execute(conn)
                .unwrap();
        });
        let reply = shop.post(&format!("/api/user/pieces/{provider}/check"), json!({})).await;
        assert_eq!((reply.status, reply.message()), (409, "This proxy is served by its provider; test it with your own client"));
        let listed = pieces(&shop).await;
        let shown = by_username(&listed, &user_b);
        assert_eq!((shown["checkable"].clone(), shown["username"].clone()), (json!(false), json!(user_b)));
        assert_eq!(shop.echo_hits.load(Ordering::SeqCst), 0, "no refused check reached the echo");

        // Piece checks and line checks share the customer's limit (3 here).
        for _ in 0..2 {
            assert_eq!(shop.post(&path, json!({})).await.body["ok"], true);
        }
        assert_eq!(shop.check(&lines[0]).await.body["ok"], true);
        let reply = shop.post(&path, json!({})).await;
        assert_eq!((reply.status, reply.message()), (429, "Too many requests. Please try again later"));
        assert_eq!(shop.echo_hits.load(Ordering::SeqCst), 3);
    }
}
