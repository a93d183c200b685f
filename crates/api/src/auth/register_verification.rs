//! `POST /api/register_verification`: mails a six-digit code to an address not yet registered
//! (`app::accounts::registration::request_code`).
//!
//! The answer never tells whether the address has an account: a registered address gets the
//! same 200 (after the same rate limits and resend countdown), and its owner is mailed a notice
//! instead of a code.

use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, post, web};
use app::accounts::registration;
use domain::{Email, messages as msg};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
}

#[utoipa::path(tag = "auth", security(()), request_body = CodeRequest,
    responses((status = 200, body = MessageResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/register_verification")]
pub async fn request_code(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: JsonObject<CodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = Email::parse(&body.email).map_err(|m| ApiError::field("email", m))?;
    registration::request_code(
        &state.services,
        &state.code_key,
        &state.settings.limits,
        &state.public_url,
        email,
        ip.network(),
    )
    .await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::CODE_SENT.to_owned(),
    }))
}
