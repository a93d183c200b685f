//! The one decision every sign-in route makes after the account was proven (password, Google,
//! a password reset code): sign in now, or, with two-factor sign-in on, hold a pending sign-in
//! and answer `{twoFactorRequired: true}`. Re-exported as `crate::auth::sign_in_or_challenge`.

use crate::auth::service::sign_in;
use crate::blocking::with_conn;
use crate::dto::{AuthResponse, User};
use crate::error::ApiError;
use crate::session_store::USER_ID_KEY;
use crate::state::AppState;
use crate::twofactor::pending;
use actix_session::Session;
use actix_web::HttpResponse;
use persistence::users::UserRow;
use persistence::{now, two_factor};
use serde::Serialize;
use utoipa::ToSchema;

/// The answer of a sign-in that waits for the second factor (`POST /api/login/2fa`).
#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorRequired {
    #[serde(rename = "twoFactorRequired")]
    pub two_factor_required: bool,
}

/// What a sign-in route answers: the signed-in user, or the demand for a second factor.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum SignInReply {
    SignedIn(Box<AuthResponse>),
    TwoFactorRequired(TwoFactorRequired),
}

/// Signs `user` in (a new session id) and answers 200 `{message, user}`; or, when the account
/// has two-factor sign-in on, starts the pending state under a new session id with nobody
/// signed in and answers 200 `{twoFactorRequired: true}`. The caller has checked the account
/// (credentials, not disabled).
pub async fn sign_in_or_challenge(
    state: &AppState,
    session: &Session,
    user: &UserRow,
    message: &str,
) -> Result<HttpResponse, ApiError> {
    let id = user.id;
    let second_factor = with_conn(&state.pool, move |conn| {
        Ok(two_factor::is_enabled(conn, id)?)
    })
    .await?;
    let reply = if second_factor {
        session.renew();
        session.remove(USER_ID_KEY);
        pending::start(session, user.id, now())?;
        SignInReply::TwoFactorRequired(TwoFactorRequired {
            two_factor_required: true,
        })
    } else {
        pending::clear(session);
        sign_in(&state.pool, session, user).await?;
        SignInReply::SignedIn(Box::new(AuthResponse {
            message: message.to_owned(),
            user: User::from(user),
        }))
    };
    Ok(HttpResponse::Ok().json(reply))
}
