//! Piece orders and the statuses they move through (see `domain::OrderStatus`).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::piece_orders;
use diesel::prelude::*;
use domain::{Cents, OrderStatus, PlanId, ProxyKind, UserId};

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = piece_orders)]
pub struct NewOrder<'a> {
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub plan_id: Option<PlanId>,
    pub country: Option<&'a str>,
    pub isp: Option<&'a str>,
    pub quantity: i32,
    pub price_cents: Cents,
    pub status: OrderStatus,
    pub source: &'a str,
    pub upstream_order_id: Option<&'a str>,
    pub created_at: i64,
    pub updated_at: i64,
    pub stock_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = piece_orders)]
pub struct OrderRow {
    pub id: i64,
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub plan_id: Option<PlanId>,
    pub country: Option<String>,
    pub isp: Option<String>,
    pub quantity: i32,
    pub price_cents: Cents,
    pub status: OrderStatus,
    pub source: String,
    pub upstream_order_id: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub stock_id: Option<i64>,
}

pub fn insert_order(conn: &mut DbConnection, order: &NewOrder<'_>) -> DbResult<i64> {
    Ok(diesel::insert_into(piece_orders::table)
        .values(order)
        .returning(piece_orders::id)
        .get_result(conn)?)
}

pub fn find_order(conn: &mut DbConnection, id: i64) -> DbResult<Option<OrderRow>> {
    Ok(piece_orders::table
        .find(id)
        .select(OrderRow::as_select())
        .first(conn)
        .optional()?)
}

/// Moves an order from `from` to `to` (and records the provider's order id when given); false
/// when the order was not in `from` any more (another worker got there first).
pub fn transition_order(
    conn: &mut DbConnection,
    id: i64,
    from: OrderStatus,
    to: OrderStatus,
    upstream_order_id: Option<&str>,
) -> DbResult<bool> {
    let target = piece_orders::table
        .find(id)
        .filter(piece_orders::status.eq(from));
    let updated = match upstream_order_id {
        Some(upstream) => diesel::update(target)
            .set((
                piece_orders::status.eq(to),
                piece_orders::upstream_order_id.eq(upstream),
                piece_orders::updated_at.eq(crate::now()),
            ))
            .execute(conn)?,
        None => diesel::update(target)
            .set((
                piece_orders::status.eq(to),
                piece_orders::updated_at.eq(crate::now()),
            ))
            .execute(conn)?,
    };
    Ok(updated == 1)
}

/// Orders of a source in a status, oldest first.
pub fn orders_in_status(
    conn: &mut DbConnection,
    source: &str,
    status: OrderStatus,
) -> DbResult<Vec<OrderRow>> {
    Ok(piece_orders::table
        .filter(piece_orders::source.eq(source))
        .filter(piece_orders::status.eq(status))
        .order(piece_orders::id.asc())
        .select(OrderRow::as_select())
        .load(conn)?)
}

/// Moves an order from any of `from` to `to` in one conditional UPDATE: true for exactly one
/// caller however many try at once (an operator settling an order by hand).
pub fn settle_order(
    conn: &mut DbConnection,
    id: i64,
    from: &[OrderStatus],
    to: OrderStatus,
) -> DbResult<bool> {
    let updated = diesel::update(
        piece_orders::table
            .find(id)
            .filter(piece_orders::status.eq_any(from.to_vec())),
    )
    .set((
        piece_orders::status.eq(to),
        piece_orders::updated_at.eq(crate::now()),
    ))
    .execute(conn)?;
    Ok(updated == 1)
}
