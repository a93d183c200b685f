//! Blocked destinations: the operator's rules (`blocklist_rules`, one row per canonical pattern,
//! the unique index deciding between two operators adding the same one) and each customer's
//! own list (`user_blocklist`, replaced whole). The gateway reads both (`for_gateway`) at start,
//! at each change event and every minute; the writers emit the change event in their
//! transaction (`gateway_events::Reason::BlocklistChanged`).

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::gateway_events::{self, Reason};
use crate::now;
use crate::schema::{abuse_customer_blocks, blocklist_rules, user_blocklist, users};
use diesel::prelude::*;
use domain::UserId;

/// One operator rule.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = blocklist_rules)]
pub struct RuleRow {
    pub id: i64,
    /// Canonical (`domain::blocklist::Pattern::canonical`).
    pub pattern: String,
    /// Comma-separated kind names.
    pub kinds: String,
    pub reason: String,
    pub active: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A rule to add, or the new values of one (`None`: unchanged).
#[derive(Debug, Clone, Default)]
pub struct RuleChange {
    pub pattern: Option<String>,
    pub kinds: Option<String>,
    pub reason: Option<String>,
    pub active: Option<bool>,
}

/// One page of the rules, newest first, with the number of all (`active_only`: the rules the
/// gateway enforces).
pub fn page(
    conn: &mut DbConnection,
    active_only: bool,
    offset: i64,
    limit: i64,
) -> DbResult<(Vec<RuleRow>, i64)> {
    let mut rows = blocklist_rules::table.into_boxed();
    let mut count = blocklist_rules::table.into_boxed();
    if active_only {
        rows = rows.filter(blocklist_rules::active.eq(true));
        count = count.filter(blocklist_rules::active.eq(true));
    }
    let total = count.count().get_result::<i64>(conn)?;
    let rows = rows
        .order(blocklist_rules::id.desc())
        .offset(offset)
        .limit(limit)
        .select(RuleRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Option<RuleRow>> {
    Ok(blocklist_rules::table
        .find(id)
        .select(RuleRow::as_select())
        .first(conn)
        .optional()?)
}

/// Adds a rule; a pattern already listed is `DbError::UniqueViolation`. Emits the change event.
pub fn create(
    conn: &mut DbConnection,
    pattern: &str,
    kinds: &str,
    reason: &str,
    active: bool,
) -> DbResult<RuleRow> {
    let at = now();
    let id: i64 = diesel::insert_into(blocklist_rules::table)
        .values((
            blocklist_rules::pattern.eq(pattern),
            blocklist_rules::kinds.eq(kinds),
            blocklist_rules::reason.eq(reason),
            blocklist_rules::active.eq(active),
            blocklist_rules::created_at.eq(at),
            blocklist_rules::updated_at.eq(at),
        ))
        .returning(blocklist_rules::id)
        .get_result(conn)?;
    gateway_events::emit(conn, Reason::BlocklistChanged, None, None)?;
    find(conn, id)?.ok_or(DbError::Query(diesel::result::Error::NotFound))
}

/// Applies `change` to rule `id`; None when there is no such rule. Emits the change event.
pub fn update(conn: &mut DbConnection, id: i64, change: &RuleChange) -> DbResult<Option<RuleRow>> {
    let Some(mut row) = find(conn, id)? else {
        return Ok(None);
    };
    if let Some(pattern) = &change.pattern {
        row.pattern.clone_from(pattern);
    }
    if let Some(kinds) = &change.kinds {
        row.kinds.clone_from(kinds);
    }
    if let Some(reason) = &change.reason {
        row.reason.clone_from(reason);
    }
    if let Some(active) = change.active {
        row.active = active;
    }
    row.updated_at = now();
    diesel::update(blocklist_rules::table.find(id))
        .set((
            blocklist_rules::pattern.eq(&row.pattern),
            blocklist_rules::kinds.eq(&row.kinds),
            blocklist_rules::reason.eq(&row.reason),
            blocklist_rules::active.eq(row.active),
            blocklist_rules::updated_at.eq(row.updated_at),
        ))
        .execute(conn)?;
    gateway_events::emit(conn, Reason::BlocklistChanged, None, None)?;
    Ok(Some(row))
}

/// Deletes rule `id`; false when there was none. Emits the change event.
pub fn delete(conn: &mut DbConnection, id: i64) -> DbResult<bool> {
    let deleted = diesel::delete(blocklist_rules::table.find(id)).execute(conn)? > 0;
    if deleted {
        gateway_events::emit(conn, Reason::BlocklistChanged, None, None)?;
    }
    Ok(deleted)
}

/// The customer's own patterns, in order.
pub fn user_patterns(conn: &mut DbConnection, user_id: UserId) -> DbResult<Vec<String>> {
    Ok(user_blocklist::table
        .filter(user_blocklist::user_id.eq(user_id))
        .order(user_blocklist::pattern.asc())
        .select(user_blocklist::pattern)
        .load(conn)?)
}

/// Replaces the customer's list with `patterns` (canonical, each once). The customer's row is
/// locked first on PostgreSQL, so two replacements at once apply one after the other. Emits the
/// change event.
pub fn replace_user_patterns(
    conn: &mut DbConnection,
    user_id: UserId,
    patterns: &[String],
) -> DbResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        users::table
            .find(user_id)
            .select(users::id)
            .for_update()
            .first::<UserId>(pg)
            .optional()?;
    }
    diesel::delete(user_blocklist::table.filter(user_blocklist::user_id.eq(user_id)))
        .execute(conn)?;
    for pattern in patterns {
        diesel::insert_into(user_blocklist::table)
            .values((
                user_blocklist::user_id.eq(user_id),
                user_blocklist::pattern.eq(pattern),
            ))
            .execute(conn)?;
    }
    gateway_events::emit(conn, Reason::BlocklistChanged, Some(user_id), None)?;
    Ok(())
}

/// What the gateway enforces: the active operator rules, every customer's own patterns, and the
/// destinations the abuse desk blocked for one customer (`abuse::block_for_customer`: the shop's
/// block, which the customer cannot lift).
#[derive(Debug, Clone, Default)]
pub struct GatewayBlocklist {
    pub rules: Vec<RuleRow>,
    pub customers: Vec<(UserId, String)>,
    pub imposed: Vec<(UserId, String)>,
}

pub fn for_gateway(conn: &mut DbConnection) -> DbResult<GatewayBlocklist> {
    let rules = blocklist_rules::table
        .filter(blocklist_rules::active.eq(true))
        .select(RuleRow::as_select())
        .load(conn)?;
    let customers = user_blocklist::table
        .select((user_blocklist::user_id, user_blocklist::pattern))
        .load(conn)?;
    let imposed = abuse_customer_blocks::table
        .select((
            abuse_customer_blocks::user_id,
            abuse_customer_blocks::destination,
        ))
        .load(conn)?;
    Ok(GatewayBlocklist {
        rules,
        customers,
        imposed,
    })
}
