//! Fulfilment from the local stock: the order, one gateway credential per piece and the history
//! commit together or not at all.

use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::settings::GatewayEndpoints;
use app::pieces::order::{PieceOrder, plan_for, stock_for, take_order};
use app::pieces::settle::notify_delivered;
use domain::{OrderStatus, UserId, random};
use persistence::pieces::{self, NewPiece};
use persistence::{DbConnection, DbPool, proxy_history, users};

/// Buys `order` from the local stock in one transaction; answers the proxy lines
/// (`host:port:username:password`) and the updated user.
pub(crate) async fn buy_local(
    pool: &DbPool,
    user_id: UserId,
    order: PieceOrder,
    gateway: GatewayEndpoints,
) -> Result<(Vec<String>, users::UserRow), ApiError> {
    in_transaction(pool, move |conn| deliver(conn, user_id, &order, &gateway)).await
}

/// The order, one gateway credential per piece and the history, in the caller's transaction.
fn deliver(
    conn: &mut DbConnection,
    user_id: UserId,
    order: &PieceOrder,
    gateway: &GatewayEndpoints,
) -> Result<(Vec<String>, users::UserRow), ApiError> {
    // The plan's refusals come before the location's, as they always have.
    let plan = plan_for(conn, order)?;
    let stock = stock_for(conn, order)?;
    let taken = take_order(
        conn,
        user_id,
        order,
        &plan,
        stock,
        "local",
        OrderStatus::Delivered,
    )?;
    let port = if taken.socks {
        gateway.socks_port
    } else {
        gateway.http_port
    };
    let now = persistence::now();
    let expires_at = now + i64::from(taken.validity_days) * 86_400;
    let mut proxies = Vec::with_capacity(order.quantity as usize);
    for _ in 0..order.quantity {
        let username = random::piece_username();
        let password = random::proxy_password();
        pieces::insert_piece(
            conn,
            &NewPiece {
                order_id: taken.order_id,
                user_id,
                kind: order.kind,
                host: &gateway.host,
                port: i32::from(port),
                username: &username,
                password: &password,
                country: Some(&taken.country),
                city: taken.city.as_deref(),
                isp: taken.isp.as_deref(),
                upstream_id: None,
                expires_at,
                created_at: now,
                stock_id: Some(taken.stock_id),
            },
        )?;
        let proxy = format!("{}:{port}:{username}:{password}", gateway.host);
        proxy_history::insert(conn, user_id, order.kind, &proxy, Some(expires_at), now)?;
        proxies.push(proxy);
    }
    pieces::renewals::apply_default(conn, taken.order_id, user_id)?;
    notify_delivered(conn, user_id, order.kind, taken.order_id, proxies.len())?;
    let user = users::find_by_id(conn, user_id)?.ok_or(ApiError::NotFound)?;
    Ok((proxies, user))
}
