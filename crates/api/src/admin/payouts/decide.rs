//! `POST /api/admin/payouts/{id}/approve` and `POST /api/admin/payouts/{id}/refuse {reason}`.
//!
//! Approval (`app::referral_payouts::approve`): one conditional UPDATE moves `requested` to
//! `approved` (or claims an approved payout whose last call failed, for a retry) and writes the
//! audit row; then the provider is asked to pay under the payout's one order id (its status
//! callbacks to `/api/payout/callback`); then the answer is written: `processing` (or `paid` /
//! `failed` when the provider says so at once), or the payout stays `approved` with the error
//! (502 saying so). Refusal:
//! the conditional UPDATE, the held amount back on the referral balance and the audit row, in
//! one transaction. Of two operators at once, one wins and the other gets 409.

use crate::admin::audit_trail::reason;
use crate::admin::payouts::list::AdminPayout;
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use persistence::referral_payouts::{self, PayoutRow};
use persistence::users;
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefusePayoutRequest {
    /// 3 to 200 characters; the customer sees it.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

async fn view(state: &AppState, row: PayoutRow) -> Result<AdminPayout, ApiError> {
    let user = row.user_id;
    let id = row.id;
    let (email, tracking) = with_conn(&state.services.pool, move |conn| {
        let email = users::find_by_id(conn, user)?.map_or_else(String::new, |u| u.email);
        Ok((email, referral_payouts::tracking(conn, id)?))
    })
    .await?;
    Ok(AdminPayout::new(row, email, tracking))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Payout id")),
    responses((status = 200, body = AdminPayout, description = "Taken by the provider: processing (paid or failed when it says so at once)"),
              (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
              (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "Paid, failed, refused, being sent, or with the provider"),
              (status = 502, body = ErrorResponse, description = "The provider did not pay it (or its answer was lost): it stays approved"),
              (status = 503, body = ErrorResponse, description = "No payout provider is configured")))]
#[post("/admin/payouts/{id}/approve")]
pub async fn approve_payout(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let sender = state.services.payouts.clone();
    let row = app::referral_payouts::approve(
        &state.services.pool,
        sender.as_deref(),
        path.into_inner(),
        admin.0.id,
        Some(format!("{}/api/payout/callback", state.public_url)),
    )
    .await?;
    Ok(HttpResponse::Ok().json(view(&state, row).await?))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Payout id")),
    request_body = RefusePayoutRequest,
    responses((status = 200, body = AdminPayout), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "Paid, failed, refused, being sent, with the provider, or possibly paid"),
              (status = 422, body = ErrorResponse)))]
#[post("/admin/payouts/{id}/refuse")]
pub async fn refuse_payout(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<RefusePayoutRequest>,
) -> Result<HttpResponse, ApiError> {
    let why = reason(body.reason.as_deref())?;
    let (id, actor) = (path.into_inner(), admin.0.id);
    let row = in_transaction(&state.services.pool, move |conn| {
        Ok(app::referral_payouts::refuse(conn, id, actor, &why)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(view(&state, row).await?))
}
