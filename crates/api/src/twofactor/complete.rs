//! `POST /api/login/2fa {code}`: completes a sign-in that `POST /api/login` (or Google) left
//! waiting for the second factor: the authenticator app's code (or a recovery code), or the
//! code mailed for a sign-in from a new network while the account is under attack. A right code signs in under a new session id; a wrong one
//! counts, and the fifth ends the pending sign-in. Each attempt is counted in the database (one
//! conditional UPDATE of the pending sign-in's window, `rate_windows::hit_numbered`) before its
//! code is looked at, so parallel requests or other instances get no more than five codes judged
//! per pending sign-in. Guesses are also limited per account and per client IP in the database,
//! a network the account knows counting apart from all others (`app::sign_in::guesses`).
//! A pending sign-in whose account changed its password since (or was deleted) asks to sign in
//! again.

use crate::auth::pending::{self, Method};
use crate::auth::service::sign_in;
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::session::Session;
use crate::settings::{TWO_FACTOR_MAX_ATTEMPTS, TWO_FACTOR_PENDING_SECS};
use crate::state::AppState;
use crate::twofactor::codes::{Keys, use_code};
use crate::twofactor::enable::CodeBody;
use crate::view::{AuthResponse, ErrorResponse, user_view};
use actix_web::{HttpResponse, post, web};
use app::sign_in::email_code_hash;
use app::sign_in::guesses;
use domain::messages as msg;
use persistence::now;
use persistence::rate_windows;
use persistence::users::{self, UserRow};
use subtle::ConstantTimeEq;

/// What the code step found.
enum Outcome {
    /// The right code, for this account.
    Right(Box<UserRow>),
    /// A wrong code (or no account proven at the first step); `last` when it was the fifth.
    Wrong { last: bool },
    /// The account is gone or its password changed since the first step, or the pending
    /// sign-in had its five attempts already: start again.
    Ended,
}

/// How long an attempt count lives: longer than the pending sign-in it counts for, so that it
/// never starts over while that can still be completed.
const ATTEMPTS_WINDOW_SECS: i64 = 2 * TWO_FACTOR_PENDING_SECS;

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
    let Some(waiting) = pending::current(&session, now()) else {
        return Err(ApiError::UnauthorizedWith(msg::SIGN_IN_AGAIN));
    };
    guesses::count(
        &state.services.pool,
        &state.settings.limits,
        waiting.user_id,
        ip.network(),
    )
    .await?;
    let keys = Keys {
        session_secret: state.settings.session_secret.clone(),
        code_key: state.code_key,
    };
    let code = body.into_inner().code;
    let outcome = in_transaction(&state.services.pool, move |conn| {
        // Counted before anything else, in the database: once five are counted the pending
        // sign-in is over, however many requests carried it at once and wherever they ran.
        let Some(key) = waiting.attempts_key() else {
            return Ok(Outcome::Ended);
        };
        let max = i32::try_from(TWO_FACTOR_MAX_ATTEMPTS).unwrap_or(i32::MAX);
        let Some(attempt) =
            rate_windows::hit_numbered(conn, &key, max, ATTEMPTS_WINDOW_SECS, now())?
        else {
            return Ok(Outcome::Ended);
        };
        let wrong = Outcome::Wrong {
            last: attempt >= max,
        };
        // A pending sign-in without a proven account takes no code at all.
        let Some(id) = waiting.user_id else {
            return Ok(wrong);
        };
        // Read before the code is looked at, so that a stale sign-in spends no code.
        let user = match users::find_by_id(conn, id)? {
            Some(user) if waiting.still_holds_for(&keys.code_key, &user) => user,
            _ => return Ok(Outcome::Ended),
        };
        let accepted = match (waiting.method, &waiting.code_hash) {
            (Method::Totp, _) => use_code(conn, &keys, id, &code, now())?,
            (Method::Email, Some(hash)) => {
                let given = email_code_hash(&keys.code_key, id, code.trim());
                bool::from(given.as_bytes().ct_eq(hash.as_bytes()))
            }
            (Method::Email, None) => false,
        };
        Ok(if accepted {
            Outcome::Right(Box::new(user))
        } else {
            wrong
        })
    })
    .await?;
    let user = match outcome {
        Outcome::Right(user) => *user,
        // The account is gone, its password changed since the first step, or the fifth wrong
        // code: the pending sign-in is over.
        Outcome::Ended | Outcome::Wrong { last: true } => {
            pending::clear(&session);
            return Err(ApiError::UnauthorizedWith(msg::SIGN_IN_AGAIN));
        }
        Outcome::Wrong { last: false } => {
            return Err(ApiError::BadRequest(
                msg::INVALID_TWO_FACTOR_CODE.to_owned(),
            ));
        }
    };
    pending::clear(&session);
    if user.disabled {
        return Err(ApiError::Forbidden(msg::ACCOUNT_DISABLED));
    }
    sign_in(&state.services.pool, &session, &ip, &user).await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::LOGGED_IN.to_owned(),
        user: user_view(&state.services.pool, &user).await?,
    }))
}
