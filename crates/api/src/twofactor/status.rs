//! `GET /api/user/2fa`: whether two-factor sign-in is on and how many recovery codes are left.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use persistence::two_factor;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorStatus {
    pub enabled: bool,
    /// Unused recovery codes (0 while two-factor sign-in is off).
    #[serde(rename = "recoveryCodesLeft")]
    pub recovery_codes_left: i64,
}

#[utoipa::path(tag = "account",
    responses((status = 200, body = TwoFactorStatus), (status = 401)))]
#[get("/user/2fa")]
pub async fn status(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let answer = with_conn(&state.services.pool, move |conn| {
        let enabled = two_factor::is_enabled(conn, id)?;
        let left = if enabled {
            two_factor::recovery_codes_left(conn, id)?
        } else {
            0
        };
        Ok(TwoFactorStatus {
            enabled,
            recovery_codes_left: left,
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}
