//! Sub-users' leases: taken from the parent's balance and the sub-user's own cap together (so
//! racing nodes never pass either), settled into both, and nothing for a disabled, deleted or
//! foreign sub-user.

use domain::ProxyKind;
use persistence::gateway_leases::{self, LeaseKey};
use persistence::subusers::{self, Changes, NewSubuser};
use persistence::testing::concurrently;
use persistence::{DbConnection, both_backends, now, traffic, write_transaction};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

const DAY: &str = "2026-12-07";

fn customer(conn: &mut DbConnection, tag: &str, purchased: i64) -> domain::UserId {
    let id = persistence::testing::insert_user(conn, tag);
    write_transaction(conn, |c| {
        traffic::add_purchased(c, id, ProxyKind::Premium, purchased, None)
    })
    .unwrap();
    id
}

fn subuser(
    conn: &mut DbConnection,
    user_id: domain::UserId,
    name: &str,
    limit: Option<i64>,
) -> i64 {
    let new = NewSubuser {
        user_id,
        name: name.into(),
        kind: ProxyKind::Premium,
        password: "pw".into(),
        limit_bytes: limit,
        max_connections: None,
    };
    write_transaction(conn, |c| subusers::insert(c, &new, 50))
        .unwrap()
        .unwrap()
}

fn key(user_id: domain::UserId, sub: i64) -> LeaseKey {
    LeaseKey {
        user_id,
        kind: ProxyKind::Premium,
        subuser: Some(sub),
    }
}

fn take(conn: &mut DbConnection, node: &str, key: LeaseKey, size: i64) -> i64 {
    write_transaction(conn, |c| {
        gateway_leases::take(c, node, key, 0, &|_| size, now() + 60)
    })
    .unwrap()
    .granted
}

/// (used, leased) of the sub-user, and of the parent's balance.
fn usage(conn: &mut DbConnection, user_id: domain::UserId, sub: i64) -> ((i64, i64), (i64, i64)) {
    let row = subusers::get(conn, user_id, sub).unwrap().unwrap();
    let (_, used) = traffic::balance(conn, user_id, ProxyKind::Premium).unwrap();
    let leased = gateway_leases::leased(conn, user_id, ProxyKind::Premium).unwrap();
    ((row.used_bytes, row.leased_bytes), (used, leased))
}

both_backends! {
    fn racing_nodes_never_lease_more_than_a_subusers_cap(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "sub-race", 100_000);
        let sub = subuser(&mut conn, id, "racer", Some(10_000));
        let granted = Arc::new(AtomicI64::new(0));
        let total = granted.clone();
        concurrently(db, 6, move |conn, i| {
            let node = format!("node-{i}");
            for _ in 0..5 {
                total.fetch_add(take(conn, &node, key(id, sub), 700), Ordering::SeqCst);
            }
        });
        assert_eq!(granted.load(Ordering::SeqCst), 10_000, "the cap, leased once");
        assert_eq!(usage(&mut conn, id, sub), ((0, 10_000), (0, 10_000)));
        // The main credential still leases the rest of the balance.
        let main = write_transaction(&mut conn, |c| {
            gateway_leases::take(c, "n", LeaseKey::main(id, ProxyKind::Premium), 0, &|_| 1_000_000, now() + 60)
        })
        .unwrap();
        assert_eq!(main.granted, 90_000);
    }

    fn a_subusers_lease_settles_into_both_and_bounds_by_the_balance(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "sub-settle", 5_000);
        let capped = subuser(&mut conn, id, "capped", Some(3_000));
        let open = subuser(&mut conn, id, "open", None);
        assert_eq!(take(&mut conn, "n", key(id, capped), 10_000), 3_000);
        // No cap of its own: what the balance has left.
        assert_eq!(take(&mut conn, "n", key(id, open), 10_000), 2_000);
        assert_eq!(take(&mut conn, "n", key(id, open), 10_000), 0, "nothing left");
        let settled = write_transaction(&mut conn, |c| {
            gateway_leases::settle(c, "n", key(id, capped), 1_000, 2_000, DAY)
        })
        .unwrap();
        assert!(settled);
        assert_eq!(usage(&mut conn, id, capped), ((1_000, 0), (1_000, 2_000)));
        // What came back returns to the cap: 2,000 more for the capped sub-user.
        assert_eq!(take(&mut conn, "n", key(id, capped), 10_000), 2_000);
        // An expired lease is settled as used into both.
        let expired = write_transaction(&mut conn, |c| {
            gateway_leases::settle_expired(c, now() + 120, DAY)
        })
        .unwrap();
        assert_eq!(expired, 4_000);
        assert_eq!(usage(&mut conn, id, capped), ((3_000, 0), (5_000, 0)));
        let (open_used, _) = usage(&mut conn, id, open).0;
        assert_eq!(open_used, 2_000);
    }

    fn a_spent_cap_is_told_apart_from_an_empty_balance(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "sub-why", 5_000);
        let capped = subuser(&mut conn, id, "capped", Some(1_000));
        let off = subuser(&mut conn, id, "off", Some(1_000));
        write_transaction(&mut conn, |c| {
            subusers::update(c, id, off, &Changes { enabled: Some(false), ..Changes::default() })
        })
        .unwrap();
        let taken = |conn: &mut DbConnection, sub: i64| {
            write_transaction(conn, |c| gateway_leases::take(c, "n", key(id, sub), 0, &|_| 10_000, now() + 60))
                .unwrap()
        };
        let first = taken(&mut conn, capped);
        assert_eq!((first.granted, first.capped), (1_000, false));
        // The cap is leased out, the balance still has 4,000: the cap is what refuses.
        let spent = taken(&mut conn, capped);
        assert_eq!((spent.granted, spent.capped), (0, true));
        // A disabled sub-user is not "capped", whatever its cap.
        let disabled = taken(&mut conn, off);
        assert_eq!((disabled.granted, disabled.capped), (0, false));
        // Once the balance is empty too, the balance is the reason.
        let main = write_transaction(&mut conn, |c| {
            gateway_leases::take(c, "n", LeaseKey::main(id, ProxyKind::Premium), 0, &|_| 10_000, now() + 60)
        })
        .unwrap();
        assert_eq!(main.granted, 4_000);
        let empty = taken(&mut conn, capped);
        assert_eq!((empty.granted, empty.capped), (0, false));
    }

    fn a_disabled_deleted_or_foreign_subuser_leases_nothing(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "sub-off", 5_000);
        let other = customer(&mut conn, "sub-other", 5_000);
        let sub = subuser(&mut conn, id, "off", None);
        write_transaction(&mut conn, |c| {
            subusers::update(c, id, sub, &Changes { enabled: Some(false), ..Changes::default() })
        })
        .unwrap();
        assert_eq!(take(&mut conn, "n", key(id, sub), 1_000), 0, "disabled");
        assert_eq!(take(&mut conn, "n", key(other, sub), 1_000), 0, "not theirs");
        write_transaction(&mut conn, |c| {
            subusers::update(c, id, sub, &Changes { enabled: Some(true), ..Changes::default() })
        })
        .unwrap();
        assert_eq!(take(&mut conn, "n", key(id, sub), 1_000), 1_000, "enabled again");
        assert!(write_transaction(&mut conn, |c| subusers::delete(c, id, sub)).unwrap());
        assert_eq!(take(&mut conn, "n", key(id, sub), 2_000), 0, "deleted");
        // Its lease still settles into the parent's balance.
        assert!(write_transaction(&mut conn, |c| {
            gateway_leases::settle(c, "n", key(id, sub), 600, 400, DAY)
        })
        .unwrap());
        let (_, used) = traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap();
        assert_eq!(used, 600);
        assert_eq!(gateway_leases::leased(&mut conn, id, ProxyKind::Premium).unwrap(), 0);
    }

    fn subuser_names_are_one_per_customer_and_limited_in_number(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "sub-names", 0);
        let other = customer(&mut conn, "sub-names2", 0);
        subuser(&mut conn, id, "dup", None);
        let again = NewSubuser {
            user_id: id,
            name: "dup".into(),
            kind: ProxyKind::Budget,
            password: "pw".into(),
            limit_bytes: None,
            max_connections: None,
        };
        let refused = write_transaction(&mut conn, |c| subusers::insert(c, &again, 50)).unwrap();
        assert_eq!(refused, Err(subusers::Refused::NameTaken));
        // Another customer may use the name.
        subuser(&mut conn, other, "dup", None);
        let full = write_transaction(&mut conn, |c| {
            subusers::insert(c, &NewSubuser { name: "more".into(), ..again.clone() }, 1)
        })
        .unwrap();
        assert_eq!(full, Err(subusers::Refused::Full));
    }
}
