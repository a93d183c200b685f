//! The usage records' retention on both backends: on PostgreSQL the day tables past the cut go
//! whole and the default partition's older rows in batches, on SQLite the older rows in
//! batches; what stays is read back row by row. The day tables are created once however many
//! instances prepare them at the same time, and a day whose rows already sit in the default
//! partition is skipped without failing the others.

use crate::connection_records::{insert, row};
use domain::UserId;
use persistence::connection_records::{self as records, RecordFilter, retention};
use persistence::{Backend, DbConnection, both_backends};
use std::sync::{Arc, Barrier};

const DAY: i64 = 86_400;
/// 2020-01-10T00:00:00Z: far from the days the template's migration created tables for.
const D: i64 = 1_578_614_400;

fn started(conn: &mut DbConnection, user: UserId) -> Vec<i64> {
    let (rows, _) = records::page(conn, &RecordFilter::of(user), 1_000, 0).unwrap();
    rows.iter().map(|r| r.row.started_at).collect()
}

both_backends! {
    fn retention_drops_exactly_what_it_should(db) {
        let postgres = db.backend == Backend::Postgres;
        let mut conn = db.pool.get().unwrap();
        let created = retention::prepare_days(&mut conn, D + 3_600).unwrap();
        assert_eq!(created, if postgres { 8 } else { 0 }, "today and DAYS_AHEAD days ahead");
        assert_eq!(retention::prepare_days(&mut conn, D).unwrap(), 0, "all there already");
        let ours = |days: Vec<i64>| days.into_iter().filter(|d| (D - 30 * DAY..D + 30 * DAY).contains(d)).collect::<Vec<_>>();
        let expected: Vec<i64> = if postgres { (0..8).map(|d| D + d * DAY).collect() } else { vec![] };
        assert_eq!(ours(retention::days(&mut conn).unwrap()), expected);

        let a = persistence::testing::insert_user(&mut conn, "retention-a");
        let b = persistence::testing::insert_user(&mut conn, "retention-b");
        // Thirteen records before any day table (PostgreSQL's default partition), then records
        // across the first days that have tables.
        let mut times: Vec<i64> = (0..13).map(|i| D - 2 * DAY + i * 60).collect();
        times.extend([D, D + 3_600, D + DAY - 1, D + DAY, D + DAY + 3_600, D + DAY + 20 * 3_600, D + 2 * DAY, D + 3 * DAY + 5]);
        insert(&mut conn, &times.iter().map(|&t| row(a, t, "a.example", 1, 1)).collect::<Vec<_>>());
        insert(&mut conn, &[row(b, D + 60, "b.example", 1, 1), row(b, D + DAY + 60, "b.example", 1, 1)]);

        // The cut falls in the middle of the second day.
        let cut = D + DAY + 12 * 3_600;
        let dropped = retention::drop_days_before(&mut conn, cut).unwrap();
        assert_eq!(ours(dropped), if postgres { vec![D] } else { vec![] }, "only the day that ended before the cut");
        // A record of a dropped day still goes in (to the default partition), and is purged.
        insert(&mut conn, &[row(a, D + 5, "late.example", 1, 1)]);
        let mut batches = Vec::new();
        loop {
            let n = retention::purge_batch(&mut conn, cut, 4).unwrap();
            batches.push(n);
            if n < 4 {
                break;
            }
        }
        // What stays: on PostgreSQL the second day whole (its table is dropped once the day is
        // past the cut), on SQLite every record from the cut on.
        let kept_from = if postgres { D + DAY } else { cut };
        let mut expected: Vec<i64> = times.iter().copied().filter(|&t| t >= kept_from).collect();
        expected.reverse();
        assert_eq!(started(&mut conn, a), expected);
        assert_eq!(started(&mut conn, b), if postgres { vec![D + DAY + 60] } else { vec![] });
        // By delete: PostgreSQL the 13 default rows and the late one; SQLite every row before
        // the cut (18 of a's, 2 of b's, the late one), four per statement.
        let deleted: usize = batches.iter().sum();
        assert_eq!(deleted, if postgres { 14 } else { 21 });
        assert!(batches.iter().all(|&n| n <= 4), "{batches:?}");
        assert_eq!(retention::purge_batch(&mut conn, cut, 4).unwrap(), 0);
        let left = ours(retention::days(&mut conn).unwrap());
        assert_eq!(left, if postgres { (1..8).map(|d| D + d * DAY).collect() } else { vec![] });

        // The whole helper: the next day past its end goes too.
        records::purge_before(&mut conn, D + 2 * DAY, 1_000).unwrap();
        assert_eq!(started(&mut conn, a), vec![D + 3 * DAY + 5, D + 2 * DAY]);
        assert!(started(&mut conn, b).is_empty());
    }

    fn the_day_tables_are_created_once_by_concurrent_instances(db) {
        let postgres = db.backend == Backend::Postgres;
        // A record of a day with no table lands in the default partition: that day cannot get
        // its table any more, the others still do.
        let later = D + 100 * DAY;
        {
            let mut conn = db.pool.get().unwrap();
            let a = persistence::testing::insert_user(&mut conn, "retention-days");
            insert(&mut conn, &[row(a, later + 2 * DAY + 7, "early.example", 1, 1)]);
        }
        let threads = 2;
        let barrier = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (pool, barrier) = (db.pool.clone(), barrier.clone());
                std::thread::spawn(move || {
                    let mut conn = pool.get().unwrap();
                    barrier.wait();
                    retention::prepare_days(&mut conn, later)
                })
            })
            .collect();
        let created: Vec<usize> = handles.into_iter().map(|h| h.join().unwrap().unwrap()).collect();
        assert_eq!(created.iter().sum::<usize>(), if postgres { 7 } else { 0 }, "{created:?}");
        let mut conn = db.pool.get().unwrap();
        let days: Vec<i64> = retention::days(&mut conn).unwrap().into_iter().filter(|&d| d >= later && d < later + 30 * DAY).collect();
        let expected: Vec<i64> = if postgres { (0..8).filter(|&d| d != 2).map(|d| later + d * DAY).collect() } else { vec![] };
        assert_eq!(days, expected);
    }
}
