//! `POST /api/user/subusers/{id}/login` invites an email to sign in to one sub-user, `DELETE`
//! revokes that sign-in (its sessions end at once). Owner's session only: neither is on the
//! sub-user allowlist nor in the key scope table. The use case: `app::accounts::invitation`.

use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, delete, post, web};
use app::accounts::invitation;
use domain::{Email, messages as msg};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct InviteRequest {
    /// Where the invitation goes; it must not belong to an account or another sign-in yet.
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
}

#[utoipa::path(tag = "subusers", params(("id" = i64, Path, description = "Sub-user id")),
    request_body = InviteRequest,
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/user/subusers/{id}/login")]
pub async fn invite_subuser_login(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: JsonObject<InviteRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = Email::parse(&body.email).map_err(|m| ApiError::field("email", m))?;
    let subuser_id = path.into_inner();
    invitation::invite(
        &state.services,
        &state.code_key,
        &state.public_url,
        user.0.id,
        subuser_id,
        email,
    )
    .await?;
    tracing::info!(
        user = user.0.id.get(),
        subuser_id,
        "sub-user sign-in invited"
    );
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::SUBUSER_LOGIN_INVITED.to_owned(),
    }))
}

#[utoipa::path(tag = "subusers", params(("id" = i64, Path, description = "Sub-user id")),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/user/subusers/{id}/login")]
pub async fn revoke_subuser_login(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let subuser_id = path.into_inner();
    invitation::revoke(&state.services, user.0.id, subuser_id).await?;
    tracing::info!(
        user = user.0.id.get(),
        subuser_id,
        "sub-user sign-in revoked"
    );
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::SUBUSER_LOGIN_REVOKED.to_owned(),
    }))
}
