//! The gateway nodes' traffic leases and change events on both backends: racing nodes never
//! lease more than is left, settling moves leased bytes to used (and the day) or back, an
//! expired lease is settled as used once however many nodes try, flushes, takes and expiry
//! settlements running at once never deadlock, and a disable writes its event in its own
//! transaction.

use domain::ProxyKind;
use persistence::admin_access;
use persistence::gateway_events::{self, Reason};
use persistence::gateway_leases::{self, LeaseKey, Settlement, Taken};
use persistence::testing::concurrently;
use persistence::{DbConnection, both_backends, now, traffic, write_transaction};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

const DAY: &str = "2026-12-05";

fn customer(conn: &mut DbConnection, tag: &str, purchased: i64) -> domain::UserId {
    let id = persistence::testing::insert_user(conn, tag);
    write_transaction(conn, |c| {
        traffic::add_purchased(c, id, ProxyKind::Premium, purchased, None)
    })
    .unwrap();
    id
}

fn take(conn: &mut DbConnection, node: &str, id: domain::UserId, held: i64, size: i64) -> Taken {
    write_transaction(conn, |c| {
        gateway_leases::take(
            c,
            node,
            LeaseKey::main(id, ProxyKind::Premium),
            held,
            &|_| size,
            now() + 60,
        )
    })
    .unwrap()
}

both_backends! {
    fn racing_nodes_never_lease_more_than_is_left(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "lease-race", 10_000);
        let granted = Arc::new(AtomicI64::new(0));
        let total = granted.clone();
        concurrently(db, 6, move |conn, i| {
            let node = format!("node-{i}");
            for _ in 0..5 {
                let got = take(conn, &node, id, 0, 700).granted;
                total.fetch_add(got, Ordering::SeqCst);
            }
        });
        let granted = granted.load(Ordering::SeqCst);
        assert_eq!(granted, 10_000, "every byte leased once, none twice");
        assert_eq!(gateway_leases::leased(&mut conn, id, ProxyKind::Premium).unwrap(), 10_000);
        let held: i64 = (0..6)
            .map(|i| gateway_leases::held(&mut conn, &format!("node-{i}"), LeaseKey::main(id, ProxyKind::Premium)).unwrap())
            .sum();
        assert_eq!(held, 10_000, "the lease rows add up to leased_bytes");
        assert_eq!(take(&mut conn, "late", id, 0, 700).granted, 0);
    }

    fn a_lease_tops_up_to_its_size_and_settles_into_used_and_the_day(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "lease-settle", 5_000);
        assert_eq!(take(&mut conn, "n", id, 0, 1_000), Taken { granted: 1_000, size: 1_000, capped: false });
        // Holding 600 unmoved: topped up by 400 only.
        assert_eq!(take(&mut conn, "n", id, 600, 1_000).granted, 400);
        let settled = write_transaction(&mut conn, |c| {
            gateway_leases::settle(c, "n", LeaseKey::main(id, ProxyKind::Premium), 900, 100, DAY)
        })
        .unwrap();
        assert!(settled);
        assert_eq!(gateway_leases::held(&mut conn, "n", LeaseKey::main(id, ProxyKind::Premium)).unwrap(), 400);
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (5_000, 900));
        assert_eq!(
            traffic::daily(&mut conn, id, ProxyKind::Premium, DAY).unwrap(),
            vec![(DAY.to_owned(), 900)]
        );
        // More than it holds: nothing written.
        let over = write_transaction(&mut conn, |c| {
            gateway_leases::settle(c, "n", LeaseKey::main(id, ProxyKind::Premium), 401, 0, DAY)
        })
        .unwrap();
        assert!(!over);
        write_transaction(&mut conn, |c| {
            gateway_leases::settle(c, "n", LeaseKey::main(id, ProxyKind::Premium), 0, 400, DAY)
        })
        .unwrap();
        assert_eq!(gateway_leases::held(&mut conn, "n", LeaseKey::main(id, ProxyKind::Premium)).unwrap(), 0);
        assert_eq!(gateway_leases::leased(&mut conn, id, ProxyKind::Premium).unwrap(), 0);
        // A disabled customer gets nothing.
        write_transaction(&mut conn, |c| admin_access::disable(c, id)).unwrap();
        assert_eq!(take(&mut conn, "n", id, 0, 1_000).granted, 0);
    }

    fn an_expired_lease_is_settled_as_used_once(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "lease-expired", 5_000);
        write_transaction(&mut conn, |c| {
            gateway_leases::take(c, "dead", LeaseKey::main(id, ProxyKind::Premium), 0, &|_| 800, now() - 1)
        })
        .unwrap();
        take(&mut conn, "alive", id, 0, 300);
        let settled = Arc::new(AtomicI64::new(0));
        let total = settled.clone();
        concurrently(db, 4, move |conn, _| {
            let n = write_transaction(conn, |c| gateway_leases::settle_expired(c, now(), DAY)).unwrap();
            total.fetch_add(n, Ordering::SeqCst);
        });
        assert_eq!(settled.load(Ordering::SeqCst), 800);
        assert_eq!(traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap(), (5_000, 800));
        assert_eq!(gateway_leases::leased(&mut conn, id, ProxyKind::Premium).unwrap(), 300);
        // The dead node's own late settlement finds nothing to settle.
        let late = write_transaction(&mut conn, |c| {
            gateway_leases::settle(c, "dead", LeaseKey::main(id, ProxyKind::Premium), 100, 0, DAY)
        })
        .unwrap();
        assert!(!late);
        // Renewed leases do not expire.
        write_transaction(&mut conn, |c| gateway_leases::renew(c, "alive", now() + 60)).unwrap();
        assert_eq!(
            write_transaction(&mut conn, |c| gateway_leases::settle_expired(c, now(), DAY)).unwrap(),
            0
        );
    }

    fn flushes_takes_and_expiry_settlements_at_once_never_deadlock(db) {
        // What a fleet does at once on two customers with both traffic kinds (whose key order
        // differs from their names' order) and a kind sold by the piece: two nodes flush in
        // opposite orders, two nodes take leases, one leaves leases to expire and one settles
        // them. On PostgreSQL a transaction that waits on another in a circle fails with
        // "deadlock detected", and the thread's unwrap panics.
        const ROUNDS: i64 = 30;
        let mut conn = db.pool.get().unwrap();
        let mut keys = Vec::new();
        for tag in ["fleet-1", "fleet-2"] {
            let id = customer(&mut conn, tag, 1 << 40);
            write_transaction(&mut conn, |c| {
                traffic::add_purchased(c, id, ProxyKind::Budget, 1 << 40, None)
            })
            .unwrap();
            keys.push(LeaseKey::main(id, ProxyKind::Premium));
            keys.push(LeaseKey::main(id, ProxyKind::Budget));
            keys.push(LeaseKey::main(id, ProxyKind::Ipv4));
        }
        let keys = Arc::new(keys);
        let settled = Arc::new(AtomicI64::new(0));
        let (all, total) = (keys.clone(), settled.clone());
        concurrently(db, 6, move |conn, i| {
            let mut mine: Vec<LeaseKey> = all.to_vec();
            if i % 2 == 1 {
                mine.reverse();
            }
            let traffic = || mine.iter().filter(|k| k.kind.is_traffic());
            for round in 0..ROUNDS {
                match i {
                    0 | 1 => {
                        let node = ["a", "b"][i];
                        let counts: Vec<Settlement> = mine
                            .iter()
                            .map(|&key| Settlement {
                                key,
                                leased: key.kind.is_traffic(),
                                moved: 3,
                                returned: 1,
                            })
                            .collect();
                        let lost = write_transaction(conn, |c| {
                            gateway_leases::flush(c, node, &counts, now() + 60, DAY)
                        })
                        .unwrap();
                        let leased = counts.iter().filter(|s| s.leased).count() - lost.len();
                        total.fetch_add(3 * leased as i64, Ordering::SeqCst);
                    }
                    2 | 3 => {
                        for &key in traffic() {
                            write_transaction(conn, |c| {
                                gateway_leases::take(c, ["a", "b"][i - 2], key, 0, &|_| 100, now() + 60)
                            })
                            .unwrap();
                        }
                    }
                    4 => {
                        for &key in traffic() {
                            write_transaction(conn, |c| {
                                gateway_leases::take(c, &format!("gone-{round}"), key, 0, &|_| 50, now() - 1)
                            })
                            .unwrap();
                        }
                    }
                    _ => {
                        let n = write_transaction(conn, |c| gateway_leases::settle_expired(c, now(), DAY))
                            .unwrap();
                        total.fetch_add(n, Ordering::SeqCst);
                    }
                }
            }
        });
        // Everything left expires: then every leased byte is used, once.
        let n = write_transaction(&mut conn, |c| gateway_leases::settle_expired(c, now() + 120, DAY))
            .unwrap();
        let settled = settled.load(Ordering::SeqCst) + n;
        let mut used = 0;
        for key in keys.iter().filter(|k| k.kind.is_traffic()) {
            assert_eq!(gateway_leases::leased(&mut conn, key.user_id, key.kind).unwrap(), 0);
            let (_, in_balance) = traffic::balance(&mut conn, key.user_id, key.kind).unwrap();
            let by_day: i64 = traffic::daily(&mut conn, key.user_id, key.kind, DAY)
                .unwrap()
                .iter()
                .map(|(_, bytes)| bytes)
                .sum();
            assert_eq!(in_balance, by_day, "{key:?}: the balance and the day agree");
            used += in_balance;
        }
        assert_eq!(used, settled, "every settled byte used once");
        for key in keys.iter().filter(|k| !k.kind.is_traffic()) {
            let by_day = traffic::daily(&mut conn, key.user_id, key.kind, DAY).unwrap();
            assert_eq!(by_day, vec![(DAY.to_owned(), 2 * 3 * ROUNDS)], "{key:?}");
        }
    }

    fn a_disable_and_an_enable_write_their_events_in_their_transaction(db) {
        let mut conn = db.pool.get().unwrap();
        let id = customer(&mut conn, "events", 0);
        let from = now() - 1;
        // Rolled back: no event.
        let _ = write_transaction(&mut conn, |c| {
            admin_access::disable(c, id)?;
            Err::<(), _>(persistence::DbError::from(diesel::result::Error::RollbackTransaction))
        });
        assert!(gateway_events::since(&mut conn, from, 100).unwrap().is_empty());
        write_transaction(&mut conn, |c| admin_access::disable(c, id)).unwrap();
        write_transaction(&mut conn, |c| admin_access::enable(c, id)).unwrap();
        let events = gateway_events::since(&mut conn, from, 100).unwrap();
        let seen: Vec<_> = events.iter().map(|e| (e.reason, e.user_id)).collect();
        assert_eq!(
            seen,
            vec![(Some(Reason::UserDisabled), Some(id)), (Some(Reason::UserEnabled), Some(id))]
        );
        assert_eq!(gateway_events::purge(&mut conn, now() + 1).unwrap(), 2);
    }
}

/// On PostgreSQL a committed change notifies the LISTENing nodes, a rolled-back one does not:
/// a marker notified from another session between the two arrives first.
#[test]
fn a_committed_event_notifies_the_listeners_on_postgres() {
    use diesel::connection::SimpleConnection;
    use diesel::prelude::*;
    use std::time::{Duration, Instant};
    let Some(db) = persistence::testing::TestDatabase::new(persistence::Backend::Postgres) else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    let mut listener = diesel::PgConnection::establish(&db.url).unwrap();
    listener
        .batch_execute(&format!("LISTEN {}", gateway_events::CHANNEL))
        .unwrap();
    let mut conn = db.pool.get().unwrap();
    let id = customer(&mut conn, "notified", 0);
    let _ = write_transaction(&mut conn, |c| {
        admin_access::disable(c, id)?;
        Err::<(), _>(persistence::DbError::from(
            diesel::result::Error::RollbackTransaction,
        ))
    });
    let mut other = db.pool.get().unwrap();
    other
        .batch_execute(&format!("NOTIFY {}, 'marker'", gateway_events::CHANNEL))
        .unwrap();
    write_transaction(&mut conn, |c| admin_access::disable(c, id)).unwrap();
    let mut payloads = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    while payloads.len() < 2 {
        assert!(
            Instant::now() < deadline,
            "notifications after 10 s: {payloads:?}"
        );
        match listener.notifications_iter().next() {
            Some(n) => {
                let n = n.unwrap();
                assert_eq!(n.channel, gateway_events::CHANNEL);
                payloads.push(n.payload);
            }
            // diesel's check does not wait: look again shortly.
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    assert_eq!(payloads, vec!["marker".to_owned(), String::new()]);
}
