//! The operator's upstream pools (`/api/admin/upstreams`, docs/admin-api/upstreams.md): created
//! with a preset's templates, listed, edited and removed, each change audited in its
//! transaction; the pool's password is write-only (no answer, audit row or schema of an answer
//! carries it); bad fields are 422 naming each; a pool that carried traffic is deactivated; the
//! test probes a pool now (through local test pools and a local echo service), answers the exit
//! IP or the failure in words naming nothing of the pool, and is audited; the health figures
//! come from the hourly counts of real traffic.

use crate::common::{PASSWORD, TestApp};
use domain::pool_health::{ConnectCounts, ConnectOutcome};
use persistence::audit::AuditFilter;
use serde_json::{Value, json};
use std::net::SocketAddr;
use upstream::chain::testing::{Behaviour, EchoServer, TestUpstream, closed_port};

const ADMIN: &str = "admin@example.com";
const SECRET: &str = "Pr0vider-S3cret";

async fn admin_app(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    app
}

fn new_pool(name: &str) -> Value {
    json!({ "name": name, "kinds": ["premium"], "protocol": "http", "host": "gate.decodo.com",
            "port": 7000, "username": "shopuser", "password": SECRET, "costPerGb": 1.75,
            "weight": 2, "countries": ["us", "de"], "preset": "decodo" })
}

async fn patch(app: &TestApp, id: i64, body: Value) -> crate::common::Reply {
    app.send(
        app.client
            .patch(app.url(&format!("/api/admin/upstreams/{id}")))
            .json(&body),
    )
    .await
}

fn pool_at(name: &str, at: SocketAddr) -> Value {
    let mut pool = new_pool(name);
    pool["host"] = json!(at.ip().to_string());
    pool["port"] = json!(at.port());
    pool["preset"] = Value::Null;
    pool
}

async fn test(app: &TestApp, id: i64) -> crate::common::Reply {
    app.post_json(&format!("/api/admin/upstreams/{id}/test"), json!({}))
        .await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn pools_are_created_edited_and_removed_with_the_password_never_shown(backend) {
        let app = admin_app(backend).await;
        let created = app.post_json("/api/admin/upstreams", new_pool("Decodo US")).await;
        assert_eq!(created.status, 201, "{}", created.text);
        assert!(!created.text.contains(SECRET), "{}", created.text);
        let pool = created.body["upstream"].clone();
        let id = pool["id"].as_i64().unwrap();
        assert_eq!(pool["name"], "Decodo US");
        assert_eq!(pool["kinds"], json!(["premium"]));
        assert_eq!((pool["host"].as_str(), pool["port"].as_i64()), (Some("gate.decodo.com"), Some(7000)));
        assert_eq!((pool["username"].as_str(), pool["hasPassword"].as_bool()), (Some("shopuser"), Some(true)));
        assert_eq!(pool["usernameTemplate"], domain::credential_template::Preset::Decodo.username_template());
        assert_eq!(pool["passwordTemplate"], "{password}");
        assert_eq!((pool["costPerGb"].as_f64(), pool["weight"].as_i64()), (Some(1.75), Some(2)));
        assert_eq!(pool["countries"], json!(["de", "us"]));
        assert_eq!(pool["active"], true);
        assert_eq!(pool["health"], json!({ "state": "up", "up": true, "failures": 0, "checkedAt": null,
            "lastError": null, "traffic24hBytes": 0, "connects24h": 0, "successRate24h": null,
            "connectP50Ms": null }));
        assert!(pool.get("password").is_none());
        let rows = app.audit_rows_of("upstream.create");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].target.as_deref(), Some(format!("upstream:{id}").as_str()));
        assert_eq!(rows[0].after().unwrap()["passwordChanged"], true);
        assert_eq!(rows[0].after().unwrap()["name"], "Decodo US");

        let listed = app.get("/api/admin/upstreams").await;
        assert_eq!(listed.status, 200, "{}", listed.text);
        assert_eq!(listed.header("cache-control"), Some("no-store"));
        assert_eq!(listed.body["upstreams"], json!([pool.clone()]));
        let one = app.get(&format!("/api/admin/upstreams/{id}")).await;
        assert_eq!(one.body["upstream"], pool);

        let edited = patch(&app, id, json!({ "password": "N3w-secret", "weight": 5, "active": false })).await;
        assert_eq!(edited.status, 200, "{}", edited.text);
        assert!(!edited.text.contains("N3w-secret"));
        assert_eq!((edited.body["upstream"]["weight"].as_i64(), edited.body["upstream"]["active"].as_bool()), (Some(5), Some(false)));
        assert_eq!(edited.body["upstream"]["name"], "Decodo US", "absent fields are kept");
        let stored = app.with_conn(|c| persistence::upstream_pools::find(c, id).unwrap().unwrap());
        assert_eq!(stored.password, "N3w-secret");
        let rows = app.audit_rows_of("upstream.update");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].before().unwrap()["weight"], 2);
        assert_eq!(rows[0].after().unwrap()["weight"], 5);
        assert_eq!(rows[0].after().unwrap()["passwordChanged"], true);
        // No audit row anywhere holds either password.
        let all = app.with_conn(|c| persistence::audit::list(c, &AuditFilter::default(), 1000, 0).unwrap().0);
        for row in &all {
            let text = format!("{:?}{:?}", row.before_state, row.after_state);
            assert!(!text.contains(SECRET) && !text.contains("N3w-secret"), "{text}");
        }

        let deleted = app.send(app.client.delete(app.url(&format!("/api/admin/upstreams/{id}")))).await;
        assert_eq!(deleted.status, 200, "{}", deleted.text);
        assert_eq!(deleted.body, json!({ "deleted": true }));
        assert_eq!(app.get(&format!("/api/admin/upstreams/{id}")).await.status, 404);
        assert_eq!(app.audit_rows_of("upstream.delete").len(), 1);
    }

    async fn a_pool_that_carried_traffic_is_deactivated_not_deleted(backend) {
        let app = admin_app(backend).await;
        let id = app.post_json("/api/admin/upstreams", new_pool("used")).await.body["upstream"]["id"].as_i64().unwrap();
        app.with_conn(|c| persistence::upstream_pools::add_carried(c, id, 4096).unwrap());
        let removed = app.send(app.client.delete(app.url(&format!("/api/admin/upstreams/{id}")))).await;
        assert_eq!(removed.status, 200, "{}", removed.text);
        assert_eq!(removed.body["deleted"], false);
        assert_eq!(removed.body["upstream"]["active"], false);
        assert_eq!(removed.body["upstream"]["carriedBytes"], 4096);
        assert_eq!(app.get(&format!("/api/admin/upstreams/{id}")).await.status, 200);
        let rows = app.audit_rows_of("upstream.deactivate");
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].before().unwrap()["active"].as_bool(), rows[0].after().unwrap()["active"].as_bool()), (Some(true), Some(false)));
        assert!(app.audit_rows_of("upstream.delete").is_empty());
    }

    async fn bad_fields_are_named_and_nothing_is_written(backend) {
        let app = admin_app(backend).await;
        let reply = app.post_json("/api/admin/upstreams", json!({
            "name": "x", "kinds": ["static"], "protocol": "http", "host": "a b", "port": 70000,
            "costPerGb": 1, "passwordTemplate": "{password}[_country-{country}",
        })).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        let errors = &reply.body["fields"];
        assert!(errors["kinds"].is_string() && errors["host"].is_string() && errors["port"].is_string(), "{}", reply.text);
        assert_eq!(errors["passwordTemplate"], "passwordTemplate: unclosed '[' at position 11");
        let missing = app.post_json("/api/admin/upstreams", json!({ "name": "x" })).await;
        assert_eq!(missing.status, 422);
        for field in ["kinds", "protocol", "host", "port", "costPerGb"] {
            assert!(missing.body["fields"][field].is_string(), "{field}: {}", missing.text);
        }
        assert_eq!(app.get("/api/admin/upstreams").await.body["upstreams"], json!([]));
        assert!(app.audit_rows_of("upstream.create").is_empty());

        let first = app.post_json("/api/admin/upstreams", new_pool("a")).await;
        assert_eq!(first.status, 201);
        let twin = app.post_json("/api/admin/upstreams", new_pool("a")).await;
        assert_eq!(twin.status, 409, "{}", twin.text);
        assert_eq!(twin.body["message"], domain::upstream_pool::POOL_NAME_TAKEN);
        let other = app.post_json("/api/admin/upstreams", new_pool("b")).await.body["upstream"]["id"].as_i64().unwrap();
        assert_eq!(patch(&app, other, json!({ "name": "a" })).await.status, 409);
        assert_eq!(patch(&app, 999_999, json!({ "weight": 3 })).await.status, 404);
        assert_eq!(app.audit_rows_of("upstream.update").len(), 0);
    }

    async fn the_document_never_describes_the_password_in_an_answer(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let doc = app.get("/api/openapi.json").await.body;
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for name in ["UpstreamPool", "PoolEnvelope", "PoolList", "RemovalOutcome", "PoolHealth", "ProbeAnswer"] {
            let schema = &schemas[name];
            assert!(schema.is_object(), "{name} is documented");
            assert!(schema["properties"].get("password").is_none(), "{name}: {schema}");
        }
        assert!(schemas["UpstreamPool"]["properties"]["hasPassword"].is_object());
        assert_eq!(schemas["PoolForm"]["properties"]["password"]["writeOnly"], true);
    }

    async fn the_test_probes_a_pool_now_and_answers_the_exit_ip_or_a_clean_error(backend) {
        let echo = EchoServer::start().await;
        let url = echo.url();
        let app = TestApp::start(backend, move |s| s.check.url = url).await;
        app.register(ADMIN, PASSWORD).await;
        app.make_admin(ADMIN);
        let pool = TestUpstream::http(Behaviour::Tunnel).await;
        let good = app.post_json("/api/admin/upstreams", pool_at("good", pool.addr)).await;
        assert_eq!(good.status, 201, "{}", good.text);
        let good = good.body["upstream"]["id"].as_i64().unwrap();
        let refusing_at = closed_port().await;
        let refusing = app.post_json("/api/admin/upstreams", pool_at("refusing", refusing_at)).await.body["upstream"]["id"].as_i64().unwrap();

        let ok = test(&app, good).await;
        assert_eq!(ok.status, 200, "{}", ok.text);
        assert_eq!((ok.body["ok"].as_bool(), ok.body["exitIp"].as_str(), ok.body["up"].as_bool()), (Some(true), Some("127.0.0.1"), Some(true)));
        assert!(ok.body["latencyMs"].is_u64() && ok.body["error"].is_null(), "{}", ok.text);
        assert_eq!(echo.answered(), 1);
        assert_eq!((pool.seen()[0].username.as_str(), pool.seen()[0].password.as_str()), ("shopuser", SECRET));

        for failures in 1..=3 {
            let failed = test(&app, refusing).await;
            assert_eq!(failed.status, 200, "{}", failed.text);
            assert_eq!(failed.body["ok"], false);
            assert_eq!(failed.body["error"], "The pool refused the connection or could not be reached");
            assert!(failed.body["exitIp"].is_null());
            assert_eq!(failed.body["up"], failures < 3, "the third failure in a row marks it down");
            for secret in [&refusing_at.port().to_string(), "127.0.0.1", "shopuser", SECRET] {
                assert!(!failed.text.contains(secret), "{}", failed.text);
            }
        }
        let listed = app.get(&format!("/api/admin/upstreams/{refusing}")).await.body;
        assert_eq!(listed["upstream"]["health"]["state"], "down");
        assert_eq!(listed["upstream"]["health"]["failures"], 3);

        let rows = app.audit_rows_of("upstream.test");
        assert_eq!(rows.len(), 4, "each test is audited");
        assert_eq!(rows[0].target.as_deref(), Some(format!("upstream:{refusing}").as_str()));
        assert_eq!(rows[0].after().unwrap()["up"], false);
        assert_eq!(test(&app, 999_999).await.status, 404);
    }

    async fn the_health_figures_come_from_the_hourly_counts(backend) {
        let app = admin_app(backend).await;
        let id = app.post_json("/api/admin/upstreams", new_pool("counted")).await.body["upstream"]["id"].as_i64().unwrap();
        let mut counts = ConnectCounts::default();
        for ms in [30, 40, 300] {
            counts.count(ConnectOutcome::Ok, ms);
        }
        counts.count(ConnectOutcome::PoolFailed, 5_000);
        let now = persistence::now();
        app.with_conn(|c| {
            use persistence::upstream_pool_hours::{add, hour_of};
            add(c, id, hour_of(now), &counts, 3_000).unwrap();
            add(c, id, hour_of(now) - 23 * 3600, &ConnectCounts::default(), 1_000).unwrap();
            // Older than a day: not in the figures.
            add(c, id, hour_of(now) - 24 * 3600, &counts, 50_000).unwrap();
        });
        let health = app.get(&format!("/api/admin/upstreams/{id}")).await.body["upstream"]["health"].clone();
        assert_eq!(health["traffic24hBytes"], 4_000);
        assert_eq!(health["connects24h"], 4);
        assert_eq!(health["successRate24h"], 0.75);
        assert_eq!(health["connectP50Ms"], 38, "1.5 of the 2 connects under 50 ms");
        let listed = app.get("/api/admin/upstreams").await.body;
        assert_eq!(listed["upstreams"][0]["health"], health);
        let off = patch(&app, id, json!({ "active": false })).await;
        assert_eq!(off.body["upstream"]["health"]["state"], "inactive");
        assert_eq!(off.body["upstream"]["health"]["traffic24hBytes"], 4_000);
    }
}
