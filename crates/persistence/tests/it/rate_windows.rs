//! Attempt counters in the database: the limit's count, the window starting over, the read the
//! gateway does before a check, racing first attempts, blocks of a window taken by several nodes,
//! and the purge.

use diesel::prelude::*;
use persistence::both_backends;
use persistence::rate_windows::{current, hit, purge_older_than, take};
use persistence::schema::rate_windows;
use persistence::testing::{TestDatabase, concurrently};
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

const T: i64 = 1_900_000_000;

fn keys(db: &TestDatabase) -> Vec<String> {
    let mut conn = db.pool.get().unwrap();
    rate_windows::table
        .select(rate_windows::key)
        .order(rate_windows::key)
        .load(&mut conn)
        .unwrap()
}

both_backends! {
    fn a_key_counts_up_to_its_limit_then_refuses_until_the_window_ends(db) {
        let mut conn = db.pool.get().unwrap();
        for n in 0..3 {
            assert_eq!(hit(&mut conn, "login:net:192.0.2.1", 3, 60, T + n).unwrap(), None);
        }
        // The fourth is refused, with the seconds left in the window, and not counted.
        assert_eq!(hit(&mut conn, "login:net:192.0.2.1", 3, 60, T + 10).unwrap(), Some(50));
        assert_eq!(current(&mut conn, "login:net:192.0.2.1", 60, T + 10).unwrap(), Some((3, 50)));
        // Another key is not affected.
        assert_eq!(hit(&mut conn, "login:net:192.0.2.2", 3, 60, T + 10).unwrap(), None);
        // Once the window has run out, the key starts over.
        assert_eq!(current(&mut conn, "login:net:192.0.2.1", 60, T + 60).unwrap(), None);
        assert_eq!(hit(&mut conn, "login:net:192.0.2.1", 3, 60, T + 60).unwrap(), None);
        assert_eq!(current(&mut conn, "login:net:192.0.2.1", 60, T + 61).unwrap(), Some((1, 59)));
        assert_eq!(current(&mut conn, "never:seen", 60, T).unwrap(), None);
    }

    fn racing_attempts_never_pass_the_limit_together(db) {
        let passed = Arc::new(AtomicUsize::new(0));
        let counter = passed.clone();
        concurrently(db, 8, move |conn, _| {
            if hit(conn, "code:net:2001:db8::/64", 5, 3600, T).unwrap().is_none() {
                counter.fetch_add(1, Ordering::SeqCst);
            }
        });
        assert_eq!(passed.load(Ordering::SeqCst), 5);
        let mut conn = db.pool.get().unwrap();
        assert_eq!(current(&mut conn, "code:net:2001:db8::/64", 3600, T).unwrap(), Some((5, 3600)));
    }

    fn blocks_taken_at_once_add_up_to_the_limit_and_the_next_window_starts_over(db) {
        // Eight nodes take blocks of 3 of a second's budget of 10 together: 10 granted in all
        // (three blocks and the last 1), every other take gets nothing.
        let granted = Arc::new(AtomicI32::new(0));
        let takes = Arc::new(std::sync::Mutex::new(Vec::new()));
        let (sum, each) = (granted.clone(), takes.clone());
        concurrently(db, 8, move |conn, _| {
            let got = persistence::write_transaction(conn, |c| take(c, "gw:rps:x", 10, 3, 1, T))
                .unwrap();
            sum.fetch_add(got, Ordering::SeqCst);
            each.lock().unwrap().push(got);
        });
        assert_eq!(granted.load(Ordering::SeqCst), 10);
        let mut got = takes.lock().unwrap().clone();
        got.sort_unstable();
        assert_eq!(got, [0, 0, 0, 0, 1, 3, 3, 3]);
        let mut conn = db.pool.get().unwrap();
        assert_eq!(take(&mut conn, "gw:rps:x", 10, 3, 1, T).unwrap(), 0);
        // The next second has the whole budget again; a lower limit grants what is left under it.
        assert_eq!(take(&mut conn, "gw:rps:x", 10, 8, 1, T + 1).unwrap(), 8);
        assert_eq!(take(&mut conn, "gw:rps:x", 9, 8, 1, T + 1).unwrap(), 1);
        assert_eq!(current(&mut conn, "gw:rps:x", 1, T + 1).unwrap(), Some((9, 1)));
    }

    fn the_purge_drops_windows_begun_before_the_cutoff_only(db) {
        let mut conn = db.pool.get().unwrap();
        hit(&mut conn, "old", 5, 3600, T - 90_000).unwrap();
        hit(&mut conn, "recent", 5, 3600, T - 3_000).unwrap();
        hit(&mut conn, "now", 5, 60, T).unwrap();
        assert_eq!(purge_older_than(&mut conn, T - 86_400).unwrap(), 1);
        assert_eq!(keys(db), ["now", "recent"]);
        // The purged key counts from scratch.
        assert_eq!(hit(&mut conn, "old", 1, 3600, T).unwrap(), None);
        assert_eq!(hit(&mut conn, "old", 1, 3600, T).unwrap(), Some(3600));
    }
}
