//! The gateway's usage records on both backends: written in batches, read newest
//! first per customer with every filter, walked by cursor, summed per host, credential, day
//! and hour (sums equal to the rows'); their retention is `records_retention`.

use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::connection_records::{self as records, GroupBy, NewRecord, Record, RecordFilter};
use persistence::{DbConnection, both_backends, write_transaction};

/// 2026-12-01T00:00:00Z.
pub(crate) const T0: i64 = 1_796_083_200;

pub(crate) fn row(user_id: UserId, started_at: i64, host: &str, up: i64, down: i64) -> NewRecord {
    NewRecord {
        user_id,
        started_at,
        duration_ms: 1_500,
        credential_kind: CredentialKind::Main,
        credential_id: None,
        credential_label: "main-user".into(),
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

pub(crate) fn insert(conn: &mut DbConnection, rows: &[NewRecord]) {
    let n = write_transaction(conn, |c| records::insert_many(c, rows)).unwrap();
    assert_eq!(n, rows.len());
}

/// Two customers: `a` with a varied set, `b` with one row that must never show for `a`.
fn seed(conn: &mut DbConnection) -> (UserId, UserId, Vec<NewRecord>) {
    let a = persistence::testing::insert_user(conn, "records-a");
    let b = persistence::testing::insert_user(conn, "records-b");
    let mut rows = vec![
        row(a, T0 + 10, "Example.COM", 100, 1_000),
        // Carried by an upstream pool: its id reads back with the rest.
        NewRecord {
            upstream_id: Some(7),
            ..row(a, T0 + 3_700, "api.example.com", 50, 500)
        },
        row(a, T0 + 86_400 + 5, "other.net", 7, 70),
        row(a, T0 + 86_400 + 9, "under_score%.net", 1, 2),
    ];
    rows.push(NewRecord {
        kind: ProxyKind::Static,
        credential_kind: CredentialKind::Piece,
        credential_id: Some(42),
        credential_label: "pc-one".into(),
        outcome: Outcome::Refused,
        reason: Some("expired".into()),
        bytes_up: 0,
        bytes_down: 0,
        ..row(a, T0 + 86_400 + 20, "example.com", 0, 0)
    });
    rows.push(NewRecord {
        outcome: Outcome::CutQuota,
        reason: Some("traffic_exhausted".into()),
        ..row(a, T0 + 2 * 86_400, "example.com", 3, 30)
    });
    let mine = rows.clone();
    rows.push(row(b, T0 + 50, "example.com", 9_999, 9_999));
    insert(conn, &rows);
    (a, b, mine)
}

fn hosts(rows: &[Record]) -> Vec<&str> {
    rows.iter().map(|r| r.row.host.as_str()).collect()
}

both_backends! {
    fn records_read_back_newest_first_with_every_filter(db) {
        let mut conn = db.pool.get().unwrap();
        let (a, b, mine) = seed(&mut conn);
        let all = RecordFilter::of(a);
        let (rows, total) = records::page(&mut conn, &all, 100, 0).unwrap();
        assert_eq!(total, records::Total { count: 6, capped: false });
        let mut expected = mine.clone();
        expected.sort_by_key(|r| std::cmp::Reverse(r.started_at));
        assert_eq!(rows.iter().map(|r| r.row.clone()).collect::<Vec<_>>(), expected);

        let (page2, total) = records::page(&mut conn, &all, 4, 4).unwrap();
        assert_eq!((page2.len(), total.count), (2, 6));
        assert_eq!(hosts(&page2), ["api.example.com", "Example.COM"]);

        let host = |text: &str| RecordFilter { host: Some(text.into()), ..RecordFilter::of(a) };
        let (rows, _) = records::page(&mut conn, &host("EXAMPLE.com"), 100, 0).unwrap();
        assert_eq!(rows.len(), 4, "a case-insensitive substring");
        let (rows, _) = records::page(&mut conn, &host("_score%"), 100, 0).unwrap();
        assert_eq!(hosts(&rows), ["under_score%.net"], "LIKE wildcards are literal");
        let (rows, _) = records::page(&mut conn, &host("x_m"), 100, 0).unwrap();
        assert!(rows.is_empty(), "an underscore is no wildcard");

        let kind = RecordFilter { kind: Some(ProxyKind::Static), ..RecordFilter::of(a) };
        let (rows, _) = records::page(&mut conn, &kind, 100, 0).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].row.credential_id, Some(42));
        assert_eq!(rows[0].row.reason.as_deref(), Some("expired"));

        let cut = RecordFilter { outcome: Some(Outcome::CutQuota), ..RecordFilter::of(a) };
        let (rows, _) = records::page(&mut conn, &cut, 100, 0).unwrap();
        assert_eq!(hosts(&rows), ["example.com"]);

        let day2 = RecordFilter {
            from: Some(T0 + 86_400),
            to: Some(T0 + 2 * 86_400),
            ..RecordFilter::of(a)
        };
        let (rows, total) = records::page(&mut conn, &day2, 100, 0).unwrap();
        assert_eq!(total.count, 3, "from inclusive, to exclusive");
        assert!(rows.iter().all(|r| r.row.started_at >= T0 + 86_400 && r.row.started_at < T0 + 2 * 86_400));

        let (theirs, total) = records::page(&mut conn, &RecordFilter::of(b), 100, 0).unwrap();
        assert_eq!((theirs.len(), total.count), (1, 1), "each customer sees only their own");
    }

    fn the_cursor_walks_every_record_once(db) {
        let mut conn = db.pool.get().unwrap();
        let a = persistence::testing::insert_user(&mut conn, "records-walk");
        // Many rows share a second: the id breaks the tie.
        let rows: Vec<_> = (0..25).map(|i| row(a, T0 + i / 4, "h.example", i, 1)).collect();
        insert(&mut conn, &rows);
        let filter = RecordFilter::of(a);
        let mut cursor = None;
        let mut seen = Vec::new();
        loop {
            let page = persistence::record_pages::after(&mut conn, &filter, cursor, 7).unwrap();
            let Some(last) = page.last() else { break };
            cursor = Some((last.row.started_at, last.id));
            seen.extend(page.iter().map(|r| r.row.bytes_up));
        }
        let (all, _) = records::page(&mut conn, &filter, 100, 0).unwrap();
        assert_eq!(seen, all.iter().map(|r| r.row.bytes_up).collect::<Vec<_>>());
        assert_eq!(seen.len(), 25);
    }

    fn the_total_is_counted_up_to_the_cap(db) {
        let mut conn = db.pool.get().unwrap();
        let a = persistence::testing::insert_user(&mut conn, "records-many");
        let rows: Vec<_> = (0..=records::COUNT_CAP).map(|i| row(a, T0 + i, "h.example", i, 1)).collect();
        insert(&mut conn, &rows[1..]);
        let all = RecordFilter::of(a);
        let (_, total) = records::page(&mut conn, &all, 10, 0).unwrap();
        assert_eq!(total, records::Total { count: records::COUNT_CAP, capped: false }, "exactly the cap");
        insert(&mut conn, &rows[..1]);
        let (page, total) = records::page(&mut conn, &all, 10, 20).unwrap();
        assert_eq!(total, records::Total { count: records::COUNT_CAP, capped: true }, "one more");
        assert_eq!(page[0].row.bytes_up, records::COUNT_CAP - 20, "pages past the count still read");
        let fewer = RecordFilter { to: Some(T0 + 5), ..RecordFilter::of(a) };
        let (_, total) = records::page(&mut conn, &fewer, 10, 0).unwrap();
        assert_eq!(total, records::Total { count: 5, capped: false }, "a filter's count is exact");
    }

    fn breakdowns_sum_to_the_rows(db) {
        let mut conn = db.pool.get().unwrap();
        let (a, _, mine) = seed(&mut conn);
        let filter = RecordFilter::of(a);
        let up: i64 = mine.iter().map(|r| r.bytes_up).sum();
        let down: i64 = mine.iter().map(|r| r.bytes_down).sum();
        for by in [GroupBy::Host, GroupBy::Credential, GroupBy::Day, GroupBy::Hour] {
            let groups = records::breakdown(&mut conn, &filter, by).unwrap();
            assert_eq!(groups.iter().map(|g| g.requests).sum::<i64>(), 6, "{by:?}");
            assert_eq!(groups.iter().map(|g| g.bytes_up).sum::<i64>(), up, "{by:?}");
            assert_eq!(groups.iter().map(|g| g.bytes_down).sum::<i64>(), down, "{by:?}");
        }
        let by_host = records::breakdown(&mut conn, &filter, GroupBy::Host).unwrap();
        assert_eq!(by_host[0].key, "Example.COM", "most bytes first");
        assert_eq!(by_host[0].bytes_up + by_host[0].bytes_down, 1_100);
        let by_credential = records::breakdown(&mut conn, &filter, GroupBy::Credential).unwrap();
        assert_eq!(by_credential.len(), 2);
        assert_eq!(by_credential[0].key, "main-user");
        assert_eq!(by_credential[0].credential_kind, Some(CredentialKind::Main));
        assert_eq!(by_credential[1].credential_kind, Some(CredentialKind::Piece));
        assert_eq!(by_credential[1].requests, 1);
        let days: Vec<_> = records::breakdown(&mut conn, &filter, GroupBy::Day)
            .unwrap()
            .into_iter()
            .map(|g| (g.key, g.requests))
            .collect();
        assert_eq!(
            days,
            [("2026-12-01".to_owned(), 2), ("2026-12-02".to_owned(), 3), ("2026-12-03".to_owned(), 1)]
        );
        let hours: Vec<_> = records::breakdown(&mut conn, &filter, GroupBy::Hour)
            .unwrap()
            .into_iter()
            .map(|g| g.key)
            .collect();
        assert_eq!(
            hours,
            ["2026-12-01T00:00:00Z", "2026-12-01T01:00:00Z", "2026-12-02T00:00:00Z", "2026-12-03T00:00:00Z"]
        );
        let kind = RecordFilter { kind: Some(ProxyKind::Premium), ..RecordFilter::of(a) };
        let groups = records::breakdown(&mut conn, &kind, GroupBy::Day).unwrap();
        assert_eq!(groups.iter().map(|g| g.requests).sum::<i64>(), 5, "filters apply");
    }

    fn a_large_batch_goes_in_several_inserts(db) {
        let mut conn = db.pool.get().unwrap();
        let a = persistence::testing::insert_user(&mut conn, "records-many");
        let rows: Vec<_> = (0..1_234).map(|i| row(a, T0 + i, "h.example", i, 0)).collect();
        insert(&mut conn, &rows);
        let (_, total) = records::page(&mut conn, &RecordFilter::of(a), 1, 0).unwrap();
        assert_eq!(total.count, 1_234);
    }
}
