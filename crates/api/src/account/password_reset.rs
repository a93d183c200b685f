//! The forgotten password: `POST /api/password/forgot` mails a reset code, `POST
//! /api/password/reset` spends it (docs/account.md#forgotten-password).
//!
//! Nothing tells whether an address has an account: the request answers the same 200 for every
//! address, does the same database work, and mails from a background task, so the answer comes
//! as fast for a known address as for an unknown one. A wrong email and a wrong code answer
//! alike. The limits per client address and per mailbox live in the database.
//!
//! Nobody who merely knows the address can spend the owner's reset: a code belongs to the
//! browser that asked for it (a random requester id its session holds, `password_resets` keyed
//! by account and requester), so only that browser's guesses count against its five attempts and
//! nobody else's request replaces it; and the per-mailbox limit counts requests from networks the
//! account completed a sign-in from (`login_networks`, 90 days) apart from everyone else's, so
//! the owner can always ask for a code from home.

use crate::account::codes::Purpose;
use crate::account::rules::{
    FORGOT_PER_EMAIL, FORGOT_PER_IP, MAX_ATTEMPTS, RESEND_SECS, RESET_PER_IP, RESET_TTL_SECS,
};
use crate::account::{limits, mails};
use crate::auth::pending::{self, Method};
use crate::auth::service::sign_in;
use crate::auth::{SignInReply, TwoFactorRequired};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::extractors::JsonObject;
use crate::session::{Session, USER_ID_KEY};
use crate::state::AppState;
use crate::view::{AuthResponse, ErrorResponse, MessageResponse, User};
use actix_web::{HttpResponse, post, web};
use app::accounts::{KNOWN_NETWORK_SECS, hash_password};
use domain::{Email, PasswordResetForm, UserId, messages as msg, random};
use persistence::users::{self, UserRow};
use persistence::{DbConnection, login_networks, now, password_resets, sessions};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

/// The session key of the browser's requester id: the codes it asks for are its own.
const REQUESTER_KEY: &str = "reset_requester";

/// This browser's requester id, made (and kept in its session) on its first request.
fn requester(session: &Session) -> Result<String, ApiError> {
    if let Some(id) = session.get::<String>(REQUESTER_KEY).ok().flatten() {
        return Ok(id);
    }
    let id = random::alphanumeric(32);
    session
        .insert(REQUESTER_KEY, &id)
        .map_err(|e| ApiError::internal("session insert", e))?;
    Ok(id)
}

/// The per-mailbox limit's key for a request from `network`: the owner's own networks each
/// count apart, everyone else shares one count.
fn mailbox_key(address: &str, network: &str, known: bool) -> String {
    let mailbox = format!("forgot:email:{}", domain::canonical_email(address));
    if known {
        format!("{mailbox}|{network}")
    } else {
        mailbox
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
}

#[utoipa::path(tag = "account", security(()), request_body = ForgotRequest,
    responses((status = 200, body = MessageResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/password/forgot")]
pub async fn forgot_password(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<ForgotRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = Email::parse(&body.email).map_err(|m| ApiError::field("email", m))?;
    let requester = requester(&session)?;
    let network = ip.network();
    let code = random::verification_code();
    let (key, typed) = (state.code_key, code.clone());
    let hash_for = move |user: UserId| Purpose::Reset(user).hash(&key, &typed);
    let address = email.as_str().to_owned();
    let to_mail = in_transaction(&state.services.pool, move |conn| {
        let t = now();
        let user = users::find_by_email(conn, &address)?.filter(|u| !u.disabled);
        let known = match &user {
            Some(u) => login_networks::is_known(conn, u.id, &network, t - KNOWN_NETWORK_SECS)?,
            None => false,
        };
        limits::check(
            conn,
            &[
                (format!("forgot:net:{network}"), FORGOT_PER_IP),
                // Per mailbox: `a.b+1@gmail.com` and `ab+2@gmail.com` reach one person.
                (mailbox_key(&address, &network, known), FORGOT_PER_EMAIL),
            ],
        )?;
        let Some(user) = user else {
            return Ok(None);
        };
        // Within this browser's resend countdown its pending code stays and no mail goes: the
        // answer is the same, so the countdown cannot tell an account either.
        if password_resets::find(conn, user.id, &requester)?
            .is_some_and(|p| p.sent_at + RESEND_SECS > t)
        {
            return Ok(None);
        }
        let hash = hash_for(user.id);
        password_resets::replace(conn, user.id, &requester, &hash, t, t + RESET_TTL_SECS)?;
        Ok(Some(user.email))
    })
    .await?;

    if let Some(to) = to_mail {
        let mailer = state.services.mailer.clone();
        let mail = mails::reset_code(to, &code, RESET_TTL_SECS / 60);
        actix_web::rt::spawn(async move { mails::send_notice(mailer.as_ref(), mail).await });
    }
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::RESET_CODE_SENT.to_owned(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::code)]
    pub code: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub password: SecretString,
    /// The same password again.
    #[serde(default, rename = "confirmPassword")]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub confirm_password: SecretString,
}

/// What checking the code came to. Wrong attempts are counted in the database even though the
/// request fails, so this is a value, not an error that would roll the count back.
enum Outcome {
    Reset {
        user: Box<UserRow>,
        two_factor: bool,
    },
    Refused,
}

#[utoipa::path(tag = "account", security(()), request_body = ResetRequest,
    responses((status = 200, body = SignInReply,
               description = "Reset and signed in (`{message, user}`); or, when the account has two-factor sign-in on, reset but not signed in until that step is passed (`{twoFactorRequired: true}`)"),
              (status = 400, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/password/reset")]
pub async fn reset_password(
    state: web::Data<AppState>,
    session: Session,
    ip: ClientIp,
    body: JsonObject<ResetRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = PasswordResetForm::parse(
        &body.email,
        &body.code,
        body.password.expose_secret(),
        body.confirm_password.expose_secret(),
    )
    .map_err(ApiError::Validation)?;
    // Hashed whether or not the account exists: the same work either way.
    let hash = hash_password(form.password.expose().to_owned()).await?;
    let key = state.code_key;
    let network = ip.network();
    let own = session.row();
    // Only the code this browser asked for can be tried here.
    let requester = session.get::<String>(REQUESTER_KEY).ok().flatten();
    let outcome = in_transaction(&state.services.pool, move |conn| {
        limits::check(conn, &[(format!("reset:net:{network}"), RESET_PER_IP)])?;
        let Some(user) = users::find_by_email(conn, form.email.as_str())?.filter(|u| !u.disabled)
        else {
            return Ok(Outcome::Refused);
        };
        let Some(requester) = requester else {
            return Ok(Outcome::Refused);
        };
        if !spend_code(conn, &key, user.id, &requester, form.code.as_str())? {
            return Ok(Outcome::Refused);
        }
        users::set_password_hash(conn, user.id, &hash)?;
        // Read again: a pending second factor is bound to the new password (`Pending::stamp`).
        let user = users::find_by_id(conn, user.id)?.ok_or(ApiError::NotFound)?;
        // Every code of the account is void now, whichever browser asked for it.
        password_resets::delete(conn, user.id)?;
        // Every other session of the account ends; this browser's (its own, even when signed
        // in to this account) is renewed by `sign_in` below or purged.
        sessions::delete_others(conn, user.id, own.as_deref())?;
        let two_factor = requires_two_factor(conn, user.id)?;
        Ok(Outcome::Reset {
            user: Box::new(user),
            two_factor,
        })
    })
    .await?;

    let Outcome::Reset { user, two_factor } = outcome else {
        return Err(ApiError::BadRequest(msg::RESET_CODE_INVALID.to_owned()));
    };
    tracing::info!(user_id = %user.id, "password reset");
    session.remove(REQUESTER_KEY);
    mails::send_notice(
        state.services.mailer.as_ref(),
        mails::password_changed(user.email.clone(), &state.public_url),
    )
    .await;
    if two_factor {
        // Not signed in yet: the second factor is still owed, and `POST /api/login/2fa`
        // completes the sign-in. The pending sign-in lives under a new session id, with nobody
        // signed in meanwhile, as after a right password.
        session.renew();
        session.remove(USER_ID_KEY);
        pending::start(&session, &key, &user, now())?;
        return Ok(
            HttpResponse::Ok().json(SignInReply::TwoFactorRequired(TwoFactorRequired::by(
                Method::Totp,
            ))),
        );
    }
    sign_in(&state.services.pool, &session, &ip, &user).await?;
    Ok(
        HttpResponse::Ok().json(SignInReply::SignedIn(Box::new(AuthResponse {
            message: msg::PASSWORD_RESET.to_owned(),
            user: User::from(user.as_ref()),
        }))),
    )
}

/// Checks `code` against the reset `requester` asked for on the account, spending one of its
/// attempts first (atomically, so parallel guesses share the limit). An expired code is deleted;
/// a code with no attempt left stays void until this browser asks for a new one. Other browsers'
/// codes are neither looked at nor spent.
fn spend_code(
    conn: &mut DbConnection,
    key: &[u8; 32],
    user: UserId,
    requester: &str,
    code: &str,
) -> Result<bool, ApiError> {
    let Some(pending) = password_resets::find(conn, user, requester)? else {
        return Ok(false);
    };
    if pending.expires_at <= now() {
        password_resets::delete_one(conn, user, requester)?;
        return Ok(false);
    }
    if !password_resets::reserve_attempt(conn, user, requester, MAX_ATTEMPTS)? {
        return Ok(false);
    }
    Ok(Purpose::Reset(user).matches(key, code, &pending.code_hash))
}

/// The hook of two-factor sign-in: whether the account must pass its second factor before a
/// reset may sign it in. The second factor's own step (`POST /api/login/2fa`) belongs to the
/// two-factor area; this only reads whether the account has it on.
pub fn requires_two_factor(conn: &mut DbConnection, user: UserId) -> Result<bool, ApiError> {
    Ok(users::two_factor_enabled(conn, user)?)
}
