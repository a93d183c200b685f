//! `POST /api/user/2fa/setup`: a new secret for the authenticator app, shown as text and as an
//! `otpauth://` URL (the QR code). Nothing is on until `enable` sees a first valid code; calling
//! setup again replaces the pending secret.

use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use actix_web::{HttpResponse, post, web};
use app::secret_box;
use domain::{base32, messages as msg, totp};
use persistence::{now, two_factor};
use serde::Serialize;
use utoipa::ToSchema;

/// The issuer authenticator apps show next to the account.
const ISSUER: &str = "ProxyShop";

#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorSetup {
    /// The 160-bit secret in base32, for typing into the app.
    pub secret: String,
    /// The same secret as an `otpauth://totp/...` URL, for the QR code.
    #[serde(rename = "otpauthUrl")]
    pub otpauth_url: String,
}

#[utoipa::path(tag = "account",
    responses((status = 200, body = TwoFactorSetup), (status = 401),
              (status = 409, body = crate::view::ErrorResponse)))]
#[post("/user/2fa/setup")]
pub async fn setup(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let secret = totp::new_secret();
    let sealed = secret_box::seal(&state.settings.session_secret, &secret)?;
    let id = user.0.id;
    let stored = in_transaction(&state.services.pool, move |conn| {
        Ok(two_factor::put_pending(conn, id, &sealed, now())?)
    })
    .await?;
    if !stored {
        return Err(ApiError::Conflict(msg::TWO_FACTOR_ALREADY_ON));
    }
    let text = base32::encode(&secret, false);
    Ok(HttpResponse::Ok().json(TwoFactorSetup {
        otpauth_url: totp::otpauth_url(ISSUER, &user.0.email, &text),
        secret: text,
    }))
}
