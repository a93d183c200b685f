//! Attempt counters in fixed windows, kept in the database so that every instance shares them
//! (a limit held in one process's memory would be multiplied by the number of instances).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::request_limits;
use crate::upsert::update_or_insert;
use diesel::prelude::*;

/// Counts one hit for `key` in the window starting at `window_start`, unless it already has
/// `limit`: one conditional UPDATE (or the first INSERT), so concurrent hits cannot all slip
/// under the limit. False when the limit is reached (nothing is counted then).
pub fn hit(conn: &mut DbConnection, key: &str, window_start: i64, limit: i32) -> DbResult<bool> {
    if limit <= 0 {
        return Ok(false);
    }
    let update = |c: &mut DbConnection| {
        diesel::update(
            request_limits::table
                .find((key, window_start))
                .filter(request_limits::hits.lt(limit)),
        )
        .set(request_limits::hits.eq(request_limits::hits + 1))
        .execute(c)
    };
    let insert = |c: &mut DbConnection| {
        diesel::insert_into(request_limits::table)
            .values((
                request_limits::key.eq(key),
                request_limits::window_start.eq(window_start),
                request_limits::hits.eq(1),
            ))
            .execute(c)
    };
    // 0 rows: the row exists and is at the limit.
    Ok(update_or_insert(conn, update, insert)? == 1)
}

/// Deletes the counters of windows that started before `before`.
pub fn purge_before(conn: &mut DbConnection, before: i64) -> DbResult<usize> {
    Ok(
        diesel::delete(request_limits::table.filter(request_limits::window_start.lt(before)))
            .execute(conn)?,
    )
}
