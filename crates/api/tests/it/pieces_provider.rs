//! Buying pieces from Proxy-Seller (docs/providers.md#proxy-seller), against a local mock:
//! the money and stock are held by a pending order before the one order call; a placed order's
//! proxies arrive by polling; a refusal gives everything back; an unknown outcome is never
//! retried and keeps the money held for reconciliation.

use crate::common::TestApp;
use crate::common::proxyseller::{api, buyer, envelope, ipv4_order, provider, refused_order};
use diesel::prelude::*;
use persistence::schema::{piece_orders, piece_stock};
use serde_json::json;
use std::time::Duration;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, ResponseTemplate};

const USER: &str = crate::common::proxyseller::BUYER;
fn order_row(app: &TestApp) -> (String, Option<String>) {
    app.with_conn(|conn| {
        piece_orders::table
            .select((piece_orders::status, piece_orders::upstream_order_id))
            .first(conn)
            .unwrap()
    })
}

fn sold(app: &TestApp) -> i32 {
    app.with_conn(|conn| {
        piece_stock::table
            .filter(piece_stock::code.eq("ipv4-us"))
            .select(piece_stock::sold)
            .first(conn)
            .unwrap()
    })
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_placed_order_is_paid_once_and_its_proxies_arrive_by_polling(backend) {
        let (server, source) = provider().await;
        Mock::given(method("POST"))
            .and(path(api("order/make")))
            .respond_with(envelope(json!({ "orderId": 2000096, "total": 3.0, "listBaseOrderNumbers": [], "balance": 100 })))
            .expect(1)
            .mount(&server)
            .await;
        let app = buyer(backend, source.clone()).await;
        let reply = ipv4_order(&app).await;
        assert_eq!(reply.status, 202, "{}", reply.text);
        assert_eq!(reply.body["proxies"], json!([]));
        assert_eq!(reply.message(), "Your order is being prepared. The proxies will appear in your history shortly.");
        assert_eq!(reply.body["user"]["balance"], 7.0, "2 × $1.50 held");
        assert_eq!(order_row(&app), ("placed".to_owned(), Some("2000096".to_owned())));
        assert_eq!(sold(&app), 2);

        // Activation still running: one of the two so far, which is not a delivery yet.
        let pending = Mock::given(method("GET"))
            .and(path(api("proxy/list/ipv4")))
            .and(query_param("orderId", "2000096"))
            .respond_with(envelope(json!({ "items": [
                { "id": "11", "order_id": "2000096", "ip": "31.6.33.97", "ip_only": "31.6.33.97", "port_http": 50100, "port_socks": 50101, "login": "lg", "password": "pw", "country": "USA" }
            ] })))
            .expect(1)
            .mount_as_scoped(&server)
            .await;
        assert_eq!(app::pieces::poll_deliveries(app.pool(), source.as_ref()).await.unwrap(), 0);
        drop(pending);
        Mock::given(method("GET"))
            .and(path(api("proxy/list/ipv4")))
            .and(query_param("orderId", "2000096"))
            .respond_with(envelope(json!({ "items": [
                { "id": "11", "order_id": "2000096", "ip": "31.6.33.97", "ip_only": "31.6.33.97", "port_http": 50100, "port_socks": 50101, "login": "lg", "password": "pw", "country": "USA" },
                { "id": "12", "order_id": "2000096", "ip": "31.6.33.98", "ip_only": "31.6.33.98", "port_http": 50102, "port_socks": 50103, "login": "lg", "password": "pw", "country": "USA" }
            ] })))
            .mount(&server)
            .await;
        assert_eq!(app::pieces::poll_deliveries(app.pool(), source.as_ref()).await.unwrap(), 1);
        assert_eq!(app::pieces::poll_deliveries(app.pool(), source.as_ref()).await.unwrap(), 0, "delivered once");
        assert_eq!(order_row(&app).0, "delivered");
        let history = app.get("/api/user/proxy_history?type=ipv4").await;
        let proxies: Vec<&str> = history.body["history"].as_array().unwrap().iter().map(|h| h["proxy"].as_str().unwrap()).collect();
        assert_eq!(proxies.len(), 2);
        assert!(proxies.contains(&"31.6.33.97:50100:lg:pw") && proxies.contains(&"31.6.33.98:50102:lg:pw"), "{proxies:?}");
        app.assert_books_balance(&[USER]);
    }

    async fn a_refused_order_gives_the_money_and_stock_back(backend) {
        let (server, source) = provider().await;
        refused_order().expect(1).mount(&server)
            .await;
        let app = buyer(backend, source).await;
        let reply = ipv4_order(&app).await;
        assert_eq!((reply.status, reply.message()), (502, "The proxy provider is unavailable. Please try again later"));
        assert!(!reply.text.contains("Insufficient funds"), "the provider's text stays in the log");
        assert_eq!(app.balance_cents(USER), 1000);
        assert_eq!(sold(&app), 0);
        assert_eq!(order_row(&app).0, "failed");
        let kinds: Vec<String> = app.ledger(USER).into_iter().map(|e| e.kind.to_string()).collect();
        assert_eq!(kinds, ["topup", "purchase", "refund"]);
        app.assert_books_balance(&[USER]);
    }

    async fn an_unknown_outcome_is_not_retried_and_keeps_the_money_held(backend) {
        let (server, source) = provider().await;
        Mock::given(method("POST"))
            .and(path(api("order/make")))
            .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(5)))
            .expect(1)
            .mount(&server)
            .await;
        let app = buyer(backend, source).await;
        let reply = ipv4_order(&app).await;
        assert_eq!(reply.status, 202, "{}", reply.text);
        assert_eq!(order_row(&app), ("unknown".to_owned(), None));
        assert_eq!(app.balance_cents(USER), 700);
        assert_eq!(sold(&app), 2);
    }

    async fn a_country_the_provider_does_not_sell_moves_no_money(backend) {
        let (server, source) = provider().await;
        Mock::given(method("POST")).and(path(api("order/make"))).respond_with(envelope(json!({})))
            .expect(0).mount(&server).await;
        let app = buyer(backend, source).await;
        let plan = app.get("/api/user/plan?type=ipv4").await.body["plan"]["plans"][0]["id"].as_i64().unwrap();
        let reply = app.post_json("/api/user/get_proxy", json!({ "type": "ipv4", "plan": plan, "location": "ipv4-gb", "quantity": 1 })).await;
        assert_eq!((reply.status, reply.message()), (422, "This location is not available"));
        assert_eq!(app.balance_cents(USER), 1000);
        assert_eq!(app.ledger(USER).len(), 1, "only the top-up");
        assert_eq!(sold(&app), 0);
        app.assert_books_balance(&[USER]);
    }

    async fn an_order_left_pending_by_a_stopped_server_becomes_unknown(backend) {
        let (_server, source) = provider().await;
        let app = buyer(backend, source.clone()).await;
        let id = app.user_id(USER);
        let (old, fresh) = app.with_conn(|conn| {
            let mut order = |created_at| persistence::pieces::insert_order(conn, &persistence::pieces::NewOrder {
                user_id: id, kind: domain::ProxyKind::Ipv4, plan_id: None, country: Some("us"), isp: None, quantity: 1,
                price_cents: domain::Cents::new(150), status: domain::OrderStatus::Pending, source: "proxyseller", upstream_order_id: None,
                created_at, updated_at: created_at, stock_id: None,
            }).unwrap();
            (order(persistence::now() - 3_600), order(persistence::now()))
        });
        assert_eq!(app::pieces::poll_deliveries(app.pool(), source.as_ref()).await.unwrap(), 0);
        let status = |order| app.with_conn(|conn| persistence::pieces::find_order(conn, order).unwrap().unwrap().status.as_str());
        assert_eq!(status(old), "unknown");
        assert_eq!(status(fresh), "pending", "an order being placed right now is left alone");
    }
}
