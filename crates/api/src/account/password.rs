//! `POST /api/user/password`: a new password for the signed-in account. Every other session of
//! the account ends; the current one goes on under a new id. A Google-only account sets its
//! first password without a current one.

use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::extractors::JsonObject;
use crate::session::Session;
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, post, web};
use domain::{PasswordChangeForm, messages as msg};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordChangeRequest {
    /// Needed only when the account has a password.
    #[serde(default, rename = "currentPassword")]
    #[schema(value_type = String)]
    pub current_password: SecretString,
    #[serde(default, rename = "newPassword")]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub new_password: SecretString,
    /// The same password again.
    #[serde(default, rename = "confirmPassword")]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub confirm_password: SecretString,
}

#[utoipa::path(tag = "account", request_body = PasswordChangeRequest,
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/user/password")]
pub async fn change_password(
    state: web::Data<AppState>,
    session: Session,
    user: CurrentUser,
    body: JsonObject<PasswordChangeRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = PasswordChangeForm::parse(
        body.current_password.expose_secret(),
        body.new_password.expose_secret(),
        body.confirm_password.expose_secret(),
    )
    .map_err(ApiError::Validation)?;
    app::accounts::password::change(
        &state.services,
        &state.public_url,
        &user.0,
        form,
        session.row(),
    )
    .await?;
    session.renew();
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::PASSWORD_CHANGED.to_owned(),
    }))
}
