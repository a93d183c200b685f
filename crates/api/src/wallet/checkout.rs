//! The local checkout (chosen with `PROXYSHOP_LOCAL_CHECKOUT=true` for local runs and tests): an
//! invoice page with Pay and Cancel. Pay signs a Cryptomus-shaped report with the local key and sends it
//! through the same verification and `apply_report` as a real callback, so the whole path runs.
//! The pages exist only while the local gateway is active (404 otherwise, whatever the payment),
//! and only for the payment's owner.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::MaybeUser;
use crate::state::AppState;
use crate::wallet::service::{ReferralTerms, apply_report};
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use domain::{Coin, PaymentStatus};
use persistence::payments::{self, PaymentRow};
use upstream::PaymentGateway;

async fn owned_pending(
    state: &AppState,
    user: MaybeUser,
    id: String,
) -> Result<(&upstream::LocalCheckout, PaymentRow), ApiError> {
    let local = state
        .payments
        .as_deref()
        .and_then(|gateway| gateway.local_checkout())
        .ok_or(ApiError::NotFound)?;
    let user = user.0.ok_or(ApiError::Unauthorized)?;
    let payment = with_conn(&state.pool, move |conn| {
        Ok(payments::find_for_user(conn, &id, user.id)?)
    })
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok((local, payment))
}

fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '&' => "&amp;".to_owned(),
            '"' => "&quot;".to_owned(),
            '\'' => "&#39;".to_owned(),
            c => c.to_string(),
        })
        .collect()
}

fn page(title: &str, body: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .insert_header(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'"))
        .body(format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
             <title>{title} · ProxyShop checkout</title><style>{CSS}</style></head>\
             <body><main><p class=\"brand\">ProxyShop · Local checkout</p>{body}</main></body></html>",
            title = escape(title),
        ))
}

const CSS: &str = "*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}\
main{max-width:420px;margin:10vh auto;background:#fff;border-radius:16px;padding:32px;\
box-shadow:0 10px 30px #0f172a1a}@media (max-width:480px){main{margin:24px 12px;padding:24px}}\
.brand{color:#4338ca;font-weight:700;margin:0 0 16px}\
h1{font-size:1.5rem;margin:0 0 8px}dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:8px 16px}\
dt{color:#475569;white-space:nowrap}dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}.row{display:flex;gap:12px;margin-top:24px}\
button,a.btn{flex:1;font:inherit;font-weight:600;padding:12px;border-radius:10px;border:1px solid #cbd5e1;\
background:#fff;color:#0f172a;cursor:pointer;text-align:center;text-decoration:none}\
button.pay{background:#4f46e5;border-color:#4f46e5;color:#fff}p.note{color:#475569;font-size:.875rem}\
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}main{background:#0f172a}\
dt,p.note{color:#94a3b8}button,a.btn{background:#1e293b;color:#e2e8f0;border-color:#334155}.brand{color:#a5b4fc}}";

/// `GET /checkout/{id}`: the invoice, with Pay and Cancel while it is open.
pub async fn checkout_page(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (_, payment) = owned_pending(&state, user, path.into_inner()).await?;
    let amount = payment.amount_cents;
    let id = escape(&payment.id);
    let details = format!(
        "<dl><dt>Amount</dt><dd>{amount}</dd><dt>Pay with</dt><dd>{coin}</dd><dt>Invoice</dt><dd>{id}</dd></dl>",
        coin = escape(&payment.currency),
    );
    let expired = payment.expires_at.is_some_and(|t| t <= persistence::now());
    if payment.status != PaymentStatus::Pending || expired {
        let status = if expired && payment.status == PaymentStatus::Pending {
            PaymentStatus::Expired
        } else {
            payment.status
        };
        let back = format!("{}/onboard/wallet?payment={id}", state.public_url);
        return Ok(page(
            "Invoice closed",
            &format!(
                "<h1>This invoice is {}</h1>{details}<div class=\"row\"><a class=\"btn\" href=\"{}\">Back to wallet</a></div>",
                escape(status.as_str()),
                escape(&back),
            ),
        ));
    }
    Ok(page(
        "Pay invoice",
        &format!(
            "<h1>Top up your wallet</h1>{details}\
         <p class=\"note\">This local checkout stands in for the crypto payment page. Pay credits your wallet at once.</p>\
         <div class=\"row\"><form method=\"post\" action=\"/checkout/{id}/cancel\"><button type=\"submit\">Cancel</button></form>\
         <form method=\"post\" action=\"/checkout/{id}/pay\" style=\"flex:1;display:flex\"><button class=\"pay\" type=\"submit\">Pay</button></form></div>"
        ),
    ))
}

async fn settle(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: String,
    status: &'static str,
) -> Result<HttpResponse, ApiError> {
    let (local, payment) = owned_pending(&state, user, id).await?;
    let expired = payment.expires_at.is_some_and(|t| t <= persistence::now());
    if payment.status == PaymentStatus::Pending && !expired {
        let coin = Coin::parse(&payment.currency).unwrap_or(Coin::DEFAULT);
        let amount = payment.amount_cents;
        let body = local.signed_webhook(&payment.id, amount, coin, status, true);
        // The same door a real callback comes through: verify, then apply.
        let report = local
            .verify_webhook(&body)
            .map_err(|e| ApiError::internal("local checkout signature", e))?;
        let terms = ReferralTerms::of(&state.settings);
        in_transaction(&state.pool, move |conn| apply_report(conn, &report, terms)).await?;
    }
    let location = format!("{}/onboard/wallet?payment={}", state.public_url, payment.id);
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish())
}

/// `POST /checkout/{id}/pay`.
pub async fn checkout_pay(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    settle(state, user, path.into_inner(), "paid").await
}

/// `POST /checkout/{id}/cancel`.
pub async fn checkout_cancel(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    settle(state, user, path.into_inner(), "cancel").await
}
