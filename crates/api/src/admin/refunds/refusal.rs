//! `GET /api/admin/users/{id}/refund-refusal` and `PUT … {days, reason}`: the operator refuses
//! a customer's self-serve refunds for `days` days from now (0 lifts the refusal), with the
//! reason kept for the operators; the customer is told refunds are paused. Audited
//! (`user.refund_refusal`) in the same transaction.

use crate::admin::audit_trail::{audit, reason};
use crate::admin::users::customer::existing_customer;
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, put, web};
use domain::{UserId, messages as msg};
use persistence::refunds::refusals::{self, RefusalRow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// The longest refusal an operator sets at once, in days.
pub const MAX_DAYS: i64 = 365;

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefusalRequest {
    /// Days from now during which the customer's refunds are refused: 0 (lifts it) to 365.
    #[schema(value_type = i64, required = true, minimum = 0, maximum = 365)]
    pub days: Option<Value>,
    /// 3–200 characters.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

/// The refusal in force, or null.
#[derive(Debug, Serialize, ToSchema)]
pub struct RefusalReply {
    pub refusal: Option<Refusal>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    /// Refunds are refused until then (unix seconds).
    pub refused_until: i64,
    pub reason: String,
    /// The operator who set it (null once their account is gone).
    pub created_by: Option<i64>,
    pub created_at: i64,
}

fn in_force(row: Option<RefusalRow>, now: i64) -> RefusalReply {
    RefusalReply {
        refusal: row.filter(|r| r.refused_until > now).map(|r| Refusal {
            refused_until: r.refused_until,
            reason: r.reason,
            created_by: r.created_by,
            created_at: r.created_at,
        }),
    }
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = RefusalReply), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "User not found")))]
#[get("/admin/users/{id}/refund-refusal")]
pub async fn get_refusal(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let row = with_conn(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        Ok(refusals::refusal(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(in_force(row, persistence::now())))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = RefusalRequest,
    responses((status = 200, body = RefusalReply), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "User not found"),
        (status = 422, body = ErrorResponse, description = "days or reason invalid")))]
#[put("/admin/users/{id}/refund-refusal")]
pub async fn set_refusal(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<RefusalRequest>,
) -> Result<HttpResponse, ApiError> {
    let days = body
        .days
        .as_ref()
        .and_then(domain::numbers::whole_of)
        .filter(|d| (0..=MAX_DAYS).contains(d))
        .ok_or_else(|| ApiError::field("days", msg::REFUSAL_DAYS))?;
    let why = reason(body.reason.as_deref())?;
    let (id, actor) = (UserId::new(path.into_inner()), admin.0.id);
    let now = persistence::now();
    let row = in_transaction(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        let before = in_force(refusals::refusal(conn, id)?, now);
        let row = refusals::set_refusal(conn, id, now + days * 86_400, &why, actor)?;
        let after = in_force(Some(row.clone()), now);
        audit(
            conn,
            actor,
            "user.refund_refusal",
            &format!("user:{id}"),
            Some(&why),
            Some(&before),
            Some(&after),
        )?;
        Ok(row)
    })
    .await?;
    Ok(HttpResponse::Ok().json(in_force(Some(row), now)))
}
