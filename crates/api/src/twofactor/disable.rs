//! `POST /api/user/2fa/disable {password, code}`: turns two-factor sign-in off. Needs the
//! account's password (when it has one) and a current second factor (app or recovery code), so
//! that a session left open somewhere cannot take the protection away.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{ClientIp, CurrentUser, JsonObject};
use crate::state::AppState;
use crate::twofactor::codes::{Keys, use_code};
use crate::twofactor::mails;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, post, web};
use app::accounts::verify_password;
use app::sign_in::guesses;
use domain::messages as msg;
use persistence::{now, two_factor};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

// `Debug` shows no password: it is a `SecretString`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DisableRequest {
    /// Required when the account has a password (not for a Google-only account).
    #[serde(default)]
    #[schema(value_type = String)]
    pub password: SecretString,
    /// A code from the app or a recovery code.
    #[serde(default)]
    pub code: String,
}

#[utoipa::path(tag = "account", request_body = DisableRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorResponse),
              (status = 401), (status = 403, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/user/2fa/disable")]
pub async fn disable(
    state: web::Data<AppState>,
    user: CurrentUser,
    ip: ClientIp,
    body: JsonObject<DisableRequest>,
) -> Result<HttpResponse, ApiError> {
    let user = user.0;
    let id = user.id;
    let on = with_conn(&state.services.pool, move |conn| {
        Ok(two_factor::is_enabled(conn, id)?)
    })
    .await?;
    if !on {
        return Err(ApiError::Conflict(msg::TWO_FACTOR_NOT_ON));
    }
    guesses::count(
        &state.services.pool,
        &state.settings.limits,
        Some(id),
        ip.network(),
    )
    .await?;
    if let Some(hash) = user.password_hash.clone() {
        let typed = body.password.expose_secret().to_owned();
        if !verify_password(typed, Some(hash)).await? {
            return Err(ApiError::Forbidden(msg::TWO_FACTOR_PASSWORD_WRONG));
        }
    }
    let keys = Keys {
        session_secret: state.settings.session_secret.clone(),
        code_key: state.code_key,
    };
    let code = body.into_inner().code;
    let turned_off = in_transaction(&state.services.pool, move |conn| {
        if !use_code(conn, &keys, id, &code, now())? {
            return Ok(false);
        }
        two_factor::remove(conn, id)?;
        Ok(true)
    })
    .await?;
    if !turned_off {
        return Err(ApiError::BadRequest(
            msg::INVALID_TWO_FACTOR_CODE.to_owned(),
        ));
    }
    if let Err(err) = state
        .services
        .mailer
        .send(mails::turned_off(&user.email, &state.public_url))
        .await
    {
        tracing::warn!(%err, "two-factor notice not sent");
    }
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::TWO_FACTOR_OFF.to_owned(),
    }))
}
