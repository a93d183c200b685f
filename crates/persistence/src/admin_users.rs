//! What the operator console reads about customers: the filtered list (a page of it, or batches
//! for the CSV export), one customer with their sign-in time, and the pieces of their detail
//! page (referrer, live pieces, recent usage, one ledger row).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{piece_proxies, usage_daily, user_logins, users, wallet_ledger};
use crate::users::UserRow;
use crate::wallet::LedgerRow;
use diesel::prelude::*;
use domain::{EntryKind, ProxyKind, UserId};

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// Which customers a list or export shows; every filter that is set must match.
#[derive(Debug, Clone, Default)]
pub struct CustomerFilter {
    /// Case-insensitive: the whole id, email, ref code or proxy username (answered through
    /// their unique indexes, and then only those), else a substring of the email or name.
    pub q: Option<String>,
    /// `admin` or `user`.
    pub role: Option<String>,
    pub disabled: Option<bool>,
}

/// A customer with when they last signed in (`None`: never).
#[derive(Debug, Clone)]
pub struct Customer {
    pub user: UserRow,
    pub last_login_at: Option<i64>,
}

type Db = <DbConnection as diesel::Connection>::Backend;

/// The search text of `filter`, trimmed; `None` when blank.
fn search_text(filter: &CustomerFilter) -> Option<&str> {
    filter.q.as_deref().map(str::trim).filter(|q| !q.is_empty())
}

/// The customers `q` names exactly (an id, an email, a ref code or a proxy username, any case),
/// each found through its unique index (lower(ref_code) and lower(proxy_username) have theirs):
/// the search answers them without reading every customer.
fn exact(conn: &mut DbConnection, q: &str) -> DbResult<Vec<i64>> {
    let lowered = q.to_lowercase();
    // `id = NULL` when q is no number: never true. Emails are stored lower-cased.
    let id: Option<i64> = q.parse().ok();
    Ok(users::table
        .filter(
            users::id
                .nullable()
                .eq(id)
                .or(users::email.eq(lowered.clone()))
                .or(lower(users::ref_code).eq(lowered.clone()))
                .or(lower(users::proxy_username).eq(lowered)),
        )
        .select(users::id)
        .limit(10)
        .load(conn)?)
}

/// The `users` query with `filter` applied: the customer `q` names exactly when there is one
/// ([`exact`]), else every customer whose email or name holds `q`. On PostgreSQL trigram
/// indexes on lower(email) and lower(name) serve the substring (when the `pg_trgm` extension
/// could be created); SQLite has no such index and reads every customer for it.
fn searched(
    conn: &mut DbConnection,
    filter: &CustomerFilter,
) -> DbResult<users::BoxedQuery<'static, Db>> {
    let exact = match search_text(filter) {
        Some(q) => exact(conn, q)?,
        None => Vec::new(),
    };
    Ok(filtered(filter, (!exact.is_empty()).then_some(exact)))
}

/// The `users` query with `filter` applied, `exact` the ids its search names exactly.
fn filtered(filter: &CustomerFilter, exact: Option<Vec<i64>>) -> users::BoxedQuery<'static, Db> {
    let mut query = users::table.into_boxed();
    if let Some(ids) = exact {
        query = query.filter(users::id.eq_any(ids));
    } else if let Some(q) = search_text(filter) {
        // What `q` could name exactly (id, ref code, proxy username) names no one: `exact`
        // looked first.
        let pattern = crate::like::contains(q);
        query = query.filter(
            lower(users::email)
                .like(pattern.clone())
                .escape('\\')
                .or(lower(users::name).like(pattern).escape('\\')),
        );
    }
    if let Some(role) = &filter.role {
        query = query.filter(users::role.eq(role.clone()));
    }
    if let Some(disabled) = filter.disabled {
        query = query.filter(users::disabled.eq(disabled));
    }
    query
}

/// The sign-in times of `rows`, joined to them.
fn with_logins(conn: &mut DbConnection, rows: Vec<UserRow>) -> DbResult<Vec<Customer>> {
    let ids: Vec<i64> = rows.iter().map(|u| u.id.get()).collect();
    let logins: Vec<(i64, i64)> = user_logins::table
        .filter(user_logins::user_id.eq_any(ids))
        .select((user_logins::user_id, user_logins::last_login_at))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|user| Customer {
            last_login_at: logins
                .iter()
                .find(|(id, _)| *id == user.id.get())
                .map(|(_, at)| *at),
            user,
        })
        .collect())
}

/// One page of the customers `filter` matches, newest first, and how many it matches in all.
pub fn list(
    conn: &mut DbConnection,
    filter: &CustomerFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<Customer>, i64)> {
    let total = searched(conn, filter)?.count().get_result(conn)?;
    let rows = searched(conn, filter)?
        .order(users::id.desc())
        .limit(limit)
        .offset(offset)
        .select(UserRow::as_select())
        .load(conn)?;
    Ok((with_logins(conn, rows)?, total))
}

/// Up to `limit` customers `filter` matches with an id below `before` (all when `None`),
/// newest first: the export walks the list in such batches, each a query of its own.
pub fn batch(
    conn: &mut DbConnection,
    filter: &CustomerFilter,
    before: Option<UserId>,
    limit: i64,
) -> DbResult<Vec<Customer>> {
    let mut query = searched(conn, filter)?;
    if let Some(before) = before {
        query = query.filter(users::id.lt(before));
    }
    let rows = query
        .order(users::id.desc())
        .limit(limit)
        .select(UserRow::as_select())
        .load(conn)?;
    with_logins(conn, rows)
}

/// The plan the database chooses for counting the substring search of `filter` (the list's
/// total, which reads every match; SQLite's `EXPLAIN QUERY PLAN` details, or PostgreSQL's
/// `EXPLAIN` lines), one step a line.
#[cfg(feature = "testing")]
pub fn explain_search(conn: &mut DbConnection, filter: &CustomerFilter) -> DbResult<String> {
    Ok(crate::explain::plan_lines!(
        conn,
        filtered(filter, None).count()
    )?)
}

/// One customer with their sign-in time.
pub fn find(conn: &mut DbConnection, id: UserId) -> DbResult<Option<Customer>> {
    let Some(user) = crate::users::find_by_id(conn, id)? else {
        return Ok(None);
    };
    Ok(with_logins(conn, vec![user])?.pop())
}

/// Who referred `id` (their id and email), if anyone did.
pub fn referrer(conn: &mut DbConnection, id: UserId) -> DbResult<Option<(UserId, String)>> {
    let referred_by: Option<UserId> = users::table
        .find(id)
        .select(users::referred_by)
        .first(conn)
        .optional()?
        .flatten();
    let Some(referrer) = referred_by else {
        return Ok(None);
    };
    Ok(users::table
        .find(referrer)
        .select((users::id, users::email))
        .first(conn)
        .optional()?)
}

/// How many accounts `id` referred.
pub fn referred_count(conn: &mut DbConnection, id: UserId) -> DbResult<i64> {
    Ok(users::table
        .filter(users::referred_by.eq(id))
        .count()
        .get_result(conn)?)
}

/// A piece that still works, as the operator sees it (no password).
#[derive(Debug, Clone, Queryable)]
pub struct LivePiece {
    pub id: i64,
    pub kind: ProxyKind,
    pub host: String,
    pub port: i32,
    pub username: String,
    pub country: Option<String>,
    pub expires_at: i64,
}

/// The customer's pieces not released and expiring after `at`, soonest expiry first.
pub fn live_pieces(conn: &mut DbConnection, id: UserId, at: i64) -> DbResult<Vec<LivePiece>> {
    Ok(piece_proxies::table
        .filter(piece_proxies::user_id.eq(id))
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::expires_at.gt(at))
        .order((piece_proxies::expires_at.asc(), piece_proxies::id.asc()))
        .select((
            piece_proxies::id,
            piece_proxies::kind,
            piece_proxies::host,
            piece_proxies::port,
            piece_proxies::username,
            piece_proxies::country,
            piece_proxies::expires_at,
        ))
        .load(conn)?)
}

/// Bytes per (day, kind) from `from_day` (inclusive) on, oldest first; days without traffic
/// are absent.
pub fn usage_since(
    conn: &mut DbConnection,
    id: UserId,
    from_day: &str,
) -> DbResult<Vec<(String, ProxyKind, i64)>> {
    Ok(usage_daily::table
        .filter(usage_daily::user_id.eq(id))
        .filter(usage_daily::day.ge(from_day))
        .order((usage_daily::day.asc(), usage_daily::kind.asc()))
        .select((usage_daily::day, usage_daily::kind, usage_daily::bytes))
        .load(conn)?)
}

/// The ledger row a wallet operation wrote (each (kind, reference) is written once).
pub fn ledger_entry(
    conn: &mut DbConnection,
    kind: EntryKind,
    reference: &str,
) -> DbResult<Option<LedgerRow>> {
    Ok(wallet_ledger::table
        .filter(wallet_ledger::kind.eq(kind))
        .filter(wallet_ledger::reference.eq(reference))
        .select(LedgerRow::as_select())
        .first(conn)
        .optional()?)
}
