//! `POST /api/google-getway`: sign-in with a Google ID token. The token is verified against
//! Google's keys; the name, email and id the browser also sends are never trusted on their own.
//! A new account gets the free trial (Google verified the email), as a registration does.

use crate::auth::challenge::{SignInReply, sign_in_or_challenge};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::session::Session;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::accounts::{NewAccount, create_user, default_name, referrer_for, trial};
use domain::{Email, messages as msg};
use persistence::users;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct GoogleRequest {
    // A bearer credential: a `SecretString`, so `Debug` never shows it.
    /// The ID token (JWT) from Google Identity Services.
    #[serde(default)]
    #[schema(value_type = String)]
    pub credential: SecretString,
    /// Sent by older clients; ignored in favour of the verified token.
    pub name: Option<String>,
    pub email: Option<String>,
    #[serde(rename = "photoURL")]
    pub photo_url: Option<String>,
    #[serde(rename = "googleId")]
    pub google_id: Option<String>,
    /// The referral code of a sign-up from `/register?ref=…`; applies to new accounts only.
    #[serde(rename = "refCode")]
    pub ref_code: Option<String>,
}

#[utoipa::path(tag = "auth", security(()), request_body = GoogleRequest,
    responses((status = 200, body = SignInReply), (status = 401, body = ErrorResponse),
              (status = 404, body = ErrorResponse)))]
#[post("/google-getway")]
pub async fn google_sign_in(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<GoogleRequest>,
) -> Result<HttpResponse, ApiError> {
    let Some(verifier) = state.google.clone() else {
        // Off on this shop: the route is not there for it (a 404, not a server fault).
        return Err(ApiError::NotFoundWith(msg::GOOGLE_NOT_CONFIGURED));
    };
    if body.credential.expose_secret().is_empty() {
        return Err(ApiError::UnauthorizedWith(msg::GOOGLE_FAILED));
    }
    let identity = verifier
        .verify(body.credential.expose_secret())
        .await
        .map_err(|err| {
            tracing::warn!(%err, "Google ID token refused");
            ApiError::UnauthorizedWith(msg::GOOGLE_FAILED)
        })?;
    let email = match identity.email.as_deref().map(Email::parse) {
        Some(Ok(email)) if identity.email_verified => email,
        _ => return Err(ApiError::UnauthorizedWith(msg::GOOGLE_EMAIL_UNVERIFIED)),
    };

    let ref_code = body
        .ref_code
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty());
    let ref_code = ref_code.map(str::to_uppercase);
    let policy = state.settings.trial();
    let source = ip.0.clone();
    let user = in_transaction(&state.services.pool, move |conn| {
        if let Some(user) = users::find_by_google_sub(conn, &identity.sub)? {
            return Ok(user);
        }
        // A verified Google email that matches an account links to it; except an invitation to
        // a sub-user's sign-in not yet taken up (no password): the address's owner never asked
        // for it, so it gives way to their own account instead of becoming their sign-in.
        persistence::subuser_logins::give_way(conn, email.as_str())?;
        if let Some(user) = users::find_by_email(conn, email.as_str())? {
            users::link_google(conn, user.id, &identity.sub, identity.picture.as_deref())?;
            return users::find_by_id(conn, user.id)?.ok_or(ApiError::NotFound);
        }
        let name = identity
            .name
            .clone()
            .unwrap_or_else(|| default_name(email.as_str()));
        let mailbox = email.canonical();
        let referrer = referrer_for(conn, ref_code.as_deref(), &mailbox)?;
        let user = create_user(
            conn,
            &NewAccount {
                email: email.as_str(),
                password_hash: None,
                google_sub: Some(&identity.sub),
                name: &name,
                avatar_url: identity.picture.as_deref(),
                role: "user",
                referred_by: referrer,
            },
        )?;
        trial::grant(conn, policy, user.id, &mailbox, &source)?;
        Ok(user)
    })
    .await?;
    if user.disabled {
        return Err(ApiError::Forbidden(msg::ACCOUNT_DISABLED));
    }
    sign_in_or_challenge(&state, &session, &ip, &user, msg::LOGGED_IN_GOOGLE).await
}
