//! Proxies sold by the piece (static residential, datacenter IPv4/IPv6, LTE): the stock, the
//! orders and the purchased pieces. A sale reserves stock with one conditional UPDATE, so stock
//! is never oversold; the wallet debit, the order and its pieces are written in the caller's
//! transaction. Expired pieces give their slot back to stock through `release_expired`.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{piece_orders, piece_proxies, piece_stock};
use diesel::prelude::*;
use domain::{Cents, OrderStatus, PlanId, ProxyKind, UserId};

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = piece_stock)]
pub struct NewStock<'a> {
    pub kind: ProxyKind,
    pub code: &'a str,
    pub country: &'a str,
    pub isp: Option<&'a str>,
    pub isp_name: Option<&'a str>,
    pub city: Option<&'a str>,
    pub conn_type: Option<&'a str>,
    pub ip: Option<&'a str>,
    pub capacity: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = piece_stock)]
pub struct StockRow {
    pub id: i64,
    pub kind: ProxyKind,
    pub code: String,
    pub country: String,
    pub isp: Option<String>,
    pub isp_name: Option<String>,
    pub city: Option<String>,
    pub conn_type: Option<String>,
    pub ip: Option<String>,
    pub capacity: i32,
    pub sold: i32,
    pub active: bool,
}

impl StockRow {
    pub fn available(&self) -> i32 {
        (self.capacity - self.sold).max(0)
    }
}

pub fn count_stock(conn: &mut DbConnection) -> DbResult<i64> {
    Ok(piece_stock::table.count().get_result(conn)?)
}

pub fn insert_stock(conn: &mut DbConnection, stock: &NewStock<'_>) -> DbResult<i64> {
    Ok(diesel::insert_into(piece_stock::table)
        .values(stock)
        .returning(piece_stock::id)
        .get_result(conn)?)
}

/// The active stock of a kind, by country then code.
pub fn stock_of(conn: &mut DbConnection, kind: ProxyKind) -> DbResult<Vec<StockRow>> {
    Ok(piece_stock::table
        .filter(piece_stock::kind.eq(kind))
        .filter(piece_stock::active.eq(true))
        .order((piece_stock::country.asc(), piece_stock::code.asc()))
        .select(StockRow::as_select())
        .load(conn)?)
}

/// The active stock row of a kind with this code.
pub fn find_stock(
    conn: &mut DbConnection,
    kind: ProxyKind,
    code: &str,
) -> DbResult<Option<StockRow>> {
    Ok(piece_stock::table
        .filter(piece_stock::kind.eq(kind))
        .filter(piece_stock::code.eq(code))
        .filter(piece_stock::active.eq(true))
        .select(StockRow::as_select())
        .first(conn)
        .optional()?)
}

/// Takes `quantity` pieces from a stock row; false (and nothing changed) when fewer are left.
pub fn reserve(conn: &mut DbConnection, stock_id: i64, quantity: i32) -> DbResult<bool> {
    let updated = diesel::update(
        piece_stock::table
            .find(stock_id)
            .filter(piece_stock::active.eq(true))
            .filter((piece_stock::capacity - piece_stock::sold).ge(quantity)),
    )
    .set(piece_stock::sold.eq(piece_stock::sold + quantity))
    .execute(conn)?;
    Ok(updated == 1)
}

/// Puts `quantity` reserved pieces back (an order that failed).
pub fn unreserve(conn: &mut DbConnection, stock_id: i64, quantity: i32) -> DbResult<()> {
    diesel::update(
        piece_stock::table
            .find(stock_id)
            .filter(piece_stock::sold.ge(quantity)),
    )
    .set(piece_stock::sold.eq(piece_stock::sold - quantity))
    .execute(conn)?;
    Ok(())
}

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

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = piece_proxies)]
pub struct NewPiece<'a> {
    pub order_id: i64,
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub host: &'a str,
    pub port: i32,
    pub username: &'a str,
    pub password: &'a str,
    pub country: Option<&'a str>,
    pub city: Option<&'a str>,
    pub isp: Option<&'a str>,
    pub upstream_id: Option<&'a str>,
    pub expires_at: i64,
    pub created_at: i64,
    pub stock_id: Option<i64>,
}

pub fn insert_piece(conn: &mut DbConnection, piece: &NewPiece<'_>) -> DbResult<i64> {
    Ok(diesel::insert_into(piece_proxies::table)
        .values(piece)
        .returning(piece_proxies::id)
        .get_result(conn)?)
}

/// Gives the stock slots of pieces expired at `at` back (each piece once); returns how many.
pub fn release_expired(conn: &mut DbConnection, at: i64) -> DbResult<usize> {
    let expired: Vec<(i64, Option<i64>)> = piece_proxies::table
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::expires_at.le(at))
        .order(piece_proxies::id.asc())
        .limit(1_000)
        .select((piece_proxies::id, piece_proxies::stock_id))
        .load(conn)?;
    let mut released = 0;
    for (id, stock_id) in expired {
        let marked = diesel::update(
            piece_proxies::table
                .find(id)
                .filter(piece_proxies::released_at.is_null()),
        )
        .set(piece_proxies::released_at.eq(at))
        .execute(conn)?;
        if marked == 0 {
            continue;
        }
        if let Some(stock) = stock_id {
            diesel::update(
                piece_stock::table
                    .find(stock)
                    .filter(piece_stock::sold.gt(0)),
            )
            .set(piece_stock::sold.eq(piece_stock::sold - 1))
            .execute(conn)?;
        }
        released += 1;
    }
    Ok(released)
}

/// A customer's pieces of one kind that still work: how many, how many of them stop working
/// within the "soon" window, and when the first of them stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveCount {
    pub kind: ProxyKind,
    pub live: i64,
    pub expiring: i64,
    /// Unix seconds.
    pub next_expiry: i64,
}

/// The live pieces (expiring after `at`, not released) of a customer per kind, with those that
/// expire by `soon` counted apart. Kinds without live pieces are absent.
pub fn live_counts(
    conn: &mut DbConnection,
    user_id: UserId,
    at: i64,
    soon: i64,
) -> DbResult<Vec<LiveCount>> {
    use diesel::dsl::{count_star, min};
    let live = piece_proxies::table
        .filter(piece_proxies::user_id.eq(user_id))
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::expires_at.gt(at));
    let totals: Vec<(ProxyKind, i64, Option<i64>)> = live
        .group_by(piece_proxies::kind)
        .select((
            piece_proxies::kind,
            count_star(),
            min(piece_proxies::expires_at),
        ))
        .load(conn)?;
    let expiring: Vec<(ProxyKind, i64)> = live
        .filter(piece_proxies::expires_at.le(soon))
        .group_by(piece_proxies::kind)
        .select((piece_proxies::kind, count_star()))
        .load(conn)?;
    Ok(totals
        .into_iter()
        .map(|(kind, live, next)| LiveCount {
            expiring: expiring
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or(0, |(_, n)| *n),
            next_expiry: next.unwrap_or(at),
            live,
            kind,
        })
        .collect())
}
