//! `POST /api/admin/users/{id}/role {role, reason?}`: makes an account an admin or a customer.
//! Demoting the last enabled admin is refused (race-free: `persistence::admin_access`).

use super::customer::{customer_not_found, load_row};
use super::view::AdminUserEnvelope;
use crate::admin::audit_trail::{audit, optional_reason};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use actix_web::{HttpResponse, post, web};
use domain::{Role, UserId, messages as msg};
use persistence::admin_access::{self, Outcome};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct RoleRequest {
    /// admin or user.
    #[schema(required = true, schema_with = crate::openapi::rules::role)]
    pub role: Option<String>,
    /// Optional, 3–200 characters when given.
    #[schema(schema_with = crate::openapi::rules::optional_reason)]
    pub reason: Option<String>,
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = RoleRequest,
    responses((status = 200, body = AdminUserEnvelope), (status = 401), (status = 403),
        (status = 404, description = "User not found"),
        (status = 409, description = "The shop must keep at least one administrator"),
        (status = 422, description = "role or reason invalid")))]
#[post("/admin/users/{id}/role")]
pub async fn change_role(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<RoleRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let role = match body.role.as_deref().map(str::trim).and_then(Role::parse) {
        Some(role) => role,
        None => return Err(ApiError::field("role", msg::UNKNOWN_ROLE)),
    };
    let reason = optional_reason(body.reason.as_deref())?;
    let actor = admin.0.id;
    let user = in_transaction(&state.services.pool, move |conn| {
        let before = load_row(conn, id)?;
        match admin_access::set_role(conn, id, role)? {
            // Already that role: nothing changed, nothing to record.
            Outcome::Unchanged => return Ok(before),
            Outcome::Changed => {}
            Outcome::LastAdmin => return Err(ApiError::Conflict(msg::LAST_ADMIN)),
            Outcome::NotFound => return Err(customer_not_found()),
        }
        let user = load_row(conn, id)?;
        audit(
            conn,
            actor,
            "user.role",
            &format!("user:{id}"),
            reason.as_deref(),
            Some(&json!({ "role": before.role })),
            Some(&json!({ "role": user.role })),
        )?;
        Ok(user)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AdminUserEnvelope { user }))
}
