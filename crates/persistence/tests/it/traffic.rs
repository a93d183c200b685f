//! Traffic balances and daily usage on both backends, including concurrent metering from
//! several writers that must sum exactly.

use domain::ProxyKind;
use persistence::testing::concurrently;
use persistence::traffic::{self, ProxyUser};
use persistence::{DbConnection, both_backends, write_transaction};

fn user(conn: &mut DbConnection, tag: &str) -> domain::UserId {
    persistence::testing::insert_user(conn, tag)
}

fn record(conn: &mut DbConnection, id: domain::UserId, kind: ProxyKind, day: &str, bytes: i64) {
    write_transaction(conn, |c| traffic::record_usage(c, id, kind, day, bytes)).unwrap();
}

both_backends! {
    fn a_missing_balance_reads_as_zero(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "a");
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (0, 0));
        assert!(traffic::daily(&mut conn, id, ProxyKind::Premium, "2000-01-01").unwrap().is_empty());
    }

    fn purchases_add_up_per_kind(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "b");
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 1_000, None)).unwrap();
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 500, None)).unwrap();
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Budget, 7, None)).unwrap();
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (1_500, 0));
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Budget).unwrap(), (7, 0));
        let mut all = traffic::balances_of(&mut conn, &[id]).unwrap();
        all.sort_by_key(|b| b.kind.as_str());
        assert_eq!(all.iter().map(|b| (b.kind, b.purchased_bytes)).collect::<Vec<_>>(),
            vec![(ProxyKind::Budget, 7), (ProxyKind::Premium, 1_500)]);
    }

    fn usage_goes_to_the_balance_and_the_day(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "c");
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 10_000, None)).unwrap();
        record(&mut conn, id, ProxyKind::Premium, "2026-11-20", 100);
        record(&mut conn, id, ProxyKind::Premium, "2026-11-21", 30);
        record(&mut conn, id, ProxyKind::Premium, "2026-11-21", 12);
        record(&mut conn, id, ProxyKind::Budget, "2026-11-21", 5);
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (10_000, 142));
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Budget).unwrap(), (0, 5));
        assert_eq!(
            traffic::daily(&mut conn, id, ProxyKind::Premium, "2026-11-01").unwrap(),
            vec![("2026-11-20".to_owned(), 100), ("2026-11-21".to_owned(), 42)]
        );
        assert_eq!(
            traffic::daily(&mut conn, id, ProxyKind::Premium, "2026-11-21").unwrap(),
            vec![("2026-11-21".to_owned(), 42)]
        );
    }

    fn a_failed_transaction_records_nothing(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "d");
        let result: Result<(), persistence::DbError> = write_transaction(&mut conn, |c| {
            traffic::record_usage(c, id, ProxyKind::Premium, "2026-11-21", 50)?;
            Err(persistence::DbError::Migration("boom".into()))
        });
        assert!(result.is_err());
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (0, 0));
        assert!(traffic::daily(&mut conn, id, ProxyKind::Premium, "2000-01-01").unwrap().is_empty());
    }

    fn finds_the_proxy_user_by_base_username(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "e");
        assert_eq!(
            traffic::find_proxy_user(&mut conn, "ue").unwrap(),
            Some(ProxyUser { id, proxy_password: "secretpw".into(), disabled: false, max_connections: None })
        );
        assert_eq!(traffic::find_proxy_user(&mut conn, "nobody").unwrap(), None);
    }

    fn concurrent_metering_sums_exactly(db) {
        let id = user(&mut db.pool.get().unwrap(), "f");
        // No row exists yet: the writers also race on the first insert of both tables.
        concurrently(db, 6, move |conn, i| {
            for n in 0..10 {
                record(conn, id, ProxyKind::Budget, "2026-11-21", (i * 10 + n + 1) as i64);
            }
        });
        let mut conn = db.pool.get().unwrap();
        let expected: i64 = (1..=60).sum();
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Budget).unwrap(), (0, expected));
        assert_eq!(
            traffic::daily(&mut conn, id, ProxyKind::Budget, "2026-11-21").unwrap(),
            vec![("2026-11-21".to_owned(), expected)]
        );
    }

    fn concurrent_purchases_sum_exactly(db) {
        let id = user(&mut db.pool.get().unwrap(), "g");
        concurrently(db, 6, move |conn, _| {
            write_transaction(conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 1_000, None)).unwrap();
        });
        let mut conn = db.pool.get().unwrap();
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (6_000, 0));
    }

    fn expired_traffic_counts_as_used_up(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "h");
        let past = persistence::now() - 10;
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 1_000, Some(past))).unwrap();
        record(&mut conn, id, ProxyKind::Premium, "2026-11-21", 300);
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (300, 300));
        let all = traffic::balances_of(&mut conn, &[id]).unwrap();
        assert_eq!((all[0].purchased_bytes, all[0].used_bytes, all[0].expires_at), (300, 300, Some(past)));
    }

    fn a_new_purchase_forfeits_expired_traffic_and_extends_validity(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "i");
        let t = persistence::now();
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 1_000, Some(t - 5))).unwrap();
        record(&mut conn, id, ProxyKind::Premium, "2026-11-21", 400);
        // The 600 unused bytes expired; they do not come back with the next purchase.
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 2_000, Some(t + 100))).unwrap();
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (2_400, 400));
        // A shorter plan bought later does not cut the validity short.
        write_transaction(&mut conn, |c| traffic::add_purchased(c, id, ProxyKind::Premium, 10, Some(t + 50))).unwrap();
        let row = traffic::balance_row(&mut conn, id, ProxyKind::Premium).unwrap().unwrap();
        assert_eq!((row.purchased_bytes, row.expires_at), (2_410, Some(t + 100)));
    }

    fn daily_usage_alone_leaves_the_balance(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "j");
        write_transaction(&mut conn, |c| traffic::record_daily_usage(c, id, ProxyKind::Static, "2026-11-21", 77)).unwrap();
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Static).unwrap(), (0, 0));
        assert_eq!(traffic::daily(&mut conn, id, ProxyKind::Static, "2026-11-21").unwrap(), vec![("2026-11-21".to_owned(), 77)]);
    }
}
