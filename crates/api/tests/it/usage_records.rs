//! The customer's usage records: `GET /api/user/requests` (filters, paging, newest first),
//! `GET /api/user/requests.csv` (streamed past one page, escaped) and
//! `GET /api/user/usage/breakdown` (sums equal to the rows'); only one's own rows, never
//! another customer's; signed out is 401.

use crate::common::{PASSWORD, TestApp};
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::connection_records::NewRecord;
use serde_json::{Value, json};

pub(crate) const OWNER: &str = "records@example.com";
/// 2026-12-01T00:00:00Z.
const T0: i64 = 1_796_083_200;

pub(crate) fn record(
    user_id: UserId,
    started_at: i64,
    host: &str,
    up: i64,
    down: i64,
) -> NewRecord {
    NewRecord {
        user_id,
        started_at,
        duration_ms: 250,
        credential_kind: CredentialKind::Main,
        credential_id: None,
        credential_label: "u-main".into(),
        kind: ProxyKind::Premium,
        host: host.into(),
        port: 443,
        bytes_up: up,
        bytes_down: down,
        outcome: Outcome::Ok,
        reason: None,
        upstream_id: None,
        source: None,
        connect_ms: None,
        country: None,
    }
}

pub(crate) fn insert(app: &TestApp, rows: &[NewRecord]) {
    app.with_conn(|conn| {
        persistence::write_transaction(conn, |c| persistence::usage_rollups::write_records(c, rows))
            .unwrap()
    });
}

/// The owner's five records and a stranger's one, on an app that keeps records 30 days (the
/// records' windows are checked against it).
pub(crate) async fn seeded(backend: persistence::Backend) -> (TestApp, Vec<NewRecord>) {
    let app = TestApp::start(backend, |s| s.usage_records_days = 30).await;
    app.register(OWNER, PASSWORD).await;
    let owner = app.user_id(OWNER);
    let stranger = app.with_conn(|conn| persistence::testing::insert_user(conn, "stranger"));
    let rows = vec![
        record(owner, T0 + 10, "example.com", 100, 1_000),
        record(owner, T0 + 3_600, "api.example.com", 20, 200),
        NewRecord {
            outcome: Outcome::Refused,
            reason: Some("no_traffic".into()),
            ..record(owner, T0 + 86_400, "=cmd|' /C calc'!A0", 0, 0)
        },
        NewRecord {
            kind: ProxyKind::Ipv4,
            credential_kind: CredentialKind::Piece,
            credential_id: Some(9),
            credential_label: "pc-9".into(),
            source: Some("::ffff:9.9.9.9".into()),
            ..record(owner, T0 + 86_400 + 60, "other.net", 3, 30)
        },
        NewRecord {
            outcome: Outcome::CutQuota,
            reason: Some("traffic_exhausted".into()),
            // the shop's own network (the proxy checker): never shown
            source: Some("10.0.0.5".into()),
            ..record(owner, T0 + 2 * 86_400, "example.com", 5, 50)
        },
    ];
    insert(&app, &rows);
    insert(&app, &[record(stranger, T0 + 20, "secret.example", 7, 7)]);
    (app, rows)
}

pub(crate) fn hosts(body: &Value) -> Vec<&str> {
    body["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["host"].as_str().unwrap())
        .collect()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_guest_sees_no_records(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        for path in ["/api/user/requests", "/api/user/requests.csv", "/api/user/usage/breakdown?by=host"] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 401, "{path}: {}", reply.text);
            assert_eq!(reply.message(), "Please log in to continue");
        }
    }

    async fn records_list_newest_first_with_filters_and_pages(backend) {
        let (app, _) = seeded(backend).await;
        let reply = app.get("/api/user/requests").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("cache-control"), Some("no-store"));
        assert_eq!((reply.body["total"].as_i64(), reply.body["page"].as_i64()), (Some(5), Some(1)));
        assert_eq!(reply.body["totalCapped"], json!(false), "five is counted exactly");
        assert_eq!(
            hosts(&reply.body),
            ["example.com", "other.net", "=cmd|' /C calc'!A0", "api.example.com", "example.com"],
            "newest first, and never the stranger's"
        );
        assert_eq!(
            reply.body["requests"][1],
            json!({
                "startedAt": T0 + 86_460, "durationMs": 250,
                "credential": {"kind": "piece", "id": 9, "label": "pc-9"},
                "type": "ipv4", "host": "other.net", "port": 443,
                "bytesUp": 3, "bytesDown": 30, "outcome": "ok", "reason": null, "charged": true,
                "source": "9.9.9.9",
            })
        );

        let page = app.get("/api/user/requests?perPage=2&page=3").await;
        assert_eq!(hosts(&page.body), ["example.com"]);
        assert_eq!((page.body["total"].as_i64(), page.body["perPage"].as_i64()), (Some(5), Some(2)));

        let only = |query: &str| {
            let app = &app;
            let query = query.to_owned();
            async move {
                let reply = app.get(&format!("/api/user/requests?{query}")).await;
                assert_eq!(reply.status, 200, "{query}: {}", reply.text);
                hosts(&reply.body).into_iter().map(str::to_owned).collect::<Vec<_>>()
            }
        };
        assert_eq!(only("type=ipv4").await, ["other.net"]);
        assert_eq!(only("outcome=cut_quota").await, ["example.com"]);
        assert_eq!(only("outcome=refused&type=premium").await, ["=cmd|' /C calc'!A0"]);
        assert_eq!(only("host=API.example&from=2026-12-01&to=2026-12-03").await, ["api.example.com"]);
        assert_eq!(only("host=%25&from=2026-12-01&to=2026-12-03").await, Vec::<String>::new(), "a % is no wildcard");
        assert_eq!(only("from=2026-12-02&to=2026-12-02").await, ["other.net", "=cmd|' /C calc'!A0"]);
        assert_eq!(only("from=2026-12-01T01:00:00Z&to=2026-12-02T00:00:00Z").await, ["api.example.com"]);
        assert_eq!(only("type=&outcome=&host=&from=&to=&credential=").await.len(), 5, "blank filters filter nothing");
        assert_eq!(only("credential=piece:pc-9").await, ["other.net"]);
        assert_eq!(only("credential=main:u-main&outcome=cut_quota").await, ["example.com"]);
        assert_eq!(only("credential=main:pc-9").await, Vec::<String>::new(), "the kind and the label");
        let csv = app.get("/api/user/requests.csv?credential=piece:pc-9&from=2026-12-01&to=2026-12-03").await;
        assert_eq!((csv.status, csv.text.lines().count()), (200, 2), "{}", csv.text);
        let one = app.get("/api/user/usage/breakdown?by=credential&credential=%20piece:pc-9%20").await;
        assert_eq!(one.body["rows"], json!([{"key": "pc-9", "credentialKind": "piece", "requests": 1, "bytesUp": 3, "bytesDown": 30, "bytes": 33, "notCharged": 0}]));

        for (query, message) in [
            ("type=gold", "Unknown proxy type"),
            ("outcome=fine", "Unknown outcome: use ok, refused, upstream_error or cut_quota"),
            ("from=2026-02-30", "from must be a date (YYYY-MM-DD) or an RFC 3339 time"),
            ("to=tomorrow", "to must be a date (YYYY-MM-DD) or an RFC 3339 time"),
            ("from=2026-12-03&to=2026-12-01", "from must be before to"),
            ("credential=pc-9", "credential must be kind:label (main, subuser, allowlist or piece, then the credential's name)"),
            ("credential=gold:x", "credential must be kind:label (main, subuser, allowlist or piece, then the credential's name)"),
            ("credential=main:%20", "credential must be kind:label (main, subuser, allowlist or piece, then the credential's name)"),
        ] {
            let reply = app.get(&format!("/api/user/requests?{query}")).await;
            assert_eq!((reply.status, reply.message()), (400, message), "{query}");
        }
        // A control character is no search (`%00` would otherwise match every host).
        for path in ["/api/user/requests?host=%00", "/api/user/requests?host=exa%0Ample",
                     "/api/user/requests.csv?host=%1F", "/api/user/usage/breakdown?by=host&host=%00"] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 422, "{path}: {}", reply.text);
            assert_eq!(reply.body["fields"], json!({ "host": "host must not contain control characters" }), "{path}");
        }
    }

    async fn the_csv_streams_every_record_escaped(backend) {
        let (app, _) = seeded(backend).await;
        let owner = app.user_id(OWNER);
        // More than two pages of the export (1,000 rows each), older than the seeded ones.
        let bulk: Vec<_> = (0..2_345).map(|i| record(owner, T0 - 10_000 + i, "bulk.example", i, 1)).collect();
        insert(&app, &bulk);

        let reply = app.get("/api/user/requests.csv?from=2026-11-30&to=2026-12-03").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("content-type"), Some("text/csv; charset=utf-8"));
        assert_eq!(reply.header("content-disposition"), Some("attachment; filename=\"requests.csv\""));
        assert_eq!(reply.header("content-length"), None, "streamed");
        let lines: Vec<&str> = reply.text.split_terminator("\r\n").collect();
        assert_eq!(lines[0], "started_at,duration_ms,credential_kind,credential_id,credential_label,type,host,port,bytes_up,bytes_down,outcome,reason,charged,source");
        assert_eq!(lines.len(), 1 + 5 + 2_345, "every record once, none of the stranger's");
        assert_eq!(lines[1], "2026-12-03T00:00:00Z,250,main,,u-main,premium,example.com,443,5,50,cut_quota,traffic_exhausted,true,", "an internal source is not shown");
        assert_eq!(lines[2], "2026-12-02T00:01:00Z,250,piece,9,pc-9,ipv4,other.net,443,3,30,ok,,true,9.9.9.9", "the source last, canonical");
        assert_eq!(lines[3], "2026-12-02T00:00:00Z,250,main,,u-main,premium,'=cmd|' /C calc'!A0,443,0,0,refused,no_traffic,true,", "a formula is defused");
        // Newest first across the pages: the bulk rows come back in reverse, each once.
        let bulk_up: Vec<i64> = lines[6..].iter().map(|l| l.split(',').nth(8).unwrap().parse().unwrap()).collect();
        assert_eq!(bulk_up, (0..2_345).rev().collect::<Vec<_>>());

        let filtered = app.get("/api/user/requests.csv?host=other&from=2026-12-01&to=2026-12-03").await;
        assert_eq!(filtered.text.split_terminator("\r\n").count(), 2);
        let bad = app.get("/api/user/requests.csv?outcome=maybe").await;
        assert_eq!(bad.status, 400);
    }

    async fn breakdowns_sum_to_the_rows(backend) {
        let (app, rows) = seeded(backend).await;
        let up: i64 = rows.iter().map(|r| r.bytes_up).sum();
        let down: i64 = rows.iter().map(|r| r.bytes_down).sum();
        for by in ["host", "credential", "day", "hour"] {
            let reply = app.get(&format!("/api/user/usage/breakdown?by={by}")).await;
            assert_eq!(reply.status, 200, "{by}: {}", reply.text);
            assert_eq!(reply.body["by"], by);
            let groups = reply.body["rows"].as_array().unwrap();
            let sum = |field: &str| groups.iter().map(|g| g[field].as_i64().unwrap()).sum::<i64>();
            assert_eq!((sum("requests"), sum("bytesUp"), sum("bytesDown"), sum("bytes")), (5, up, down, up + down), "{by}");
        }
        let by_host = app.get("/api/user/usage/breakdown?by=host").await;
        assert_eq!(
            by_host.body["rows"][0],
            json!({"key": "example.com", "requests": 2, "bytesUp": 105, "bytesDown": 1_050, "bytes": 1_155, "notCharged": 0})
        );
        let by_credential = app.get("/api/user/usage/breakdown?by=credential").await;
        assert_eq!(by_credential.body["rows"][1]["key"], "pc-9");
        assert_eq!(by_credential.body["rows"][1]["credentialKind"], "piece");
        let by_day = app.get("/api/user/usage/breakdown?by=day&type=premium").await;
        let days: Vec<_> = by_day.body["rows"].as_array().unwrap().iter().map(|g| (g["key"].as_str().unwrap().to_owned(), g["requests"].as_i64().unwrap())).collect();
        assert_eq!(days, [("2026-12-01".to_owned(), 2), ("2026-12-02".to_owned(), 1), ("2026-12-03".to_owned(), 1)]);
        let by_hour = app.get("/api/user/usage/breakdown?by=hour&to=2026-12-01").await;
        assert_eq!(by_hour.body["rows"][1]["key"], "2026-12-01T01:00:00Z");

        for query in ["by=week", "", "by=HOST"] {
            let reply = app.get(&format!("/api/user/usage/breakdown?{query}")).await;
            assert_eq!((reply.status, reply.message()), (400, "by must be host, credential, day or hour"), "{query}");
        }
        let reply = app.get("/api/user/usage/breakdown?by=day&type=gold").await;
        assert_eq!((reply.status, reply.message()), (400, "Unknown proxy type"));
    }

    async fn a_failure_on_the_shops_side_is_listed_and_summed_as_not_charged(backend) {
        let app = TestApp::start(backend, |s| s.usage_records_days = 30).await;
        app.register(OWNER, PASSWORD).await;
        let owner = app.user_id(OWNER);
        let failed = |at: i64, reason: &str| NewRecord {
            outcome: Outcome::UpstreamError,
            reason: Some(reason.into()),
            ..record(owner, at, "down.example", 0, 0)
        };
        insert(&app, &[
            record(owner, T0, "down.example", 10, 100),
            failed(T0 + 1, "pools_failed"),
            failed(T0 + 2, "gateway_busy"),
            // the destination's failure is the customer's: charged as any connection
            failed(T0 + 3, "connect_failed"),
        ]);
        let list = app.get("/api/user/requests").await;
        assert_eq!(list.status, 200, "{}", list.text);
        let flags: Vec<(Option<&str>, bool)> = list.body["requests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["reason"].as_str(), r["charged"].as_bool().unwrap()))
            .collect();
        assert_eq!(
            flags,
            [(Some("connect_failed"), true), (Some("gateway_busy"), false), (Some("pools_failed"), false), (None, true)]
        );
        for by in ["host", "credential", "day", "hour"] {
            let reply = app.get(&format!("/api/user/usage/breakdown?by={by}&from=2026-12-01")).await;
            assert_eq!(reply.body["rows"][0]["requests"], 4, "{by}");
            assert_eq!(reply.body["rows"][0]["notCharged"], 2, "{by}");
        }
        let csv = app.get("/api/user/requests.csv?from=2026-11-30&to=2026-12-03").await;
        // `charged`, then the (empty) source
        let charged: Vec<&str> = csv.text.split_terminator("\r\n").skip(1).map(|l| l.rsplit(',').nth(1).unwrap()).collect();
        assert_eq!(charged, ["true", "false", "false", "true"]);
    }

    async fn records_past_the_retention_are_purged_once_per_period(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(OWNER, PASSWORD).await;
        let owner = app.user_id(OWNER);
        let now = persistence::now();
        let day = 86_400;
        let rows: Vec<_> = [now - 45 * day, now - 31 * day, now - 30 * day + 60, now - 60]
            .into_iter()
            .map(|at| record(owner, at, "example.com", 1, 1))
            .collect();
        insert(&app, &rows);
        let pool = app.db.pool.clone();
        let work = || app::jobs::purge_usage(&pool, 30);
        let ticked = app::jobs::tick_once(&pool, app::jobs::USAGE_PURGE, "instance-a", async {
            // Days that old have no day table on PostgreSQL: their rows are deleted.
            work().await.map(|n| assert_eq!(n.rows, 2, "the two older than 30 days"))
        })
        .await;
        assert_eq!(ticked, app::jobs::Ticked::Ran);
        let left = app.get("/api/user/requests").await;
        assert_eq!(left.body["total"], 2);
        assert!(left.body["requests"].as_array().unwrap().iter().all(|r| r["startedAt"].as_i64().unwrap() > now - 30 * day));
        // The period ran: another instance skips it.
        let again = app::jobs::tick_once(&pool, app::jobs::USAGE_PURGE, "instance-b", async { Ok(()) }).await;
        assert_eq!(again, app::jobs::Ticked::Skipped);
        assert_eq!(app::jobs::purge_usage(&pool, 30).await.unwrap(), app::jobs::RecordsPurged::default());
        assert_eq!(app::jobs::purge_usage(&pool, 1).await.unwrap().rows, 1, "a day's retention keeps the minute-old one");
        assert_eq!(app.get("/api/user/requests").await.body["total"], 1);
    }

    async fn a_read_key_may_read_the_records(backend) {
        let (app, _) = seeded(backend).await;
        let key = app.create_key("reports", &["read"]).await;
        for path in ["/api/user/requests", "/api/user/requests.csv", "/api/user/usage/breakdown?by=day"] {
            let reply = app.with_key(&key, "get", path, Value::Null).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.text);
        }
    }
}
