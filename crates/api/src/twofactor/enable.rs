//! `POST /api/user/2fa/enable {code}`: turns two-factor sign-in on once the app shows a valid
//! code for the pending secret, and answers ten recovery codes (shown once; stored hashed).

use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::twofactor::codes::{normalise_recovery, recovery_hash};
use crate::twofactor::mails;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::secret_box;
use domain::{messages as msg, random, totp};
use persistence::{now, two_factor};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How many recovery codes an account gets.
const RECOVERY_CODES: usize = 10;

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeBody {
    #[serde(default)]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorEnabled {
    pub message: String,
    /// Ten one-time codes like `abcd-ef23-jkmn`, each usable once instead of an app code.
    #[serde(rename = "recoveryCodes")]
    pub recovery_codes: Vec<String>,
}

enum Outcome {
    On(Vec<String>),
    AlreadyOn,
    NoSetup,
    WrongCode,
}

#[utoipa::path(tag = "account", request_body = CodeBody,
    responses((status = 200, body = TwoFactorEnabled), (status = 400, body = ErrorResponse),
              (status = 401), (status = 409, body = ErrorResponse)))]
#[post("/user/2fa/enable")]
pub async fn enable(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<CodeBody>,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let code = body.into_inner().code;
    let session_secret = state.settings.session_secret.clone();
    let code_key = state.code_key;
    let outcome = in_transaction(&state.services.pool, move |conn| {
        let Some(row) = two_factor::find(conn, id)? else {
            return Ok(Outcome::NoSetup);
        };
        if row.enabled() {
            return Ok(Outcome::AlreadyOn);
        }
        let secret = secret_box::open(&session_secret, &row.secret)?;
        let t = now();
        let Some(step) = totp::verify(&secret, &code, t, row.last_step) else {
            return Ok(Outcome::WrongCode);
        };
        // Conditional: of two racing enables only one turns it on (and writes the codes).
        if !two_factor::enable(conn, id, step, t)? {
            return Ok(Outcome::AlreadyOn);
        }
        let codes: Vec<String> = (0..RECOVERY_CODES)
            .map(|_| random::recovery_code())
            .collect();
        let hashes: Vec<String> = codes
            .iter()
            .filter_map(|c| normalise_recovery(c))
            .map(|plain| recovery_hash(&code_key, id, &plain))
            .collect();
        two_factor::replace_recovery_codes(conn, id, &hashes)?;
        Ok(Outcome::On(codes))
    })
    .await?;
    let codes = match outcome {
        Outcome::On(codes) => codes,
        Outcome::AlreadyOn => return Err(ApiError::Conflict(msg::TWO_FACTOR_ALREADY_ON)),
        Outcome::NoSetup => return Err(ApiError::Conflict(msg::TWO_FACTOR_NO_SETUP)),
        Outcome::WrongCode => {
            return Err(ApiError::BadRequest(
                msg::INVALID_TWO_FACTOR_CODE.to_owned(),
            ));
        }
    };
    let mail = mails::turned_on(&user.0.email, &state.public_url);
    if let Err(err) = state.services.mailer.send(mail).await {
        // The change is made; a lost notice must not hide the recovery codes.
        tracing::warn!(%err, "two-factor notice not sent");
    }
    Ok(HttpResponse::Ok().json(TwoFactorEnabled {
        message: msg::TWO_FACTOR_ON.to_owned(),
        recovery_codes: codes,
    }))
}
