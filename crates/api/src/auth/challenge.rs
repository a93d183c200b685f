//! The one decision every sign-in route makes after the account was proven (password, Google,
//! a password reset code): sign in now, or, with two-factor sign-in on, hold a pending sign-in
//! and answer `{twoFactorRequired: true}`. Re-exported as `crate::auth::sign_in_or_challenge`.

use crate::auth::pending::{self, Method, Pending};
use crate::auth::service::sign_in;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::session::Session;
use crate::session::USER_ID_KEY;
use crate::state::AppState;
use crate::view::{AuthResponse, user_view};
use actix_web::HttpResponse;
use app::sign_in::{email_code_hash, guard, second_factor_on};
use domain::random;
use persistence::now;
use persistence::users::UserRow;
use serde::Serialize;
use upstream::OutgoingMail;
use utoipa::ToSchema;

/// The answer of a sign-in that waits for the second factor (`POST /api/login/2fa`).
#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorRequired {
    #[serde(rename = "twoFactorRequired")]
    pub two_factor_required: bool,
    /// Which code `POST /api/login/2fa` takes: `totp` (the authenticator app, or a recovery
    /// code) or `email` (a code mailed to the account's address: a sign-in from a new network
    /// while the account is under attack).
    pub method: Method,
}

impl TwoFactorRequired {
    pub fn by(method: Method) -> Self {
        TwoFactorRequired {
            two_factor_required: true,
            method,
        }
    }
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
    ip: &ClientIp,
    user: &UserRow,
    message: &str,
) -> Result<HttpResponse, ApiError> {
    let second_factor = second_factor_on(&state.services.pool, user.id).await?;
    let reply = if second_factor {
        session.renew();
        session.remove(USER_ID_KEY);
        pending::start(session, &state.code_key, user, now())?;
        SignInReply::TwoFactorRequired(TwoFactorRequired::by(Method::Totp))
    } else {
        pending::clear(session);
        sign_in(&state.services.pool, session, ip, user).await?;
        SignInReply::SignedIn(Box::new(AuthResponse {
            message: message.to_owned(),
            user: user_view(&state.services.pool, user).await?,
        }))
    };
    Ok(HttpResponse::Ok().json(reply))
}

/// The answer to a password sign-in from a network the account does not know while it is under
/// attack (`app::sign_in::guard`): `{twoFactorRequired: true, method}` whether the password was
/// right or not, so that the answer tells a guesser nothing. `proven` is the account when the
/// password was right. An account with the authenticator app on waits for its code; any other
/// gets a one-time code by mail (sent only when the password was right, in the background so
/// that the answer takes no longer). A pending sign-in without a proven account takes no code.
pub fn step_up(
    state: &AppState,
    session: &Session,
    totp: bool,
    proven: Option<&UserRow>,
) -> Result<HttpResponse, ApiError> {
    let method = if totp { Method::Totp } else { Method::Email };
    let mut waiting = Pending::new(&state.code_key, proven, method, now());
    if let (Method::Email, Some(user)) = (method, proven) {
        let code = random::verification_code();
        waiting.code_hash = Some(email_code_hash(&state.code_key, user.id, &code));
        send_in_background(state, guard::sign_in_code(&user.email, &code));
    }
    session.renew();
    session.remove(USER_ID_KEY);
    pending::save(session, &waiting)?;
    Ok(
        HttpResponse::Ok().json(SignInReply::TwoFactorRequired(TwoFactorRequired::by(
            method,
        ))),
    )
}

/// Sends `mail` without holding up the answer; a failure is logged.
pub fn send_in_background(state: &AppState, mail: OutgoingMail) {
    let mailer = state.services.mailer.clone();
    actix_web::rt::spawn(async move {
        if let Err(err) = mailer.send(mail).await {
            tracing::warn!(%err, "sign-in mail not sent");
        }
    });
}
