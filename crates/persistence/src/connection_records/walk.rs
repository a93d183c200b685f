//! Reading one customer's records newest first: a counted page (`page`) and the keyset walk of
//! the CSV export (`after`).

use super::filter::RecordFilter;
use super::record::Record;
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::connection_records as cr;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};

/// How many matching records a page's total counts at most: counting every record of a heavy
/// customer's history cost more than the page itself (1.5 s at 5M records, per page), counting
/// this many costs a few milliseconds at any size.
pub const COUNT_CAP: i64 = 10_000;

/// How many records a filter matches, counted up to `COUNT_CAP`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Total {
    /// The number of matching records, or `COUNT_CAP` when there are more.
    pub count: i64,
    /// Set when there are more than `COUNT_CAP`.
    pub capped: bool,
}

/// One page of the records `filter` matches, newest first, and how many match (up to
/// `COUNT_CAP`).
pub fn page(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<Record>, Total)> {
    // The ids of at most one record more than the cap, newest first along the index: their
    // number is the total, and whether the cap was passed.
    let counted = cr::table
        .filter(matching!(filter))
        .order((cr::started_at.desc(), cr::id.desc()))
        .limit(COUNT_CAP + 1)
        .select(cr::id)
        .load::<i64>(conn)?
        .len() as i64;
    let total = Total {
        count: counted.min(COUNT_CAP),
        capped: counted > COUNT_CAP,
    };
    let rows = cr::table
        .filter(matching!(filter))
        .order((cr::started_at.desc(), cr::id.desc()))
        .limit(limit)
        .offset(offset)
        .select(Record::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Where a newest-first walk stopped: the last record's (started_at, id).
pub type Cursor = (i64, i64);

/// The (started_at, id) every record of a walk comes before: the cursor, or the filter's end
/// (`started_at < to` is `(started_at, id) < (to, i64::MIN)`), whichever is earlier.
fn upper_bound(filter: &RecordFilter, cursor: Option<Cursor>) -> Cursor {
    let end = filter.to.map_or((i64::MAX, i64::MAX), |to| (to, i64::MIN));
    cursor.map_or(end, |c| c.min(end))
}

/// `(started_at, id) < (at, id)` as a row-value comparison: with the index on
/// (user_id, started_at, id) both backends seek to it and read forward (see `after`).
macro_rules! before {
    ($cursor:expr) => {{
        let (at, id): Cursor = $cursor;
        sql::<Bool>("(started_at, id) < (")
            .bind::<BigInt, _>(at)
            .sql(", ")
            .bind::<BigInt, _>(id)
            .sql(")")
    }};
}

/// The query of `after`, also explained by `explain_after`.
macro_rules! after_query {
    ($filter:expr, $cursor:expr, $limit:expr) => {{
        let f: &RecordFilter = $filter;
        cr::table
            .filter(beside_time!(f))
            .filter(cr::started_at.ge(f.from.unwrap_or(i64::MIN)))
            .filter(before!(upper_bound(f, $cursor)))
            .order((cr::started_at.desc(), cr::id.desc()))
            .limit($limit)
            .select(Record::as_select())
    }};
}

/// Up to `limit` records `filter` matches that come after `cursor` newest first (from the
/// newest when `None`): the pages of the CSV export, stable while rows are added.
///
/// The cursor and the filter's end are one row-value bound, `(started_at, id) < (?, ?)`, the
/// only upper bound of the query: both backends seek the index on (user_id, started_at, id) to
/// it, so a page costs the same at any depth. Written as `started_at < ? OR (started_at = ?
/// AND id < ?)` beside `started_at < to` it was no index bound, and each page read again every
/// record newer than it (an export of 1M records took 20 s on SQLite, 5M took 485 s).
pub fn after(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    cursor: Option<Cursor>,
    limit: i64,
) -> DbResult<Vec<Record>> {
    Ok(after_query!(filter, cursor, limit).load(conn)?)
}

/// The SQL of `after` on the first line, then the plan the database chooses for it (SQLite's
/// `EXPLAIN QUERY PLAN` details, or PostgreSQL's `EXPLAIN` lines), one step a line: what the
/// query-plan tests read. SQLite's plan shows a row value's bound as `started_at<?` only, so
/// its test also reads the SQL for the bound's origin.
#[cfg(feature = "testing")]
pub fn explain_after(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    cursor: Option<Cursor>,
) -> DbResult<String> {
    use crate::explain::Explain;
    Ok(match conn {
        DbConnection::Sqlite(c) => {
            let sql = diesel::debug_query::<diesel::sqlite::Sqlite, _>(&after_query!(
                filter, cursor, 1_000
            ))
            .to_string();
            let plan =
                Explain::sqlite(after_query!(filter, cursor, 1_000))
                    .load::<(i32, i32, i32, String)>(c)?;
            let details = plan.into_iter().map(|(_, _, _, detail)| detail);
            std::iter::once(sql)
                .chain(details)
                .collect::<Vec<_>>()
                .join("\n")
        }
        DbConnection::Postgres(c) => {
            let sql =
                diesel::debug_query::<diesel::pg::Pg, _>(&after_query!(filter, cursor, 1_000))
                    .to_string();
            let plan = Explain::postgres(after_query!(filter, cursor, 1_000)).load::<String>(c)?;
            std::iter::once(sql)
                .chain(plan)
                .collect::<Vec<_>>()
                .join("\n")
        }
    })
}
