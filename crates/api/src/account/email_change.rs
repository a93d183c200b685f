//! Changing the account's email: `POST /api/user/email` mails a code to the new address, `POST
//! /api/user/email/confirm` checks it and moves the account (and its mailbox) there; the old
//! address gets a notice. The code follows the sign-up code's rules: six digits, stored as a
//! keyed hash, 10 minutes, 5 attempts, a 60-second resend countdown.

use crate::account::codes::Purpose;
use crate::account::rules::{
    EMAIL_CHANGE_PER_EMAIL, EMAIL_CHANGE_PER_IP, EMAIL_CHANGE_PER_USER, EMAIL_CHANGE_TTL_SECS,
    MAX_ATTEMPTS, RESEND_SECS,
};
use crate::account::{current_password, limits, mails};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::{ClientIp, CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::{AuthResponse, ErrorResponse, MessageResponse, User};
use actix_web::{HttpResponse, post, web};
use domain::{EmailChangeForm, VerificationCode, messages as msg, random};
use persistence::users::{self, UserRow};
use persistence::{DbError, email_changes, now};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailChangeRequest {
    #[serde(default, rename = "newEmail")]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub new_email: String,
    /// Needed only when the account has a password.
    #[serde(default)]
    #[schema(value_type = String)]
    pub password: SecretString,
}

#[utoipa::path(tag = "account", request_body = EmailChangeRequest,
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/user/email")]
pub async fn request_email_change(
    state: web::Data<AppState>,
    user: CurrentUser,
    ip: ClientIp,
    body: JsonObject<EmailChangeRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = EmailChangeForm::parse(&body.new_email, body.password.expose_secret())
        .map_err(ApiError::Validation)?;
    let user = user.0;
    current_password::check(
        &state.services.pool,
        &user,
        form.password.as_ref(),
        "password",
    )
    .await?;

    let code = random::verification_code();
    let new_email = form.new_email.as_str().to_owned();
    let hash = Purpose::EmailChange(user.id, &new_email).hash(&state.code_key, &code);
    let (id, address) = (user.id, new_email.clone());
    in_transaction(&state.services.pool, move |conn| {
        limits::check(
            conn,
            &[
                (
                    format!("email-change:net:{}", ip.network()),
                    EMAIL_CHANGE_PER_IP,
                ),
                (format!("email-change:user:{id}"), EMAIL_CHANGE_PER_USER),
                (
                    format!("email-change:email:{}", domain::canonical_email(&address)),
                    EMAIL_CHANGE_PER_EMAIL,
                ),
            ],
        )?;
        if users::email_exists(conn, &address)? {
            return Err(ApiError::Conflict(msg::EMAIL_TAKEN));
        }
        let t = now();
        if let Some(previous) = email_changes::find(conn, id)? {
            let wait = previous.sent_at + RESEND_SECS - t;
            if wait > 0 {
                return Err(ApiError::TooManyRequests {
                    message: msg::wait_before_resend(wait),
                    retry_after: wait.unsigned_abs(),
                });
            }
        }
        email_changes::replace(conn, id, &address, &hash, t, t + EMAIL_CHANGE_TTL_SECS)?;
        Ok(())
    })
    .await?;

    let mail = mails::email_change_code(new_email.clone(), &code, EMAIL_CHANGE_TTL_SECS / 60);
    if let Err(err) = state.services.mailer.send(mail).await {
        // Undo the code so the customer is not held by the resend countdown for a mail that
        // never left.
        in_transaction(&state.services.pool, move |conn| {
            Ok(email_changes::delete(conn, id)?)
        })
        .await?;
        return Err(ApiError::internal("sending email change code", err));
    }
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::email_code_sent(&new_email),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailConfirmRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::code)]
    pub code: String,
}

/// What checking the code came to (wrong attempts must be committed, so not an error).
enum Outcome {
    Changed {
        user: Box<UserRow>,
        old_email: String,
    },
    Refused(&'static str),
}

#[utoipa::path(tag = "account", request_body = EmailConfirmRequest,
    responses((status = 200, body = AuthResponse), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[post("/user/email/confirm")]
pub async fn confirm_email_change(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<EmailConfirmRequest>,
) -> Result<HttpResponse, ApiError> {
    let code = VerificationCode::parse(&body.code).map_err(|m| ApiError::field("code", m))?;
    let (id, old_email) = (user.0.id, user.0.email);
    let key = state.code_key;
    let outcome = in_transaction(&state.services.pool, move |conn| {
        let Some(pending) = email_changes::find(conn, id)? else {
            return Ok(Outcome::Refused(msg::INVALID_CODE));
        };
        if pending.expires_at <= now() {
            email_changes::delete(conn, id)?;
            return Ok(Outcome::Refused(msg::INVALID_CODE));
        }
        let Some(attempt) = email_changes::reserve_attempt(conn, id, MAX_ATTEMPTS)? else {
            return Ok(Outcome::Refused(msg::TOO_MANY_CODE_ATTEMPTS));
        };
        let purpose = Purpose::EmailChange(id, &pending.new_email);
        if !purpose.matches(&key, code.as_str(), &pending.code_hash) {
            // This attempt's own number, so exactly the last one allowed says so under races.
            let last = attempt >= MAX_ATTEMPTS;
            return Ok(Outcome::Refused(if last {
                msg::TOO_MANY_CODE_ATTEMPTS
            } else {
                msg::INVALID_CODE
            }));
        }
        match users::change_email(conn, id, &pending.new_email) {
            Ok(()) => {}
            // Someone registered the address since the code was sent.
            Err(DbError::UniqueViolation(_)) => return Err(ApiError::Conflict(msg::EMAIL_TAKEN)),
            Err(e) => return Err(e.into()),
        }
        email_changes::delete(conn, id)?;
        let user = users::find_by_id(conn, id)?.ok_or(ApiError::Unauthorized)?;
        Ok(Outcome::Changed {
            user: Box::new(user),
            old_email,
        })
    })
    .await?;

    let (user, old_email) = match outcome {
        Outcome::Refused(message) => return Err(ApiError::BadRequest(message.to_owned())),
        Outcome::Changed { user, old_email } => (user, old_email),
    };
    tracing::info!(user_id = %user.id, "email changed");
    mails::send_notice(
        state.services.mailer.as_ref(),
        mails::email_changed(old_email, &user.email, &state.public_url),
    )
    .await;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::EMAIL_CHANGED.to_owned(),
        user: User::from(user.as_ref()),
    }))
}
