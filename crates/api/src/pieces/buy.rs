//! `POST /api/user/get_proxy`: buys proxies by the piece (docs/api.md#proxies-by-the-piece).
//! Static: `{type, plan, country, location (ISP code), quantity}`; IPv4/IPv6: `{type, plan,
//! location (country id), quantity}`; LTE: `{type, location (endpoint id)[, plan]}`.
//!
//! With the local source the stock reservation, the wallet debit, the order, one gateway
//! credential per piece and the history rows commit together or not at all.

use crate::blocking::in_transaction;
use crate::dto::{ErrorResponse, User};
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use domain::{ProxyKind, inventory, messages as msg, random};
use persistence::pieces::{self, NewOrder, NewPiece};
use persistence::wallet::{self, EntryKind};
use persistence::{DbConnection, plans, proxy_history, users};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// The most pieces one order may ask for.
pub const MAX_QUANTITY: i64 = 1_000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct GetProxyRequest {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The plan's id (optional for LTE: the cheapest LTE plan on sale by default).
    pub plan: Option<i64>,
    /// Static only: the country code.
    pub country: Option<String>,
    /// Static: the ISP code; IPv4/IPv6: the country id; LTE: the endpoint id.
    pub location: Option<String>,
    /// A whole number of at least 1 (LTE: always 1).
    #[schema(value_type = Option<i64>)]
    pub quantity: Option<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GetProxyResponse {
    pub success: bool,
    /// `host:port:username:password`, one per piece.
    pub proxies: Vec<String>,
    pub message: String,
    pub user: User,
}

/// A validated purchase.
#[derive(Debug, Clone)]
pub(crate) struct PieceOrder {
    pub kind: ProxyKind,
    pub plan: Option<i64>,
    pub country: Option<String>,
    pub location: String,
    pub quantity: i32,
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// The buy form's rule: an emptied field is "Please enter a valid number"; anything but a whole
/// number of at least 1 is "Please enter a valid quantity".
fn quantity(value: Option<&Value>) -> Result<i32, ApiError> {
    let number = match value {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => Some(s.trim().parse::<f64>().ok()),
        Some(Value::Number(n)) => Some(n.as_f64()),
        Some(_) => Some(None),
    };
    let number = number.ok_or_else(|| ApiError::field("quantity", msg::VALID_NUMBER))?;
    match number {
        Some(q) if q.fract() == 0.0 && (1.0..=MAX_QUANTITY as f64).contains(&q) => Ok(q as i32),
        _ => Err(ApiError::field("quantity", msg::VALID_QUANTITY)),
    }
}

pub(crate) fn parse(body: &GetProxyRequest) -> Result<PieceOrder, ApiError> {
    let kind = body
        .kind
        .as_deref()
        .and_then(ProxyKind::parse)
        .filter(|k| !k.is_traffic())
        .ok_or_else(|| ApiError::field("type", msg::UNKNOWN_TYPE))?;
    let select_all = |field| ApiError::field(field, msg::SELECT_ALL_FIELDS);
    let plan = body.plan;
    if plan.is_none() && kind != ProxyKind::Lte {
        return Err(select_all("plan"));
    }
    let country = text(&body.country).map(|c| c.to_lowercase());
    if kind == ProxyKind::Static && country.is_none() {
        return Err(select_all("country"));
    }
    let location = text(&body.location).ok_or_else(|| select_all("location"))?;
    let quantity = if kind == ProxyKind::Lte {
        1
    } else {
        quantity(body.quantity.as_ref())?
    };
    Ok(PieceOrder {
        kind,
        plan,
        country,
        location,
        quantity,
    })
}

/// The plan an order is priced by: on sale and of the order's kind.
pub(crate) fn plan_for(
    conn: &mut DbConnection,
    order: &PieceOrder,
) -> Result<plans::PlanRow, ApiError> {
    let kind = order.kind.as_str();
    let plan = match order.plan {
        Some(id) => plans::find(conn, id)?.filter(|p| p.kind == kind),
        None => plans::active_for_kind(conn, kind)?
            .into_iter()
            .min_by_key(|p| p.price_cents),
    }
    .ok_or(ApiError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
    if !plan.on_sale(persistence::now()) {
        return Err(ApiError::Gone(msg::PLAN_UNAVAILABLE));
    }
    Ok(plan)
}

/// What the order transaction settled: the order row and what it bought.
pub(crate) struct Reserved {
    pub order_id: i64,
    pub stock_id: i64,
    pub total: i64,
    pub validity_days: i32,
    pub country: String,
    pub city: Option<String>,
    pub isp: Option<String>,
    pub socks: bool,
}

/// Takes the stock, records the order in `status` and debits the wallet, in the caller's
/// transaction. Every refusal leaves the database as it was.
pub(crate) fn take_order(
    conn: &mut DbConnection,
    user_id: i64,
    order: &PieceOrder,
    source: &str,
    status: &str,
) -> Result<Reserved, ApiError> {
    let plan = plan_for(conn, order)?;
    let kind = order.kind.as_str();
    let unknown = || ApiError::field("location", msg::UNKNOWN_LOCATION);
    let stock = pieces::find_stock(conn, kind, &order.location)?.ok_or_else(unknown)?;
    if order.country.as_ref().is_some_and(|c| *c != stock.country) {
        return Err(unknown());
    }
    if !pieces::reserve(conn, stock.id, order.quantity)? {
        return Err(ApiError::Conflict(msg::OUT_OF_STOCK));
    }
    let total = plan
        .price_cents
        .checked_mul(i64::from(order.quantity))
        .ok_or_else(|| ApiError::field("quantity", msg::VALID_QUANTITY))?;
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
    // `plan_for` sells only priced plans, so the debit is positive (the wallet refuses others).
    let note = format!("{} × {} ({})", order.quantity, plan.name, stock.code);
    wallet::debit(
        conn,
        user_id,
        total,
        EntryKind::Purchase,
        &format!("piece_{order_id}"),
        Some(&note),
    )?;
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

/// Buys from the local stock: the order, one gateway credential per piece and the history, in
/// the caller's transaction.
fn buy_local(
    conn: &mut DbConnection,
    user_id: i64,
    order: &PieceOrder,
    gateway: &crate::settings::GatewayEndpoints,
) -> Result<(Vec<String>, users::UserRow), ApiError> {
    let taken = take_order(conn, user_id, order, "local", "delivered")?;
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
                kind: order.kind.as_str(),
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
        proxy_history::insert(
            conn,
            user_id,
            order.kind.as_str(),
            &proxy,
            Some(expires_at),
            now,
        )?;
        proxies.push(proxy);
    }
    let user = users::find_by_id(conn, user_id)?.ok_or(ApiError::NotFound)?;
    Ok((proxies, user))
}

#[utoipa::path(post, path = "/api/user/get_proxy", tag = "pieces", request_body = GetProxyRequest,
    responses((status = 200, body = GetProxyResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 410, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 502, body = ErrorResponse)))]
pub async fn get_proxy(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<GetProxyRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = parse(&body)?;
    let user_id = user.0.id;
    if let Some(source) = state.pieces.clone() {
        let updated =
            super::provider::buy_from_provider(&state.pool, source, user_id, order).await?;
        return Ok(HttpResponse::Accepted().json(GetProxyResponse {
            success: true,
            proxies: Vec::new(),
            message: msg::ORDER_PENDING.to_owned(),
            user: User::from(&updated),
        }));
    }
    let gateway = state.settings.gateway.clone();
    let (proxies, updated) = in_transaction(&state.pool, move |conn| {
        buy_local(conn, user_id, &order, &gateway)
    })
    .await?;
    Ok(HttpResponse::Ok().json(GetProxyResponse {
        success: true,
        proxies,
        message: msg::PIECE_GENERATED.to_owned(),
        user: User::from(&updated),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn q(value: Value) -> Result<i32, String> {
        quantity(Some(&value)).map_err(|e| match e {
            ApiError::Validation(f) => f.first_message().unwrap_or_default().to_owned(),
            _ => "other".to_owned(),
        })
    }

    #[test]
    fn quantities_follow_the_spec_messages() {
        assert_eq!(q(json!(2)), Ok(2));
        assert_eq!(q(json!("3")), Ok(3));
        assert_eq!(q(json!(null)), Err(msg::VALID_NUMBER.to_owned()));
        assert_eq!(q(json!("  ")), Err(msg::VALID_NUMBER.to_owned()));
        for bad in [
            json!(0),
            json!(-1),
            json!(1.5),
            json!("abc"),
            json!(1_001),
            json!([1]),
        ] {
            assert_eq!(q(bad.clone()), Err(msg::VALID_QUANTITY.to_owned()), "{bad}");
        }
        assert!(quantity(None).is_err());
    }
}
