//! Changing the account's email: `POST /api/user/email` mails a code to the new address, `POST
//! /api/user/email/confirm` checks it and moves the account (and its mailbox) there; the old
//! address gets a notice (the use case: `app::accounts::email_change`).

use crate::error::ApiError;
use crate::extractors::{ClientIp, CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::{AuthResponse, ErrorResponse, MessageResponse, user_view};
use actix_web::{HttpResponse, post, web};
use domain::{EmailChangeForm, VerificationCode, messages as msg};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailChangeRequest {
    #[serde(default, rename = "newEmail")]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub new_email: String,
    /// Needed only when the account has a password.
    #[serde(default)]
    #[schema(value_type = String)]
    pub password: SecretString,
}

#[utoipa::path(tag = "account", request_body = EmailChangeRequest,
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/user/email")]
pub async fn request_email_change(
    state: web::Data<AppState>,
    user: CurrentUser,
    ip: ClientIp,
    body: JsonObject<EmailChangeRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = EmailChangeForm::parse(&body.new_email, body.password.expose_secret())
        .map_err(ApiError::Validation)?;
    let new_email = app::accounts::email_change::request(
        &state.services,
        &state.code_key,
        &user.0,
        form,
        ip.network(),
    )
    .await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::email_code_sent(&new_email),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailConfirmRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::code)]
    pub code: String,
}

#[utoipa::path(tag = "account", request_body = EmailConfirmRequest,
    responses((status = 200, body = AuthResponse), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[post("/user/email/confirm")]
pub async fn confirm_email_change(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<EmailConfirmRequest>,
) -> Result<HttpResponse, ApiError> {
    let code = VerificationCode::parse(&body.code).map_err(|m| ApiError::field("code", m))?;
    let user = app::accounts::email_change::confirm(
        &state.services,
        &state.code_key,
        &state.public_url,
        user.0,
        code,
    )
    .await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::EMAIL_CHANGED.to_owned(),
        user: user_view(&state.services.pool, &user).await?,
    }))
}
