//! What operators see: `/metrics` in the Prometheus text format on its own listener (request
//! counters by route pattern and status, pool gauges; never on the public port), the request id
//! on every answer, and `/readyz` turning unready once shutdown begins.

use crate::common::TestApp;
use app::jobs::{self, Ticked};
use app::telemetry::{MetricsServer, install_recorder};

/// The scrape endpoint of this test binary's recorder, watching `pool`.
async fn metrics_endpoint(pool: persistence::DbPool) -> String {
    let server = MetricsServer::bind(
        "127.0.0.1:0".parse().unwrap(),
        install_recorder().unwrap(),
        vec![("main", pool)],
    )
    .unwrap();
    let url = format!("http://{}/metrics", server.local_addr().unwrap());
    actix_web::rt::spawn(server.run());
    url
}

static SESSIONS_GAUGE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn scrape(url: &str) -> String {
    let reply = reqwest::get(url).await.unwrap();
    assert_eq!(reply.status(), 200);
    let kind = reply.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    reply.text().await.unwrap()
}

/// The value of the sample whose name and labels start with `prefix` (0 when absent).
fn sample(text: &str, prefix: &str) -> f64 {
    text.lines()
        .find(|line| line.starts_with(prefix))
        .and_then(|line| line.rsplit(' ').next())
        .map_or(0.0, |v| v.parse().unwrap())
}

persistence::both_backends! {

    #[actix_web::test]
    async fn metrics_count_requests_by_route_pattern_on_their_own_port(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let url = metrics_endpoint(app.db.pool.clone()).await;
        const HEALTH: &str =
            r#"proxyshop_http_requests_total{method="GET",route="/healthz",status="200"}"#;
        const LEDGER: &str = r#"proxyshop_http_requests_total{method="GET",route="/api/admin/users/{id}/ledger",status="401"}"#;
        let before = scrape(&url).await;

        assert_eq!(app.get("/healthz").await.status, 200);
        assert_eq!(app.get("/healthz").await.status, 200);
        assert_eq!(app.get("/api/admin/users/987654321/ledger").await.status, 401);

        let after = scrape(&url).await;
        // Other tests of this binary share the recorder: at least our requests were counted.
        assert!(sample(&after, HEALTH) >= sample(&before, HEALTH) + 2.0, "{after}");
        assert!(sample(&after, LEDGER) >= sample(&before, LEDGER) + 1.0, "{after}");
        assert!(!after.contains("987654321"), "a raw path in a label:\n{after}");
        assert!(
            after.contains(r#"proxyshop_http_request_duration_seconds_bucket{method="GET",route="/healthz",status="200",le="0.005"}"#),
            "{after}"
        );
        assert!(sample(&after, r#"proxyshop_db_pool_max_connections{pool="main"}"#) >= 1.0, "{after}");
        assert!(after.contains("proxyshop_db_pool_idle_connections{pool=\"main\"}"), "{after}");

        // Not on the public port.
        assert_eq!(app.get("/metrics").await.status, 404);
    }

    async fn sessions_and_top_ups_are_counted(backend) {
        // The gauge is process-wide: one backend's variant at a time, and no other test of this
        // binary samples sessions, so it is this app's.
        let _gauge = SESSIONS_GAUGE.lock().await;
        let app = TestApp::start(backend, |_| {}).await;
        let server = MetricsServer::bind(
            "127.0.0.1:0".parse().unwrap(),
            install_recorder().unwrap(),
            vec![("main", app.db.pool.clone())],
        )
        .unwrap()
        .with_sessions(app.db.pool.clone());
        let url = format!("http://{}/metrics", server.local_addr().unwrap());
        actix_web::rt::spawn(server.run());
        const ACTIVE: &str = "proxyshop_sessions_active ";
        const STARTED: &str = "proxyshop_sessions_started_total ";
        const CREATED: &str = r#"proxyshop_payments_created_total{provider="local",outcome="invoice"}"#;
        let before = scrape(&url).await;
        assert_eq!(sample(&before, ACTIVE), 0.0, "{before}");

        app.register("counted@example.com", crate::common::PASSWORD).await;
        let other = app.new_client();
        let reply = app.post_json_with(&other, "/api/login",
            serde_json::json!({ "email": "counted@example.com", "password": crate::common::PASSWORD })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let reply = app.post_json("/api/payment",
            serde_json::json!({ "amount": 25, "method": crate::common::wallet::METHOD })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);

        let signed_in = scrape(&url).await;
        assert_eq!(sample(&signed_in, ACTIVE), 2.0, "{signed_in}");
        assert!(sample(&signed_in, STARTED) >= sample(&before, STARTED) + 2.0, "{signed_in}");
        assert!(sample(&signed_in, CREATED) >= sample(&before, CREATED) + 1.0, "{signed_in}");

        assert_eq!(app.post_json("/api/user/logout", serde_json::json!({})).await.status, 200);
        let after = scrape(&url).await;
        assert_eq!(sample(&after, ACTIVE), 1.0, "{after}");
    }

    async fn sign_in_failures_are_counted(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let url = metrics_endpoint(app.db.pool.clone()).await;
        const FAILED: &str = r#"proxyshop_sign_in_failures_total{route="/api/login",reason="invalid_credentials"}"#;
        let before = sample(&scrape(&url).await, FAILED);
        let login = serde_json::json!({ "email": "nobody@example.com", "password": "Wrong1!x" });
        assert_eq!(app.post_json("/api/login", login).await.status, 401);
        let after = scrape(&url).await;
        assert!(sample(&after, FAILED) >= before + 1.0, "{after}");
    }

    async fn every_answer_carries_a_request_id(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let generated = app.get("/healthz").await;
        let id = generated.header("x-request-id").unwrap().to_owned();
        assert_eq!(id.len(), 32, "{id}");
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
        // A new one each time.
        assert_ne!(app.get("/healthz").await.header("x-request-id"), Some(id.as_str()));

        let sent = |value: &str| {
            app.client
                .get(app.url("/api/nothing-here"))
                .header("X-Request-Id", value.to_owned())
        };
        // A sane id from the caller (a load balancer's) is kept, on error answers too.
        let kept = app.send(sent("lb-7f3a.42_x")).await;
        assert_eq!(kept.status, 404);
        assert_eq!(kept.header("x-request-id"), Some("lb-7f3a.42_x"));
        // A refusal by the middleware in front of the handlers (a foreign Origin) carries it too.
        let cross_site = app
            .send(
                app.client
                    .post(app.url("/api/logout"))
                    .header("Origin", "https://evil.example")
                    .header("X-Request-Id", "guarded-1"),
            )
            .await;
        assert_eq!(cross_site.status, 403, "{}", cross_site.text);
        assert_eq!(cross_site.header("x-request-id"), Some("guarded-1"));
        // Anything else is replaced.
        for bad in ["has space", "<script>", &"a".repeat(65)] {
            let replaced = app.send(sent(bad)).await;
            let id = replaced.header("x-request-id").unwrap();
            assert_eq!(id.len(), 32, "{bad} -> {id}");
            assert_ne!(id, bad);
        }
    }

    async fn readiness_turns_off_when_shutdown_begins(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let ready = app.get("/readyz").await;
        assert_eq!((ready.status, ready.body["status"].as_str()), (200, Some("ready")));
        app.readiness.begin_shutdown();
        let draining = app.get("/readyz").await;
        assert_eq!(
            (draining.status, draining.body["status"].as_str()),
            (503, Some("shutting down"))
        );
        // Liveness is another question.
        assert_eq!(app.get("/healthz").await.status, 200);
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_job_runs_once_per_period_across_instances(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let url = metrics_endpoint(app.db.pool.clone()).await;
        // A period long enough that the test cannot cross into the next one.
        let job = jobs::Job {
            name: "operations_test",
            every: std::time::Duration::from_secs(86_400),
            lease: std::time::Duration::from_secs(60),
        };
        let pool = &app.db.pool;
        let runs = std::sync::atomic::AtomicUsize::new(0);
        let work = || async {
            runs.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(())
        };
        // Two instances tick at once; then both tick again within the same period.
        let (a, b) = futures::join!(
            jobs::tick_once(pool, job, "instance-a", work()),
            jobs::tick_once(pool, job, "instance-b", work()),
        );
        let mut ticks = vec![a, b];
        ticks.sort_by_key(|t| *t == Ticked::Skipped);
        assert_eq!(ticks, [Ticked::Ran, Ticked::Skipped]);
        assert_eq!(jobs::tick_once(pool, job, "instance-a", work()).await, Ticked::Skipped);
        assert_eq!(jobs::tick_once(pool, job, "instance-b", work()).await, Ticked::Skipped);
        assert_eq!(runs.load(std::sync::atomic::Ordering::SeqCst), 1);

        let text = scrape(&url).await;
        assert!(sample(&text, r#"proxyshop_job_runs_total{job="operations_test",outcome="ok"}"#) >= 1.0, "{text}");
        assert!(sample(&text, r#"proxyshop_job_runs_total{job="operations_test",outcome="skipped"}"#) >= 3.0, "{text}");
        assert!(text.contains(r#"proxyshop_job_duration_seconds_count{job="operations_test"}"#), "{text}");
    }
}
