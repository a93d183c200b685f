//! Renewing pieces bought from Proxy-Seller (docs/renewals.md), against a local mock: paid
//! first, then one `prolong/make` with the provider's proxy id; success moves the expiry, a
//! refusal refunds (and may be tried again by hand, never by the job), a lost answer keeps the
//! money held and is never retried.

use crate::common::TestApp;
use crate::common::proxyseller::{BUYER, api, buyer, envelope, ipv4_order, provider};
use app::settings::RenewalPolicy;
use diesel::prelude::*;
use persistence::schema::{piece_proxies, piece_renewals};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use upstream::{FileMailer, PieceSource};
use wiremock::matchers::{body_json, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const DAY: i64 = 86_400;

/// An app whose customer holds two delivered IPv4 proxies (provider ids 11 and 12); the
/// piece of provider id 11 and its expiry.
async fn delivered(
    backend: persistence::Backend,
) -> (TestApp, MockServer, Arc<dyn PieceSource>, i64, i64) {
    let (server, source) = provider().await;
    Mock::given(method("POST"))
        .and(path(api("order/make")))
        .respond_with(envelope(
            json!({ "orderId": 2000096, "total": 3.0, "listBaseOrderNumbers": [], "balance": 100 }),
        ))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path(api("proxy/list/ipv4")))
        .and(query_param("orderId", "2000096"))
        .respond_with(envelope(json!({ "items": [
            { "id": "11", "order_id": "2000096", "ip": "31.6.33.97", "ip_only": "31.6.33.97", "port_http": 50100, "port_socks": 50101, "login": "lg", "password": "pw", "country": "USA" },
            { "id": "12", "order_id": "2000096", "ip": "31.6.33.98", "ip_only": "31.6.33.98", "port_http": 50102, "port_socks": 50103, "login": "lg", "password": "pw", "country": "USA" }
        ] })))
        .mount(&server)
        .await;
    let app = buyer(backend, source.clone()).await;
    assert_eq!(ipv4_order(&app).await.status, 202);
    assert_eq!(
        app::pieces::poll_deliveries(app.pool(), source.as_ref())
            .await
            .unwrap(),
        1
    );
    let (id, expires): (i64, i64) = app.with_conn(|conn| {
        piece_proxies::table
            .filter(piece_proxies::upstream_id.eq("11"))
            .select((piece_proxies::id, piece_proxies::expires_at))
            .first(conn)
            .unwrap()
    });
    (app, server, source, id, expires)
}

fn prolong(reply: ResponseTemplate) -> Mock {
    Mock::given(method("POST"))
        .and(path(api("prolong/make/ipv4")))
        .and(body_json(
            json!({"ids": ["11"], "periodId": "1m", "paymentId": "balance"}),
        ))
        .respond_with(reply)
}

fn refusal() -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "status": "error", "data": null,
        "errors": [{ "message": "Insufficient funds", "code": 7, "customData": null }] }))
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

fn statuses(app: &TestApp) -> Vec<String> {
    app.with_conn(|conn| {
        piece_renewals::table
            .order(piece_renewals::id.asc())
            .select(piece_renewals::status)
            .load(conn)
            .unwrap()
    })
}

async fn renew(app: &TestApp, id: i64, seen: i64) -> crate::common::Reply {
    app.post_json(
        &format!("/api/user/pieces/{id}/renew"),
        json!({ "expiresAt": seen }),
    )
    .await
}

/// Runs the renewals job with the provider, with the piece `id` switched on and due.
async fn run_job_on(
    app: &TestApp,
    source: Arc<dyn PieceSource>,
    id: i64,
) -> app::pieces::RenewalRun {
    let reply = app
        .send(
            app.client
                .patch(app.url(&format!("/api/user/pieces/{id}")))
                .json(&json!({"autoRenew": true})),
        )
        .await;
    assert_eq!(reply.status, 200);
    let mailer = Arc::new(FileMailer::new(
        app.mail_dir.path().to_path_buf(),
        "ProxyShop <no-reply@proxyshop.test>".to_owned(),
    ));
    let now = expiry(app, id) - 3_600;
    app::pieces::renew_due(
        app.pool(),
        Some(source),
        mailer,
        RenewalPolicy::default(),
        now,
    )
    .await
    .unwrap()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_provider_piece_renews_through_one_prolong_call(backend) {
        let (app, server, _source, id, before) = delivered(backend).await;
        prolong(envelope(json!({"orderId": 2000200, "total": 1.5, "balance": 98.5}))).expect(1).mount(&server).await;
        let reply = renew(&app, id, before).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["user"]["balance"], 5.5, "$10 less 2 × $1.50 less $1.50");
        assert_eq!(expiry(&app, id), before + 30 * DAY);
        assert_eq!(statuses(&app), ["done"]);
        let line: String = app.with_conn(|conn| piece_proxies::table.find(id).select(piece_proxies::username).first(conn).unwrap());
        assert!(line.starts_with("lg#"), "same credentials: {line}");
        let history = app.get("/api/user/proxy_history?type=ipv4").await;
        let shown: Vec<(String, i64)> = history.body["history"].as_array().unwrap().iter()
            .map(|h| (h["proxy"].as_str().unwrap().to_owned(), h["expiresAt"].as_i64().unwrap())).collect();
        assert!(shown.contains(&("31.6.33.97:50100:lg:pw".to_owned(), before + 30 * DAY)), "{shown:?}");
        assert!(shown.contains(&("31.6.33.98:50102:lg:pw".to_owned(), before)), "{shown:?}");
        app.assert_books_balance(&[BUYER]);
    }

    async fn a_refused_renewal_is_refunded_and_only_retried_by_hand(backend) {
        let (app, server, source, id, before) = delivered(backend).await;
        let refused = prolong(refusal()).expect(1).mount_as_scoped(&server).await;
        let reply = renew(&app, id, before).await;
        assert_eq!((reply.status, reply.message()), (502, "The proxy provider is unavailable. Please try again later"));
        assert!(!reply.text.contains("Insufficient funds"));
        assert_eq!(app.balance_cents(BUYER), 700, "refunded");
        assert_eq!(statuses(&app), ["refunded"]);
        assert_eq!(expiry(&app, id), before);
        // The job leaves a refused period alone (the scoped mock expects exactly one call).
        assert_eq!(run_job_on(&app, source, id).await.renewed, 0);
        drop(refused);
        prolong(envelope(json!({"orderId": 2000201, "total": 1.5}))).expect(1).mount(&server).await;
        let again = renew(&app, id, before).await;
        assert_eq!(again.status, 200, "{}", again.text);
        assert_eq!(statuses(&app), ["refunded", "done"]);
        let kinds: Vec<String> = app.ledger(BUYER).into_iter().map(|e| e.kind.to_string()).collect();
        assert_eq!(kinds, ["topup", "purchase", "purchase", "refund", "purchase"]);
        app.assert_books_balance(&[BUYER]);
    }

    async fn a_lost_answer_keeps_the_money_and_is_never_retried(backend) {
        let (app, server, source, id, before) = delivered(backend).await;
        prolong(envelope(json!({})).set_delay(Duration::from_secs(5))).expect(1).mount(&server).await;
        let reply = renew(&app, id, before).await;
        assert_eq!((reply.status, reply.message()), (502, "The provider did not confirm the renewal. We will check it with them"));
        assert_eq!(app.balance_cents(BUYER), 550, "held until an operator checks");
        assert_eq!(statuses(&app), ["unknown"]);
        assert_eq!(expiry(&app, id), before);
        let twice = renew(&app, id, before).await;
        assert_eq!(twice.status, 409, "{}", twice.text);
        assert_eq!(run_job_on(&app, source, id).await.renewed, 0);
        assert_eq!(statuses(&app), ["unknown"]);
        app.assert_books_balance(&[BUYER]);
    }
}
