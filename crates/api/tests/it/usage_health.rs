//! `GET /api/user/usage/health`: per host, country, credential and hour, the figures of the
//! customer's own records (never another customer's), the percentiles in their bucket's
//! estimate, the total over every matching record, the filters of the other usage reads,
//! `no-store`, and a bad `by` a 400 naming it.

use crate::common::{PASSWORD, TestApp};
use crate::usage_records::{OWNER, insert, record};
use domain::usage::{CredentialKind, Outcome};
use persistence::connection_records::NewRecord;
use serde_json::json;

/// 2026-12-01T00:00:00Z.
const T0: i64 = 1_796_083_200;

persistence::both_backends! {

    #[actix_web::test]
    async fn health_answers_per_group_from_the_customers_records(backend) {
        let app = TestApp::start(backend, |s| s.usage_records_days = 30).await;
        app.register(OWNER, PASSWORD).await;
        let owner = app.user_id(OWNER);
        let stranger = app.with_conn(|conn| persistence::testing::insert_user(conn, "stranger"));
        let ok = |at: i64, host: &str, ms: i64, country: Option<&str>| NewRecord {
            connect_ms: Some(ms),
            country: country.map(str::to_owned),
            ..record(owner, at, host, 10, 100)
        };
        let failed = |at: i64, outcome: Outcome, reason: Option<&str>| NewRecord {
            outcome,
            reason: reason.map(str::to_owned),
            country: Some("us".into()),
            ..record(owner, at, "example.com", 0, 0)
        };
        insert(&app, &[
            ok(T0, "example.com", 40, Some("us")),
            ok(T0 + 1, "example.com", 45, Some("us")),
            ok(T0 + 2, "example.com", 50, Some("us")),
            ok(T0 + 3_600, "example.com", 2_000, Some("us")),
            failed(T0 + 5, Outcome::UpstreamError, Some("connect_failed")),
            failed(T0 + 6, Outcome::UpstreamError, Some("connect_failed")),
            failed(T0 + 7, Outcome::Refused, Some("no_traffic")),
            failed(T0 + 8, Outcome::UpstreamError, None),
            NewRecord {
                credential_kind: CredentialKind::Subuser,
                credential_id: Some(3),
                credential_label: "team-a".into(),
                ..ok(T0 + 9, "other.net", 8, None)
            },
        ]);
        insert(&app, &[NewRecord {
            connect_ms: Some(9_000),
            country: Some("de".into()),
            ..record(stranger, T0 + 20, "example.com", 7, 7)
        }]);

        let reply = app.get("/api/user/usage/health?by=host").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("cache-control"), Some("no-store"));
        assert_eq!(
            reply.body,
            json!({"by": "host", "rows": [
                {"key": "example.com", "connections": 8, "succeeded": 4, "failed": 4,
                 "successRate": 0.5, "p50ConnectMs": 42, "p95ConnectMs": 2_371,
                 "timedConnections": 4, "bytes": 440,
                 "failuresByReason": {"connect_failed": 2, "no_traffic": 1, "upstream_error": 1}},
                {"key": "other.net", "connections": 1, "succeeded": 1, "failed": 0,
                 "successRate": 1.0, "p50ConnectMs": 5, "p95ConnectMs": 5,
                 "timedConnections": 1, "bytes": 110, "failuresByReason": {}},
            ], "total": {"connections": 9, "succeeded": 5, "failed": 4,
                 "successRate": 5.0 / 9.0, "p50ConnectMs": 42, "p95ConnectMs": 2_371,
                 "timedConnections": 5, "bytes": 550,
                 "failuresByReason": {"connect_failed": 2, "no_traffic": 1, "upstream_error": 1}}})
        );
        let by_country = app.get("/api/user/usage/health?by=country").await;
        let countries: Vec<_> = by_country.body["rows"].as_array().unwrap().iter()
            .map(|r| (r["key"].as_str().unwrap().to_owned(), r["connections"].as_i64().unwrap())).collect();
        assert_eq!(countries, [("us".to_owned(), 8), (String::new(), 1)], "never the stranger's de");
        assert_eq!(by_country.body["total"], reply.body["total"], "whatever the grouping");
        let by_credential = app.get("/api/user/usage/health?by=credential").await;
        assert_eq!(by_credential.body["rows"][1]["key"], "team-a");
        assert_eq!(by_credential.body["rows"][1]["credentialKind"], "subuser");
        let by_hour = app.get("/api/user/usage/health?by=hour&from=2026-12-01&to=2026-12-01T01:00:00Z").await;
        assert_eq!(by_hour.body["rows"].as_array().unwrap().len(), 1);
        assert_eq!(by_hour.body["rows"][0]["key"], "2026-12-01T00:00:00Z");
        assert_eq!(by_hour.body["rows"][0]["connections"], 8);
        let premium = app.get("/api/user/usage/health?by=host&type=ipv4").await;
        assert_eq!(premium.body["rows"], json!([]));
        assert_eq!(premium.body["total"]["connections"], 0);
        assert_eq!(premium.body["total"]["p50ConnectMs"], json!(null));

        for query in ["by=week", "", "by=HOST", "by=day"] {
            let reply = app.get(&format!("/api/user/usage/health?{query}")).await;
            assert_eq!((reply.status, reply.message()), (400, "by must be host, country, credential or hour"), "{query}");
        }
        let reply = app.get("/api/user/usage/health?by=host&type=gold").await;
        assert_eq!((reply.status, reply.message()), (400, "Unknown proxy type"));
        let reply = app.get("/api/user/usage/health?by=host&from=soon").await;
        assert_eq!(reply.status, 400);
        let reply = app.get("/api/user/usage/health?by=host&host=%00").await;
        assert_eq!(reply.status, 422);
    }

    async fn a_guest_sees_no_health(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let reply = app.get("/api/user/usage/health?by=host").await;
        assert_eq!((reply.status, reply.message()), (401, "Please log in to continue"));
    }
}
