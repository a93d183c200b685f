//! `POST /api/user/get_plan {type, amount | planId[, customGb]}`: buys a traffic plan from the
//! wallet, or a custom number of GB at that plan's per-GB tier
//! ([`app::traffic::buy_plan`]).

use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::view::{ErrorResponse, User, user_view};
use actix_web::{HttpResponse, post, web};
use app::traffic::{CustomGb, PlanChoice};
use domain::{PlanId, ProxyKind, messages as msg};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct BuyPlanRequest {
    /// premium or budget.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: Option<String>,
    /// The plan's amount in GB (the front end's `{type, amount}` purchase): a whole number.
    #[serde(default, deserialize_with = "domain::numbers::optional_whole")]
    pub amount: Option<i64>,
    /// Or the plan's id.
    #[serde(rename = "planId")]
    #[serde(default, deserialize_with = "domain::numbers::optional_whole")]
    pub plan_id: Option<i64>,
    /// Buy this many GB (1 to 10000) instead of the plan's amount, at the plan's per-GB tier
    /// (its price over its GB, rounded up to the cent).
    #[serde(rename = "customGb")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 10000)]
    pub custom_gb: Option<serde_json::Value>,
    /// A coupon code (case-insensitive); blank or absent: none. One that does not apply is
    /// refused (422 on `coupon`, saying why) with nothing bought.
    pub coupon: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BuyPlanResponse {
    pub success: bool,
    pub message: String,
    pub user: User,
}

#[utoipa::path(tag = "plans", request_body = BuyPlanRequest,
    responses((status = 200, body = BuyPlanResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 410, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/user/get_plan")]
pub async fn buy_plan(
    state: web::Data<AppState>,
    user: CurrentUser,
    ip: crate::extractors::ClientIp,
    body: JsonObject<BuyPlanRequest>,
) -> Result<HttpResponse, ApiError> {
    let kind = body
        .kind
        .as_deref()
        .and_then(ProxyKind::parse)
        .ok_or(ApiError::field("type", msg::UNKNOWN_TYPE))?;
    if !kind.is_traffic() {
        return Err(ApiError::field("type", msg::PLAN_PER_PIECE));
    }
    let choice = match (body.plan_id, body.amount) {
        (Some(id), _) => PlanChoice::Id(PlanId::new(id)),
        (None, Some(gb)) => PlanChoice::Amount(gb),
        (None, None) => return Err(ApiError::field("amount", msg::FILL_ALL_FIELDS)),
    };
    let custom = match &body.custom_gb {
        None | Some(serde_json::Value::Null) => None,
        Some(value) => Some(custom_gb(value)?),
    };
    let coupon = crate::form::coupon(body.coupon.as_deref());
    if coupon.is_some() {
        crate::coupons::limit_coupon_tries(&state, user.0.id, &ip).await?;
    }
    let updated = app::traffic::buy_plan(
        &state.services.pool,
        user.0.id,
        kind,
        choice,
        custom,
        coupon,
    )
    .await?;
    Ok(HttpResponse::Ok().json(BuyPlanResponse {
        success: true,
        message: msg::PLAN_PURCHASED.to_owned(),
        user: user_view(&state.services.pool, &updated).await?,
    }))
}

/// `customGb` from the request's JSON: a whole number by the one rule of `domain::numbers` (`5`,
/// `5.0` and `5e0` alike), 1 to 10000; anything else refused with the range message.
fn custom_gb(value: &serde_json::Value) -> Result<CustomGb, ApiError> {
    match domain::numbers::whole_of(value) {
        Some(gb) => Ok(CustomGb::parse(gb)?),
        None => Err(ApiError::field("customGb", msg::CUSTOM_GB_RANGE)),
    }
}
