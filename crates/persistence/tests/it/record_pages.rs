//! The request list's pages on both backends: a keyset walk with the screen's filters covers
//! every record once while new ones arrive, the numbered pages and the capped total agree with
//! it, and each filter combination seeks its index with the cursor as the bound.

use crate::connection_records::{T0, insert, row};
use diesel::RunQueryDsl;
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::connection_records::{NewRecord, RecordFilter};
use persistence::record_pages as pages;
use persistence::{DbConnection, both_backends};

/// The screen's filter: one kind, as every generator page sends.
fn premium(user_id: UserId) -> RecordFilter {
    RecordFilter {
        kind: Some(ProxyKind::Premium),
        ..RecordFilter::of(user_id)
    }
}

#[derive(diesel::QueryableByName)]
struct Name {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
}

/// PostgreSQL: the partitions' indexes made from `index` of the partitioned table (one per day
/// table and the default partition), which a plan names.
fn partition_indexes(conn: &mut DbConnection, index: &str) -> Vec<String> {
    let names: Vec<Name> = diesel::sql_query(
        "SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid \
         WHERE i.inhparent = $1::regclass",
    )
    .bind::<diesel::sql_types::Text, _>(index)
    .load(conn)
    .unwrap();
    names.into_iter().map(|n| n.name).collect()
}

fn walk(conn: &mut DbConnection, filter: &RecordFilter, per_page: i64) -> Vec<i64> {
    let (mut cursor, mut seen) = (None, Vec::new());
    loop {
        let page = pages::after(conn, filter, cursor, per_page).unwrap();
        let Some(last) = page.last() else { return seen };
        cursor = Some((last.row.started_at, last.id));
        seen.extend(page.iter().map(|r| r.row.bytes_up));
    }
}

both_backends! {
    fn keyset_pages_of_one_kind_cover_every_record_once_while_new_ones_arrive(db) {
        let mut conn = db.pool.get().unwrap();
        let a = persistence::testing::insert_user(&mut conn, "pages-live");
        let b = persistence::testing::insert_user(&mut conn, "pages-other");
        // Three a second so that pages end inside a second; another kind and another customer
        // interleave.
        let mut old: Vec<NewRecord> = (0..60).map(|i| row(a, T0 + i / 3, "h.example", i, 1)).collect();
        old.push(NewRecord { kind: ProxyKind::Static, ..row(a, T0 + 7, "h.example", 5_000, 1) });
        old.push(row(b, T0 + 5, "h.example", 5_001, 1));
        insert(&mut conn, &old);
        let filter = premium(a);
        let (mut cursor, mut seen, mut late, mut arrived) = (None, Vec::new(), Vec::new(), 1_000);
        loop {
            let page = pages::after(&mut conn, &filter, cursor, 7).unwrap();
            let Some(last) = page.last() else { break };
            cursor = Some((last.row.started_at, last.id));
            seen.extend(page.iter().map(|r| r.row.bytes_up));
            // Between pages: records in the second the page stopped in and later (ahead of the
            // walk's start, never read), and one older than everything read (a long connection
            // flushed late): only the last is behind the cursor.
            let now = last.row.started_at;
            let mut arriving = vec![row(a, now, "h.example", arrived, 1), row(a, T0 + 100, "h.example", arrived + 1, 1)];
            if now >= T0 {
                late.push(arrived + 2);
                arriving.push(row(a, T0 - 1, "h.example", arrived + 2, 1));
            }
            insert(&mut conn, &arriving);
            arrived += 3;
        }
        let mut expected: Vec<i64> = (0..60).rev().collect();
        expected.extend(late.iter().rev());
        assert_eq!(seen, expected, "every record behind the cursor once, newest first");
        assert!(late.len() >= 5, "records arrived during the walk: {late:?}");
    }

    fn numbered_pages_and_the_total_agree_with_the_walk(db) {
        let mut conn = db.pool.get().unwrap();
        let a = persistence::testing::insert_user(&mut conn, "pages-offset");
        let mut rows: Vec<NewRecord> = (0..30).map(|i| row(a, T0 + i / 4, "Shop.Example", i, 1)).collect();
        for r in rows.iter_mut().filter(|r| r.bytes_up % 5 == 0) {
            r.outcome = Outcome::Refused;
            r.host = "other.net".into();
        }
        for r in rows.iter_mut().filter(|r| r.bytes_up % 3 == 0) {
            (r.credential_kind, r.credential_id, r.credential_label) = (CredentialKind::Subuser, Some(4), "team-a".into());
        }
        insert(&mut conn, &rows);
        let filter = premium(a);
        let walked = walk(&mut conn, &filter, 7);
        assert_eq!(walked, (0..30).rev().collect::<Vec<_>>());
        let second: Vec<i64> = pages::at_offset(&mut conn, &filter, 7, 7).unwrap().iter().map(|r| r.row.bytes_up).collect();
        assert_eq!(second, walked[7..14]);
        let total = pages::total(&mut conn, &filter).unwrap();
        assert_eq!((total.count, total.capped), (30, false));
        let refused = RecordFilter { outcome: Some(Outcome::Refused), ..premium(a) };
        assert_eq!(walk(&mut conn, &refused, 4), vec![25, 20, 15, 10, 5, 0]);
        let host = RecordFilter { host: Some("SHOP".into()), from: Some(T0 + 2), to: Some(T0 + 5), ..premium(a) };
        assert_eq!(walk(&mut conn, &host, 2), vec![19, 18, 17, 16, 14, 13, 12, 11, 9, 8]);
        assert_eq!(pages::total(&mut conn, &host).unwrap().count, 10);
        let main = RecordFilter { credential: Some((CredentialKind::Main, "main-user".into())), ..premium(a) };
        let of_main: Vec<i64> = walked.iter().copied().filter(|n| n % 3 != 0).collect();
        assert_eq!(walk(&mut conn, &main, 7), of_main);
        let named = |kind, label: &str| RecordFilter { credential: Some((kind, label.into())), ..premium(a) };
        assert_eq!(walk(&mut conn, &named(CredentialKind::Subuser, "team-a"), 4), (0..30).rev().filter(|n| n % 3 == 0).collect::<Vec<_>>());
        assert_eq!(pages::total(&mut conn, &named(CredentialKind::Subuser, "team-a")).unwrap().count, 10);
        assert!(walk(&mut conn, &named(CredentialKind::Allowlist, "team-a"), 7).is_empty(), "the kind counts");
        assert!(walk(&mut conn, &named(CredentialKind::Main, "MAIN-USER"), 7).is_empty(), "the label exactly");
        let other_kind = RecordFilter { kind: Some(ProxyKind::Static), ..RecordFilter::of(a) };
        assert!(walk(&mut conn, &other_kind, 5).is_empty());
    }

    fn each_filter_seeks_its_index_with_the_cursor_as_bound(db) {
        let mut conn = db.pool.get().unwrap();
        let a = persistence::testing::insert_user(&mut conn, "pages-plan");
        let b = persistence::testing::insert_user(&mut conn, "pages-plan-b");
        // As in production, one customer's records are a small part of the table,
        // and of several kinds, so that each partition's statistics tell a kind apart.
        let rows: Vec<_> = (0..3_000)
            .map(|i| {
                let mut r = row(if i % 30 == 0 { a } else { b }, T0 + i / 10, "h.example", i, 1);
                if i % 30 != 0 {
                    r.kind = ProxyKind::ALL[(i % 3) as usize];
                }
                // and a's records of two credentials.
                if i % 60 == 30 {
                    (r.credential_kind, r.credential_label) = (CredentialKind::Subuser, "team-b".into());
                }
                r
            })
            .collect();
        insert(&mut conn, &rows);
        let postgres = matches!(*conn, DbConnection::Postgres(_));
        if postgres {
            // A table this small is cheaper to read whole: ask for the plan an index gives, as
            // a table of millions of records gets it.
            diesel::sql_query("ANALYZE connection_records").execute(&mut conn).unwrap();
            diesel::sql_query("SET enable_seqscan = off").execute(&mut conn).unwrap();
            diesel::sql_query("SET enable_bitmapscan = off").execute(&mut conn).unwrap();
        }
        // The partitions holding the records (PostgreSQL).
        let filled: Vec<String> = if postgres {
            let names: Vec<Name> = diesel::sql_query("SELECT DISTINCT tableoid::regclass::text AS name FROM connection_records")
                .load(&mut conn)
                .unwrap();
            names.into_iter().map(|n| n.name).collect()
        } else {
            Vec::new()
        };
        let window = RecordFilter { from: Some(T0), to: Some(T0 + 300), host: Some("example".into()), ..premium(a) };
        let cases = [
            (RecordFilter::of(a), "connection_records_user_started_id", "user_id=?"),
            (premium(a), "connection_records_user_kind_started_id", "user_id=? AND kind=?"),
            // SQLite, without statistics, may walk the window along (user_id, started_at, id):
            // bounded by the window either way.
            (window.clone(), "connection_records_user_kind_started_id", "user_id=? AND kind=? AND started_at>?"),
            (
                RecordFilter { credential: Some((CredentialKind::Main, "main-user".into())), ..RecordFilter::of(a) },
                "connection_records_user_credential_started_id",
                "user_id=? AND credential_kind=? AND credential_label=?",
            ),
            (
                RecordFilter { outcome: Some(Outcome::CutQuota), ..window },
                "connection_records_user_kind_outcome_started_id",
                "user_id=? AND kind=? AND outcome=? AND started_at>?",
            ),
        ];
        for (filter, index, prefix) in cases {
            for cursor in [None, Some((T0 + 200, 12_345))] {
                let plan = pages::explain_after(&mut conn, &filter, cursor).unwrap();
                let bounded = cursor.is_some() || filter.to.is_some();
                if postgres {
                    // The records are partitioned by day: each partition the query keeps is
                    // read backwards along its copy of the index, merged in order (no sort).
                    // (An empty partition's plan does not matter: any index reads nothing.)
                    let children = partition_indexes(&mut conn, index);
                    let scans: Vec<&str> = plan
                        .lines()
                        .filter(|l| l.contains(" Scan ") && filled.iter().any(|p| l.contains(&format!(" on {p} "))))
                        .collect();
                    assert!(!scans.is_empty(), "{plan}");
                    for scan in scans {
                        assert!(children.iter().any(|c| scan.contains(&format!("Index Scan Backward using {c} "))), "{index}: {plan}");
                    }
                    if bounded {
                        assert!(plan.contains("ROW(started_at, id) < ROW("), "the cursor bounds the index scan: {plan}");
                    }
                    assert!(!plan.contains("Sort  (") && !plan.contains("Incremental Sort"), "{plan}");
                } else {
                    let windowed = filter.from.is_some() && filter.outcome.is_none()
                        && plan.contains("USING INDEX connection_records_user_started_id (user_id=? AND started_at>? AND started_at<?)");
                    assert!(windowed || plan.contains(&format!("SEARCH connection_records USING INDEX {index} ({prefix}")), "{plan}");
                    if bounded {
                        assert!(plan.contains("started_at<?)") || plan.contains("(started_at,id)<(?,?))"), "the cursor bounds the index search: {plan}");
                    }
                    assert!(!plan.contains("TEMP B-TREE"), "{plan}");
                }
            }
        }
    }
}
