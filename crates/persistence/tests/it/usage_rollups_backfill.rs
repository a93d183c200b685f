//! The rollups' back-fill and retention on both backends: records written before the rollups
//! existed are summed in batches into exactly the rollups the flush writes for the same
//! records, once whatever runs it and however often (instances racing each other); the hourly
//! purge drops the hours before its bound and nothing else, and the daily tier stays.

use crate::usage_rollups::{Rng, T0, flush_in_batches, running_rows, sorted, traffic};
use diesel::prelude::*;
use domain::UserId;
use persistence::connection_records::{self as records, GroupBy, NewRecord, RecordFilter};
use persistence::schema::{connection_records as cr, usage_daily_rollup, usage_hourly};
use persistence::testing::concurrently;
use persistence::usage_rollups::{self as rollups, DAY, GroupKey, HOUR, Sums};
use persistence::{DbConnection, both_backends, write_transaction};

/// Writes `rows` as the records of an older version did: without rollups.
fn records_only(conn: &mut DbConnection, rows: &[NewRecord]) {
    for row in rows {
        diesel::insert_into(cr::table)
            .values(row)
            .execute(conn)
            .unwrap();
    }
}

/// `rows` as `user`'s.
fn as_user(rows: &[NewRecord], user: UserId) -> Vec<NewRecord> {
    rows.iter()
        .cloned()
        .map(|r| NewRecord { user_id: user, ..r })
        .collect()
}

/// `user`'s rollups of a tier, keyed to `as_user` so that two customers' compare.
fn tier_of(
    conn: &mut DbConnection,
    user: UserId,
    daily: bool,
    as_user: UserId,
) -> Vec<(GroupKey, Sums)> {
    sorted(
        rollups::all_of(conn, user, daily)
            .unwrap()
            .into_iter()
            .map(|(k, s)| {
                (
                    GroupKey {
                        user_id: as_user,
                        ..k
                    },
                    s,
                )
            })
            .collect(),
    )
}

both_backends! {
    fn the_backfill_yields_the_rollups_of_live_writing(db) {
        let mut conn = db.pool.get().unwrap();
        let old = persistence::testing::insert_user(&mut conn, "backfill-old");
        let live = persistence::testing::insert_user(&mut conn, "backfill-live");
        let mut rng = Rng::new(2026);
        let rows = traffic(&mut rng, old, 534);
        // Before the upgrade: records only; the upgrade notes the newest.
        records_only(&mut conn, &rows);
        rollups::start_over(&mut conn).unwrap();
        assert!(rollups::all_of(&mut conn, old, false).unwrap().is_empty());
        // After it the flush writes both, for another customer with the same traffic.
        flush_in_batches(&mut conn, &mut rng, &as_user(&rows, live));

        let mut last = rollups::progress(&mut conn).unwrap();
        assert_eq!((last.done_through, last.finished()), (0, false));
        let mut batches = 0;
        while !last.finished() {
            let now = rollups::backfill_batch(&mut conn, 100, T0).unwrap();
            assert!(now.done_through > last.done_through, "each batch moves on");
            last = now;
            batches += 1;
        }
        assert_eq!(batches, (last.upto + 99) / 100, "the ids by 100");
        assert_eq!(last.finished_at, Some(T0));
        for daily in [false, true] {
            assert_eq!(tier_of(&mut conn, old, daily, old), tier_of(&mut conn, live, daily, old), "daily: {daily}");
        }
        // Done is done: another run adds nothing.
        let hourly = tier_of(&mut conn, old, false, old);
        assert_eq!(rollups::backfill_batch(&mut conn, 100, T0 + 1).unwrap(), last);
        assert_eq!(tier_of(&mut conn, old, false, old), hourly);
    }

    fn racing_instances_backfill_each_record_once(db) {
        let mut conn = db.pool.get().unwrap();
        let old = persistence::testing::insert_user(&mut conn, "backfill-race");
        let live = persistence::testing::insert_user(&mut conn, "backfill-race-live");
        let mut rng = Rng::new(77);
        let rows = traffic(&mut rng, old, 400);
        records_only(&mut conn, &rows);
        rollups::start_over(&mut conn).unwrap();
        write_transaction(&mut conn, |c| rollups::write_records(c, &as_user(&rows, live))).unwrap();
        concurrently(db, 3, |c, _| {
            while !rollups::backfill_batch(c, 37, T0).unwrap().finished() {}
        });
        for daily in [false, true] {
            assert_eq!(tier_of(&mut conn, old, daily, old), tier_of(&mut conn, live, daily, old), "daily: {daily}");
        }
    }

    fn the_hourly_purge_drops_exactly_the_older_hours(db) {
        let mut conn = db.pool.get().unwrap();
        let user = persistence::testing::insert_user(&mut conn, "rollup-purge");
        let mut rng = Rng::new(5);
        let rows = traffic(&mut rng, user, 300);
        flush_in_batches(&mut conn, &mut rng, &rows);
        let bound = T0 + 2 * DAY + 5 * HOUR;
        let hours = |conn: &mut DbConnection| -> Vec<i64> {
            usage_hourly::table.filter(usage_hourly::user_id.eq(user)).select(usage_hourly::hour).load(conn).unwrap()
        };
        let all = hours(&mut conn);
        let older = all.iter().filter(|h| **h < bound).count();
        assert!(older > 7 && older < all.len(), "both sides hold rows");
        let daily_before = tier_of(&mut conn, user, true, user);
        assert_eq!(rollups::purge_hourly_before(&mut conn, bound, 7).unwrap(), older);
        let left = hours(&mut conn);
        assert_eq!(left.len(), all.len() - older);
        assert!(left.iter().all(|h| *h >= bound));
        // The hourly running totals and totals of those hours go with them, the rest stay.
        for table in ["usage_running_hourly", "usage_hourly_totals"] {
            let count = |conn: &mut DbConnection, op: &str| -> i64 {
                diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(&format!(
                    "(SELECT COUNT(*) FROM {table} WHERE hour {op} {bound})"
                )))
                .get_result(conn)
                .unwrap()
            };
            assert_eq!(count(&mut conn, "<"), 0, "{table}");
            assert!(count(&mut conn, ">=") > 0, "{table}");
        }
        assert_eq!(tier_of(&mut conn, user, true, user), daily_before, "the daily tier stays");
        assert_eq!(rollups::purge_hourly_before(&mut conn, bound, 7).unwrap(), 0);
        let days: i64 = usage_daily_rollup::table.filter(usage_daily_rollup::user_id.eq(user)).count().get_result(&mut conn).unwrap();
        assert!(days > 0);

        // The running totals left are what a rebuild from the tiers left makes (the groups'
        // last hours aside: a rebuild knows only the hours kept), and so are they after the
        // flushes of the following days, whose groups' earlier hours are gone: each hourly row
        // continues from the newest daily one.
        let rebuilt = |conn: &mut DbConnection| -> (Vec<String>, Vec<String>) {
            let before: Vec<String> = running_rows(conn).into_iter().filter(|l| !l.starts_with("g ")).collect();
            write_transaction(conn, rollups::running::rebuild).unwrap();
            (before, running_rows(conn).into_iter().filter(|l| !l.starts_with("g ")).collect())
        };
        let (kept, rebuilt_after_purge) = rebuilt(&mut conn);
        assert_eq!(rebuilt_after_purge, kept);
        let next_day = T0 + 3 * DAY;
        let later: Vec<NewRecord> = traffic(&mut rng, user, 200)
            .into_iter()
            .map(|r| NewRecord { started_at: next_day + (r.started_at - T0) % (2 * DAY), ..r })
            .collect();
        flush_in_batches(&mut conn, &mut rng, &later);
        let (kept, rebuilt_after_flush) = rebuilt(&mut conn);
        assert_eq!(rebuilt_after_flush, kept);
        // A window inside the days kept, from the running totals, as from the records.
        let window = RecordFilter { from: Some(next_day + 4 * HOUR), to: Some(next_day + DAY + 7 * HOUR), ..RecordFilter::of(user) };
        for by in [GroupBy::Host, GroupBy::Credential] {
            assert_eq!(rollups::breakdown(&mut conn, &window, by).unwrap(), records::breakdown(&mut conn, &window, by).unwrap(), "{by:?}");
        }
    }
}
