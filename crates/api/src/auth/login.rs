//! `POST /api/login`: email and password sign-in under a fresh session id.

use crate::auth::service::verify_password;
use crate::blocking::with_conn;
use crate::dto::ErrorResponse;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::rate_limit::check_limits;
use crate::state::AppState;
use crate::twofactor::challenge::{SignInReply, sign_in_or_challenge};
use actix_session::Session;
use actix_web::{HttpResponse, post, web};
use domain::{LoginForm, messages as msg};
use persistence::users;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

// `Debug` shows no password: it is a `SecretString`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::typed_password)]
    pub password: SecretString,
}

#[utoipa::path(tag = "auth", security(()), request_body = LoginRequest,
    responses((status = 200, body = SignInReply), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/login")]
pub async fn login(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<LoginRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = LoginForm::parse(&body.email, body.password.expose_secret())
        .map_err(ApiError::Validation)?;
    let limits = &state.settings.limits;
    check_limits(
        &state.pool,
        limits.login_window,
        vec![
            (format!("login:net:{}", ip.network()), limits.login_per_ip),
            (
                format!("login:email:{}", form.email.as_str()),
                limits.login_per_email,
            ),
        ],
    )
    .await?;

    let email = form.email.as_str().to_owned();
    let user = with_conn(&state.pool, move |conn| {
        Ok(users::find_by_email(conn, &email)?)
    })
    .await?;
    let hash = user.as_ref().and_then(|u| u.password_hash.clone());
    // Same work and the same answer whether the email is unknown or the password wrong.
    let valid = verify_password(form.password.expose().to_owned(), hash).await?;
    let user = match user {
        Some(user) if valid => user,
        _ => return Err(ApiError::UnauthorizedWith(msg::INVALID_CREDENTIALS)),
    };
    if user.disabled {
        return Err(ApiError::Forbidden(msg::ACCOUNT_DISABLED));
    }
    sign_in_or_challenge(&state, &session, &user, msg::LOGGED_IN).await
}
