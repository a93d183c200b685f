//! A piece's refund: what the rules read of it (delivery, last check, its order's price per
//! piece, where it came from) and its release (the credential stops at once on every gateway
//! node, a stock slot goes back).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{piece_checks, piece_orders, piece_proxies};
use diesel::prelude::*;
use domain::{Cents, ProxyKind, UserId};

/// One of the customer's pieces, as its refund reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundablePiece {
    pub id: i64,
    pub kind: ProxyKind,
    pub delivered_at: i64,
    pub released_at: Option<i64>,
    /// The shop's own stock it was sold from; None for a provider's piece.
    pub stock_id: Option<i64>,
    /// Its share of the order's price (the price over the quantity, rounded down).
    pub price: Cents,
    /// Its last check: whether it worked, and when.
    pub last_check: Option<(bool, i64)>,
}

type Row = (i64, ProxyKind, i64, Option<i64>, Option<i64>, Cents, i32);

/// `user`'s piece `id`, released or not; None when it is not theirs.
pub fn find(conn: &mut DbConnection, id: i64, user: UserId) -> DbResult<Option<RefundablePiece>> {
    let row: Option<Row> = piece_proxies::table
        .inner_join(piece_orders::table)
        .filter(piece_proxies::id.eq(id))
        .filter(piece_proxies::user_id.eq(user))
        .select((
            piece_proxies::id,
            piece_proxies::kind,
            piece_proxies::created_at,
            piece_proxies::released_at,
            piece_proxies::stock_id,
            piece_orders::price_cents,
            piece_orders::quantity,
        ))
        .first(conn)
        .optional()?;
    let Some((id, kind, delivered_at, released_at, stock_id, total, quantity)) = row else {
        return Ok(None);
    };
    let last_check = piece_checks::table
        .find(id)
        .select((piece_checks::ok, piece_checks::checked_at))
        .first::<(bool, i64)>(conn)
        .optional()?;
    Ok(Some(RefundablePiece {
        id,
        kind,
        delivered_at,
        released_at,
        stock_id,
        price: Cents::new(total.get() / i64::from(quantity.max(1))),
        last_check,
    }))
}

/// Releases the piece now (once: `false` when it was released before), telling the gateway
/// nodes and giving its stock slot back.
pub fn release(conn: &mut DbConnection, piece: &RefundablePiece, user: UserId) -> DbResult<bool> {
    crate::pieces::release_one(conn, piece.id, piece.stock_id, Some(user), crate::now())
}
