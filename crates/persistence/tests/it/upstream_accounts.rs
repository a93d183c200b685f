//! Upstream residential accounts on both backends: saved once per customer, kind and provider,
//! and the provider's lifetime usage recorded by difference, never twice.

use domain::ProxyKind;
use persistence::testing::{concurrently, insert_user};
use persistence::{both_backends, traffic, upstream_accounts as accounts, write_transaction};

both_backends! {
    fn accounts_are_saved_and_updated_in_place(db) {
        let mut conn = db.pool.get().unwrap();
        let id = insert_user(&mut conn, "a");
        assert!(accounts::find(&mut conn, id, ProxyKind::Premium, "iproyal").unwrap().is_none());
        accounts::save(&mut conn, id, ProxyKind::Premium, "iproyal", "hash1", "ps1p", "pw1").unwrap();
        accounts::save(&mut conn, id, ProxyKind::Premium, "iproyal", "hash2", "ps1p", "pw2").unwrap();
        let row = accounts::find(&mut conn, id, ProxyKind::Premium, "iproyal").unwrap().unwrap();
        assert_eq!((row.external_id.as_str(), row.password.as_str(), row.used_bytes), ("hash2", "pw2", 0));
        assert!(accounts::find(&mut conn, id, ProxyKind::Budget, "iproyal").unwrap().is_none());
    }

    fn reported_usage_is_recorded_by_difference(db) {
        let mut conn = db.pool.get().unwrap();
        let id = insert_user(&mut conn, "b");
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 10_000, None)).unwrap();
        accounts::save(&mut conn, id, ProxyKind::Premium, "iproyal", "h", "u", "p").unwrap();
        let mut report = |bytes| write_transaction(&mut conn, |c| {
            accounts::record_reported_usage(c, id, ProxyKind::Premium, "iproyal", "2026-11-21", bytes)
        }).unwrap();
        assert_eq!(report(300), 300);
        assert_eq!(report(300), 0, "the same figure twice counts once");
        assert_eq!(report(450), 150);
        assert_eq!(report(100), 0, "a late, lower report changes nothing");
        assert_eq!(report(460), 10, "and the count goes on from the highest figure");
        // A recreated sub-user (a new hash) counts from zero.
        accounts::save(&mut conn, id, ProxyKind::Premium, "iproyal", "h2", "u", "p").unwrap();
        let grew = write_transaction(&mut conn, |c| {
            accounts::record_reported_usage(c, id, ProxyKind::Premium, "iproyal", "2026-11-21", 60)
        }).unwrap();
        assert_eq!(grew, 60);
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (10_000, 520));
        assert_eq!(traffic::daily(&mut conn, id, ProxyKind::Premium, "2026-11-21").unwrap(), vec![("2026-11-21".to_owned(), 520)]);
        assert_eq!(accounts::customers_with_traffic(&mut conn, ProxyKind::Premium).unwrap(), vec![id]);
        assert!(accounts::customers_with_traffic(&mut conn, ProxyKind::Budget).unwrap().is_empty());
    }

    fn racing_reports_of_one_figure_count_once(db) {
        let id = insert_user(&mut db.pool.get().unwrap(), "c");
        accounts::save(&mut db.pool.get().unwrap(), id, ProxyKind::Budget, "iproyal", "h", "u", "p").unwrap();
        concurrently(db, 6, move |conn, _| {
            write_transaction(conn, |c| {
                accounts::record_reported_usage(c, id, ProxyKind::Budget, "iproyal", "2026-11-21", 1_000)
            })
            .unwrap();
        });
        let mut conn = db.pool.get().unwrap();
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Budget).unwrap(), (0, 1_000));
    }
}

both_backends! {
    fn one_sync_holds_the_lease_at_a_time(db) {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let id = insert_user(&mut db.pool.get().unwrap(), "d");
        let until = persistence::now() + 60;
        // The first lease of an account with no row yet: exactly one racer gets it.
        let won = Arc::new(AtomicUsize::new(0));
        let counter = won.clone();
        concurrently(db, 6, move |conn, _| {
            if accounts::try_lease(conn, id, ProxyKind::Premium, "iproyal", until).unwrap() {
                counter.fetch_add(1, Ordering::SeqCst);
            }
        });
        assert_eq!(won.load(Ordering::SeqCst), 1);
        let mut conn = db.pool.get().unwrap();
        assert!(accounts::find(&mut conn, id, ProxyKind::Premium, "iproyal").unwrap().is_none(), "a lease is no account");
        assert!(!accounts::try_lease(&mut conn, id, ProxyKind::Premium, "iproyal", until).unwrap());
        accounts::end_lease(&mut conn, id, ProxyKind::Premium, "iproyal").unwrap();
        assert!(accounts::try_lease(&mut conn, id, ProxyKind::Premium, "iproyal", until).unwrap());
        // An expired lease (a sync that died) can be taken over.
        accounts::end_lease(&mut conn, id, ProxyKind::Premium, "iproyal").unwrap();
        assert!(accounts::try_lease(&mut conn, id, ProxyKind::Premium, "iproyal", persistence::now() - 1).unwrap());
        assert!(accounts::try_lease(&mut conn, id, ProxyKind::Premium, "iproyal", until).unwrap());
        accounts::save(&mut conn, id, ProxyKind::Premium, "iproyal", "h", "u", "p").unwrap();
        assert_eq!(accounts::find(&mut conn, id, ProxyKind::Premium, "iproyal").unwrap().unwrap().external_id, "h");
    }
}
