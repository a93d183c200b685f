//! How an order that left the shop's hands ends, whoever settles it (the provider poller, a
//! failed placement, an operator): giving the money and the stock back, or writing the
//! delivered proxies with their history. Both run in the caller's transaction, after the caller
//! has moved the order to its final status with a conditional transition (so each runs once).

use crate::error::AppError;
use domain::{Cents, ProxyKind, UserId};
use persistence::pieces::{self, NewPiece, OrderRow};
use persistence::wallet::{self, EntryKind};
use persistence::{DbConnection, proxy_history};
use upstream::DeliveredProxy;

/// What an order took from the customer and the stock.
pub struct Taken {
    pub order_id: i64,
    pub user_id: UserId,
    pub stock_id: Option<i64>,
    pub quantity: i32,
    pub total: Cents,
}

impl Taken {
    pub fn of(order: &OrderRow) -> Self {
        Taken {
            order_id: order.id,
            user_id: order.user_id,
            stock_id: order.stock_id,
            quantity: order.quantity,
            total: order.price_cents,
        }
    }
}

/// Puts the order's stock back and refunds its price (ledger kind `refund`, reference
/// `piece_{order}`, so a second refund of one order is refused by the ledger).
pub fn give_back(conn: &mut DbConnection, taken: &Taken, note: &str) -> Result<(), AppError> {
    if let Some(stock_id) = taken.stock_id {
        pieces::unreserve(conn, stock_id, taken.quantity)?;
    }
    let reference = format!("piece_{}", taken.order_id);
    // The customer got nothing: a coupon the order used may be used again.
    persistence::prices::release_coupon(conn, &reference)?;
    if taken.total > Cents::ZERO {
        wallet::credit(
            conn,
            taken.user_id,
            taken.total,
            EntryKind::Refund,
            &reference,
            Some(note),
        )?;
    }
    Ok(())
}

/// Writes the first `quantity` of `delivered` as the order's pieces, each with its line in the
/// customer's proxy history, valid for the plan's validity (30 days without a plan) from now.
pub fn write_delivery(
    conn: &mut DbConnection,
    order: &OrderRow,
    delivered: &[DeliveredProxy],
) -> Result<(), AppError> {
    let plan = match order.plan_id {
        Some(id) => persistence::plans::find(conn, id)?,
        None => None,
    };
    let validity = plan.map_or(30, |p| p.validity_days);
    let now = persistence::now();
    let expires_at = now + i64::from(validity) * 86_400;
    for proxy in delivered.iter().take(order.quantity as usize) {
        pieces::insert_piece(
            conn,
            &NewPiece {
                order_id: order.id,
                user_id: order.user_id,
                kind: order.kind,
                host: &proxy.host,
                port: i32::from(proxy.port),
                // Provider logins are not unique across orders; ours must be.
                username: &format!("{}#{}", proxy.username, proxy.upstream_id),
                password: &proxy.password,
                country: proxy.country.as_deref().or(order.country.as_deref()),
                city: None,
                isp: order.isp.as_deref(),
                upstream_id: Some(&proxy.upstream_id),
                expires_at,
                created_at: now,
                stock_id: order.stock_id,
            },
        )?;
        history_line(conn, order.user_id, order.kind, proxy, expires_at, now)?;
    }
    pieces::renewals::apply_default(conn, order.id, order.user_id)?;
    notify_delivered(
        conn,
        order.user_id,
        order.kind,
        order.id,
        delivered.len().min(order.quantity as usize),
    )
}

/// The notification of a delivered order, in the delivery's transaction.
pub fn notify_delivered(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    order_id: i64,
    count: usize,
) -> Result<(), AppError> {
    persistence::notifications::add(
        conn,
        user_id,
        persistence::notifications::Kind::OrderDelivered,
        &format!("Order #{order_id} delivered"),
        &delivered_text(kind, order_id, count),
        persistence::now(),
    )?;
    Ok(())
}

/// The delivery notification's sentence: the product's name, the order, and how many proxies
/// are ready, with the verb agreeing ("1 proxy is ready", "2 proxies are ready").
fn delivered_text(kind: ProxyKind, order_id: i64, count: usize) -> String {
    let count = i64::try_from(count).unwrap_or(i64::MAX);
    let verb = if count == 1 { "is" } else { "are" };
    format!(
        "{}, order #{order_id}: {} {verb} ready on the Generated Proxies page.",
        kind.label(),
        domain::plural::plural(count, "proxy", "proxies")
    )
}

fn history_line(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    proxy: &DeliveredProxy,
    expires_at: i64,
    now: i64,
) -> Result<(), AppError> {
    let line = format!(
        "{}:{}:{}:{}",
        proxy.host, proxy.port, proxy.username, proxy.password
    );
    proxy_history::insert(conn, user_id, kind, &line, Some(expires_at), now)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delivery_sentence_counts_its_proxies() {
        assert_eq!(
            delivered_text(ProxyKind::Lte, 4, 1),
            "LTE Mobile Proxies, order #4: 1 proxy is ready on the Generated Proxies page."
        );
        assert_eq!(
            delivered_text(ProxyKind::Ipv4, 9, 2),
            "Datacenter Proxies (IPv4), order #9: 2 proxies are ready on the Generated Proxies page."
        );
    }
}
