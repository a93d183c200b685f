//! The gateway nodes' connection slot leases on both backends: racing nodes never hold more
//! than the cap together, a flush gives slots back and renews the rest, and an expired row
//! stops counting at its expiry and is deleted once (expiry driven by explicit timestamps).

use persistence::gateway_slots::{self, SlotKey, SlotReturn};
use persistence::testing::concurrently;
use persistence::{DbConnection, both_backends, now, write_transaction};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

fn take(conn: &mut DbConnection, node: &str, key: SlotKey, cap: i64, size: i64, at: i64) -> i64 {
    write_transaction(conn, |c| {
        gateway_slots::take(c, node, key, cap, &|_| size, at, at + 30)
    })
    .unwrap()
}

both_backends! {
    fn racing_nodes_never_hold_more_than_the_cap(db) {
        let mut conn = db.pool.get().unwrap();
        let key = SlotKey::customer(persistence::testing::insert_user(&mut conn, "slot-race"));
        let granted = Arc::new(AtomicI64::new(0));
        let total = granted.clone();
        concurrently(db, 6, move |conn, i| {
            let node = format!("node-{i}");
            for _ in 0..10 {
                total.fetch_add(take(conn, &node, key, 40, 3, now()), Ordering::SeqCst);
            }
        });
        assert_eq!(granted.load(Ordering::SeqCst), 40, "every slot of the cap once, none twice");
        assert_eq!(gateway_slots::in_use(&mut conn, key, now()).unwrap(), 40);
        assert_eq!(take(&mut conn, "late", key, 40, 3, now()), 0);
        // Another limit of the same customer is counted apart.
        let other = SlotKey { limit: "other", ..key };
        assert_eq!(take(&mut conn, "late", other, 5, 3, now()), 3);
    }

    fn a_take_never_passes_the_headroom_and_a_flush_gives_back(db) {
        let mut conn = db.pool.get().unwrap();
        let key = SlotKey::customer(persistence::testing::insert_user(&mut conn, "slot-flush"));
        let at = now();
        // The size rule sees the headroom; the grant never passes it.
        let seen = std::sync::Mutex::new(Vec::new());
        let got = write_transaction(&mut conn, |c| {
            gateway_slots::take(c, "a", key, 10, &|h| { seen.lock().unwrap().push(h); 8 }, at, at + 30)
        })
        .unwrap();
        assert_eq!(got, 8);
        assert_eq!(take(&mut conn, "b", key, 10, 8, at), 2, "only the headroom");
        assert_eq!(*seen.lock().unwrap(), vec![10]);
        // Node a gives 5 back and renews the rest; b gives all back (its row goes).
        let lost = write_transaction(&mut conn, |c| {
            gateway_slots::flush(c, "a", &[SlotReturn { key, returned: 5 }], at + 60)
        })
        .unwrap();
        assert_eq!(lost, Vec::new());
        write_transaction(&mut conn, |c| {
            gateway_slots::flush(c, "b", &[SlotReturn { key, returned: 2 }], at + 60)
        })
        .unwrap();
        assert_eq!(gateway_slots::held(&mut conn, "a", key).unwrap(), 3);
        assert_eq!(gateway_slots::held(&mut conn, "b", key).unwrap(), 0);
        assert_eq!(take(&mut conn, "b", key, 10, 8, at), 7);
        // Renewed: a's row still counts after its first expiry (at + 30).
        assert_eq!(gateway_slots::in_use(&mut conn, key, at + 45).unwrap(), 3);
        // Giving back more than the row holds names it lost, and writes nothing.
        let lost = write_transaction(&mut conn, |c| {
            gateway_slots::flush(c, "a", &[SlotReturn { key, returned: 4 }], at + 60)
        })
        .unwrap();
        assert_eq!(lost, vec![key]);
        assert_eq!(gateway_slots::held(&mut conn, "a", key).unwrap(), 3);
    }

    fn an_expired_row_stops_counting_and_is_deleted_once(db) {
        let mut conn = db.pool.get().unwrap();
        let key = SlotKey::customer(persistence::testing::insert_user(&mut conn, "slot-expired"));
        let at = now();
        // "dead" stops renewing (its row lives until at + 30); "alive" renews to at + 90.
        assert_eq!(take(&mut conn, "dead", key, 10, 6, at), 6);
        assert_eq!(take(&mut conn, "alive", key, 10, 6, at), 4);
        write_transaction(&mut conn, |c| {
            gateway_slots::flush(c, "alive", &[SlotReturn { key, returned: 0 }], at + 90)
        })
        .unwrap();
        assert_eq!(take(&mut conn, "alive", key, 10, 6, at + 30), 0, "not yet expired");
        // Past its expiry the dead node's slots no longer count, deleted or not.
        assert_eq!(take(&mut conn, "alive", key, 10, 6, at + 31), 6);
        let released = Arc::new(AtomicI64::new(0));
        let total = released.clone();
        concurrently(db, 4, move |conn, _| {
            let n = write_transaction(conn, |c| gateway_slots::release_expired(c, at + 31)).unwrap();
            total.fetch_add(n, Ordering::SeqCst);
        });
        assert_eq!(released.load(Ordering::SeqCst), 6, "deleted once");
        assert_eq!(gateway_slots::held(&mut conn, "dead", key).unwrap(), 0);
        assert_eq!(gateway_slots::held(&mut conn, "alive", key).unwrap(), 10);
        // The dead node's late flush finds its row gone.
        let lost = write_transaction(&mut conn, |c| {
            gateway_slots::flush(c, "dead", &[SlotReturn { key, returned: 0 }], at + 90)
        })
        .unwrap();
        assert_eq!(lost, vec![key]);
    }
}
