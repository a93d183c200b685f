//! The webhook channel against a local receiver: the first URL's secret shown once and the
//! signature verifying with it, a 500 then a 200 giving two attempts and a delivered row in the
//! delivery log (one customer's own), private and http URLs refused without the operator's
//! allowance, rotation, and two instances running the job at once making each attempt once.
//! Time is the job's `now` argument, never a sleep.

use crate::common::TestApp;
use hmac::{Hmac, Mac};
use persistence::notifications::{self, Kind};
use secrecy::SecretString;
use serde_json::{Value, json};
use sha2::Sha256;
use std::sync::Arc;
use upstream::{FileMailer, Mailer, ReqwestWebhookSender, WebhookSender};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const EMAIL: &str = "hooked@example.com";

fn sender() -> Arc<dyn WebhookSender> {
    Arc::new(ReqwestWebhookSender::new(true).unwrap())
}

fn key() -> SecretString {
    SecretString::from(crate::common::SESSION_SECRET.to_owned())
}

async fn run_job(app: &TestApp, now: i64) -> usize {
    app::alerts::send_webhooks(app.pool(), sender(), &key(), now)
        .await
        .unwrap()
}

async fn set_url(app: &TestApp, url: &str) -> crate::common::Reply {
    app.send(
        app.client
            .put(app.url("/api/user/alerts"))
            .json(&json!({ "webhookUrl": url })),
    )
    .await
}

async fn deliveries(app: &TestApp) -> Value {
    let reply = app.get("/api/user/alerts/deliveries").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body
}

/// The v1 signature a receiver computes: HMAC-SHA256 keyed with the secret as shown, over
/// "<t>.<body>".
fn expected_v1(secret: &str, t: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(t.as_bytes());
    mac.update(b".");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

fn verifies(request: &wiremock::Request, secret: &str) -> bool {
    let header = request.headers["x-proxyshop-signature"].to_str().unwrap();
    let (t, v1) = header.split_once(',').unwrap();
    let (t, v1) = (
        t.strip_prefix("t=").unwrap(),
        v1.strip_prefix("v1=").unwrap(),
    );
    v1 == expected_v1(secret, t, &request.body)
}

fn mailer(app: &TestApp) -> Arc<dyn Mailer> {
    Arc::new(FileMailer::new(
        app.mail_dir.path().to_path_buf(),
        "ProxyShop <no-reply@proxyshop.test>".to_owned(),
    ))
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_failed_call_is_retried_signed_and_logged(backend) {
        let app = TestApp::start(backend, |s| s.webhook_allow_private = true).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let receiver = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/hook"))
            .respond_with(ResponseTemplate::new(500))
            .up_to_n_times(1)
            .mount(&receiver)
            .await;
        Mock::given(method("POST"))
            .and(path("/hook"))
            .respond_with(ResponseTemplate::new(200))
            .mount(&receiver)
            .await;
        let url = format!("{}/hook", receiver.uri());

        // The first URL brings a secret, in that answer only.
        let saved = set_url(&app, &url).await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        let secret = saved.body["webhookSecret"].as_str().unwrap().to_owned();
        assert!(secret.starts_with("whsec_"), "{secret}");
        let read = app.get("/api/user/alerts").await.body;
        assert_eq!(read["webhookUrl"], json!(url));
        assert_eq!(read["webhookSecretSet"], json!(true));
        assert!(read.get("webhookSecret").is_none(), "{read}");
        let again = set_url(&app, &url).await;
        assert!(again.body.get("webhookSecret").is_none(), "not shown again: {}", again.text);

        // A balance alert fires: its notification and its delivery are written together.
        let saved = app
            .send(app.client.put(app.url("/api/user/alerts")).json(&json!({"balanceBelow": 5})))
            .await;
        assert_eq!(saved.status, 200);
        let now = persistence::now();
        assert_eq!(app::alerts::check_alerts(app.pool(), mailer(&app), now).await.unwrap(), 1);
        let log = deliveries(&app).await;
        assert_eq!(log["total"], json!(1));
        assert_eq!(log["items"][0]["status"], json!("pending"));
        assert_eq!(log["items"][0]["attempts"], json!(0));

        // First attempt: 500, retried in 30 s.
        assert_eq!(run_job(&app, now).await, 1);
        let item = deliveries(&app).await["items"][0].clone();
        assert_eq!(item["status"], json!("pending"));
        assert_eq!(item["attempts"], json!(1));
        assert_eq!(item["lastCode"], json!(500));
        assert_eq!(item["lastError"], json!("HTTP 500"));
        assert_eq!(item["nextAt"], json!(now + 30));
        assert_eq!(run_job(&app, now + 29).await, 0, "not due yet");

        // Second attempt: 200, delivered.
        assert_eq!(run_job(&app, now + 30).await, 1);
        let item = deliveries(&app).await["items"][0].clone();
        assert_eq!(item["status"], json!("delivered"));
        assert_eq!(item["attempts"], json!(2));
        assert_eq!(item["lastCode"], json!(200));
        assert_eq!(item["deliveredAt"], json!(now + 30));
        assert_eq!(item["nextAt"], Value::Null);
        assert_eq!(item["url"], json!(url));
        assert_eq!(run_job(&app, now + 3600).await, 0, "delivered once");

        let received = receiver.received_requests().await.unwrap();
        assert_eq!(received.len(), 2);
        let notification = app.get("/api/user/notifications").await.body["items"][0].clone();
        for request in &received {
            assert!(verifies(request, &secret), "signed with the secret shown once");
            assert_eq!(request.headers["content-type"], "application/json");
            assert_eq!(request.headers["x-proxyshop-delivery"].to_str().unwrap(), item["id"].to_string());
            let body: Value = serde_json::from_slice(&request.body).unwrap();
            assert_eq!(body["id"], notification["id"]);
            assert_eq!(body["type"], json!("alert"));
            assert_eq!(body["title"], notification["title"]);
            assert_eq!(body["body"], notification["body"]);
            assert_eq!(body["createdAt"], notification["createdAt"]);
        }
        // The second attempt was signed at its own time.
        let stamp = |r: &wiremock::Request| r.headers["x-proxyshop-signature"].to_str().unwrap().to_owned();
        assert!(stamp(&received[1]).starts_with(&format!("t={},", now + 30)));

        // Another customer sees none of it.
        let other = app.customer("other@example.com").await;
        let theirs = app.get_with(&other, "/api/user/alerts/deliveries").await;
        assert_eq!(theirs.status, 200);
        assert_eq!(theirs.body["total"], json!(0));
        assert_eq!(theirs.body["items"], json!([]));
        // Paging like other lists.
        let bad = app.get("/api/user/alerts/deliveries?perPage=201").await;
        assert_eq!(bad.status, 422);
        let guest = app.send(app.new_client().get(app.url("/api/user/alerts/deliveries"))).await;
        assert_eq!(guest.status, 401);
    }

    async fn retries_stop_a_day_after_the_notification(backend) {
        let app = TestApp::start(backend, |s| s.webhook_allow_private = true).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let receiver = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(503))
            .mount(&receiver)
            .await;
        assert_eq!(set_url(&app, &format!("{}/x", receiver.uri())).await.status, 200);
        let id = app.user(EMAIL).unwrap().id;
        let start = persistence::now();
        app.with_conn(|c| notifications::add(c, id, Kind::Renewed, "Renewed", "Done", start).unwrap());
        let mut calls = 0;
        loop {
            let item = deliveries(&app).await["items"][0].clone();
            if item["status"] != json!("pending") {
                assert_eq!(item["status"], json!("failed"));
                assert_eq!(item["nextAt"], Value::Null);
                assert_eq!(item["attempts"], json!(calls));
                break;
            }
            let now = item["nextAt"].as_i64().unwrap();
            assert!(now <= start + 86_400, "no attempt past a day");
            calls += run_job(&app, now).await;
            assert!(calls < 60, "backs off");
        }
        // Waits of 30 s doubling to an hour: the 8th call comes 3810 s in, then one an hour
        // while it stays within 24 h (22 more).
        assert_eq!(calls, 8 + 22);
        assert_eq!(receiver.received_requests().await.unwrap().len(), calls);
    }

    async fn private_and_http_urls_are_refused_without_the_allowance(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        for url in [
            "http://hooks.example.com/in",
            "https://127.0.0.1/hook",
            "https://10.0.0.7/hook",
            "https://[::1]/hook",
            "https://localhost/hook",
            "https://user:pw@hooks.example.com/in",
            "hooks.example.com/in",
        ] {
            let refused = set_url(&app, url).await;
            assert_eq!(refused.status, 422, "{url}: {}", refused.text);
            assert_eq!(
                refused.body["fields"]["webhookUrl"],
                json!(domain::messages::WEBHOOK_URL),
                "{url}"
            );
        }
        assert_eq!(app.get("/api/user/alerts").await.body["webhookUrl"], Value::Null);
        // No URL: nothing to rotate.
        let rotate = app.post_json("/api/user/alerts/webhook_secret", json!({})).await;
        assert_eq!(rotate.status, 409, "{}", rotate.text);

        // A public https URL is taken; rotation shows a new secret once; null removes both.
        let saved = set_url(&app, "https://hooks.example.com/in").await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        let first = saved.body["webhookSecret"].as_str().unwrap().to_owned();
        let rotated = app.post_json("/api/user/alerts/webhook_secret", json!({})).await;
        assert_eq!(rotated.status, 200, "{}", rotated.text);
        let second = rotated.body["webhookSecret"].as_str().unwrap();
        assert!(second.starts_with("whsec_") && second != first);
        let removed = app
            .send(app.client.put(app.url("/api/user/alerts")).json(&json!({"webhookUrl": null})))
            .await;
        assert_eq!(removed.status, 200);
        assert_eq!(removed.body["webhookUrl"], Value::Null);
        assert_eq!(removed.body["webhookSecretSet"], json!(false));
        // Without a webhook, a notification queues no call.
        let id = app.user(EMAIL).unwrap().id;
        app.with_conn(|c| notifications::add(c, id, Kind::Alert, "T", "B", persistence::now()).unwrap());
        assert_eq!(deliveries(&app).await["total"], json!(0));
    }

    async fn two_instances_make_each_attempt_once(backend) {
        let app = TestApp::start(backend, |s| s.webhook_allow_private = true).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let receiver = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(204))
            .mount(&receiver)
            .await;
        assert_eq!(set_url(&app, &format!("{}/hook", receiver.uri())).await.status, 200);
        let id = app.user(EMAIL).unwrap().id;
        let now = persistence::now();
        for n in 0..6 {
            let title = format!("Order {n} delivered");
            app.with_conn(|c| notifications::add(c, id, Kind::OrderDelivered, &title, "Pieces", now).unwrap());
        }
        let other = persistence::connect(&app.db.url, &persistence::testing::small_pool()).unwrap();
        let key = key();
        let (a, b) = tokio::join!(
            app::alerts::send_webhooks(app.pool(), sender(), &key, now),
            app::alerts::send_webhooks(&other, sender(), &key, now),
        );
        assert_eq!(a.unwrap() + b.unwrap(), 6);
        let received = receiver.received_requests().await.unwrap();
        let mut ids: Vec<String> = received
            .iter()
            .map(|r| r.headers["x-proxyshop-delivery"].to_str().unwrap().to_owned())
            .collect();
        ids.sort();
        ids.dedup();
        assert_eq!((received.len(), ids.len()), (6, 6), "each delivery called once");
        let log = deliveries(&app).await;
        assert_eq!(log["total"], json!(6));
        for item in log["items"].as_array().unwrap() {
            assert_eq!(item["status"], json!("delivered"));
            assert_eq!(item["attempts"], json!(1));
            assert_eq!(item["lastCode"], json!(204));
        }
    }
}
