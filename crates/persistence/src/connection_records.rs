//! The usage records of the gateway's connections: written in batches by the gateway's flush
//! (`insert_many`, in the transaction that settles the same bytes), read by the customer newest
//! first (`page`; the list and the CSV export walk `record_pages`), summed per host, credential, day or hour
//! (`breakdown`), and purged after the retention (`purge_before`). Every read is scoped to one
//! customer.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::connection_records as cr;
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
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

/// Writes `rows`; run it in the flush's transaction. On SQLite one row per INSERT through the
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

/// Where a newest-first walk stopped: the last record's (started_at, id); the pages of the
/// list and the CSV export walk from it (`record_pages`).
pub type Cursor = (i64, i64);

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
