//! The order step every piece purchase shares: the plan it is priced by, the stock it takes, the
//! order row and the wallet debit, in the caller's transaction.

use crate::error::AppError;
use domain::{Cents, OrderStatus, PlanId, ProxyKind, UserId, inventory, messages as msg};
use persistence::pieces::{self, NewOrder, StockRow};
use persistence::prices::{self, Amount, PriceError};
use persistence::wallet::{self, EntryKind};
use persistence::{DbConnection, plans};

/// A validated purchase.
#[derive(Debug, Clone)]
pub struct PieceOrder {
    pub kind: ProxyKind,
    pub plan: Option<i64>,
    pub country: Option<String>,
    pub location: String,
    pub quantity: i32,
    /// A coupon code as the customer typed it.
    pub coupon: Option<String>,
}

/// The plan an order is priced by: on sale and of the order's kind.
pub fn plan_for(conn: &mut DbConnection, order: &PieceOrder) -> Result<plans::PlanRow, AppError> {
    let kind = order.kind;
    let plan = match order.plan {
        Some(id) => plans::find(conn, PlanId::new(id))?.filter(|p| p.kind == kind),
        None => plans::active_for_kind(conn, kind)?
            .into_iter()
            .min_by_key(|p| p.price_cents),
    }
    .ok_or(AppError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
    if !plan.on_sale(persistence::now()) {
        return Err(AppError::Gone(msg::PLAN_UNAVAILABLE));
    }
    Ok(plan)
}

/// What the order transaction settled: the order row and what it bought.
pub struct Reserved {
    pub order_id: i64,
    pub stock_id: i64,
    pub total: Cents,
    pub validity_days: i32,
    pub country: String,
    pub city: Option<String>,
    pub isp: Option<String>,
    pub socks: bool,
}

/// The stock line an order's location names. Looked up once per purchase: the caller passes it
/// on to [`take_order`].
pub fn stock_for(conn: &mut DbConnection, order: &PieceOrder) -> Result<StockRow, AppError> {
    pieces::find_stock(conn, order.kind, &order.location)?
        .ok_or_else(|| AppError::field("location", msg::UNKNOWN_LOCATION))
}

/// Takes `stock` (from [`stock_for`]) at `plan`'s price (from [`plan_for`]), records the order in `status` and debits the wallet, in
/// the caller's transaction. Every refusal leaves the database as it was.
pub fn take_order(
    conn: &mut DbConnection,
    user_id: UserId,
    order: &PieceOrder,
    plan: &plans::PlanRow,
    stock: StockRow,
    source: &str,
    status: OrderStatus,
) -> Result<Reserved, AppError> {
    let kind = order.kind;
    let unknown = || AppError::field("location", msg::UNKNOWN_LOCATION);
    if order.country.as_ref().is_some_and(|c| *c != stock.country) {
        return Err(unknown());
    }
    // The customer's row first, then the stock's, in every order (with a coupon or without): two
    // orders of one customer never wait on each other's locks in opposite order (PostgreSQL).
    persistence::users::lock_row(conn, user_id)?;
    let (quote, coupon) = match prices::quote(
        conn,
        user_id,
        plan,
        Amount::Pieces(order.quantity),
        order.coupon.as_deref(),
    ) {
        Err(PriceError::Overflow) => Err(AppError::field("quantity", msg::VALID_QUANTITY)),
        priced => priced.map_err(AppError::from),
    }?;
    if !pieces::reserve(conn, stock.id, order.quantity)? {
        return Err(AppError::Conflict(msg::OUT_OF_STOCK));
    }
    let total = quote.price;
    let now = persistence::now();
    let order_id = pieces::insert_order(
        conn,
        &NewOrder {
            user_id,
            kind,
            plan_id: Some(plan.id),
            country: Some(&stock.country),
            isp: stock.isp.as_deref(),
            quantity: order.quantity,
            price_cents: total,
            status,
            source,
            upstream_order_id: None,
            created_at: now,
            updated_at: now,
            stock_id: Some(stock.id),
        },
    )?;
    // `plan_for` sells only priced plans, and no discount takes a price to zero, so the debit
    // is positive (the wallet refuses others).
    let mut note = format!("{} × {} ({})", order.quantity, plan.name, stock.code);
    if let Some(code) = &quote.coupon {
        note.push_str(&format!(", coupon {code}"));
    }
    let reference = format!("piece_{order_id}");
    wallet::debit(
        conn,
        user_id,
        total,
        EntryKind::Purchase,
        &reference,
        Some(&note),
    )?;
    prices::settle(conn, user_id, &quote, coupon.as_ref(), &reference)?;
    Ok(Reserved {
        order_id,
        stock_id: stock.id,
        total,
        validity_days: plan.validity_days,
        socks: stock.conn_type.as_deref().is_some_and(inventory::is_socks),
        country: stock.country,
        city: stock.city,
        isp: stock.isp,
    })
}
