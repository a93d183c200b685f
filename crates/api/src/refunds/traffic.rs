//! `GET /api/user/refunds/eligibility?type=premium|budget` → `{eligible, amount, gb, reason}`
//! and `POST /api/user/refunds {type}` → `{refunded, gb, balance}`: the unused part of the
//! latest purchase of that kind back to the wallet, or 409 with the reason.

use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::form::KindQuery;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, post, web};
use domain::refund::{Verdict, shown_gb as gb};
use domain::{Cents, ProxyKind, messages as msg};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A traffic kind (`type`), or 422 naming the field.
fn traffic_kind(raw: Option<&str>) -> Result<ProxyKind, ApiError> {
    match raw.map(str::trim).and_then(ProxyKind::parse) {
        Some(kind) if kind.is_traffic() => Ok(kind),
        Some(_) => Err(ApiError::field("type", msg::REFUND_TRAFFIC_ONLY)),
        None => Err(ApiError::field("type", msg::UNKNOWN_TYPE)),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Eligibility {
    pub eligible: bool,
    /// US dollars that a refund now would credit (0 when not eligible).
    #[schema(value_type = f64)]
    pub amount: Cents,
    /// GB that it would take back (0 when not eligible).
    pub gb: f64,
    /// Why not, or that it can be refunded.
    pub reason: String,
}

#[utoipa::path(tag = "refunds", params(KindQuery),
    responses((status = 200, body = Eligibility), (status = 401, body = ErrorResponse),
              (status = 422, body = ErrorResponse, description = "type invalid")))]
#[get("/user/refunds/eligibility")]
pub async fn eligibility(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<KindQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = traffic_kind(query.kind.as_deref())?;
    let policy = state.settings.refunds;
    let verdict = app::refunds::eligibility(&state.services.pool, user.0.id, kind, policy).await?;
    let (amount, bytes) = match verdict {
        Verdict::Refund { bytes, amount } => (amount, bytes),
        Verdict::Refused(_) => (Cents::ZERO, 0),
    };
    Ok(HttpResponse::Ok().json(Eligibility {
        eligible: matches!(verdict, Verdict::Refund { .. }),
        amount,
        gb: gb(bytes),
        reason: verdict.reason().to_owned(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefundRequest {
    /// premium or budget.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RefundReply {
    /// US dollars credited to the wallet.
    #[schema(value_type = f64)]
    pub refunded: Cents,
    /// GB taken back.
    pub gb: f64,
    /// The wallet balance after it, US dollars.
    #[schema(value_type = f64)]
    pub balance: Cents,
}

#[utoipa::path(tag = "refunds", request_body = RefundRequest,
    responses((status = 200, body = RefundReply), (status = 401, body = ErrorResponse),
              (status = 409, body = ErrorResponse,
                description = "Not refundable: too late, too much used, already refunded, nothing left, paused"),
              (status = 422, body = ErrorResponse, description = "type invalid")))]
#[post("/user/refunds")]
pub async fn refund(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<RefundRequest>,
) -> Result<HttpResponse, ApiError> {
    let kind = traffic_kind(body.kind.as_deref())?;
    let policy = state.settings.refunds;
    let done = app::refunds::refund(&state.services.pool, user.0.id, kind, policy).await?;
    Ok(HttpResponse::Ok().json(RefundReply {
        refunded: done.amount,
        gb: gb(done.bytes),
        balance: done.balance,
    }))
}
