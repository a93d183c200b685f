//! The audit log: one row per operator action, written by `record` inside the transaction that
//! makes the change, so a change and its audit row commit together or not at all. Rows are
//! never updated or deleted by the application.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::audit_log;
use diesel::prelude::*;
use domain::UserId;
use serde_json::Value;

/// One operator action. `target` names what changed (`user:12`, `plan:3`, `order:7`,
/// `payment:ab12`, `stock:5`); `before` and `after` are that thing's state around the change;
/// `reason` is the operator's own words where the action asks for them.
#[derive(Debug, Clone)]
pub struct AuditEntry<'a> {
    pub actor: UserId,
    pub action: &'a str,
    pub target: &'a str,
    pub reason: Option<&'a str>,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_log)]
pub struct AuditRow {
    pub id: i64,
    pub admin_id: Option<UserId>,
    pub action: String,
    pub target: Option<String>,
    /// The operator's reason.
    pub detail: Option<String>,
    pub created_at: i64,
    pub before_state: Option<String>,
    pub after_state: Option<String>,
}

impl AuditRow {
    pub fn before(&self) -> Option<Value> {
        parse(self.before_state.as_deref())
    }
    pub fn after(&self) -> Option<Value> {
        parse(self.after_state.as_deref())
    }
}

fn parse(text: Option<&str>) -> Option<Value> {
    text.and_then(|t| serde_json::from_str(t).ok())
}

/// Writes `entry`. Call it inside the transaction that makes the change.
pub fn record(conn: &mut DbConnection, entry: &AuditEntry<'_>) -> DbResult<i64> {
    let text = |v: &Option<Value>| v.as_ref().map(Value::to_string);
    Ok(diesel::insert_into(audit_log::table)
        .values((
            audit_log::admin_id.eq(Some(entry.actor.get())),
            audit_log::action.eq(entry.action),
            audit_log::target.eq(Some(entry.target)),
            audit_log::detail.eq(entry.reason),
            audit_log::before_state.eq(text(&entry.before)),
            audit_log::after_state.eq(text(&entry.after)),
            audit_log::created_at.eq(now()),
        ))
        .returning(audit_log::id)
        .get_result(conn)?)
}

/// Writes an action of the system itself (no operator: `admin_id` is NULL), such as a pool
/// the configuration added at start-up. Call it inside the transaction that makes the change.
pub fn record_system(
    conn: &mut DbConnection,
    action: &str,
    target: &str,
    after: Option<&Value>,
) -> DbResult<i64> {
    Ok(diesel::insert_into(audit_log::table)
        .values((
            audit_log::admin_id.eq(None::<i64>),
            audit_log::action.eq(action),
            audit_log::target.eq(Some(target)),
            audit_log::after_state.eq(after.map(Value::to_string)),
            audit_log::created_at.eq(now()),
        ))
        .returning(audit_log::id)
        .get_result(conn)?)
}

/// Which rows `list` answers: each filter that is set must match exactly.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub actor: Option<UserId>,
    pub action: Option<String>,
    pub target: Option<String>,
}

/// One page of the log, newest first, and the number of rows the filter matches.
pub fn list(
    conn: &mut DbConnection,
    filter: &AuditFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<AuditRow>, i64)> {
    let query = || {
        let mut q = audit_log::table.into_boxed();
        if let Some(actor) = filter.actor {
            q = q.filter(audit_log::admin_id.eq(actor.get()));
        }
        if let Some(action) = &filter.action {
            q = q.filter(audit_log::action.eq(action.clone()));
        }
        if let Some(target) = &filter.target {
            q = q.filter(audit_log::target.eq(target.clone()));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(audit_log::id.desc())
        .limit(limit)
        .offset(offset)
        .select(AuditRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}
