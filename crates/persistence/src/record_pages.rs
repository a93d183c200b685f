//! The customer's usage records a page at a time, newest first, for the list and the CSV
//! export: each page starts after a cursor (the last row's `(started_at, id)`), never at an
//! offset, so page 1,000 costs what page 1 costs.
//!
//! Only the filters that are set become conditions, so that each combination the screen sends
//! seeks an index whose leading columns are its equalities, then `started_at`, then `id`:
//! `(user_id, started_at, id)` for all kinds, `(user_id, kind, started_at, id)` for one kind (the
//! generator pages always send one), `(user_id, kind, outcome, started_at, id)` for one kind and
//! one outcome, `(user_id, credential_kind, credential_label, started_at, id)` for one credential.
//! The cursor and the window's end are one row-value bound `(started_at, id) < (?,
//! ?)` along that index. The host is a substring (`lower(host) LIKE '%x%'`), which no index
//! serves: it is checked on the rows of the window the index walks, and the routes bound that
//! window (`HOST_WINDOW_SECS`).

use crate::connection::DbConnection;
use crate::connection_records::{COUNT_CAP, Cursor, Record, RecordFilter, Total};
use crate::error::DbResult;
use crate::schema::connection_records as cr;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

type Db = <DbConnection as diesel::Connection>::Backend;

/// The longest window a host search covers, in seconds (7 days): the substring is checked on
/// every record of the window, so the window bounds its cost.
pub const HOST_WINDOW_SECS: i64 = 7 * 86_400;

/// The (started_at, id) every record of a walk comes before: the cursor, or the filter's end
/// (`started_at < to` is `(started_at, id) < (to, i64::MIN)`), whichever is earlier.
fn upper_bound(filter: &RecordFilter, cursor: Option<Cursor>) -> Cursor {
    let end = filter.to.map_or((i64::MAX, i64::MAX), |to| (to, i64::MIN));
    cursor.map_or(end, |c| c.min(end))
}

/// The records `filter` matches before `cursor`, newest first, with only the set filters as
/// conditions.
fn query(filter: &RecordFilter, cursor: Option<Cursor>) -> cr::BoxedQuery<'static, Db> {
    let mut q = cr::table
        .filter(cr::user_id.eq(filter.user_id))
        .into_boxed();
    if let Some(kind) = filter.kind {
        q = q.filter(cr::kind.eq(kind));
    }
    if let Some(outcome) = filter.outcome {
        q = q.filter(cr::outcome.eq(outcome));
    }
    if let Some((kind, label)) = &filter.credential {
        q = q
            .filter(cr::credential_kind.eq(*kind))
            .filter(cr::credential_label.eq(label.clone()));
    }
    if let Some(from) = filter.start() {
        q = q.filter(cr::started_at.ge(from));
    }
    let bound = filter.to.is_some() || cursor.is_some();
    if bound {
        let (at, id) = upper_bound(filter, cursor);
        q = q.filter(
            sql::<Bool>("(started_at, id) < (")
                .bind::<BigInt, _>(at)
                .sql(", ")
                .bind::<BigInt, _>(id)
                .sql(")"),
        );
    }
    if let Some(host) = filter.host.as_deref() {
        let pattern = crate::like::contains(host);
        q = q.filter(lower(cr::host).like(pattern).escape('\\'));
    }
    q.order((cr::started_at.desc(), cr::id.desc()))
}

/// Up to `limit` records `filter` matches after `cursor` newest first (from the newest when
/// `None`); stable while records are added, as each page starts from the last one read.
pub fn after(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    cursor: Option<Cursor>,
    limit: i64,
) -> DbResult<Vec<Record>> {
    Ok(query(filter, cursor)
        .limit(limit)
        .select(Record::as_select())
        .load(conn)?)
}

/// The records at `offset` newest first: the list's `page` parameter, kept for the clients of
/// the numbered pages; it reads every record before the offset, so deep pages cost more.
pub fn at_offset(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    offset: i64,
    limit: i64,
) -> DbResult<Vec<Record>> {
    Ok(query(filter, None)
        .limit(limit)
        .offset(offset)
        .select(Record::as_select())
        .load(conn)?)
}

/// How many records `filter` matches, counted up to `COUNT_CAP` along the same index.
pub fn total(conn: &mut DbConnection, filter: &RecordFilter) -> DbResult<Total> {
    let counted = query(filter, None)
        .limit(COUNT_CAP + 1)
        .select(cr::id)
        .load::<i64>(conn)?
        .len() as i64;
    Ok(Total {
        count: counted.min(COUNT_CAP),
        capped: counted > COUNT_CAP,
    })
}

/// The plan the database chooses for `after` (SQLite's `EXPLAIN QUERY PLAN` details, or
/// PostgreSQL's `EXPLAIN` lines), one step a line: what the query-plan tests read.
#[cfg(feature = "testing")]
pub fn explain_after(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    cursor: Option<Cursor>,
) -> DbResult<String> {
    let page = query(filter, cursor).limit(50).select(Record::as_select());
    Ok(crate::explain::plan_lines!(conn, page)?)
}
