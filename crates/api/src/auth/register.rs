//! `POST /api/register`: checks the emailed code, creates the account (with the free trial, see
//! `auth::trial`) and signs it in.

use crate::auth::service::sign_in;
use crate::auth::trial;
use crate::auth::trial_view::TrialView;
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::rate_limit::check_limits;
use crate::session::Session;
use crate::settings::CODE_MAX_ATTEMPTS;
use crate::state::AppState;
use crate::view::{ErrorResponse, User};
use actix_web::{HttpResponse, post, web};
use app::accounts::{NewAccount, create_user, default_name, hash_password, referrer_for};
use app::sign_in::code_matches;
use domain::{RegistrationForm, messages as msg};
use persistence::{email_codes, now};
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

/// What checking the code came to. Wrong attempts are counted in the database even though the
/// request fails, so this is a value, not an error that would roll the count back.
enum Outcome {
    Created(Box<persistence::users::UserRow>, Option<TrialView>),
    Refused(&'static str),
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
    let key = state.code_key;
    let email = form.email.as_str().to_owned();
    let code = form.code.as_str().to_owned();
    let checked = in_transaction(&state.services.pool, move |conn| {
        let Some(pending) = email_codes::find(conn, &email)? else {
            return Ok(Err(msg::INVALID_CODE));
        };
        if pending.expires_at <= now() {
            email_codes::delete(conn, &email)?;
            return Ok(Err(msg::INVALID_CODE));
        }
        // Spend an attempt before comparing, atomically, so parallel guesses share the limit.
        let Some(attempt) = email_codes::reserve_attempt(conn, &email, CODE_MAX_ATTEMPTS)? else {
            return Ok(Err(msg::TOO_MANY_CODE_ATTEMPTS));
        };
        if !code_matches(&key, &email, &code, &pending.code_hash) {
            // This attempt's own number (not the count read before it: parallel guesses
            // raise it meanwhile), so exactly the last one allowed says so.
            let last = attempt >= CODE_MAX_ATTEMPTS;
            return Ok(Err(if last {
                msg::TOO_MANY_CODE_ATTEMPTS
            } else {
                msg::INVALID_CODE
            }));
        }
        Ok(Ok(pending.code_hash))
    })
    .await?;
    let proven = checked.map_err(|message| ApiError::BadRequest(message.to_owned()))?;

    // Hash outside any transaction: it needs no lock.
    let password_hash = hash_password(form.password.expose().to_owned()).await?;
    let settings = state.settings.clone();
    let source = ip.0.clone();
    let outcome = in_transaction(&state.services.pool, move |conn| {
        let email = form.email.as_str();
        // The code checked above must still be the pending one: a parallel registration with
        // it may have used it meanwhile, or it may have expired.
        match email_codes::find(conn, email)? {
            Some(pending) if pending.code_hash == proven && pending.expires_at > now() => {}
            _ => return Ok(Outcome::Refused(msg::INVALID_CODE)),
        }
        let mailbox = form.email.canonical();
        let referrer = referrer_for(conn, form.ref_code.as_deref(), &mailbox)?;
        let user = create_user(
            conn,
            &NewAccount {
                email,
                password_hash: Some(&password_hash),
                google_sub: None,
                name: &default_name(email),
                avatar_url: None,
                role: "user",
                referred_by: referrer,
            },
        )?;
        email_codes::delete(conn, email)?;
        // The code proved the address: the trial goes with the account, or not at all.
        let trial = trial::grant(conn, &settings, user.id, &mailbox, &source)?;
        Ok(Outcome::Created(Box::new(user), trial))
    })
    .await?;

    match outcome {
        Outcome::Refused(message) => Err(ApiError::BadRequest(message.to_owned())),
        Outcome::Created(user, trial) => {
            sign_in(&state.services.pool, &session, &ip, &user).await?;
            tracing::info!(user_id = %user.id, "account created");
            Ok(HttpResponse::Created().json(RegisterResponse {
                message: msg::ACCOUNT_CREATED.to_owned(),
                user: User::from(user.as_ref()),
                trial,
            }))
        }
    }
}
