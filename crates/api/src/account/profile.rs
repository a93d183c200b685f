//! `PATCH /api/user/profile`: the customer's name and phone number.

use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::view::{AuthResponse, ErrorResponse, user_view};
use actix_web::{HttpResponse, patch, web};
use domain::{ProfileForm, messages as msg};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::profile_name)]
    pub name: String,
    /// E.164 (`+14155550123`); empty or null clears it.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::rules::phone)]
    pub phone: Option<String>,
}

#[utoipa::path(tag = "account", request_body = ProfileRequest,
    responses((status = 200, body = AuthResponse), (status = 401, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[patch("/user/profile")]
pub async fn update_profile(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<ProfileRequest>,
) -> Result<HttpResponse, ApiError> {
    let form =
        ProfileForm::parse(&body.name, body.phone.as_deref()).map_err(ApiError::Validation)?;
    let user = app::accounts::profile::update(&state.services.pool, user.0.id, form).await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::PROFILE_UPDATED.to_owned(),
        user: user_view(&state.services.pool, &user).await?,
    }))
}
