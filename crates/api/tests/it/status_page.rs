//! The public status page (`GET /api/status`, docs/status.md) and the operator's incidents
//! (docs/admin-api/incidents.md): minutes measured through each component's path and counted
//! once however many instances measure them, 90 days of history, `ETag` and `Cache-Control`,
//! the last computed answer served when the database fails; incidents checked field by field,
//! audited, shown, resolved once, and told to the customers with alerts on.

use crate::common::{Reply, TestApp};
use app::status::{StatusSettings, measure_minute};
use persistence::status_minutes;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A stand-in gateway that answers every CONNECT with 407, as ours does for an unknown
/// credential.
async fn answering_gateway() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0_u8; 1024];
                let _ = socket.read(&mut buf).await;
                let _ = socket
                    .write_all(b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"x\"\r\nContent-Length: 0\r\n\r\n")
                    .await;
            });
        }
    });
    port
}

fn probe_at(port: u16) -> StatusSettings {
    StatusSettings {
        gateway_host: "127.0.0.1".to_owned(),
        gateway_port: port,
        timeout: Duration::from_secs(2),
    }
}

fn component<'a>(page: &'a Value, id: &str) -> &'a Value {
    page["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no component {id} in {page}"))
}

async fn status(app: &TestApp) -> Reply {
    app.send(app.new_client().get(app.url("/api/status"))).await
}

/// The kinds of the client's incident notifications, newest first.
async fn incident_kinds(app: &TestApp, client: &reqwest::Client) -> Vec<String> {
    let list = app.get_with(client, "/api/user/notifications").await.body;
    list["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|n| n["kind"].as_str().filter(|k| k.starts_with("incident.")))
        .map(str::to_owned)
        .collect()
}

/// An active Premium pool (the provider's address is never dialled here).
fn premium_pool(name: &str) -> persistence::upstream_pools::NewPool {
    persistence::upstream_pools::NewPool {
        name: name.to_owned(),
        kinds: "premium".to_owned(),
        protocol: domain::upstream_pool::PoolProtocol::Http,
        host: "127.0.0.1".to_owned(),
        port: 9,
        username: "provider".to_owned(),
        password: "providerpw".to_owned(),
        username_template: "{username}".to_owned(),
        password_template: "{password}".to_owned(),
        cost_per_gb_cents: domain::Cents::new(100),
        weight: 1,
        countries: String::new(),
        active: true,
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_kind_whose_every_pool_is_down_is_down_though_the_gateway_answers(backend) {
        let Some(db) = persistence::testing::TestDatabase::new(backend) else { return };
        let up = probe_at(answering_gateway().await);
        let mut conn = db.pool.get().unwrap();
        let first = persistence::upstream_pools::create(&mut conn, &premium_pool("first")).unwrap();
        // Its probe failed: down (the probe job's rule, after one failure here).
        persistence::upstream_pools::record_probe(&mut conn, first.id, Some("connection refused"), 1).unwrap();
        drop(conn);
        let now = persistence::now();
        let minute = now - now.rem_euclid(60);
        let day = domain::calendar::utc_day(minute);
        let minutes = |component: &str| {
            let mut conn = db.pool.get().unwrap();
            status_minutes::minutes_between(&mut conn, component, &day, &day).unwrap()
        };
        measure_minute(&db.pool, &up, minute).await.unwrap();
        // No traffic, the only Premium pool down: Premium cannot be served though the gateway
        // answers; Budget, served from the gateway's own exit, is up.
        assert_eq!(minutes("gateway-premium"), (0, 1));
        assert_eq!(minutes("gateway-budget"), (1, 0));
        assert_eq!(minutes(&format!("pool-{}", first.id)), (0, 1));
        // A second Premium pool that is up serves the kind again.
        let mut conn = db.pool.get().unwrap();
        persistence::upstream_pools::create(&mut conn, &premium_pool("second")).unwrap();
        drop(conn);
        measure_minute(&db.pool, &up, minute + 60).await.unwrap();
        assert_eq!(minutes("gateway-premium"), (1, 1));
    }

    async fn minutes_are_measured_once_and_the_page_serves_them_cached_and_when_the_database_fails(backend) {
        let app = TestApp::start(backend, |s| s.status_fresh = Duration::ZERO).await;
        let pool = app.pool().clone();
        let up = probe_at(answering_gateway().await);
        let closed = probe_at(upstream::chain::testing::closed_port().await.port());
        let now = persistence::now();
        let minute = now - now.rem_euclid(60);
        // Two instances measuring the same minute count each component once.
        let (a, b) = tokio::join!(measure_minute(&pool, &up, minute), measure_minute(&pool, &up, minute + 1));
        let components = app::status::components(&[]).len();
        assert_eq!(a.unwrap() + b.unwrap(), components, "one count per component");
        assert_eq!(measure_minute(&pool, &up, minute + 30).await.unwrap(), 0, "a minute counts once");
        // The next minute the gateway does not answer and carries no traffic: down.
        assert_eq!(measure_minute(&pool, &closed, minute + 60).await.unwrap(), components);
        // History: 80 days ago a day with a quarter down.
        let old_day = domain::calendar::utc_day(now - 80 * 86_400);
        app.with_conn(|c| status_minutes::add_minutes(c, "web", &old_day, 1080, 360).unwrap());

        let page = status(&app).await;
        assert_eq!(page.status, 200, "{}", page.text);
        assert_eq!(page.header("cache-control"), Some("public, max-age=15"));
        assert!(page.header("etag").is_some(), "an ETag");
        let body = &page.body;
        assert_eq!(body["overall"], "degraded", "{body}");
        let web = component(body, "web");
        assert_eq!((web["status"].as_str(), web["name"].as_str()), (Some("up"), Some("Website and API")));
        assert_eq!(web["days"].as_array().unwrap().len(), 90);
        assert_eq!(web["uptime30d"], json!(100.0));
        assert_eq!(web["uptime90d"], json!(75.035), "1082 of 1442 minutes up");
        let old = web["days"].as_array().unwrap().iter().find(|d| d["date"] == old_day.as_str()).unwrap();
        assert_eq!(old["uptime"], json!(75.0));
        assert_eq!(web["days"][0]["uptime"], Value::Null, "nothing measured that day");
        let premium = component(body, "gateway-premium");
        assert_eq!(premium["status"], "down");
        assert_eq!(premium["uptime30d"], json!(50.0));
        for key in ["incidents", "maintenance"] {
            assert!(body[key].is_array(), "{key}: {body}");
        }

        // Here every request also starts a recomputation beside it (`status_fresh` is 0), so the
        // next answer may be a newer one under a new ETag: each pair below is taken from one
        // answer, retried while the page moved on between its two requests.
        // A client that takes gzip gets the answer compressed once, not per request.
        assert!(page.header("vary").is_some_and(|v| v.starts_with("Accept-Encoding")), "{:?}", page.header("vary"));
        let mut pairs = 0;
        let (plain, json) = loop {
            let plain = status(&app).await;
            let zipped = app
                .new_client()
                .get(app.url("/api/status"))
                .header("Accept-Encoding", "gzip, deflate, br")
                .send()
                .await
                .unwrap();
            assert_eq!(zipped.headers()["content-encoding"], "gzip");
            let same = zipped.headers()["etag"].to_str().ok() == plain.header("etag");
            let mut json = String::new();
            std::io::Read::read_to_string(
                &mut flate2::read::GzDecoder::new(&zipped.bytes().await.unwrap()[..]),
                &mut json,
            )
            .unwrap();
            pairs += 1;
            if same {
                break (plain, json);
            }
            assert!(pairs < 50, "the page changed between every two requests");
        };
        assert_eq!(json, plain.text, "the gzip copy is the same answer");

        // The same answer again is 304 to a client that has it; a 200 only for a newer one.
        let mut pairs = 0;
        loop {
            let latest = status(&app).await;
            let tag = latest.header("etag").unwrap();
            let again = app
                .send(app.new_client().get(app.url("/api/status")).header("If-None-Match", tag))
                .await;
            if again.status == 304 {
                break;
            }
            assert_eq!(again.status, 200);
            assert_ne!(again.header("etag"), Some(tag), "a 200 for the answer the client has");
            pairs += 1;
            assert!(pairs < 50, "the page changed between every two requests");
        }
        // The database fails: the last computed answer is served, whole.
        app.with_conn(|c| {
            use diesel::connection::SimpleConnection;
            c.batch_execute("DROP TABLE status_days").unwrap();
        });
        // (A recomputation started before the drop may still store one newer answer: the
        // answers after it are all that one, whole.)
        let mut last = status(&app).await;
        for _ in 0..50 {
            let next = status(&app).await;
            if next.header("etag") == last.header("etag") {
                break;
            }
            last = next;
        }
        assert_eq!(last.status, 200);
        assert_eq!(last.body["components"], page.body["components"]);
        for _ in 0..3 {
            let stale = status(&app).await;
            assert_eq!(stale.status, 200);
            assert_eq!(stale.header("etag"), last.header("etag"));
            assert_eq!(stale.text, last.text);
        }
    }

    async fn incidents_are_checked_audited_shown_resolved_once_and_told_to_customers_with_alerts(backend) {
        let app = TestApp::with_admin(backend).await;
        let told = app.customer("told@example.com").await;
        let quiet = app.customer("quiet@example.com").await;
        let off = app
            .send(quiet.put(app.url("/api/user/alerts")).json(&json!({ "email": false })))
            .await;
        assert_eq!(off.status, 200, "{}", off.text);

        let bad = app
            .post_json("/api/admin/incidents", json!({ "title": "x", "body": " ", "components": ["nope"], "status": "fixed" }))
            .await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        for (field, message) in [
            ("title", domain::messages::INCIDENT_TITLE),
            ("body", domain::messages::INCIDENT_BODY),
            ("components", domain::messages::INCIDENT_COMPONENTS),
            ("status", domain::messages::INCIDENT_STATUS),
        ] {
            assert_eq!(bad.body["fields"][field], message, "{}", bad.text);
        }
        assert!(app.audit_rows_of("incident.create").is_empty(), "nothing written");

        let opened = app
            .post_json("/api/admin/incidents", json!({ "title": "Premium connections failing", "body": "We are looking into it.",
                                                       "components": ["gateway-premium", "web"], "status": "investigating" }))
            .await;
        assert_eq!(opened.status, 201, "{}", opened.text);
        let id = opened.body["id"].as_i64().unwrap();
        assert_eq!(app.audit_rows_of("incident.create").len(), 1);

        let page = status(&app).await.body;
        let shown = &page["incidents"][0];
        assert_eq!((shown["id"].as_i64(), shown["status"].as_str()), (Some(id), Some("investigating")));
        assert_eq!(shown["components"], json!(["gateway-premium", "web"]));
        assert_eq!(shown["resolvedAt"], Value::Null);
        assert_eq!(shown["updates"][0]["body"], "We are looking into it.");
        assert_eq!(component(&page, "gateway-premium")["status"], "degraded");
        assert_eq!(page["overall"], "degraded");

        let resolve = |body: &'static str| {
            app.send(app.client.patch(app.url(&format!("/api/admin/incidents/{id}")))
                .json(&json!({ "body": body, "status": "resolved" })))
        };
        let resolved = resolve("Fixed: a pool was restarted.").await;
        assert_eq!(resolved.status, 200, "{}", resolved.text);
        let twice = resolve("Again").await;
        assert_eq!((twice.status, twice.message()), (409, domain::messages::INCIDENT_RESOLVED));
        assert_eq!(app.audit_rows_of("incident.update").len(), 1);
        let missing = app
            .send(app.client.patch(app.url("/api/admin/incidents/999999")).json(&json!({ "body": "x", "status": "resolved" })))
            .await;
        assert_eq!(missing.status, 404);

        let page = status(&app).await.body;
        assert_eq!(page["incidents"][0]["status"], "resolved");
        assert_eq!(page["incidents"][0]["updates"].as_array().unwrap().len(), 2);
        assert_eq!(page["overall"], "up");

        assert_eq!(incident_kinds(&app, &told).await, ["incident.resolved", "incident.opened"]);
        assert!(incident_kinds(&app, &quiet).await.is_empty(), "alerts off: not told");
    }
}
