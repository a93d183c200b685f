//! Upstream residential accounts on both backends: saved once per customer, kind and provider,
//! and the provider's lifetime usage recorded by difference, never twice.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use persistence::testing::{concurrently, insert_user};
use persistence::{db_test, traffic, upstream_accounts as accounts, write_transaction};

db_test! {
    fn accounts_are_saved_and_updated_in_place(db) {
        let mut conn = db.pool.get().unwrap();
        let id = insert_user(&mut conn, "a");
        assert!(accounts::find(&mut conn, id, "premium", "iproyal").unwrap().is_none());
        accounts::save(&mut conn, id, "premium", "iproyal", "hash1", "ps1p", "pw1").unwrap();
        accounts::save(&mut conn, id, "premium", "iproyal", "hash2", "ps1p", "pw2").unwrap();
        let row = accounts::find(&mut conn, id, "premium", "iproyal").unwrap().unwrap();
        assert_eq!((row.external_id.as_str(), row.password.as_str(), row.used_bytes), ("hash2", "pw2", 0));
        assert!(accounts::find(&mut conn, id, "budget", "iproyal").unwrap().is_none());
    }

    fn reported_usage_is_recorded_by_difference(db) {
        let mut conn = db.pool.get().unwrap();
        let id = insert_user(&mut conn, "b");
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, "premium", 10_000, None)).unwrap();
        accounts::save(&mut conn, id, "premium", "iproyal", "h", "u", "p").unwrap();
        let mut report = |bytes| write_transaction(&mut conn, |c| {
            accounts::record_reported_usage(c, id, "premium", "iproyal", "2026-11-21", bytes)
        }).unwrap();
        assert_eq!(report(300), 300);
        assert_eq!(report(300), 0, "the same figure twice counts once");
        assert_eq!(report(450), 150);
        assert_eq!(report(100), 0, "a recreated sub-user restarts the count");
        assert_eq!(report(160), 60);
        assert_eq!(traffic::balance(&mut conn, id, "premium").unwrap(), (10_000, 510));
        assert_eq!(traffic::daily(&mut conn, id, "premium", "2026-11-21").unwrap(), vec![("2026-11-21".to_owned(), 510)]);
        assert_eq!(accounts::customers_with_traffic(&mut conn, "premium").unwrap(), vec![id]);
        assert!(accounts::customers_with_traffic(&mut conn, "budget").unwrap().is_empty());
    }

    fn racing_reports_of_one_figure_count_once(db) {
        let id = insert_user(&mut db.pool.get().unwrap(), "c");
        accounts::save(&mut db.pool.get().unwrap(), id, "budget", "iproyal", "h", "u", "p").unwrap();
        concurrently(db, 6, move |conn, _| {
            write_transaction(conn, |c| {
                accounts::record_reported_usage(c, id, "budget", "iproyal", "2026-11-21", 1_000)
            })
            .unwrap();
        });
        let mut conn = db.pool.get().unwrap();
        assert_eq!(traffic::balance(&mut conn, id, "budget").unwrap(), (0, 1_000));
    }
}
