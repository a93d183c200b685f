//! The one-time back-fill of the rollups from the records written before them. The migration
//! that made the rollups noted the newest record then (`upto`); the records up to it are summed
//! in batches of ids, each batch added in the transaction that moves `done_through` past it, and
//! only if no other instance moved it meanwhile: whatever runs it, and however often, each
//! record is added once. Every newer record was added by the flush that wrote it. A batch is
//! summed by the database (`INSERT … SELECT … GROUP BY … ON CONFLICT DO UPDATE`, one statement
//! per tier), to the same sums `write::sum_records` makes (the tests compare them).

use super::sums::{CONNECT_COLUMNS, COUNT_COLUMNS, DAY, HOUR};
use crate::connection::{DbConnection, write_transaction};
use crate::error::{DbError, DbResult};
use crate::schema::usage_rollup_backfill as bf;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::ProxyKind;
use domain::traffic_health::{self, BUCKETS};

/// How far the back-fill is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The last record id it sums.
    pub upto: i64,
    /// The last record id summed.
    pub done_through: i64,
    /// When it finished (unix seconds).
    pub finished_at: Option<i64>,
}

impl Progress {
    pub fn finished(&self) -> bool {
        self.finished_at.is_some()
    }
}

pub fn progress(conn: &mut DbConnection) -> DbResult<Progress> {
    let (upto, done_through, finished_at) = bf::table
        .find(1_i64)
        .select((bf::upto, bf::done_through, bf::finished_at))
        .first::<(i64, i64, Option<i64>)>(conn)?;
    Ok(Progress {
        upto,
        done_through,
        finished_at,
    })
}

/// A batch's transaction: a database error, or another instance summed the batch first.
enum Step {
    Db(DbError),
    Raced,
}

impl From<diesel::result::Error> for Step {
    fn from(e: diesel::result::Error) -> Self {
        Step::Db(e.into())
    }
}

impl From<DbError> for Step {
    fn from(e: DbError) -> Self {
        Step::Db(e)
    }
}

/// The statement adding the records with ids in `(?, ?]` to the tier `table` of buckets of
/// `seconds` (`$1`, `$2` on PostgreSQL).
fn summing(table: &str, time: &str, seconds: i64, postgres: bool) -> String {
    let traffic: Vec<String> = ProxyKind::ALL
        .iter()
        .filter(|k| k.is_traffic())
        .map(|k| format!("'{}'", k.as_str()))
        .collect();
    let (lo, hi) = if postgres { ("$1", "$2") } else { ("?", "?") };
    let histogram: Vec<&str> = CONNECT_COLUMNS.to_vec();
    let adds: Vec<String> = COUNT_COLUMNS
        .iter()
        .chain(&histogram)
        .map(|c| format!("{c} = {table}.{c} + excluded.{c}"))
        .collect();
    let count = |condition: &str| format!("SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)");
    // The connect-time buckets (`traffic_health::bucket_of`): a NULL time is in none.
    let buckets: Vec<String> = (0..BUCKETS)
        .map(|b| match traffic_health::range_of(b) {
            (low, Some(high)) => count(&format!("connect_ms >= {low} AND connect_ms < {high}")),
            (low, None) => count(&format!("connect_ms >= {low}")),
        })
        .collect();
    format!(
        "INSERT INTO {table} (user_id, {time}, kind, credential_kind, credential_label, host, \
         country, outcome, reason, connections, bytes_up, bytes_down, charged_bytes, under_1s, \
         under_10s, under_1m, over_1m, {histogram}) \
         SELECT user_id, (started_at / {seconds}) * {seconds}, kind, credential_kind, \
         credential_label, host, COALESCE(country, ''), outcome, COALESCE(reason, ''), COUNT(*), \
         SUM(bytes_up), SUM(bytes_down), \
         SUM(CASE WHEN kind IN ({traffic}) THEN bytes_up + bytes_down ELSE 0 END), \
         {}, {}, {}, {}, {buckets} \
         FROM connection_records WHERE id > {lo} AND id <= {hi} \
         GROUP BY user_id, (started_at / {seconds}) * {seconds}, kind, credential_kind, \
         credential_label, host, COALESCE(country, ''), outcome, COALESCE(reason, '') \
         ON CONFLICT (user_id, {time}, kind, credential_kind, credential_label, host, country, \
         outcome, reason) DO UPDATE SET {}",
        count("duration_ms < 1000"),
        count("duration_ms >= 1000 AND duration_ms < 10000"),
        count("duration_ms >= 10000 AND duration_ms < 60000"),
        count("duration_ms >= 60000"),
        adds.join(", "),
        traffic = traffic.join(", "),
        histogram = histogram.join(", "),
        buckets = buckets.join(", "),
    )
}

/// Adds the records with ids in `(after, through]` to both tiers.
fn sum_ids(conn: &mut DbConnection, after: i64, through: i64) -> DbResult<()> {
    for (table, time, seconds) in [
        ("usage_hourly", "hour", HOUR),
        ("usage_daily_rollup", "day", DAY),
    ] {
        match conn {
            DbConnection::Sqlite(c) => diesel::sql_query(summing(table, time, seconds, false))
                .bind::<BigInt, _>(after)
                .bind::<BigInt, _>(through)
                .execute(c)?,
            DbConnection::Postgres(c) => diesel::sql_query(summing(table, time, seconds, true))
                .bind::<BigInt, _>(after)
                .bind::<BigInt, _>(through)
                .execute(c)?,
        };
    }
    Ok(())
}

/// Sums the records of the next `batch` ids into the rollups, in one write transaction;
/// returns the progress after it (finished once the last is summed; then this only reads).
pub fn backfill_batch(conn: &mut DbConnection, batch: i64, now: i64) -> DbResult<Progress> {
    let result = write_transaction(conn, |c| {
        let before = progress(c)?;
        if before.finished() {
            return Ok(before);
        }
        let done_through = before
            .done_through
            .saturating_add(batch.max(1))
            .min(before.upto);
        let finished_at = (done_through >= before.upto).then_some(now);
        // The claim first: a second instance waits here for the first one's commit, then finds
        // the cursor moved and writes nothing.
        let claimed = diesel::update(
            bf::table
                .find(1_i64)
                .filter(bf::done_through.eq(before.done_through)),
        )
        .set((
            bf::done_through.eq(done_through),
            bf::finished_at.eq(finished_at),
        ))
        .execute(c)?;
        if claimed == 0 {
            return Err(Step::Raced);
        }
        sum_ids(c, before.done_through, done_through)?;
        if finished_at.is_some() {
            // The records summed here in SQL reach the running totals and the totals all at
            // once.
            super::running::rebuild(c)?;
            super::totals::rebuild(c)?;
        }
        Ok(Progress {
            upto: before.upto,
            done_through,
            finished_at,
        })
    });
    match result {
        Ok(p) => Ok(p),
        Err(Step::Raced) => progress(conn),
        Err(Step::Db(e)) => Err(e),
    }
}

/// Makes the back-fill start over, summing every record up to the newest (as after the upgrade
/// of a database holding records without rollups): for tests and the benchmark, whose records
/// were written without rollups.
#[cfg(feature = "testing")]
pub fn start_over(conn: &mut DbConnection) -> DbResult<()> {
    use crate::schema::connection_records as cr;
    let newest: Option<i64> = cr::table.select(diesel::dsl::max(cr::id)).first(conn)?;
    diesel::update(bf::table.find(1_i64))
        .set((
            bf::upto.eq(newest.unwrap_or(0)),
            bf::done_through.eq(0_i64),
            bf::finished_at.eq(None::<i64>),
        ))
        .execute(conn)?;
    Ok(())
}
