//! The records' retention. On PostgreSQL `connection_records` is partitioned by UTC day (the
//! migration `2026-12-27-000102_records_partitions`): one table per day, named
//! `connection_records_YYYYMMDD`, created `DAYS_AHEAD` ahead (`prepare_days`), and dropped whole
//! once its day ended before the retention's cut (`drop_days_before`), which costs no row-by-row
//! delete and leaves no dead rows behind. A row no day table covers lands in the DEFAULT
//! partition, which `purge_batch` empties of old rows like SQLite's table. On SQLite there are no
//! partitions: `purge_batch` deletes the oldest rows, `batch` per statement, each statement its
//! own short transaction, so that the write lock is free between two.

use crate::connection::DbConnection;
use crate::error::DbResult;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

/// How many days ahead of today the day tables exist (today included), so that the records of
/// the coming days never land in the default partition while the hourly job runs.
pub const DAYS_AHEAD: i64 = 7;

/// How long dropping a day table waits for the table's lock (readers of the records hold a
/// shared one): past it the day is left for the next run, so that the drop never queues the
/// gateway's inserts behind a long read.
const DROP_LOCK_TIMEOUT: &str = "2s";

const DAY: i64 = 86_400;

/// The table holding the UTC day that starts at `day` (unix seconds).
pub fn day_table(day: i64) -> String {
    format!(
        "connection_records_{}",
        domain::calendar::utc_day(day).replace('-', "")
    )
}

#[derive(QueryableByName)]
struct Partition {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    day: i64,
}

/// The day tables that exist (their days' first second), oldest first; always empty on SQLite.
/// The bounds are read from the catalogue, not from the names.
pub fn days(conn: &mut DbConnection) -> DbResult<Vec<i64>> {
    Ok(partitions(conn)?.into_iter().map(|p| p.day).collect())
}

fn partitions(conn: &mut DbConnection) -> DbResult<Vec<Partition>> {
    let DbConnection::Postgres(pg) = conn else {
        return Ok(Vec::new());
    };
    // A range partition's bound reads `FOR VALUES FROM ('x') TO ('y')`; the default
    // partition's `DEFAULT`, which has no FROM.
    Ok(diesel::sql_query(
        "SELECT c.relname::text AS name, \
         substring(pg_get_expr(c.relpartbound, c.oid) FROM 'FROM \\(''?(-?[0-9]+)')::bigint AS day \
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid \
         WHERE i.inhparent = 'connection_records'::regclass \
         AND pg_get_expr(c.relpartbound, c.oid) LIKE 'FOR VALUES FROM%' \
         ORDER BY day",
    )
    .load(pg)?)
}

/// Creates the day tables from `now`'s day to `DAYS_AHEAD` days later that do not exist yet;
/// returns how many it created (0 on SQLite). Creators on several instances take turns on a
/// transaction-scoped advisory lock, so each table is created once. A day whose rows already sit
/// in the default partition (the table was missing when they came) cannot get its table: it is
/// skipped with a warning, and its rows stay in the default partition until the purge.
pub fn prepare_days(conn: &mut DbConnection, now: i64) -> DbResult<usize> {
    if !matches!(conn, DbConnection::Postgres(_)) {
        return Ok(0);
    }
    let today = now.div_euclid(DAY) * DAY;
    crate::write_transaction(conn, |conn| {
        let DbConnection::Postgres(pg) = conn else {
            unreachable!("checked above")
        };
        pg.batch_execute("SELECT pg_advisory_xact_lock(hashtext('connection_records_days'))")?;
        let existing = days(conn)?;
        let DbConnection::Postgres(pg) = conn else {
            unreachable!("checked above")
        };
        let mut created = 0;
        for day in (0..=DAYS_AHEAD).map(|d| today + d * DAY) {
            if existing.contains(&day) {
                continue;
            }
            let sql = format!(
                "CREATE TABLE {} PARTITION OF connection_records FOR VALUES FROM ({day}) TO ({})",
                day_table(day),
                day + DAY
            );
            match pg.transaction(|pg| pg.batch_execute(&sql)) {
                Ok(()) => created += 1,
                Err(error) => tracing::warn!(
                    %error,
                    table = day_table(day),
                    "a usage records day table could not be created; its rows stay in the default partition"
                ),
            }
        }
        Ok(created)
    })
}

/// Drops the day tables whose whole day ended at or before `before` (unix seconds); returns the
/// days dropped (none on SQLite). Each drop is its own transaction and waits at most
/// `DROP_LOCK_TIMEOUT` for the lock; a day that cannot be dropped now stays for the next run.
pub fn drop_days_before(conn: &mut DbConnection, before: i64) -> DbResult<Vec<i64>> {
    let due: Vec<Partition> = partitions(conn)?
        .into_iter()
        .filter(|p| p.day + DAY <= before)
        .collect();
    let DbConnection::Postgres(pg) = conn else {
        return Ok(Vec::new());
    };
    let mut dropped = Vec::new();
    for partition in due {
        let sql = format!(
            "SET LOCAL lock_timeout = '{DROP_LOCK_TIMEOUT}'; DROP TABLE IF EXISTS \"{}\"",
            partition.name
        );
        match pg.transaction(|pg| pg.batch_execute(&sql)) {
            Ok(()) => dropped.push(partition.day),
            Err(error) => tracing::warn!(
                %error,
                table = partition.name,
                "a usage records day table could not be dropped now; the next purge tries again"
            ),
        }
    }
    Ok(dropped)
}

/// Deletes at most `batch` of the oldest records opened before `before` in one statement (its
/// own transaction): on SQLite from the table, on PostgreSQL from the default partition only (the
/// day tables go whole, `drop_days_before`). Returns how many went; fewer than `batch` means
/// none are left.
pub fn purge_batch(conn: &mut DbConnection, before: i64, batch: i64) -> DbResult<usize> {
    let batch = batch.max(1);
    Ok(match conn {
        DbConnection::Sqlite(lite) => diesel::sql_query(
            "DELETE FROM connection_records WHERE id IN (SELECT id FROM connection_records \
             WHERE started_at < ? ORDER BY started_at LIMIT ?)",
        )
        .bind::<BigInt, _>(before)
        .bind::<BigInt, _>(batch)
        .execute(lite)?,
        DbConnection::Postgres(pg) => diesel::sql_query(
            "DELETE FROM connection_records_default WHERE id IN (SELECT id FROM \
             connection_records_default WHERE started_at < $1 ORDER BY started_at LIMIT $2)",
        )
        .bind::<BigInt, _>(before)
        .bind::<BigInt, _>(batch)
        .execute(pg)?,
    })
}
