//! The usage rollups on both backends: after random traffic written in random batches (several
//! flushes, several nodes at once) the hourly and daily tiers hold exactly the records' sums,
//! group by group and to the byte; and every breakdown read from them answers what the same
//! breakdown over the records answers, for every filter the screen offers.

use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::connection_records::{self as records, GroupBy, NewRecord, RecordFilter};
use persistence::schema::connection_records as cr;
use persistence::testing::concurrently;
use persistence::usage_rollups::{self as rollups, DAY, GroupKey, HOUR, Sums};
use persistence::{DbConnection, both_backends, write_transaction};
use std::sync::Arc;

/// 2026-12-01T00:00:00Z.
pub const T0: i64 = 1_796_083_200;

/// A small deterministic generator (xorshift): the same "random" traffic on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// `n` records of `user` spread over four days, 30 hosts, five credentials, every kind and
/// outcome, durations and connect times in every bucket, three targeted countries and none.
pub fn traffic(rng: &mut Rng, user: UserId, n: usize) -> Vec<NewRecord> {
    (0..n)
        .map(|_| {
            let outcome = rng.pick(&Outcome::ALL);
            let reason = match outcome {
                Outcome::Refused => Some(rng.pick(&["no_traffic", "expired"])),
                // Charged and not charged failures (`domain::usage::charged`).
                Outcome::UpstreamError => {
                    Some(rng.pick(&["connect_failed", "pools_failed", "gateway_busy"]))
                }
                _ => None,
            };
            // Nothing moved on a refusal nor on a failure that is not charged.
            let refused = outcome == Outcome::Refused || !domain::usage::charged(outcome, reason);
            let credential = rng.below(5);
            let (credential_kind, credential_id) = match credential {
                0 => (CredentialKind::Main, None),
                1 => (CredentialKind::Piece, Some(7)),
                2 => (CredentialKind::Allowlist, Some(3)),
                _ => (CredentialKind::Subuser, Some(credential as i64)),
            };
            NewRecord {
                user_id: user,
                started_at: T0 + rng.below(4 * DAY as u64) as i64,
                duration_ms: rng.pick(&[0, 10, 999, 1_000, 5_000, 59_999, 60_000, 3_600_000]),
                credential_kind,
                credential_id,
                credential_label: format!("cred-{credential}"),
                kind: rng.pick(&ProxyKind::ALL),
                host: if refused && rng.below(3) == 0 {
                    String::new()
                } else {
                    format!(
                        "h{:02}.example.{}",
                        rng.below(30),
                        rng.pick(&["com", "net"])
                    )
                },
                port: 443,
                bytes_up: if refused {
                    0
                } else {
                    rng.below(100_000) as i64
                },
                bytes_down: if refused {
                    0
                } else {
                    rng.below(10_000_000) as i64
                },
                outcome,
                reason: reason.map(str::to_owned),
                upstream_id: None,
                source: None,
                // A connect time where the destination was reached (every bucket, none for
                // some as in older records), and the exit country targeted, if any.
                connect_ms: (domain::traffic_health::succeeded(outcome) && rng.below(8) > 0).then(
                    || {
                        rng.pick(&[
                            0, 9, 10, 17, 40, 99, 100, 250, 700, 1_500, 3_000, 9_999, 10_000,
                            25_000,
                        ])
                    },
                ),
                country: rng
                    .pick(&[None, Some("us"), Some("de"), Some("fr")])
                    .map(str::to_owned),
            }
        })
        .collect()
}

/// Writes `rows` as flushes of random sizes do (records and rollups in one transaction each).
pub fn flush_in_batches(conn: &mut DbConnection, rng: &mut Rng, rows: &[NewRecord]) {
    let mut rest = rows;
    while !rest.is_empty() {
        let n = (1 + rng.below(300) as usize).min(rest.len());
        let (now, later) = rest.split_at(n);
        write_transaction(conn, |c| rollups::write_records(c, now)).unwrap();
        rest = later;
    }
}

/// The groups in one order on both backends (not the database's collation).
pub fn sorted(mut groups: Vec<(GroupKey, Sums)>) -> Vec<(GroupKey, Sums)> {
    groups.sort_by(|(a, _), (b, _)| format!("{a:?}").cmp(&format!("{b:?}")));
    groups
}

/// The records of `user` as stored, summed per group of `seconds` in Rust.
pub fn from_records(conn: &mut DbConnection, user: UserId, seconds: i64) -> Vec<(GroupKey, Sums)> {
    let stored: Vec<NewRecord> = cr::table
        .filter(cr::user_id.eq(user))
        .select(NewRecord::as_select())
        .load(conn)
        .unwrap();
    sorted(rollups::sum_records(&stored, seconds))
}

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = diesel::sql_types::Text)]
    line: String,
}

/// Every group and running row and every row of the totals, as text in one order (the ids left
/// out: a rebuild renumbers).
pub fn running_rows(conn: &mut DbConnection) -> Vec<String> {
    let group = "g.user_id || ' ' || g.kind || ' ' || g.credential_kind || ' ' || g.credential_label \
                 || ' ' || g.host || ' ' || g.country || ' ' || g.outcome || ' ' || g.reason";
    let values = "r.connections || ' ' || r.bytes_up || ' ' || r.bytes_down || ' ' || r.connect_lt10 \
                  || ' ' || r.connect_lt100 || ' ' || r.connect_lt1000 || ' ' || r.connect_ge10000";
    let totals = "t.user_id || ' ' || t.kind || ' ' || t.credential_kind || ' ' || t.credential_label || ' ' || t.host \
                  || ' ' || t.country || ' ' || t.outcome || ' ' || t.reason || ' ' || t.connections || ' ' || t.bytes_up \
                  || ' ' || t.bytes_down || ' ' || t.charged_bytes || ' ' || t.under_1m || ' ' || t.connect_lt56";
    let mut lines: Vec<String> = Vec::new();
    for sql in [
        format!("SELECT 'ht ' || t.hour || ' ' || {totals} AS line FROM usage_hourly_totals t"),
        format!("SELECT 'dt ' || t.day || ' ' || {totals} AS line FROM usage_daily_totals t"),
        format!(
            "SELECT 'g ' || {group} || ' ' || g.first_day || ' ' || g.last_day || ' ' || g.last_hour AS line FROM usage_groups g"
        ),
        format!(
            "SELECT {group} || ' d ' || r.day || ' ' || {values} AS line FROM usage_running_daily r JOIN usage_groups g ON g.id = r.group_id"
        ),
        format!(
            "SELECT {group} || ' h ' || r.hour || ' ' || {values} AS line FROM usage_running_hourly r JOIN usage_groups g ON g.id = r.group_id"
        ),
    ] {
        lines.extend(
            diesel::sql_query(sql)
                .load::<Line>(conn)
                .unwrap()
                .into_iter()
                .map(|l| l.line),
        );
    }
    lines.sort();
    lines
}

both_backends! {
    fn records_and_rollups_agree_to_the_byte_after_random_traffic(db) {
        let mut conn = db.pool.get().unwrap();
        let users = [
            persistence::testing::insert_user(&mut conn, "rollup-a"),
            persistence::testing::insert_user(&mut conn, "rollup-b"),
        ];
        let mut rng = Rng::new(39);
        let mut written = Vec::new();
        for user in users {
            let rows = traffic(&mut rng, user, 600);
            flush_in_batches(&mut conn, &mut rng, &rows);
            written.extend(rows);
        }
        // Two nodes flushing the same groups at once add up. Several nodes share PostgreSQL
        // only; a SQLite shop is one machine with one flusher, so there they flush in turn (two
        // writers there only queue for the file's lock, which under a loaded CI machine can
        // outwait its timeout).
        let more = Arc::new(traffic(&mut rng, users[0], 400));
        if db.backend == persistence::Backend::Postgres {
            let shared = more.clone();
            concurrently(db, 2, move |c, i| {
                let half = &shared[i * 200..(i + 1) * 200];
                for chunk in half.chunks(50) {
                    write_transaction(c, |t| rollups::write_records(t, chunk)).unwrap();
                }
            });
        } else {
            for chunk in more.chunks(50) {
                write_transaction(&mut conn, |t| rollups::write_records(t, chunk)).unwrap();
            }
        }
        written.extend(more.iter().cloned());

        for user in users {
            for (daily, seconds) in [(false, HOUR), (true, DAY)] {
                let stored = sorted(rollups::all_of(&mut conn, user, daily).unwrap());
                assert_eq!(stored, from_records(&mut conn, user, seconds), "daily: {daily}");
                let mine: Vec<_> = written.iter().filter(|r| r.user_id == user).cloned().collect();
                assert_eq!(stored, sorted(rollups::sum_records(&mine, seconds)), "as written");
            }
            // The totals, in SQL over each table.
            let total = |conn: &mut DbConnection, table: &str| -> (i64, i64, i64, i64) {
                diesel::sql_query(format!(
                    "SELECT CAST(SUM(connections) AS BIGINT) AS a, CAST(SUM(bytes_up) AS BIGINT) AS b, \
                     CAST(SUM(bytes_down) AS BIGINT) AS c, CAST(SUM(charged_bytes) AS BIGINT) AS d \
                     FROM {table} WHERE user_id = {}", user.get()
                ))
                .get_result::<Totals>(conn)
                .map(|t| (t.a, t.b, t.c, t.d))
                .unwrap()
            };
            let counted: i64 = cr::table.filter(cr::user_id.eq(user)).select(count_star()).first(&mut conn).unwrap();
            let up: i64 = cr::table.filter(cr::user_id.eq(user)).select(sql::<BigInt>("CAST(SUM(bytes_up) AS BIGINT)")).first(&mut conn).unwrap();
            let down: i64 = cr::table.filter(cr::user_id.eq(user)).select(sql::<BigInt>("CAST(SUM(bytes_down) AS BIGINT)")).first(&mut conn).unwrap();
            let charged: i64 = cr::table
                .filter(cr::user_id.eq(user))
                .filter(cr::kind.eq_any([ProxyKind::Premium, ProxyKind::Budget]))
                .select(sql::<BigInt>("CAST(COALESCE(SUM(bytes_up + bytes_down), 0) AS BIGINT)"))
                .first(&mut conn)
                .unwrap();
            assert_eq!(total(&mut conn, "usage_hourly"), (counted, up, down, charged));
            assert_eq!(total(&mut conn, "usage_daily_rollup"), (counted, up, down, charged));
        }

        // The running totals and the totals the flushes kept (out of order, two nodes at once)
        // are what a rebuild from the tiers makes.
        let kept = running_rows(&mut conn);
        assert!(kept.len() > 100, "{}", kept.len());
        write_transaction(&mut conn, |c| {
            rollups::running::rebuild(c)?;
            rollups::totals::rebuild(c)
        })
        .unwrap();
        assert_eq!(running_rows(&mut conn), kept);
    }

    fn breakdowns_from_rollups_answer_as_from_records(db) {
        let mut conn = db.pool.get().unwrap();
        let user = persistence::testing::insert_user(&mut conn, "rollup-breakdowns");
        let other = persistence::testing::insert_user(&mut conn, "rollup-other");
        let mut rng = Rng::new(7);
        let rows = traffic(&mut rng, user, 800);
        flush_in_batches(&mut conn, &mut rng, &rows);
        let others = traffic(&mut rng, other, 150);
        flush_in_batches(&mut conn, &mut rng, &others);
        let base = RecordFilter::of(user);
        let filters = [
            base.clone(),
            RecordFilter { kind: Some(ProxyKind::Premium), ..base.clone() },
            RecordFilter { outcome: Some(Outcome::Refused), ..base.clone() },
            RecordFilter { host: Some("H1".into()), ..base.clone() },
            RecordFilter { host: Some(".net".into()), kind: Some(ProxyKind::Static), ..base.clone() },
            // One credential (the kind and the label both count), alone and with a window.
            RecordFilter { credential: Some((CredentialKind::Subuser, "cred-3".into())), ..base.clone() },
            RecordFilter { credential: Some((CredentialKind::Main, "cred-3".into())), ..base.clone() },
            RecordFilter { credential: Some((CredentialKind::Subuser, "cred-4".into())), from: Some(T0 + 5 * HOUR), to: Some(T0 + 2 * DAY + 7 * HOUR), ..base.clone() },
            // Whole days, whole hours, hours across days, open ends.
            RecordFilter { from: Some(T0 + DAY), to: Some(T0 + 3 * DAY), ..base.clone() },
            RecordFilter { from: Some(T0 + 5 * HOUR), to: Some(T0 + 2 * DAY + 7 * HOUR), ..base.clone() },
            RecordFilter { from: Some(T0 + 30 * HOUR), ..base.clone() },
            RecordFilter { to: Some(T0 + 50 * HOUR), ..base.clone() },
            RecordFilter { from: Some(T0 + 2 * HOUR), to: Some(T0 + 3 * HOUR), ..base.clone() },
            RecordFilter { from: Some(T0 + 9 * DAY), ..base.clone() },
        ];
        for filter in &filters {
            for by in [GroupBy::Host, GroupBy::Credential, GroupBy::Day, GroupBy::Hour] {
                let expected = records::breakdown(&mut conn, filter, by).unwrap();
                let answered = rollups::breakdown(&mut conn, filter, by).unwrap();
                assert_eq!(answered, expected, "{by:?} {filter:?}");
            }
        }
        // The connections not charged, as the records say.
        let free = rows.iter().filter(|r| !domain::usage::charged(r.outcome, r.reason.as_deref())).count();
        let days = rollups::breakdown(&mut conn, &base, GroupBy::Day).unwrap();
        assert!(free > 0);
        assert_eq!(days.iter().map(|g| g.not_charged).sum::<i64>(), free as i64);
        let one_credential = rollups::breakdown(&mut conn, &filters[5], GroupBy::Credential).unwrap();
        assert_eq!(one_credential.iter().map(|g| g.key.as_str()).collect::<Vec<_>>(), ["cred-3"]);
        // Once the records are purged, the rollups still answer.
        let before = rollups::breakdown(&mut conn, &base, GroupBy::Day).unwrap();
        records::purge_before(&mut conn, i64::MAX, 1_000).unwrap();
        assert!(records::breakdown(&mut conn, &base, GroupBy::Day).unwrap().is_empty());
        assert_eq!(rollups::breakdown(&mut conn, &base, GroupBy::Day).unwrap(), before);
    }

    fn the_migration_builds_the_running_totals_the_flushes_keep(db) {
        let mut conn = db.pool.get().unwrap();
        let user = persistence::testing::insert_user(&mut conn, "running-upgrade");
        let mut rng = Rng::new(77);
        let rows = traffic(&mut rng, user, 300);
        flush_in_batches(&mut conn, &mut rng, &rows);
        let kept = running_rows(&mut conn);
        assert!(kept.len() > 100, "{}", kept.len());
        // As on an upgrade: the tiers hold the rollups, the migrations build the running totals
        // and the totals.
        crate::iproyal_pool_migration::revert_to(&mut conn, "20261231000200");
        persistence::run_migrations(&mut conn).unwrap();
        assert_eq!(running_rows(&mut conn), kept);
    }
}

#[derive(QueryableByName)]
struct Totals {
    #[diesel(sql_type = BigInt)]
    a: i64,
    #[diesel(sql_type = BigInt)]
    b: i64,
    #[diesel(sql_type = BigInt)]
    c: i64,
    #[diesel(sql_type = BigInt)]
    d: i64,
}
