//! The plan catalogue: traffic plans (an amount of GB) and piece plans (per proxy), per kind.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::plans;
use diesel::prelude::*;
use domain::{Cents, PlanId, ProxyKind};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = plans)]
pub struct PlanRow {
    pub id: PlanId,
    pub kind: ProxyKind,
    pub name: String,
    pub tag: Option<String>,
    pub note: Option<String>,
    pub price_cents: Cents,
    /// GB for traffic plans, proxies for piece plans.
    pub amount: i64,
    pub validity_days: i32,
    /// Comma-separated region codes.
    pub regions: String,
    /// JSON object with display features (country selection, protocols, IP duration, availability).
    pub features: String,
    pub active: bool,
    pub sort: i32,
    pub created_at: i64,
    pub updated_at: i64,
    /// When the plan stops being sold; `None` = no end.
    pub available_until: Option<i64>,
}

impl PlanRow {
    /// Whether the plan can be bought at `at`: active, not past its end, and priced (a plan
    /// at $0 would "sell" traffic or pieces for a zero debit; it is never on sale).
    pub fn on_sale(&self, at: i64) -> bool {
        self.active
            && self.price_cents > Cents::ZERO
            && self.available_until.is_none_or(|end| end > at)
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = plans)]
pub struct NewPlan<'a> {
    pub kind: ProxyKind,
    pub name: &'a str,
    pub tag: Option<&'a str>,
    pub note: Option<&'a str>,
    pub price_cents: Cents,
    pub amount: i64,
    pub validity_days: i32,
    pub regions: &'a str,
    pub features: &'a str,
    pub active: bool,
    pub sort: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn insert(conn: &mut DbConnection, plan: &NewPlan<'_>) -> DbResult<PlanId> {
    Ok(diesel::insert_into(plans::table)
        .values(plan)
        .returning(plans::id)
        .get_result(conn)?)
}

pub fn count(conn: &mut DbConnection) -> DbResult<i64> {
    Ok(plans::table.count().get_result(conn)?)
}

/// The plans of a kind on sale now (see [`PlanRow::on_sale`]), in display order.
pub fn active_for_kind(conn: &mut DbConnection, kind: ProxyKind) -> DbResult<Vec<PlanRow>> {
    let now = now();
    // Every landing page's pricing reads this.
    let rows = on_own_connection!(conn, |c| plans::table
        .filter(plans::kind.eq(kind))
        .filter(plans::active.eq(true))
        .filter(plans::price_cents.gt(Cents::ZERO))
        .filter(
            plans::available_until
                .is_null()
                .or(plans::available_until.gt(now)),
        )
        .order((plans::sort.asc(), plans::id.asc()))
        .select(PlanRow::as_select())
        .load(c))?;
    Ok(rows)
}

pub fn find(conn: &mut DbConnection, id: PlanId) -> DbResult<Option<PlanRow>> {
    Ok(plans::table
        .find(id)
        .select(PlanRow::as_select())
        .first(conn)
        .optional()?)
}

/// The active plan of `kind` selling `amount` (`POST /api/user/get_plan` with `{type, amount}`).
pub fn find_by_amount(
    conn: &mut DbConnection,
    kind: ProxyKind,
    amount: i64,
) -> DbResult<Option<PlanRow>> {
    Ok(plans::table
        .filter(plans::kind.eq(kind))
        .filter(plans::amount.eq(amount))
        .filter(plans::active.eq(true))
        .filter(
            plans::available_until
                .is_null()
                .or(plans::available_until.gt(now())),
        )
        .order(plans::id.asc())
        .select(PlanRow::as_select())
        .first(conn)
        .optional()?)
}

/// Ends (or, with `None`, reopens) the sale of a plan at `until`.
pub fn set_available_until(
    conn: &mut DbConnection,
    id: PlanId,
    until: Option<i64>,
) -> DbResult<()> {
    diesel::update(plans::table.find(id))
        .set((
            plans::available_until.eq(until),
            plans::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

pub fn set_active(conn: &mut DbConnection, id: PlanId, active: bool) -> DbResult<()> {
    diesel::update(plans::table.find(id))
        .set((plans::active.eq(active), plans::updated_at.eq(now())))
        .execute(conn)?;
    Ok(())
}

/// Every plan (inactive ones too), of one kind or all, by kind then display order.
pub fn list_all(conn: &mut DbConnection, kind: Option<ProxyKind>) -> DbResult<Vec<PlanRow>> {
    let mut query = plans::table.into_boxed();
    if let Some(kind) = kind {
        query = query.filter(plans::kind.eq(kind));
    }
    Ok(query
        .order((plans::kind.asc(), plans::sort.asc(), plans::id.asc()))
        .select(PlanRow::as_select())
        .load(conn)?)
}

/// An operator's edit of a plan: each `Some` field is written, the others kept. The kind never
/// changes. Prices already paid are unaffected: purchases and orders store their own price.
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = plans)]
pub struct PlanChanges {
    pub name: Option<String>,
    pub tag: Option<Option<String>>,
    pub note: Option<Option<String>>,
    pub price_cents: Option<Cents>,
    pub amount: Option<i64>,
    pub validity_days: Option<i32>,
    pub regions: Option<String>,
    pub features: Option<String>,
    pub active: Option<bool>,
    pub sort: Option<i32>,
    pub available_until: Option<Option<i64>>,
}

/// Writes `changes` (and the update time) to the plan `id`.
pub fn update(conn: &mut DbConnection, id: PlanId, changes: &PlanChanges) -> DbResult<()> {
    diesel::update(plans::table.find(id))
        .set((changes, plans::updated_at.eq(now())))
        .execute(conn)?;
    Ok(())
}

/// How many purchases and orders name the plan `id` (traffic purchases of any source and piece
/// orders of any status): a plan named by any of them is never deleted.
pub fn times_sold(conn: &mut DbConnection, id: PlanId) -> DbResult<i64> {
    use crate::schema::{piece_orders, traffic_purchases};
    let traffic: i64 = traffic_purchases::table
        .filter(traffic_purchases::plan_id.eq(id))
        .count()
        .get_result(conn)?;
    let pieces: i64 = piece_orders::table
        .filter(piece_orders::plan_id.eq(id))
        .count()
        .get_result(conn)?;
    Ok(traffic + pieces)
}

/// [`times_sold`] of every plan named at least once, in two grouped queries (for the operator's
/// plan list).
pub fn sold_counts(conn: &mut DbConnection) -> DbResult<std::collections::HashMap<PlanId, i64>> {
    use crate::schema::{piece_orders, traffic_purchases};
    use diesel::dsl::count_star;
    let traffic: Vec<(Option<PlanId>, i64)> = traffic_purchases::table
        .filter(traffic_purchases::plan_id.is_not_null())
        .group_by(traffic_purchases::plan_id)
        .select((traffic_purchases::plan_id, count_star()))
        .load(conn)?;
    let pieces: Vec<(Option<PlanId>, i64)> = piece_orders::table
        .filter(piece_orders::plan_id.is_not_null())
        .group_by(piece_orders::plan_id)
        .select((piece_orders::plan_id, count_star()))
        .load(conn)?;
    let mut counts = std::collections::HashMap::new();
    for (plan, n) in traffic.into_iter().chain(pieces) {
        if let Some(plan) = plan {
            *counts.entry(plan).or_insert(0) += n;
        }
    }
    Ok(counts)
}

/// Deletes the plan `id` only if nothing was ever bought with it (one conditional DELETE);
/// false when it was sold (or is gone).
pub fn delete_unsold(conn: &mut DbConnection, id: PlanId) -> DbResult<bool> {
    use crate::schema::{piece_orders, traffic_purchases};
    use diesel::dsl::{exists, not};
    let deleted = diesel::delete(
        plans::table
            .find(id)
            .filter(not(exists(
                traffic_purchases::table.filter(traffic_purchases::plan_id.eq(id)),
            )))
            .filter(not(exists(
                piece_orders::table.filter(piece_orders::plan_id.eq(id)),
            ))),
    )
    .execute(conn)?;
    Ok(deleted == 1)
}
