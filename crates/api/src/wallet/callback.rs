//! `POST /api/payment/callback`: the gateway's webhook. The body's signature is verified
//! before anything is read from it; then the report is applied exactly once. The payout
//! callback (`payout_callback.rs`) answers a refused body the same way ([`refused`]).

use crate::error::ApiError;
use crate::extractors::RawBody;
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, post, web};
use app::wallet::settle::settle;
use domain::messages as msg;
use upstream::PaymentError;

#[utoipa::path(tag = "wallet", security(()),
    request_body(content = String, description = "The gateway's signed JSON report", content_type = "application/json"),
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 413, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/payment/callback")]
pub async fn payment_callback(
    state: web::Data<AppState>,
    body: RawBody,
) -> Result<HttpResponse, ApiError> {
    // Without a gateway nothing can be verified; 503 lets the provider retry once it is back.
    let gateway = state
        .services
        .payments
        .as_ref()
        .ok_or(ApiError::Unavailable(msg::TOPUPS_UNAVAILABLE))?;
    let report = gateway.verify_webhook(&body.0).map_err(|err| {
        let forged = matches!(err, PaymentError::BadSignature);
        refused("payment", &err, forged, "The payment report is not valid")
    })?;
    let terms = state.settings.referral_terms();
    let (applied, ()) = settle(&state.services.pool, report, terms, |_, _, _| {
        Ok::<_, ApiError>(())
    })
    .await?;
    tracing::debug!(?applied, "payment callback applied");
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::PAYMENT_RECORDED.to_owned(),
    }))
}

/// A provider's callback that did not verify: logged (never its body), 401 "Invalid signature"
/// when it is forged (no or a wrong `sign`), else 400 with `invalid`. The provider retries
/// neither usefully, and neither changes anything.
pub(super) fn refused(
    what: &str,
    err: &dyn std::fmt::Display,
    forged: bool,
    invalid: &str,
) -> ApiError {
    tracing::warn!(%err, "{what} callback refused");
    if forged {
        ApiError::UnauthorizedWith(msg::BAD_SIGNATURE)
    } else {
        ApiError::BadRequest(invalid.into())
    }
}
