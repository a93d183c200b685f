//! A reseller's report and low-pool alerts (docs/resellers.md "Reports"): per client the GB
//! moved to it and back, what it holds, what it used in the window (from the rollups, a record
//! before the window and the reseller's own traffic left out) and what it paid, with totals and
//! as CSV; each bad query parameter named; closed to a client and to a plain customer. A pool
//! alert fires once per crossing, and again after the pool was refilled and fell again.

use crate::common::{PASSWORD, TestApp};
use domain::units::GB;
use domain::usage::{CredentialKind, Outcome};
use domain::{Cents, ProxyKind, UserId, messages as msg};
use persistence::connection_records::NewRecord;
use persistence::resellers::catalogue::{NewSale, record_sale};
use serde_json::json;
use std::sync::Arc;
use upstream::{FileMailer, Mailer};

const RESELLER: &str = "reseller@example.com";

fn used(user: UserId, at: i64, bytes: i64) -> NewRecord {
    NewRecord {
        user_id: user,
        started_at: at,
        duration_ms: 1_000,
        credential_kind: CredentialKind::Main,
        credential_id: None,
        credential_label: String::new(),
        kind: ProxyKind::Premium,
        host: "shop.example".into(),
        port: 443,
        bytes_up: bytes / 4,
        bytes_down: bytes - bytes / 4,
        outcome: Outcome::Ok,
        reason: None,
        upstream_id: None,
        source: None,
        connect_ms: None,
        country: None,
    }
}

async fn check(app: &TestApp) -> usize {
    let mailer: Arc<dyn Mailer> = Arc::new(FileMailer::new(
        app.mail_dir.path().to_path_buf(),
        "ProxyShop <no-reply@proxyshop.test>".to_owned(),
    ));
    app::alerts::check_alerts(app.pool(), mailer, persistence::now())
        .await
        .unwrap()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_report_adds_up_per_client_and_the_pool_alert_fires_once(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(RESELLER, PASSWORD).await;
        app.grant_reseller(RESELLER, 5);
        let reseller = app.user_id(RESELLER);
        app.give_traffic(RESELLER, ProxyKind::Premium, 20 * GB, None);
        let a = app.add_client(&app.client, "a@example.com").await;
        let b = app.add_client(&app.client, "b@example.com").await;
        for (client, way, gb) in [(a, "allocate", 10), (a, "reclaim", 2), (b, "allocate", 3)] {
            let reply = app.move_traffic(&app.client, client, way, json!({ "type": "premium", "gb": gb })).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
        let now = persistence::now();
        let (a_id, b_id) = (UserId::new(a), UserId::new(b));
        app.with_conn(|conn| {
            persistence::usage_rollups::write_records(conn, &[
                used(a_id, now - 3_600, 1_500_000_000),
                used(a_id, now - 40 * 86_400, 7 * GB),
                used(reseller, now - 3_600, 5 * GB),
            ]).unwrap();
            let sale = NewSale { reseller_id: reseller, client_id: b_id, kind: ProxyKind::Premium,
                bytes: GB, price: Cents::new(450), cost: Cents::new(280) };
            record_sale(conn, &sale).unwrap();
        });

        let reply = app.get("/api/reseller/reports/clients").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let lines = reply.body["clients"].as_array().unwrap().clone();
        assert_eq!(lines.len(), 2, "{}", reply.text);
        let figures = |i: usize| {
            let l = &lines[i];
            (l["id"].as_i64().unwrap(), l["allocatedBytes"].as_i64().unwrap(), l["reclaimedBytes"].as_i64().unwrap(),
             l["availableBytes"].as_i64().unwrap(), l["usedBytes"].as_i64().unwrap(), l["revenue"].as_f64().unwrap(), l["cost"].as_f64().unwrap())
        };
        assert_eq!(figures(0), (a, 10 * GB, 2 * GB, 8 * GB, 1_500_000_000, 0.0, 0.0));
        assert_eq!(figures(1), (b, 3 * GB, 0, 3 * GB, 0, 4.5, 2.8));
        let totals = &reply.body["totals"];
        assert_eq!((totals["allocatedBytes"].as_i64(), totals["usedBytes"].as_i64(), totals["usedGb"].as_f64(), totals["revenue"].as_f64()),
                   (Some(13 * GB), Some(1_500_000_000), Some(1.5), Some(4.5)));
        // Another kind: nothing of it moved, used or sold.
        let reply = app.get("/api/reseller/reports/clients?type=budget").await;
        assert_eq!((reply.body["totals"]["allocatedBytes"].as_i64(), reply.body["totals"]["usedBytes"].as_i64()), (Some(0), Some(0)));
        // A window that ends before the moves holds only the old record.
        let reply = app.get("/api/reseller/reports/clients?from=2020-01-01&to=2020-01-02").await;
        assert_eq!((reply.body["totals"]["allocatedBytes"].as_i64(), reply.body["totals"]["usedBytes"].as_i64()), (Some(0), Some(0)));

        let csv = app.client.get(app.url("/api/reseller/reports/clients?format=csv")).send().await.unwrap();
        assert_eq!(csv.headers()["content-disposition"], "attachment; filename=\"clients-report.csv\"");
        let text = csv.text().await.unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 3, "{text}");
        assert!(rows[0].starts_with("client_id,email,name,suspended,allocated_bytes"), "{text}");
        assert_eq!(rows[2], format!("{b},b@example.com,b,false,{},0,{},0,0,4.50,2.80", 3 * GB, 3 * GB));

        for (query, message) in [
            ("from=yesterday", msg::BAD_FROM),
            ("to=2026-02-30", msg::BAD_TO),
            ("from=2026-03-02&to=2026-03-01", msg::FROM_AFTER_TO),
            ("type=gold", msg::UNKNOWN_TYPE),
            ("format=xml", msg::FORMAT_CSV_OR_JSON),
        ] {
            let reply = app.get(&format!("/api/reseller/reports/clients?{query}")).await;
            assert_eq!((reply.status, reply.message()), (400, message), "{query}");
        }
        // Neither a client nor a plain customer reads it.
        let client = app.signed_in("a@example.com").await;
        for path in ["/api/reseller/reports/clients", "/api/reseller/alerts"] {
            assert_eq!(app.get_with(&client, path).await.status, 403, "{path}");
        }
        let customer = app.customer("plain@example.com").await;
        assert_eq!(app.get_with(&customer, "/api/reseller/reports/clients").await.status, 403);

        // The pool alert: off by default; each bad field named; 9 GB left is below 15.
        let reply = app.get("/api/reseller/alerts").await;
        assert_eq!(reply.body, json!({ "premiumBelowGb": null, "budgetBelowGb": null }));
        let reply = app.send(app.client.put(app.url("/api/reseller/alerts")).json(&json!({ "premiumBelowGb": 0, "budgetBelowGb": 2.5 }))).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!((reply.body["fields"]["premiumBelowGb"].as_str(), reply.body["fields"]["budgetBelowGb"].as_str()),
                   (Some(msg::POOL_ALERT_PREMIUM), Some(msg::POOL_ALERT_BUDGET)));
        assert_eq!(check(&app).await, 0);
        let reply = app.send(app.client.put(app.url("/api/reseller/alerts")).json(&json!({ "premiumBelowGb": 15 }))).await;
        assert_eq!(reply.body, json!({ "premiumBelowGb": 15, "budgetBelowGb": null }), "{}", reply.text);
        assert_eq!(check(&app).await, 1);
        assert_eq!(check(&app).await, 0);
        let reply = app.get("/api/user/notifications").await;
        assert!(reply.text.contains("Premium Residential Proxies: your pool is below 15 GB"), "{}", reply.text);
        // Refilled above the line, it re-arms; allocated below it again, it fires again.
        app.give_traffic(RESELLER, ProxyKind::Premium, 10 * GB, None);
        assert_eq!(check(&app).await, 0);
        let reply = app.move_traffic(&app.client, b, "allocate", json!({ "type": "premium", "gb": 8 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(check(&app).await, 1);
        // Off again: nothing watched.
        let reply = app.send(app.client.put(app.url("/api/reseller/alerts")).json(&json!({ "premiumBelowGb": null }))).await;
        assert_eq!(reply.body["premiumBelowGb"], serde_json::Value::Null);
    }
}
