//! The local checkout (chosen with `PROXYSHOP_LOCAL_CHECKOUT=true` for local runs and tests): an
//! invoice page with Pay and Cancel. Pay signs a Cryptomus-shaped report with the local key and sends it
//! through the same verification and `settle` as a real callback, so the whole path runs.
//! The pages exist only while the local gateway is active (404 otherwise, whatever the payment),
//! and only for the payment's owner.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::MaybeUser;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use app::wallet::settle;
use askama::Template;
use domain::{Cents, Coin, PaymentStatus};
use persistence::payments::{self, PaymentRow};

async fn owned_pending(
    state: &AppState,
    user: MaybeUser,
    id: String,
) -> Result<(&dyn upstream::CheckoutSigner, PaymentRow), ApiError> {
    let local = state
        .services
        .payments
        .as_deref()
        .and_then(|gateway| gateway.local_checkout())
        .ok_or(ApiError::NotFound)?;
    let user = user.0.ok_or(ApiError::Unauthorized)?;
    let payment = with_conn(&state.services.pool, move |conn| {
        Ok(payments::find_for_user(conn, &id, user.id)?)
    })
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok((local, payment))
}

/// The invoice page; the template escapes every value.
#[derive(Template)]
#[template(path = "checkout.html")]
struct InvoicePage<'a> {
    amount: Cents,
    coin: &'a str,
    id: &'a str,
    /// The status word once the invoice takes no payment (`paid`, `cancel`, `expired`, …).
    closed: Option<&'a str>,
    /// The wallet page, for the Back link of a closed invoice.
    back: String,
}

/// `GET /checkout/{id}`: the invoice, with Pay and Cancel while it is open.
pub async fn checkout_page(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (_, payment) = owned_pending(&state, user, path.into_inner()).await?;
    let amount = payment.amount_cents;
    let expired = payment.expires_at.is_some_and(|t| t <= persistence::now());
    let closed = if payment.status != PaymentStatus::Pending || expired {
        Some(if expired && payment.status == PaymentStatus::Pending {
            PaymentStatus::Expired.as_str()
        } else {
            payment.status.as_str()
        })
    } else {
        None
    };
    let page = InvoicePage {
        amount,
        coin: &payment.currency,
        id: &payment.id,
        closed,
        back: format!("{}/onboard/wallet?payment={}", state.public_url, payment.id),
    };
    let html = page
        .render()
        .map_err(|e| ApiError::internal("checkout page", e))?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .insert_header((
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
        ))
        .body(html))
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
        let terms = state.settings.referral_terms();
        settle::settle(&state.services.pool, report, terms, |_, _, _| {
            Ok::<_, ApiError>(())
        })
        .await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_on_the_page_is_escaped() {
        let page = InvoicePage {
            amount: Cents::new(2_500),
            coin: "<b>DOGE</b>",
            id: "pay\"><script>x</script>",
            closed: Some("<i>paid</i>"),
            back: "https://shop.example/onboard/wallet?payment=a&b".to_owned(),
        };
        let html = page.render().unwrap();
        assert!(!html.contains("<script>") && !html.contains("<b>") && !html.contains("<i>"));
        assert!(html.contains("pay&#34;&#62;&#60;script&#62;"), "{html}");
        assert!(html.contains("&#60;b&#62;DOGE&#60;/b&#62;"), "{html}");
        assert!(
            html.contains("This invoice is &#60;i&#62;paid&#60;/i&#62;"),
            "{html}"
        );
        assert!(html.contains("payment=a&#38;b"), "{html}");
        assert!(html.contains("$25.00"), "{html}");
    }
}
