//! The forgotten password: `POST /api/password/forgot` mails a reset code, `POST
//! /api/password/reset` spends it (docs/account.md#forgotten-password; the use case and its
//! rules: `app::accounts::password_reset`). A code belongs to the browser that asked for it: its
//! session holds the random requester id the code is kept under.

use crate::auth::pending::{self, Method};
use crate::auth::service::sign_in;
use crate::auth::{SignInReply, TwoFactorRequired};
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::session::{Session, USER_ID_KEY};
use crate::state::AppState;
use crate::view::{AuthResponse, ErrorResponse, MessageResponse, user_view};
use actix_web::{HttpResponse, post, web};
use app::accounts::password_reset::Reset;
use domain::{Email, PasswordResetForm, messages as msg, random};
use persistence::now;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

/// The session key of the browser's requester id: the codes it asks for are its own.
const REQUESTER_KEY: &str = "reset_requester";

/// This browser's requester id, made (and kept in its session) on its first request.
fn requester(session: &Session) -> Result<String, ApiError> {
    if let Some(id) = session.get::<String>(REQUESTER_KEY).ok().flatten() {
        return Ok(id);
    }
    let id = random::alphanumeric(32);
    session
        .insert(REQUESTER_KEY, &id)
        .map_err(|e| ApiError::internal("session insert", e))?;
    Ok(id)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
}

#[utoipa::path(tag = "account", security(()), request_body = ForgotRequest,
    responses((status = 200, body = MessageResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/password/forgot")]
pub async fn forgot_password(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<ForgotRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = Email::parse(&body.email).map_err(|m| ApiError::field("email", m))?;
    app::accounts::password_reset::forgot(
        &state.services,
        &state.code_key,
        email,
        requester(&session)?,
        ip.network(),
    )
    .await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::RESET_CODE_SENT.to_owned(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::code)]
    pub code: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub password: SecretString,
    /// The same password again.
    #[serde(default, rename = "confirmPassword")]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub confirm_password: SecretString,
}

#[utoipa::path(tag = "account", security(()), request_body = ResetRequest,
    responses((status = 200, body = SignInReply,
               description = "Reset and signed in (`{message, user}`); or, when the account has two-factor sign-in on, reset but not signed in until that step is passed (`{twoFactorRequired: true}`)"),
              (status = 400, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/password/reset")]
pub async fn reset_password(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<ResetRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = PasswordResetForm::parse(
        &body.email,
        &body.code,
        body.password.expose_secret(),
        body.confirm_password.expose_secret(),
    )
    .map_err(ApiError::Validation)?;
    let key = state.code_key;
    // Only the code this browser asked for can be tried here.
    let requester = session.get::<String>(REQUESTER_KEY).ok().flatten();
    let Reset { user, two_factor } = app::accounts::password_reset::reset(
        &state.services,
        &key,
        &state.public_url,
        form,
        requester,
        ip.network(),
        session.row(),
    )
    .await?;
    session.remove(REQUESTER_KEY);
    if two_factor {
        // Not signed in yet: the second factor is still owed, and `POST /api/login/2fa`
        // completes the sign-in. The pending sign-in lives under a new session id, with nobody
        // signed in meanwhile, as after a right password.
        session.renew();
        session.remove(USER_ID_KEY);
        pending::start(&session, &key, &user, now())?;
        return Ok(
            HttpResponse::Ok().json(SignInReply::TwoFactorRequired(TwoFactorRequired::by(
                Method::Totp,
            ))),
        );
    }
    sign_in(&state.services.pool, &session, &ip, &user).await?;
    Ok(
        HttpResponse::Ok().json(SignInReply::SignedIn(Box::new(AuthResponse {
            message: msg::PASSWORD_RESET.to_owned(),
            user: user_view(&state.services.pool, &user).await?,
        }))),
    )
}
