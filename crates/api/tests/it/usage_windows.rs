//! What keeps the usage records' reads bounded: the list's pages follow `nextCursor` (every
//! record once, counted on the first page only, a bad cursor a 422 on `cursor`), a host search covers at most 7 days (422 on
//! `host`), and the CSV export covers 24 hours by default and at most the retention (422 on
//! `from`).

use crate::usage_records::{OWNER, hosts, insert, record, seeded};
use serde_json::json;

persistence::both_backends! {
    #[actix_web::test]
    async fn the_list_walks_its_pages_by_cursor(backend) {
        let (app, _) = seeded(backend).await;
        let mut path = "/api/user/requests?perPage=2".to_owned();
        let mut seen = Vec::new();
        let mut pages = 0;
        loop {
            let reply = app.get(&path).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.text);
            // The count covers the filter, not the page, and only the first page counts.
            let counted = if pages == 0 { (json!(5), json!(false)) } else { (json!(null), json!(null)) };
            assert_eq!((reply.body["total"].clone(), reply.body["totalCapped"].clone()), counted, "{path}");
            seen.extend(hosts(&reply.body).into_iter().map(str::to_owned));
            pages += 1;
            match reply.body["nextCursor"].as_str() {
                Some(cursor) => path = format!("/api/user/requests?perPage=2&cursor={cursor}"),
                None => break,
            }
        }
        assert_eq!(pages, 3);
        assert_eq!(seen, ["example.com", "other.net", "=cmd|' /C calc'!A0", "api.example.com", "example.com"]);
        // The numbered pages stay: page 2 is the cursor's second page.
        let numbered = app.get("/api/user/requests?perPage=2&page=2").await;
        assert_eq!(hosts(&numbered.body), &seen[2..4]);
        assert!(numbered.body["nextCursor"].is_string());
        assert_eq!(numbered.body["total"], 5, "a numbered page counts");
        // A cursor with filters: only the filtered records after it.
        let first = app.get("/api/user/requests?perPage=1&type=premium").await;
        let cursor = first.body["nextCursor"].as_str().unwrap().to_owned();
        let next = app.get(&format!("/api/user/requests?perPage=5&type=premium&cursor={cursor}")).await;
        assert_eq!(hosts(&next.body), ["=cmd|' /C calc'!A0", "api.example.com", "example.com"]);
        assert_eq!(next.body["nextCursor"], json!(null), "the last page");

        for bad in ["nope", "MTIz", "LTEuMg%3D%3D", "%00"] {
            let reply = app.get(&format!("/api/user/requests?cursor={bad}")).await;
            assert_eq!(reply.status, 422, "{bad}: {}", reply.text);
            assert_eq!(reply.body["fields"], json!({"cursor": "cursor must be a nextCursor this list returned"}), "{bad}");
        }
    }

    async fn a_host_search_covers_at_most_seven_days(backend) {
        let (app, _) = seeded(backend).await;
        let week = app.get("/api/user/requests?host=example&from=2026-11-26&to=2026-12-02").await;
        assert_eq!(week.status, 200, "{}", week.text);
        assert_eq!(hosts(&week.body), ["api.example.com", "example.com"]);
        for path in [
            "/api/user/requests?host=example&from=2026-11-25&to=2026-12-02",
            "/api/user/requests.csv?host=example&from=2026-11-25&to=2026-12-02",
        ] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 422, "{path}: {}", reply.text);
            assert_eq!(
                reply.body["fields"],
                json!({"host": "a host search covers at most 7 days: set from (and to) no more than 7 days apart"}),
                "{path}"
            );
        }
        // Without `from`, the 7 days before `to`.
        let before = app.get("/api/user/requests?host=example&to=2026-12-08").await;
        assert_eq!(hosts(&before.body), ["example.com"], "from 2026-12-02 on");
    }

    async fn the_export_covers_a_day_by_default_and_the_retention_at_most(backend) {
        let (app, _) = seeded(backend).await;
        let owner = app.user_id(OWNER);
        let now = persistence::now();
        insert(&app, &[record(owner, now - 3_600, "recent.example", 1, 1), record(owner, now - 2 * 86_400, "older.example", 1, 1)]);
        let reply = app.get("/api/user/requests.csv").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        // The last 24 hours: the record of an hour ago, not the one of two days ago (the seeded
        // records sit at fixed dates, which the clock passes: only these two are counted).
        let lines: Vec<&str> = reply.text.split_terminator("\r\n").collect();
        let mine: Vec<&&str> = lines.iter().filter(|l| l.contains("recent.example") || l.contains("older.example")).collect();
        assert_eq!(mine.len(), 1, "the last 24 hours: {lines:?}");
        assert!(mine[0].contains("recent.example"), "{lines:?}");
        // `seeded` keeps records 30 days.
        let month = app.get("/api/user/requests.csv?from=2026-11-01&to=2026-11-30").await;
        assert_eq!(month.status, 200, "{}", month.text);
        let too_long = app.get("/api/user/requests.csv?from=2026-11-01&to=2026-12-01").await;
        assert_eq!(too_long.status, 422, "{}", too_long.text);
        assert_eq!(
            too_long.body["fields"],
            json!({"from": "an export covers at most 30 days (the records' retention): set from no more than 30 days before to"})
        );
    }
}
