//! Buying pieces from a provider (Proxy-Seller) instead of the local stock.
//!
//! Orders at the provider are not idempotent (docs/providers.md#orders-are-not-idempotent), so:
//! 1. the stock reservation, the wallet debit and a `pending` order row commit first;
//! 2. the order is placed once. A clear refusal or an unavailable provider means nothing was
//!    bought: the money and the stock go back in one transaction and the order is `failed`.
//!    An unknown outcome (a timeout after sending) is never retried: the order becomes
//!    `unknown`, the money stays held, and an operator reconciles it with the provider;
//! 3. a placed order is polled by [`poll_deliveries`] until its proxies arrive; they are then
//!    written with the history in one transaction and the order is `delivered`.

use crate::error::AppError;
use crate::pieces::order::{PieceOrder, Reserved, plan_for, stock_for, take_order};
use crate::pieces::settle::{Taken, give_back, write_delivery};
use domain::{OrderStatus, UserId, messages as msg};
use persistence::pieces::{self, OrderRow};
use persistence::{DbConnection, DbPool, users};
use std::sync::Arc;
use upstream::{PieceError, PieceSource};

/// Gives back what [`take_order`] took, once: the order moves `pending` → `failed` first.
fn refund(
    conn: &mut DbConnection,
    user_id: UserId,
    r: &Reserved,
    quantity: i32,
) -> Result<(), AppError> {
    if !pieces::transition_order(
        conn,
        r.order_id,
        OrderStatus::Pending,
        OrderStatus::Failed,
        None,
    )? {
        return Ok(());
    }
    let taken = Taken {
        order_id: r.order_id,
        user_id,
        stock_id: Some(r.stock_id),
        quantity,
        total: r.total,
    };
    give_back(conn, &taken, "order not placed by the provider")
}

/// Buys `order` from `source`. Answers the updated user, and whether the order was placed
/// (its proxies follow) or its outcome is unknown.
pub async fn buy_from_provider(
    pool: &DbPool,
    source: Arc<dyn PieceSource>,
    user_id: UserId,
    order: PieceOrder,
) -> Result<users::UserRow, AppError> {
    // Read-only first: the provider must sell in this country before any money moves.
    let catalogue = source
        .catalogue(order.kind)
        .await
        .map_err(|e| provider_error(&e))?;
    let unknown = || AppError::field("location", msg::UNKNOWN_LOCATION);
    let stock = {
        let order = order.clone();
        crate::blocking::with_conn(pool, move |conn| stock_for(conn, &order)).await?
    };
    let country_id = catalogue
        .countries
        .iter()
        .find(|c| c.code == stock.country)
        .map(|c| c.id.clone())
        .ok_or_else(unknown)?;
    let provider = source.provider();
    let reserved = {
        let order = order.clone();
        crate::blocking::in_transaction(pool, move |conn| {
            let plan = plan_for(conn, &order)?;
            take_order(
                conn,
                user_id,
                &order,
                &plan,
                stock,
                provider,
                OrderStatus::Pending,
            )
        })
        .await?
    };
    let reference = format!("proxyshop-{}", reserved.order_id);
    let outcome = source
        .place(&upstream::PieceOrder {
            kind: order.kind,
            country_id: &country_id,
            period_days: reserved.validity_days,
            quantity: order.quantity as u32,
            operator_id: None,
            rotation_minutes: None,
            socks: reserved.socks,
            reference: &reference,
        })
        .await;
    let quantity = order.quantity;
    match outcome {
        Ok(placed) => {
            let id = reserved.order_id;
            // Logged first: should the write below fail, the provider's id is still on record.
            tracing::info!(order = id, upstream = %placed.order_id, "piece order placed");
            crate::blocking::in_transaction(pool, move |conn| {
                pieces::transition_order(
                    conn,
                    id,
                    OrderStatus::Pending,
                    OrderStatus::Placed,
                    Some(&placed.order_id),
                )?;
                users::find_by_id(conn, user_id)?.ok_or(AppError::NotFound)
            })
            .await
        }
        Err(PieceError::Unknown(cause)) => {
            tracing::error!(order = reserved.order_id, %cause,
                "piece order outcome unknown; not retried, reconcile with the provider");
            let id = reserved.order_id;
            crate::blocking::in_transaction(pool, move |conn| {
                pieces::transition_order(
                    conn,
                    id,
                    OrderStatus::Pending,
                    OrderStatus::Unknown,
                    None,
                )?;
                users::find_by_id(conn, user_id)?.ok_or(AppError::NotFound)
            })
            .await
        }
        Err(err) => {
            let failure = provider_error(&err);
            crate::blocking::in_transaction(pool, move |conn| {
                refund(conn, user_id, &reserved, quantity)
            })
            .await?;
            Err(failure)
        }
    }
}

fn provider_error(err: &PieceError) -> AppError {
    match err {
        PieceError::Invalid(_) => {
            tracing::warn!(%err, "piece order not sent");
            AppError::field("location", msg::UNKNOWN_LOCATION)
        }
        _ => AppError::ProviderDown(err.to_string()),
    }
}

/// An order still `pending` this long after it was written was never placed or answered (the
/// server stopped mid-order): its outcome is unknown.
const PENDING_TOO_LONG: i64 = 600;

/// Writes the proxies of delivered orders (one pass over the `placed` orders of `source`), and
/// marks orders left `pending` by a stopped server as `unknown` for reconciliation. Returns how
/// many orders were completed.
pub async fn poll_deliveries(pool: &DbPool, source: &dyn PieceSource) -> Result<usize, AppError> {
    let provider = source.provider();
    let stale = crate::blocking::in_transaction(pool, move |conn| {
        let cutoff = persistence::now() - PENDING_TOO_LONG;
        let mut stale = Vec::new();
        for order in pieces::orders_in_status(conn, provider, OrderStatus::Pending)? {
            if order.created_at < cutoff
                && pieces::transition_order(
                    conn,
                    order.id,
                    OrderStatus::Pending,
                    OrderStatus::Unknown,
                    None,
                )?
            {
                stale.push(order.id);
            }
        }
        Ok(stale)
    })
    .await?;
    for order in stale {
        tracing::error!(
            order,
            "piece order left pending: marked unknown; reconcile with the provider"
        );
    }
    let placed = crate::blocking::with_conn(pool, move |conn| {
        Ok(pieces::orders_in_status(
            conn,
            provider,
            OrderStatus::Placed,
        )?)
    })
    .await?;
    let mut completed = 0;
    for order in placed {
        let kind = order.kind;
        let Some(upstream_id) = order.upstream_order_id.clone() else {
            continue;
        };
        let delivered = match source.delivered(kind, &upstream_id).await {
            // All of it, or keep waiting: a partial list is activation still running.
            Ok(list) if list.len() >= order.quantity as usize => list,
            Ok(_) => continue,
            Err(err) => {
                tracing::warn!(order = order.id, %err, "polling a piece order failed");
                continue;
            }
        };
        let id = order.id;
        match crate::blocking::in_transaction(pool, move |conn| {
            record_delivery(conn, &order, &delivered)
        })
        .await
        {
            Ok(done) => completed += usize::from(done),
            // One order that cannot be written must not hold up the others.
            Err(err) => tracing::error!(order = id, %err, "recording a piece delivery failed"),
        }
    }
    Ok(completed)
}

fn record_delivery(
    conn: &mut DbConnection,
    order: &OrderRow,
    delivered: &[upstream::DeliveredProxy],
) -> Result<bool, AppError> {
    if !pieces::transition_order(
        conn,
        order.id,
        OrderStatus::Placed,
        OrderStatus::Delivered,
        None,
    )? {
        return Ok(false);
    }
    write_delivery(conn, order, delivered)?;
    Ok(true)
}
