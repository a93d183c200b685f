//! The operator's figures as they stand now: customers, live pieces, stock, and what waits for
//! an operator (pending payments, pending or unknown piece orders). Each is one query.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{payments, piece_orders, piece_proxies, piece_stock, users};
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use domain::{OrderStatus, PaymentStatus, ProxyKind, Role};

/// An active stock entry with fewer pieces available than this is low on stock.
pub const LOW_STOCK_THRESHOLD: i32 = 5;

/// (all customers, disabled customers); operators are not customers.
pub fn customers(conn: &mut DbConnection) -> DbResult<(i64, i64)> {
    Ok(users::table
        .filter(users::role.ne(Role::Admin.as_str()))
        .select((
            count_star(),
            sql::<BigInt>("CAST(COALESCE(SUM(CASE WHEN disabled THEN 1 ELSE 0 END), 0) AS BIGINT)"),
        ))
        .first(conn)?)
}

/// Pieces that work at `at` (not released, expiring later), per kind; kinds without any absent.
pub fn live_pieces(conn: &mut DbConnection, at: i64) -> DbResult<Vec<(ProxyKind, i64)>> {
    Ok(piece_proxies::table
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::expires_at.gt(at))
        .group_by(piece_proxies::kind)
        .select((piece_proxies::kind, count_star()))
        .load(conn)?)
}

/// The active stock of one piece kind, summed over its entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockTotal {
    pub kind: ProxyKind,
    pub capacity: i64,
    pub sold: i64,
    /// Sum over the entries of what each has left (`sold <= capacity` is a CHECK of the table).
    pub available: i64,
    /// Entries with fewer than [`LOW_STOCK_THRESHOLD`] available.
    pub low_entries: i64,
}

/// Active stock per kind; kinds without active entries absent.
pub fn stock(conn: &mut DbConnection) -> DbResult<Vec<StockTotal>> {
    let low = format!(
        "CAST(COALESCE(SUM(CASE WHEN capacity - sold < {LOW_STOCK_THRESHOLD} THEN 1 ELSE 0 END), 0) AS BIGINT)"
    );
    let rows: Vec<(ProxyKind, i64, i64, i64, i64)> = piece_stock::table
        .filter(piece_stock::active.eq(true))
        .group_by(sql::<Text>("kind"))
        .select((
            sql::<Text>("kind"),
            sql::<BigInt>("CAST(COALESCE(SUM(capacity), 0) AS BIGINT)"),
            sql::<BigInt>("CAST(COALESCE(SUM(sold), 0) AS BIGINT)"),
            sql::<BigInt>("CAST(COALESCE(SUM(capacity - sold), 0) AS BIGINT)"),
            sql::<BigInt>(&low),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(kind, capacity, sold, available, low_entries)| StockTotal {
                kind,
                capacity,
                sold,
                available,
                low_entries,
            },
        )
        .collect())
}

/// Top-ups still waiting for their money at `at`: pending, never credited, and their invoice
/// not expired (or without an expiry yet).
pub fn payments_pending(conn: &mut DbConnection, at: i64) -> DbResult<i64> {
    Ok(payments::table
        .filter(payments::status.eq(PaymentStatus::Pending))
        .filter(payments::credited_at.is_null())
        .filter(
            payments::expires_at
                .is_null()
                .or(payments::expires_at.gt(at)),
        )
        .count()
        .get_result(conn)?)
}

/// Piece orders waiting for an operator: (pending, unknown).
pub fn orders_open(conn: &mut DbConnection) -> DbResult<(i64, i64)> {
    let rows: Vec<(OrderStatus, i64)> = piece_orders::table
        .filter(piece_orders::status.eq_any([OrderStatus::Pending, OrderStatus::Unknown]))
        .group_by(piece_orders::status)
        .select((piece_orders::status, count_star()))
        .load(conn)?;
    let count = |status| {
        rows.iter()
            .find(|(s, _)| *s == status)
            .map_or(0, |(_, n)| *n)
    };
    Ok((count(OrderStatus::Pending), count(OrderStatus::Unknown)))
}
