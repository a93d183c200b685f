//! `POST /api/login`: email and password sign-in under a fresh session id, behind the sign-in
//! guard (`app::sign_in::guard`: per-network limits, growing delays, a second factor from new
//! networks while the account is under attack).

use crate::auth::challenge::{SignInReply, send_in_background, sign_in_or_challenge, step_up};
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::session::Session;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::accounts::verify_password;
use app::sign_in::{guard, second_factor_on};
use domain::{LoginForm, messages as msg};
use persistence::resellers::brands;
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
    /// Sent by a reseller's branded sign-in page (`/r/{slug}`): only that reseller and its
    /// clients sign in there; anyone else gets the answer of a wrong password.
    #[serde(default)]
    pub brand: Option<String>,
}

#[utoipa::path(tag = "auth", security(()), request_body = LoginRequest,
    responses((status = 200, body = SignInReply), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/login")]
pub async fn login(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<LoginRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = LoginForm::parse(&body.email, body.password.expose_secret())
        .map_err(ApiError::Validation)?;
    let email = form.email.as_str().to_owned();
    let lookup = email.clone();
    let slug = body.brand.clone().filter(|s| !s.trim().is_empty());
    let (user, brand_owner) = with_conn(&state.services.pool, move |conn| {
        let owner = match slug {
            Some(slug) => Some(brands::by_slug(conn, slug.trim())?.map(|b| b.reseller_id)),
            None => None,
        };
        Ok((users::find_by_email(conn, &lookup)?, owner))
    })
    .await?;
    let limits = &state.settings.limits;
    let network = ip.network();
    let verdict = guard::before(
        &state.services.pool,
        limits,
        &email,
        user.as_ref().map(|u| u.id),
        &network,
    )
    .await?;
    if !verdict.delay.is_zero() {
        metrics::counter!("proxyshop_sign_in_delayed_total").increment(1);
        actix_web::rt::time::sleep(verdict.delay).await;
    }
    let hash = user.as_ref().and_then(|u| u.password_hash.clone());
    // Same work and the same answer whether the email is unknown or the password wrong.
    let valid = verify_password(form.password.expose().to_owned(), hash).await?;
    let proven = user.as_ref().filter(|_| valid);
    // A failure from a network the account does not know counts towards an attack; the one
    // that puts it under attack tells the owner (once a day).
    let attacked = proven.is_none()
        && !verdict.known
        && guard::failed(&state.services.pool, limits, &email).await?;
    if let (true, Some(owner)) = (attacked, &user) {
        let notice = guard::attack_notice(
            &owner.email,
            &state.public_url,
            limits.login_attack_failures,
        );
        send_in_background(&state, notice);
    }
    if verdict.step_up {
        metrics::counter!("proxyshop_sign_in_stepped_up_total").increment(1);
        let totp = match &user {
            Some(account) => second_factor_on(&state.services.pool, account.id).await?,
            None => false,
        };
        return step_up(&state, &session, totp, proven);
    }
    // On a brand's page, only its reseller and the reseller's clients.
    let proven = proven.filter(|u| match brand_owner {
        None => true,
        Some(owner) => owner.is_some_and(|r| u.id == r || u.reseller_id == Some(r)),
    });
    let Some(user) = proven else {
        return Err(ApiError::UnauthorizedWith(msg::INVALID_CREDENTIALS));
    };
    if user.disabled {
        return Err(ApiError::Forbidden(msg::ACCOUNT_DISABLED));
    }
    sign_in_or_challenge(&state, &session, &ip, user, msg::LOGGED_IN).await
}
