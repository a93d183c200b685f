//! `POST /api/register_verification`: mails a six-digit code to an address not yet registered.
//!
//! The answer never tells whether the address has an account: a registered address gets the
//! same 200 (after the same rate limits and resend countdown), and its owner is mailed a notice
//! instead of a code.

use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::rate_limit::check_limits;
use crate::settings::{CODE_RESEND_SECS, CODE_TTL_SECS};
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, post, web};
use app::sign_in::code_hash;
use domain::{Email, messages as msg, random};
use persistence::{email_codes, now, users};
use serde::Deserialize;
use upstream::OutgoingMail;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
}

/// Stored in place of a code hash for a registered address: it keeps the resend countdown
/// identical for both kinds of address and never matches a typed code (hashes are 64 hex digits).
const NO_CODE: &str = "registered";

#[utoipa::path(tag = "auth", security(()), request_body = CodeRequest,
    responses((status = 200, body = MessageResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/register_verification")]
pub async fn request_code(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: JsonObject<CodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = Email::parse(&body.email).map_err(|m| ApiError::field("email", m))?;
    let limits = &state.settings.limits;
    check_limits(
        &state.services.pool,
        limits.code_window,
        vec![
            (format!("code:net:{}", ip.network()), limits.code_per_ip),
            // Per mailbox: `a.b+1@gmail.com` and `ab+2@gmail.com` reach one person.
            (
                format!("code:email:{}", email.canonical().as_str()),
                limits.code_per_email,
            ),
        ],
    )
    .await?;

    let code = random::verification_code();
    let hash = code_hash(&state.code_key, email.as_str(), &code);
    let address = email.as_str().to_owned();
    let registered = in_transaction(&state.services.pool, move |conn| {
        let registered = users::email_exists(conn, &address)?;
        let t = now();
        if let Some(previous) = email_codes::find(conn, &address)? {
            let wait = previous.sent_at + CODE_RESEND_SECS - t;
            if wait > 0 {
                return Err(ApiError::TooManyRequests {
                    message: msg::wait_before_resend(wait),
                    retry_after: wait.unsigned_abs(),
                });
            }
        }
        let stored = if registered { NO_CODE } else { hash.as_str() };
        email_codes::replace(conn, &address, stored, t, t + CODE_TTL_SECS)?;
        Ok(registered)
    })
    .await?;

    let to = email.as_str().to_owned();
    let mail = if registered {
        account_exists_mail(to, &state.public_url)
    } else {
        code_mail(to, &code)
    };
    if let Err(err) = state.services.mailer.send(mail).await {
        // Undo the code so the customer is not held by the resend countdown for a mail that
        // never left.
        let address = email.into_inner();
        in_transaction(&state.services.pool, move |conn| {
            Ok(email_codes::delete(conn, &address)?)
        })
        .await?;
        return Err(ApiError::internal("sending verification mail", err));
    }
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::CODE_SENT.to_owned(),
    }))
}

fn code_mail(to: String, code: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Your ProxyShop verification code".to_owned(),
        text: format!(
            "Your ProxyShop verification code is {code}\n\n\
             It expires in {} minutes. If you did not ask for it, ignore this message.\n",
            CODE_TTL_SECS / 60
        ),
    }
}

/// Sent instead of a code when the address already has an account.
fn account_exists_mail(to: String, site: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Someone tried to sign up to ProxyShop with your email".to_owned(),
        text: format!(
            "Someone (perhaps you) just asked to create a ProxyShop account with this email \
             address. You already have an account with it, so no verification code was sent \
             and no new account was made.\n\n\
             If it was you, sign in instead: {site}/login\n\
             (If you signed up with Google, use the Sign in with Google button there.)\n\
             If you forgot your password, follow \"Forgot your password?\" on that page to \
             have it reset.\n\n\
             If it was not you, ignore this message: your account is unchanged, and nobody can \
             register this address without access to your mailbox.\n"
        ),
    }
}
