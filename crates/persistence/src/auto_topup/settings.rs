//! The stored settings of automatic top-up, one row per customer and traffic kind.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::auto_topups;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::{PlanId, ProxyKind, UserId};

/// A customer's setting for one traffic kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    pub kind: ProxyKind,
    pub enabled: bool,
    pub below_bytes: i64,
    /// None when the chosen plan was deleted.
    pub plan_id: Option<PlanId>,
    /// When a check last bought (its window started then).
    pub last_run_at: Option<i64>,
    /// Set when a top-up could not be paid and the customer was told; cleared by a paid one.
    pub short_alerted_at: Option<i64>,
}

type Row = (
    ProxyKind,
    bool,
    i64,
    Option<PlanId>,
    Option<i64>,
    Option<i64>,
);

const COLUMNS: (
    auto_topups::kind,
    auto_topups::enabled,
    auto_topups::below_bytes,
    auto_topups::plan_id,
    auto_topups::last_run_at,
    auto_topups::short_alerted_at,
) = (
    auto_topups::kind,
    auto_topups::enabled,
    auto_topups::below_bytes,
    auto_topups::plan_id,
    auto_topups::last_run_at,
    auto_topups::short_alerted_at,
);

fn from_row(r: Row) -> Setting {
    Setting {
        kind: r.0,
        enabled: r.1,
        below_bytes: r.2,
        plan_id: r.3,
        last_run_at: r.4,
        short_alerted_at: r.5,
    }
}

/// The customer's saved settings (kinds without a row are off).
pub fn list(conn: &mut DbConnection, user: UserId) -> DbResult<Vec<Setting>> {
    let rows = auto_topups::table
        .filter(auto_topups::user_id.eq(user))
        .select(COLUMNS)
        .load::<Row>(conn)?;
    Ok(rows.into_iter().map(from_row).collect())
}

/// The setting of one kind, if saved.
pub fn get(conn: &mut DbConnection, user: UserId, kind: ProxyKind) -> DbResult<Option<Setting>> {
    let row = auto_topups::table
        .find((user, kind))
        .select(COLUMNS)
        .first::<Row>(conn)
        .optional()?;
    Ok(row.map(from_row))
}

/// Saves the setting of `kind` (the plan checked by the caller). Re-arms the short-balance
/// alert; the window keeps its start, so saving never buys twice in one window.
pub fn save(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    enabled: bool,
    below_bytes: i64,
    plan_id: PlanId,
    now: i64,
) -> DbResult<()> {
    update_or_insert(
        conn,
        |c| {
            diesel::update(auto_topups::table.find((user, kind)))
                .set((
                    auto_topups::enabled.eq(enabled),
                    auto_topups::below_bytes.eq(below_bytes),
                    auto_topups::plan_id.eq(Some(plan_id)),
                    auto_topups::short_alerted_at.eq(None::<i64>),
                    auto_topups::updated_at.eq(now),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(auto_topups::table)
                .values((
                    auto_topups::user_id.eq(user),
                    auto_topups::kind.eq(kind),
                    auto_topups::enabled.eq(enabled),
                    auto_topups::below_bytes.eq(below_bytes),
                    auto_topups::plan_id.eq(Some(plan_id)),
                    auto_topups::updated_at.eq(now),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}
