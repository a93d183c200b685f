//! `POST /api/payout/callback`: the payout provider's status callback (Cryptomus sends one to
//! the `url_callback` of each payout at every status change, and may send it again). Verified
//! with the **payout** key before anything is read from it (a forged one is 401, as the payment
//! webhook's), then applied by `app::payout_tracking::record_callback`: each change of the
//! payout is one conditional UPDATE, so a replayed callback, or the same one on several
//! instances at once, changes nothing more; a final failure returns the amount once.

use crate::error::ApiError;
use crate::extractors::RawBody;
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use crate::wallet::callback::refused;
use actix_web::{HttpResponse, post, web};
use domain::messages as msg;
use upstream::PayoutError;

#[utoipa::path(tag = "wallet", security(()),
    request_body(content = String, description = "The payout provider's signed JSON status report", content_type = "application/json"),
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 413, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/payout/callback")]
pub async fn payout_callback(
    state: web::Data<AppState>,
    body: RawBody,
) -> Result<HttpResponse, ApiError> {
    // Without a payout provider nothing can be verified; 503 lets the provider retry.
    let sender = state
        .services
        .payouts
        .as_ref()
        .ok_or(ApiError::Unavailable(msg::PAYOUTS_OFF))?;
    let report = sender.verify_callback(&body.0).map_err(|err| {
        let forged = matches!(err, PayoutError::BadSignature);
        refused("payout", &err, forged, msg::PAYOUT_REPORT_INVALID)
    })?;
    let changed = app::payout_tracking::record_callback(&state.services.pool, report).await?;
    tracing::debug!(changed, "payout callback applied");
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::PAYOUT_RECORDED.to_owned(),
    }))
}
