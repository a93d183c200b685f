//! `POST /api/user/coupons/check {code, type, planId | amount[, gb | quantity]}`: the price the
//! customer would pay with the coupon, or why it does not apply (`app::pricing`).

use crate::error::ApiError;
use crate::extractors::{ClientIp, CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::pricing::Priced;
use app::rate_limit::check_limits;
use app::traffic::{CustomGb, PlanChoice};
use domain::{Cents, PlanId, ProxyKind, UserId, messages as msg};
use persistence::prices::Amount;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use utoipa::ToSchema;

/// Coupon codes a customer may try per minute, checks and purchases together: enough for a
/// person at a checkout, too few to guess codes.
const TRIES_PER_MINUTE: u32 = 20;
/// The same from one client network, however many accounts it signs up: accounts are cheap,
/// networks less so.
const TRIES_PER_NETWORK_PER_MINUTE: u32 = 60;

/// Counts one try of a coupon code by `user` from `ip`; 429 past either limit.
pub(crate) async fn limit_coupon_tries(
    state: &AppState,
    user: UserId,
    ip: &ClientIp,
) -> Result<(), ApiError> {
    check_limits(
        &state.services.pool,
        Duration::from_secs(60),
        vec![
            (format!("coupon:user:{user}"), TRIES_PER_MINUTE),
            (
                format!("coupon:net:{}", ip.network()),
                TRIES_PER_NETWORK_PER_MINUTE,
            ),
        ],
    )
    .await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponCheckRequest {
    /// The code as typed (case-insensitive).
    #[schema(required = true, schema_with = crate::openapi::rules::non_blank)]
    pub code: Option<String>,
    /// premium, budget, static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::kind)]
    pub kind: Option<String>,
    /// The plan's id (piece kinds: the cheapest plan on sale when absent).
    #[serde(default, deserialize_with = "domain::numbers::optional_whole")]
    #[schema(value_type = Option<i64>)]
    pub plan_id: Option<i64>,
    /// Traffic kinds: the plan's amount in GB, instead of `planId`.
    #[serde(default, deserialize_with = "domain::numbers::optional_whole")]
    #[schema(value_type = Option<i64>)]
    pub amount: Option<i64>,
    /// Traffic kinds: a custom amount of GB of the plan (1 to 10000), at its volume tier.
    #[serde(default, deserialize_with = "domain::numbers::optional_whole")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 10000)]
    pub gb: Option<i64>,
    /// Piece kinds: how many pieces (1 to 1000, default 1).
    #[serde(default, deserialize_with = "domain::numbers::optional_whole")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1000)]
    pub quantity: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponCheckResponse {
    /// Whether the coupon applies to this purchase.
    pub valid: bool,
    /// USD: everything taken off the list price (the customer's own price and the coupon).
    #[schema(value_type = f64)]
    pub discount: Cents,
    /// USD the purchase would cost (without the coupon when it does not apply).
    #[schema(value_type = f64)]
    pub price: Cents,
    /// USD before any discount.
    #[schema(value_type = f64)]
    pub list_price: Cents,
    /// "Coupon applied", or why not (e.g. "This coupon has been used up").
    pub message: String,
}

fn priced(body: &CouponCheckRequest) -> Result<Priced, ApiError> {
    let kind = body
        .kind
        .as_deref()
        .and_then(ProxyKind::parse)
        .ok_or_else(|| ApiError::field("type", msg::UNKNOWN_TYPE))?;
    let plan = match (body.plan_id, body.amount) {
        (Some(id), _) => Some(PlanChoice::Id(PlanId::new(id))),
        (None, Some(gb)) if kind.is_traffic() => Some(PlanChoice::Amount(gb)),
        _ => None,
    };
    let amount = if kind.is_traffic() {
        match body.gb {
            Some(gb) => {
                CustomGb::parse(gb).map_err(|_| ApiError::field("gb", msg::CUSTOM_GB_RANGE))?;
                Amount::CustomGb(gb)
            }
            None => Amount::Plan,
        }
    } else {
        let quantity = body.quantity.unwrap_or(1);
        match i32::try_from(quantity) {
            Ok(q) if (1..=domain::numbers::QUANTITY.max).contains(&quantity) => Amount::Pieces(q),
            _ => return Err(ApiError::field("quantity", msg::QUANTITY_RANGE)),
        }
    };
    Ok(Priced { kind, plan, amount })
}

#[utoipa::path(tag = "plans", request_body = CouponCheckRequest,
    responses((status = 200, body = CouponCheckResponse), (status = 401, body = ErrorResponse),
              (status = 404, body = ErrorResponse), (status = 410, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 429, body = ErrorResponse)))]
#[post("/user/coupons/check")]
pub async fn check_coupon(
    state: web::Data<AppState>,
    user: CurrentUser,
    ip: ClientIp,
    body: JsonObject<CouponCheckRequest>,
) -> Result<HttpResponse, ApiError> {
    let code = crate::form::coupon(body.code.as_deref())
        .ok_or_else(|| ApiError::field("code", msg::COUPON_UNKNOWN))?;
    let priced = priced(&body)?;
    limit_coupon_tries(&state, user.0.id, &ip).await?;
    let check = app::pricing::check_coupon(&state.services.pool, user.0.id, priced, code).await?;
    Ok(HttpResponse::Ok().json(CouponCheckResponse {
        valid: check.valid,
        discount: check.discount,
        price: check.price,
        list_price: check.list_price,
        message: check.message,
    }))
}
