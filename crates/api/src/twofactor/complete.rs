//! `POST /api/login/2fa {code}`: completes a sign-in that `POST /api/login` (or Google) left
//! waiting for the second factor. A right code signs in under a new session id; a wrong one
//! counts, and the fifth ends the pending sign-in. Guesses are also limited per account and per
//! client IP in the database, so parallel requests or other instances gain nothing.

use crate::auth::service::sign_in;
use crate::blocking::with_conn;
use crate::dto::{AuthResponse, ErrorResponse, User};
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::rate_limit::check_limits;
use crate::settings::TWO_FACTOR_MAX_ATTEMPTS;
use crate::state::AppState;
use crate::twofactor::codes::{Keys, use_code};
use crate::twofactor::enable::CodeBody;
use crate::twofactor::pending;
use actix_session::Session;
use actix_web::{HttpResponse, post, web};
use domain::messages as msg;
use persistence::{now, users};

#[utoipa::path(tag = "auth", security(()), request_body = CodeBody,
    responses((status = 200, body = AuthResponse), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/login/2fa")]
pub async fn complete(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<CodeBody>,
) -> Result<HttpResponse, ApiError> {
    let Some(mut waiting) = pending::current(&session, now()) else {
        return Err(ApiError::UnauthorizedWith(msg::SIGN_IN_AGAIN));
    };
    let id = waiting.user_id;
    let limits = &state.settings.limits;
    check_limits(
        &state.pool,
        limits.two_factor_window,
        vec![
            (
                format!("2fa:net:{}", ip.network()),
                limits.two_factor_per_ip,
            ),
            (format!("2fa:user:{}", id.get()), limits.two_factor_per_user),
        ],
    )
    .await?;
    let keys = Keys {
        session_secret: state.settings.session_secret.clone(),
        code_key: state.code_key,
    };
    let code = body.into_inner().code;
    let (accepted, user) = with_conn(&state.pool, move |conn| {
        let accepted = use_code(conn, &keys, id, &code, now())?;
        Ok((accepted, users::find_by_id(conn, id)?))
    })
    .await?;
    let Some(user) = user else {
        pending::clear(&session);
        return Err(ApiError::UnauthorizedWith(msg::SIGN_IN_AGAIN));
    };
    if !accepted {
        waiting.attempts += 1;
        if waiting.attempts >= TWO_FACTOR_MAX_ATTEMPTS {
            pending::clear(&session);
            return Err(ApiError::UnauthorizedWith(msg::SIGN_IN_AGAIN));
        }
        pending::save(&session, &waiting)?;
        return Err(ApiError::BadRequest(
            msg::INVALID_TWO_FACTOR_CODE.to_owned(),
        ));
    }
    pending::clear(&session);
    if user.disabled {
        return Err(ApiError::Forbidden(msg::ACCOUNT_DISABLED));
    }
    sign_in(&state.pool, &session, &user).await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::LOGGED_IN.to_owned(),
        user: User::from(&user),
    }))
}
