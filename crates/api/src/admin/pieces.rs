//! `PUT /api/admin/pieces/{id}/expiry`: an operator moves a piece's expiry (a goodwill
//! extension, a correction, or bringing a renewal forward to check it), audited in the same
//! transaction. The gateway takes the new expiry at its next flush.

use crate::admin::audit_trail::{audit, reason};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, put, web};
use domain::messages as msg;
use persistence::pieces::renewals;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(set_expiry);
}

/// The expiries an operator may set (unix seconds, 2001-09-09 to 2100-01-01): a past one ends the
/// piece (or tries its grace period), a future one extends it.
pub const EXPIRY_MIN: i64 = 1_000_000_000;
pub const EXPIRY_MAX: i64 = 4_102_444_800;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpiryRequest {
    /// The new expiry, unix seconds, from 1000000000 to 4102444800.
    #[schema(value_type = i64, required = true, minimum = 1_000_000_000.0, maximum = 4_102_444_800.0)]
    pub expires_at: Option<Value>,
    /// 3 to 200 characters.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpiryReply {
    pub id: i64,
    pub expires_at: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExpiryState {
    expires_at: i64,
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Piece id")),
    request_body = ExpiryRequest,
    responses((status = 200, body = ExpiryReply), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[put("/admin/pieces/{id}/expiry")]
pub async fn set_expiry(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<ExpiryRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    // A whole number, as the document's `integer` (which `2877209934.0` also is).
    let to = body
        .expires_at
        .as_ref()
        .and_then(domain::numbers::whole_of)
        .filter(|at| (EXPIRY_MIN..=EXPIRY_MAX).contains(at))
        .ok_or_else(|| ApiError::field("expiresAt", msg::EXPIRY_AT))?;
    let why = reason(body.reason.as_deref())?;
    let (id, actor) = (path.into_inner(), admin.0.id);
    in_transaction(&state.services.pool, move |conn| {
        let from = renewals::set_expiry(conn, id, to)?
            .ok_or(ApiError::NotFoundWith(msg::PIECE_NOT_FOUND))?;
        audit(
            conn,
            actor,
            "piece.expiry",
            &format!("piece:{id}"),
            Some(&why),
            Some(&ExpiryState { expires_at: from }),
            Some(&ExpiryState { expires_at: to }),
        )
    })
    .await?;
    Ok(HttpResponse::Ok().json(ExpiryReply { id, expires_at: to }))
}
