//! The abuse desk: reports from the public form, each a case that is open, answered or closed;
//! the connection records a case's destination and window match (who connected, with which
//! credential, through which pool); and the destinations the desk blocked for one customer.
//!
//! A case's status moves by conditional updates (`set_status` changes a row only from the status
//! the operator saw), and a customer's block is one row per (customer, destination) under a
//! unique constraint, so two operators acting at once change a case or add a block once.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::gateway_events::{self, Reason};
use crate::schema::{abuse_customer_blocks, abuse_reports, connection_records as cr, users};
use diesel::prelude::*;
use domain::abuse::CaseStatus;
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};

/// How long before the window a matching connection may have started: a connection opened up
/// to a day earlier and still open in the window matches too. Bounds the index range read.
pub const OPEN_BEFORE_SECS: i64 = 24 * 3600;

/// A report as the form sent it, checked by the caller.
#[derive(Debug, Clone)]
pub struct NewReport {
    pub reporter_email: String,
    pub destination: String,
    pub port: Option<i32>,
    pub window_from: i64,
    pub window_to: i64,
    pub description: String,
    pub evidence: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = abuse_reports)]
pub struct ReportRow {
    pub id: i64,
    pub reporter_email: String,
    pub destination: String,
    pub port: Option<i32>,
    pub window_from: i64,
    pub window_to: i64,
    pub description: String,
    pub evidence: Option<String>,
    pub status: CaseStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Files a new open case; its id (the case number).
pub fn insert(conn: &mut DbConnection, report: &NewReport, now: i64) -> DbResult<i64> {
    Ok(diesel::insert_into(abuse_reports::table)
        .values((
            abuse_reports::reporter_email.eq(&report.reporter_email),
            abuse_reports::destination.eq(&report.destination),
            abuse_reports::port.eq(report.port),
            abuse_reports::window_from.eq(report.window_from),
            abuse_reports::window_to.eq(report.window_to),
            abuse_reports::description.eq(&report.description),
            abuse_reports::evidence.eq(&report.evidence),
            abuse_reports::status.eq(CaseStatus::Open),
            abuse_reports::created_at.eq(now),
            abuse_reports::updated_at.eq(now),
        ))
        .returning(abuse_reports::id)
        .get_result(conn)?)
}

/// One page of the cases, newest first, of one status or all, and how many there are.
pub fn list(
    conn: &mut DbConnection,
    status: Option<CaseStatus>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<ReportRow>, i64)> {
    let filtered = || {
        let mut query = abuse_reports::table.into_boxed();
        if let Some(status) = status {
            query = query.filter(abuse_reports::status.eq(status));
        }
        query
    };
    let rows = filtered()
        .order(abuse_reports::id.desc())
        .limit(limit)
        .offset(offset)
        .select(ReportRow::as_select())
        .load(conn)?;
    let total = filtered().count().get_result(conn)?;
    Ok((rows, total))
}

pub fn get(conn: &mut DbConnection, id: i64) -> DbResult<Option<ReportRow>> {
    Ok(abuse_reports::table
        .find(id)
        .select(ReportRow::as_select())
        .first(conn)
        .optional()?)
}

/// Moves case `id` from `from` to `to`; false when it is not in `from` (any more).
pub fn set_status(
    conn: &mut DbConnection,
    id: i64,
    from: CaseStatus,
    to: CaseStatus,
    now: i64,
) -> DbResult<bool> {
    let changed = diesel::update(
        abuse_reports::table
            .filter(abuse_reports::id.eq(id))
            .filter(abuse_reports::status.eq(from)),
    )
    .set((
        abuse_reports::status.eq(to),
        abuse_reports::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(changed == 1)
}

type MatchColumns = (
    cr::id,
    cr::user_id,
    users::email,
    cr::credential_kind,
    cr::credential_id,
    cr::credential_label,
    cr::kind,
    cr::host,
    cr::port,
    cr::started_at,
    cr::duration_ms,
    cr::bytes_up,
    cr::bytes_down,
    cr::outcome,
    cr::upstream_id,
    cr::source,
);

const MATCH_COLUMNS: MatchColumns = (
    cr::id,
    cr::user_id,
    users::email,
    cr::credential_kind,
    cr::credential_id,
    cr::credential_label,
    cr::kind,
    cr::host,
    cr::port,
    cr::started_at,
    cr::duration_ms,
    cr::bytes_up,
    cr::bytes_down,
    cr::outcome,
    cr::upstream_id,
    cr::source,
);

/// One connection record a case matches, with its customer's email.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Match {
    pub record_id: i64,
    pub user_id: UserId,
    pub email: String,
    pub credential_kind: CredentialKind,
    pub credential_id: Option<i64>,
    pub credential_label: String,
    pub kind: ProxyKind,
    pub host: String,
    pub port: i32,
    pub started_at: i64,
    pub duration_ms: i64,
    pub bytes_up: i64,
    pub bytes_down: i64,
    pub outcome: Outcome,
    pub upstream_id: Option<i64>,
    /// The customer's machine that connected (`connection_records.source`).
    pub source: Option<String>,
}

/// The records of connections to `destination` (on `port`, when given) open at some time in
/// `[from, to]` (Unix seconds), oldest first, at most `limit`. Plain SQL over
/// `(host, started_at)`: the index `connection_records_host_started` bounds the read to the
/// window and the day before it.
pub fn matches(
    conn: &mut DbConnection,
    destination: &str,
    port: Option<i32>,
    from: i64,
    to: i64,
    limit: i64,
) -> DbResult<Vec<Match>> {
    let mut query = cr::table
        .inner_join(users::table)
        .filter(cr::host.eq(destination))
        .filter(cr::started_at.ge(from - OPEN_BEFORE_SECS))
        .filter(cr::started_at.le(to))
        .filter((cr::started_at * 1000 + cr::duration_ms).ge(from * 1000))
        .into_boxed();
    if let Some(port) = port {
        query = query.filter(cr::port.eq(port));
    }
    Ok(query
        .order((cr::started_at.asc(), cr::id.asc()))
        .limit(limit)
        .select(MATCH_COLUMNS)
        .load(conn)?)
}

/// The record `id` with its customer's email, if it exists.
pub fn record(conn: &mut DbConnection, id: i64) -> DbResult<Option<Match>> {
    Ok(cr::table
        .inner_join(users::table)
        .filter(cr::id.eq(id))
        .select(MATCH_COLUMNS)
        .first(conn)
        .optional()?)
}

impl ReportRow {
    /// Whether `record` is one of the case's matches (what `matches` selects).
    pub fn covers(&self, record: &Match) -> bool {
        let ends_ms = record.started_at * 1000 + record.duration_ms;
        record.host == self.destination
            && self.port.is_none_or(|port| port == record.port)
            && record.started_at >= self.window_from - OPEN_BEFORE_SECS
            && record.started_at <= self.window_to
            && ends_ms >= self.window_from * 1000
    }
}

/// A destination the desk blocked for one customer.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = abuse_customer_blocks)]
pub struct BlockRow {
    pub id: i64,
    pub user_id: UserId,
    pub destination: String,
    pub report_id: Option<i64>,
    pub created_by: Option<i64>,
    pub created_at: i64,
}

/// Blocks `destination` for `user`; false when it was blocked already (by anyone, in any case).
/// The unique (customer, destination) decides between two operators at once; the insert runs in
/// a savepoint so that the loser's transaction stays usable. The gateway nodes are told in the
/// same transaction and refuse it from their next read (`blocklist::for_gateway`).
pub fn block_for_customer(
    conn: &mut DbConnection,
    user: UserId,
    destination: &str,
    report_id: Option<i64>,
    actor: UserId,
    now: i64,
) -> DbResult<bool> {
    let inserted = conn.transaction(|conn| {
        diesel::insert_into(abuse_customer_blocks::table)
            .values((
                abuse_customer_blocks::user_id.eq(user),
                abuse_customer_blocks::destination.eq(destination),
                abuse_customer_blocks::report_id.eq(report_id),
                abuse_customer_blocks::created_by.eq(Some(actor.get())),
                abuse_customer_blocks::created_at.eq(now),
            ))
            .execute(conn)
    });
    match inserted.map_err(DbError::from) {
        Ok(_) => {
            crate::gateway_events::emit(
                conn,
                crate::gateway_events::Reason::BlocklistChanged,
                Some(user),
                None,
            )?;
            Ok(true)
        }
        Err(DbError::UniqueViolation(_)) => Ok(false),
        Err(err) => Err(err),
    }
}

/// The destinations blocked for `user`, oldest first.
pub fn blocks_of(conn: &mut DbConnection, user: UserId) -> DbResult<Vec<BlockRow>> {
    Ok(abuse_customer_blocks::table
        .filter(abuse_customer_blocks::user_id.eq(user))
        .order(abuse_customer_blocks::id.asc())
        .select(BlockRow::as_select())
        .load(conn)?)
}

/// Replaces `user`'s main proxy password with `new_password` and tells the gateway nodes, which
/// forget their cached credentials at once: the password that connected stops working (the
/// customer reads the new one in their dashboard). False when there is no such user.
pub fn revoke_main_credential(
    conn: &mut DbConnection,
    user: UserId,
    new_password: &str,
) -> DbResult<bool> {
    let changed = diesel::update(users::table.find(user))
        .set(users::proxy_password.eq(new_password))
        .execute(conn)?;
    if changed == 0 {
        return Ok(false);
    }
    gateway_events::emit(conn, Reason::CredentialChanged, Some(user), None)?;
    Ok(true)
}
