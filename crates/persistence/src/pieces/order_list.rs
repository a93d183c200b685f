//! The operator's list of piece orders: filtered by status, kind and a search, newest first,
//! with the customer's email.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::pieces::orders::OrderRow;
use crate::schema::{piece_orders, users};
use diesel::prelude::*;
use domain::{OrderStatus, ProxyKind};

/// Which orders `list_orders` answers. `q` matches the order id, the provider's order id, or
/// a substring of the customer's email (case-insensitive).
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub status: Option<OrderStatus>,
    pub kind: Option<ProxyKind>,
    pub q: Option<String>,
}

/// One page of orders with their customer's email, newest first, and how many match.
pub fn list_orders(
    conn: &mut DbConnection,
    filter: &OrderFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<(OrderRow, String)>, i64)> {
    let query = || {
        let mut q = piece_orders::table.inner_join(users::table).into_boxed();
        if let Some(status) = filter.status {
            q = q.filter(piece_orders::status.eq(status));
        }
        if let Some(kind) = filter.kind {
            q = q.filter(piece_orders::kind.eq(kind));
        }
        if let Some(text) = filter.q.as_deref() {
            let pattern = crate::like::contains(text);
            let by_email = users::email.like(pattern).escape('\\');
            let by_upstream = piece_orders::upstream_order_id.eq(text.to_owned());
            q = match text.parse::<i64>() {
                Ok(id) => q.filter(piece_orders::id.eq(id).or(by_upstream).or(by_email)),
                Err(_) => q.filter(by_upstream.or(by_email)),
            };
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(piece_orders::id.desc())
        .limit(limit)
        .offset(offset)
        .select((OrderRow::as_select(), users::email))
        .load(conn)?;
    Ok((rows, total))
}
