//! The usage records of the gateway's connections: written in batches by the gateway's flush
//! (`insert_many`, in the transaction that settles the same bytes), read by the customer newest
//! first (`page`, `after` for the CSV export), summed per host, credential, day or hour
//! (`breakdown`), and purged after the retention (`purge_before`). Every read is scoped to one
//! customer.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::connection_records as cr;
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// Rows per multi-row INSERT on PostgreSQL: 13 values each stays far below its limit of
/// 65,535 bound parameters.
const INSERT_CHUNK: usize = 500;

/// One connection's record, as written and as read back (`id` aside).
///
/// `None` is written as NULL (the nullable columns have no other default), which keeps the
/// INSERT's SQL the same for every row: SQLite's single-row statement is prepared once.
#[derive(Debug, Clone, PartialEq, Eq, Insertable, Queryable, Selectable)]
#[diesel(table_name = cr, treat_none_as_default_value = false)]
pub struct NewRecord {
    pub user_id: UserId,
    /// Unix seconds when the connection was opened.
    pub started_at: i64,
    pub duration_ms: i64,
    pub credential_kind: CredentialKind,
    /// The sub-user's, allowlist entry's or piece's id; none for the main account.
    pub credential_id: Option<i64>,
    /// The credential's name when the connection was made (the proxy username, the piece's
    /// username, the sub-user's name, the allowlisted network).
    pub credential_label: String,
    pub kind: ProxyKind,
    /// The target as the client asked for it (cut to `domain::usage::HOST_MAX`); empty when the
    /// connection was refused before naming one (SOCKS5 authenticates first).
    pub host: String,
    pub port: i32,
    /// Bytes metered towards the target and back to the client: together what the balance lost.
    pub bytes_up: i64,
    pub bytes_down: i64,
    pub outcome: Outcome,
    /// Why it was refused, failed or cut (`no_traffic`, `connect_failed`, …).
    pub reason: Option<String>,
}

/// A stored record with its id (the CSV export's cursor).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = cr)]
pub struct Record {
    pub id: i64,
    #[diesel(embed)]
    pub row: NewRecord,
}

/// Writes `rows`; run it in the flush's transaction (`usage_rollups::write_records` writes them
/// with their rollups, as the flush does). On SQLite one row per INSERT through the
/// connection's cached prepared statement (its SQL never changes: no building or parsing per
/// flush; a multi-row INSERT of a varying row count was built, parsed and prepared again at
/// every flush, which cost the gateway more than writing the rows). On PostgreSQL multi-row
/// inserts, one round trip per `INSERT_CHUNK` rows.
pub fn insert_many(conn: &mut DbConnection, rows: &[NewRecord]) -> DbResult<usize> {
    let mut written = 0;
    match conn {
        DbConnection::Sqlite(lite) => {
            for row in rows {
                written += diesel::insert_into(cr::table).values(row).execute(lite)?;
            }
        }
        // Multi-row VALUES is written per backend: the MultiConnection's own backend cannot
        // express it.
        DbConnection::Postgres(pg) => {
            for chunk in rows.chunks(INSERT_CHUNK) {
                written += diesel::insert_into(cr::table).values(chunk).execute(pg)?;
            }
        }
    }
    Ok(written)
}

/// Which of one customer's records a read covers; `None` is no condition.
#[derive(Debug, Clone)]
pub struct RecordFilter {
    pub user_id: UserId,
    pub kind: Option<ProxyKind>,
    /// Unix seconds, inclusive.
    pub from: Option<i64>,
    /// Unix seconds, exclusive.
    pub to: Option<i64>,
    /// A substring of the host, case-insensitive.
    pub host: Option<String>,
    pub outcome: Option<Outcome>,
}

impl RecordFilter {
    pub fn of(user_id: UserId) -> RecordFilter {
        RecordFilter {
            user_id,
            kind: None,
            from: None,
            to: None,
            host: None,
            outcome: None,
        }
    }
}

/// The conditions of `filter` other than its time range, as one expression of fixed type (an
/// absent condition matches everything), so that the grouped queries need no boxing.
macro_rules! beside_time {
    ($filter:expr) => {{
        let f: &RecordFilter = $filter;
        let kinds: Vec<ProxyKind> = f.kind.map_or_else(|| ProxyKind::ALL.to_vec(), |k| vec![k]);
        let outcomes: Vec<Outcome> = f.outcome.map_or_else(|| Outcome::ALL.to_vec(), |o| vec![o]);
        let pattern = crate::like::contains(f.host.as_deref().unwrap_or(""));
        cr::user_id
            .eq(f.user_id)
            .and(cr::kind.eq_any(kinds))
            .and(cr::outcome.eq_any(outcomes))
            .and(lower(cr::host).like(pattern).escape('\\'))
    }};
}

/// Every condition of `filter` as one expression of fixed type.
macro_rules! matching {
    ($filter:expr) => {{
        let f: &RecordFilter = $filter;
        beside_time!(f)
            .and(cr::started_at.ge(f.from.unwrap_or(i64::MIN)))
            .and(cr::started_at.lt(f.to.unwrap_or(i64::MAX)))
    }};
}

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

/// What the records are summed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupBy {
    /// The target host: the `HOST_TOP` with the most bytes.
    Host,
    /// The credential (kind and label): main account, each sub-user, allowlist entry, piece.
    Credential,
    /// The UTC day (`YYYY-MM-DD`), oldest first.
    Day,
    /// The UTC hour (`YYYY-MM-DDTHH:00:00Z`), oldest first.
    Hour,
}

/// How many hosts a breakdown by host lists.
pub const HOST_TOP: i64 = 50;
/// How many credentials a breakdown by credential lists.
pub const CREDENTIAL_TOP: i64 = 500;

/// One group of a breakdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub key: String,
    /// Set when grouped by credential.
    pub credential_kind: Option<CredentialKind>,
    pub requests: i64,
    pub bytes_up: i64,
    pub bytes_down: i64,
}

/// `SUM(column)` as a BIGINT, 0 for no rows (PostgreSQL sums BIGINT as NUMERIC otherwise).
fn sum_of(column: &str) -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>(&format!("CAST(COALESCE(SUM({column}), 0) AS BIGINT)"))
}

fn most_bytes() -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>("SUM(bytes_up) + SUM(bytes_down)")
}

/// The records `filter` matches, summed per group (in SQL: one row per group comes back).
pub fn breakdown(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    by: GroupBy,
) -> DbResult<Vec<Group>> {
    let plain = |(key, requests, bytes_up, bytes_down): (String, i64, i64, i64)| Group {
        key,
        credential_kind: None,
        requests,
        bytes_up,
        bytes_down,
    };
    Ok(match by {
        GroupBy::Host => cr::table
            .filter(matching!(filter))
            .group_by(cr::host)
            .select((
                cr::host,
                count_star(),
                sum_of("bytes_up"),
                sum_of("bytes_down"),
            ))
            .order((most_bytes().desc(), cr::host.asc()))
            .limit(HOST_TOP)
            .load::<(String, i64, i64, i64)>(conn)?
            .into_iter()
            .map(plain)
            .collect(),
        GroupBy::Credential => cr::table
            .filter(matching!(filter))
            .group_by((cr::credential_kind, cr::credential_label))
            .select((
                cr::credential_kind,
                cr::credential_label,
                count_star(),
                sum_of("bytes_up"),
                sum_of("bytes_down"),
            ))
            .order((
                most_bytes().desc(),
                cr::credential_kind.asc(),
                cr::credential_label.asc(),
            ))
            .limit(CREDENTIAL_TOP)
            .load::<(CredentialKind, String, i64, i64, i64)>(conn)?
            .into_iter()
            .map(|(kind, key, requests, bytes_up, bytes_down)| Group {
                key,
                credential_kind: Some(kind),
                requests,
                bytes_up,
                bytes_down,
            })
            .collect(),
        GroupBy::Day | GroupBy::Hour => {
            let seconds: i64 = if by == GroupBy::Day { 86_400 } else { 3_600 };
            // Integer division truncates alike on both backends: the floor for every time
            // since 1970 (as `stats::range` buckets days).
            let bucket = || sql::<BigInt>(&format!("started_at / {seconds}"));
            cr::table
                .filter(matching!(filter))
                .group_by(bucket())
                .select((
                    bucket(),
                    count_star(),
                    sum_of("bytes_up"),
                    sum_of("bytes_down"),
                ))
                .order(bucket().asc())
                .load::<(i64, i64, i64, i64)>(conn)?
                .into_iter()
                .map(|(bucket, requests, bytes_up, bytes_down)| {
                    let start = bucket * seconds;
                    let day = domain::calendar::utc_day(start);
                    let key = if by == GroupBy::Day {
                        day
                    } else {
                        format!("{day}T{:02}:00:00Z", start.rem_euclid(86_400) / 3_600)
                    };
                    plain((key, requests, bytes_up, bytes_down))
                })
                .collect()
        }
    })
}

/// Deletes the records opened before `before` (unix seconds), `batch` rows per statement so
/// that no statement holds the table long; returns how many went.
pub fn purge_before(conn: &mut DbConnection, before: i64, batch: i64) -> DbResult<usize> {
    let mut purged = 0;
    loop {
        let ids: Vec<i64> = cr::table
            .filter(cr::started_at.lt(before))
            .order(cr::started_at.asc())
            .limit(batch.max(1))
            .select(cr::id)
            .load(conn)?;
        if ids.is_empty() {
            return Ok(purged);
        }
        let n = diesel::delete(cr::table.filter(cr::id.eq_any(&ids))).execute(conn)?;
        purged += n;
        if (ids.len() as i64) < batch.max(1) {
            return Ok(purged);
        }
    }
}
