//! `POST /api/payment`: opens a top-up invoice. A pending payment row is written first; the
//! invoice call is never retried blindly (the order id makes a repeat idempotent at Cryptomus).

use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::extractors::JsonObject;
use crate::settings::INVOICE_LIFETIME_SECS;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::rate_limit::check_limits;
use domain::{PaymentStatus, TopUp, messages as msg};
use persistence::payments;
use serde::{Deserialize, Serialize};
use upstream::InvoiceRequest;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentRequest {
    /// Dollars, at least 0.1, at most 10000.
    #[schema(required = true, schema_with = crate::openapi::rules::top_up_amount)]
    pub amount: Option<f64>,
    /// "cryptomous".
    #[schema(required = true, schema_with = crate::openapi::rules::payment_method)]
    pub method: Option<String>,
    /// DOGE, TRX, LTC (default) or USDT.
    #[schema(schema_with = crate::openapi::rules::coin)]
    pub currency: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentCreated {
    /// The invoice page to open in a new tab.
    pub url: String,
    #[serde(rename = "paymentId")]
    pub payment_id: String,
}

fn new_payment_id() -> String {
    format!("pay_{}", domain::random::alphanumeric(20))
}

#[utoipa::path(tag = "wallet", request_body = PaymentRequest,
    responses((status = 200, body = PaymentCreated), (status = 401, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 429, body = ErrorResponse),
              (status = 502, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/payment")]
pub async fn create_payment(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<PaymentRequest>,
) -> Result<HttpResponse, ApiError> {
    // No gateway configured: refuse before anything is written.
    let gateway = state
        .services
        .payments
        .clone()
        .ok_or(ApiError::Unavailable(msg::TOPUPS_UNAVAILABLE))?;
    let top_up = TopUp::parse(
        body.amount,
        body.method.as_deref(),
        body.currency.as_deref(),
    )
    .map_err(ApiError::Validation)?;
    let limits = &state.settings.limits;
    check_limits(
        &state.services.pool,
        limits.payments_window,
        vec![(
            format!("payment:user:{}", user.0.id),
            limits.payments_per_user,
        )],
    )
    .await?;

    let id = new_payment_id();
    let (pid, uid, provider) = (id.clone(), user.0.id, gateway.kind());
    let (cents, coin) = (top_up.amount, top_up.coin.as_str());
    in_transaction(&state.services.pool, move |conn| {
        Ok(payments::insert_pending(
            conn, &pid, uid, cents, coin, provider,
        )?)
    })
    .await?;

    let base = &state.public_url;
    let request = InvoiceRequest {
        order_id: id.clone(),
        amount: top_up.amount,
        coin: top_up.coin,
        callback_url: format!("{base}/api/payment/callback"),
        return_url: format!("{base}/onboard"),
        success_url: format!("{base}/onboard/wallet?payment={id}"),
        lifetime_secs: INVOICE_LIFETIME_SECS,
    };
    let invoice = match gateway.create_invoice(&request).await {
        Ok(invoice) => invoice,
        Err(err) => {
            created_metric(provider, "invoice_failed");
            let pid = id.clone();
            in_transaction(&state.services.pool, move |conn| {
                Ok(payments::record_status(
                    conn,
                    &pid,
                    PaymentStatus::Failed,
                    None,
                )?)
            })
            .await?;
            return Err(ApiError::BadGateway(format!("create invoice {id}: {err}")));
        }
    };
    let (pid, url) = (id.clone(), invoice.url.clone());
    in_transaction(&state.services.pool, move |conn| {
        let uuid = invoice.provider_uuid.as_deref();
        Ok(payments::set_invoice(
            conn,
            &pid,
            uuid,
            &invoice.url,
            invoice.expires_at,
        )?)
    })
    .await?;
    created_metric(provider, "invoice");
    Ok(HttpResponse::Ok().json(PaymentCreated {
        url,
        payment_id: id,
    }))
}

/// Counts a top-up started, by provider and whether the provider gave an invoice.
fn created_metric(provider: &'static str, outcome: &'static str) {
    metrics::counter!("proxyshop_payments_created_total", "provider" => provider, "outcome" => outcome)
        .increment(1);
}
