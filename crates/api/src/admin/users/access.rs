//! `POST /api/admin/users/{id}/disable {reason}` and `/enable {reason?}`. Disabling ends every
//! session of the account in the same transaction as the change and its audit row; within one
//! gateway flush the account's live proxy connections end and new ones are refused
//! (gateway/tests/it/admin_disable.rs). Nobody disables themselves, and the last enabled admin stays.

use super::customer::{customer_not_found, existing_customer, load_row};
use super::view::AdminUserEnvelope;
use crate::admin::audit_trail::{audit, optional_reason, reason};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use actix_web::{HttpResponse, post, web};
use domain::{UserId, messages as msg};
use persistence::admin_access::{self, Outcome};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReasonRequest {
    /// 3–200 characters.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

/// `/enable`'s body: the reason is optional there.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OptionalReasonRequest {
    /// Absent, null or blank for none; otherwise 3–200 characters.
    #[schema(schema_with = crate::openapi::rules::optional_reason)]
    pub reason: Option<String>,
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = ReasonRequest,
    responses((status = 200, body = AdminUserEnvelope), (status = 401), (status = 403),
        (status = 404, description = "User not found"),
        (status = 409, description = "oneself, the last enabled admin, or already disabled"),
        (status = 422, description = "reason invalid")))]
#[post("/admin/users/{id}/disable")]
pub async fn disable_user(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<ReasonRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let reason = reason(body.reason.as_deref())?;
    let actor = admin.0.id;
    let user = in_transaction(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        if id == actor {
            return Err(ApiError::Conflict(msg::CANNOT_DISABLE_SELF));
        }
        match admin_access::disable(conn, id)? {
            Outcome::Changed => {}
            Outcome::Unchanged => return Err(ApiError::Conflict(msg::ALREADY_DISABLED)),
            Outcome::LastAdmin => return Err(ApiError::Conflict(msg::LAST_ADMIN)),
            Outcome::NotFound => return Err(customer_not_found()),
        }
        let user = load_row(conn, id)?;
        audit(
            conn,
            actor,
            "user.disable",
            &format!("user:{id}"),
            Some(&reason),
            Some(&json!({ "disabled": false })),
            Some(&json!({ "disabled": true })),
        )?;
        Ok(user)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AdminUserEnvelope { user }))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = OptionalReasonRequest,
    responses((status = 200, body = AdminUserEnvelope), (status = 401), (status = 403),
        (status = 404, description = "User not found"),
        (status = 409, description = "This account is not disabled"),
        (status = 422, description = "reason given but invalid")))]
#[post("/admin/users/{id}/enable")]
pub async fn enable_user(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<OptionalReasonRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let reason = optional_reason(body.reason.as_deref())?;
    let actor = admin.0.id;
    let user = in_transaction(&state.services.pool, move |conn| {
        match admin_access::enable(conn, id)? {
            Outcome::Changed => {}
            Outcome::Unchanged | Outcome::LastAdmin => {
                return Err(ApiError::Conflict(msg::NOT_DISABLED));
            }
            Outcome::NotFound => return Err(customer_not_found()),
        }
        let user = load_row(conn, id)?;
        audit(
            conn,
            actor,
            "user.enable",
            &format!("user:{id}"),
            reason.as_deref(),
            Some(&json!({ "disabled": true })),
            Some(&json!({ "disabled": false })),
        )?;
        Ok(user)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AdminUserEnvelope { user }))
}
