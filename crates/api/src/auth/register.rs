//! `POST /api/register`: checks the emailed code, creates the account (with the free trial, see
//! `app::accounts::trial`) and signs it in (the use case: `app::accounts::registration`).

use crate::auth::service::sign_in;
use crate::auth::trial_view::TrialView;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::session::Session;
use crate::state::AppState;
use crate::view::{ErrorResponse, User, user_view};
use actix_web::{HttpResponse, post, web};
use app::accounts::{hash_password, registration};
use app::rate_limit::check_limits;
use domain::{RegistrationForm, messages as msg};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub password: SecretString,
    /// The same password again.
    #[serde(default, rename = "confirmPassword")]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub confirm_password: SecretString,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::code)]
    pub code: String,
    #[serde(default, rename = "refCode")]
    pub ref_code: Option<String>,
}

/// The new account, signed in, and what came of its free trial.
#[derive(Debug, Serialize, ToSchema)]
pub struct RegisterResponse {
    pub message: String,
    pub user: User,
    /// `active` with its end, or `refused` with the reason; null when the shop offers no trial.
    pub trial: Option<TrialView>,
}

#[utoipa::path(tag = "auth", security(()), request_body = RegisterRequest,
    responses((status = 201, body = RegisterResponse), (status = 400, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/register")]
pub async fn register(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<RegisterRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = RegistrationForm::parse(
        &body.email,
        body.password.expose_secret(),
        body.confirm_password.expose_secret(),
        &body.code,
        body.ref_code.as_deref(),
    )
    .map_err(ApiError::Validation)?;
    let limits = &state.settings.limits;
    check_limits(
        &state.services.pool,
        limits.register_window,
        vec![(
            format!("register:net:{}", ip.network()),
            limits.register_per_ip,
        )],
    )
    .await?;

    // The code first, in a transaction of its own: a wrong guess costs a counted attempt and no
    // password hashing (argon2 is the slow part, and an outsider must not be able to spend it).
    let proven = registration::check_code(&state.services.pool, &state.code_key, &form).await?;
    // Hash outside any transaction: it needs no lock.
    let password_hash = hash_password(form.password.expose().to_owned()).await?;
    let (user, trial) = registration::create(
        &state.services.pool,
        form,
        password_hash,
        proven,
        state.settings.trial(),
        ip.0.clone(),
    )
    .await?;
    let trial = trial.and_then(|t| TrialView::of_claim(Some(t.claim), t.at));
    sign_in(&state.services.pool, &session, &ip, &user).await?;
    tracing::info!(user_id = %user.id, "account created");
    Ok(HttpResponse::Created().json(RegisterResponse {
        message: msg::ACCOUNT_CREATED.to_owned(),
        user: user_view(&state.services.pool, &user).await?,
        trial,
    }))
}
