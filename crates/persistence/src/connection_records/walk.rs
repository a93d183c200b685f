//! Reading one customer's records newest first: a counted page (`page`); the keyset walk of the
//! list and the CSV export is `record_pages`.

use super::filter::RecordFilter;
use super::record::Record;
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::connection_records as cr;
use diesel::prelude::*;

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

/// Where a newest-first walk stopped: the last record's (started_at, id); the pages of the
/// list and the CSV export walk from it (`record_pages`).
pub type Cursor = (i64, i64);
