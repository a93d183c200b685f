//! Fixed-window attempt counters in the database, so that a limit holds across instances.
//! Each step is one conditional statement: concurrent attempts cannot all slip under a limit.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::rate_windows;
use crate::upsert::update_or_insert;
use diesel::prelude::*;

/// Starts `key`'s window over at `now` if it has run out.
fn restart_ended(conn: &mut DbConnection, key: &str, window_secs: i64, now: i64) -> DbResult<()> {
    diesel::update(
        rate_windows::table
            .find(key)
            .filter(rate_windows::window_start.le(now - window_secs)),
    )
    .set((rate_windows::window_start.eq(now), rate_windows::hits.eq(0)))
    .execute(conn)?;
    Ok(())
}

/// `key`'s first window, begun at `now` with `hits`.
fn insert(conn: &mut DbConnection, key: &str, now: i64, hits: i32) -> QueryResult<usize> {
    diesel::insert_into(rate_windows::table)
        .values((
            rate_windows::key.eq(key),
            rate_windows::window_start.eq(now),
            rate_windows::hits.eq(hits),
        ))
        .execute(conn)
}

/// Counts one attempt for `key` in a window of `window_secs`. `Ok(None)` when under `limit`,
/// `Ok(Some(seconds))` until the window resets when the limit is reached (nothing counted).
pub fn hit(
    conn: &mut DbConnection,
    key: &str,
    limit: i32,
    window_secs: i64,
    now: i64,
) -> DbResult<Option<i64>> {
    restart_ended(conn, key, window_secs, now)?;
    let counted = update_or_insert(
        conn,
        |c| {
            diesel::update(
                rate_windows::table
                    .find(key)
                    .filter(rate_windows::hits.lt(limit)),
            )
            .set(rate_windows::hits.eq(rate_windows::hits + 1))
            .execute(c)
        },
        |c| insert(c, key, now, 1),
    )?;
    if counted > 0 && limit > 0 {
        return Ok(None);
    }
    let start: Option<i64> = rate_windows::table
        .find(key)
        .select(rate_windows::window_start)
        .first(conn)
        .optional()?;
    Ok(Some((start.unwrap_or(now) + window_secs - now).max(1)))
}

/// As [`hit`], but answers which attempt of the window this one is (1 for the first) when it
/// was counted, and `Ok(None)` when `limit` attempts were counted already. Run it inside a write
/// transaction: the counted row stays locked until that commits, so the number read back is this
/// attempt's own, never a concurrent one's (two callers cannot both be the fifth).
pub fn hit_numbered(
    conn: &mut DbConnection,
    key: &str,
    limit: i32,
    window_secs: i64,
    now: i64,
) -> DbResult<Option<i32>> {
    if hit(conn, key, limit, window_secs, now)?.is_some() {
        return Ok(None);
    }
    let hits = rate_windows::table
        .find(key)
        .select(rate_windows::hits)
        .first(conn)?;
    Ok(Some(hits))
}

/// Takes a block of up to `want` hits of `key`'s window of `window_secs` (the one `now` is in,
/// started over when it ran out), never past `limit` in all; returns how many (0: the window
/// holds `limit`). Run it in a write transaction: the row is locked from the first statement to
/// the commit, so takes of several instances at once never add up past the limit. The gateway
/// nodes spend the hits they take in memory (a plan's requests per second across the fleet).
pub fn take(
    conn: &mut DbConnection,
    key: &str,
    limit: i32,
    want: i32,
    window_secs: i64,
    now: i64,
) -> DbResult<i32> {
    restart_ended(conn, key, window_secs, now)?;
    // The row exists and is locked from here on (an update that changes nothing still locks).
    update_or_insert(
        conn,
        |c| {
            diesel::update(rate_windows::table.find(key))
                .set(rate_windows::hits.eq(rate_windows::hits))
                .execute(c)
        },
        |c| insert(c, key, now, 0),
    )?;
    let hits: i32 = rate_windows::table
        .find(key)
        .select(rate_windows::hits)
        .first(conn)?;
    let grant = want.min(limit - hits).max(0);
    if grant > 0 {
        diesel::update(rate_windows::table.find(key))
            .set(rate_windows::hits.eq(rate_windows::hits + grant))
            .execute(conn)?;
    }
    Ok(grant)
}

/// The attempts counted for `key` in its current window of `window_secs` and the seconds until
/// that window ends; None when there is no live window (nothing counted, or it ran out).
pub fn current(
    conn: &mut DbConnection,
    key: &str,
    window_secs: i64,
    now: i64,
) -> DbResult<Option<(i32, i64)>> {
    let row: Option<(i64, i32)> = rate_windows::table
        .find(key)
        .filter(rate_windows::window_start.gt(now - window_secs))
        .select((rate_windows::window_start, rate_windows::hits))
        .first(conn)
        .optional()?;
    Ok(row.map(|(start, hits)| (hits, (start + window_secs - now).max(1))))
}

/// Drops `key`'s window: its count starts over (a sign-in that succeeded clears its failures).
pub fn forget(conn: &mut DbConnection, key: &str) -> DbResult<()> {
    diesel::delete(rate_windows::table.find(key)).execute(conn)?;
    Ok(())
}

/// Drops the windows that began before `cutoff`. The purge job passes a cutoff a day back, past
/// the longest window of any limit: those windows have ended and would start over anyway.
pub fn purge_older_than(conn: &mut DbConnection, cutoff: i64) -> DbResult<usize> {
    Ok(
        diesel::delete(rate_windows::table.filter(rate_windows::window_start.lt(cutoff)))
            .execute(conn)?,
    )
}
