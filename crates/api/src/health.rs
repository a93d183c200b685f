//! Liveness, readiness and the public configuration the front end needs before sign-in.

use crate::blocking::with_conn;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use serde_json::json;
use std::time::Duration;
use utoipa::ToSchema;

/// `GET /healthz`: the process is up.
#[utoipa::path(tag = "ops", security(()), responses((status = 200)))]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

/// How long `/readyz` waits for the database before calling this instance unready.
const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// `GET /readyz`: this instance takes traffic: shutdown has not begun and the database answers
/// a cheap query within two seconds.
#[utoipa::path(tag = "ops", security(()), responses((status = 200), (status = 503)))]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    if state.readiness.is_shutting_down() {
        return HttpResponse::ServiceUnavailable().json(json!({ "status": "shutting down" }));
    }
    let ping = with_conn(&state.services.pool, |conn| {
        Ok(persistence::connection::ping(conn)?)
    });
    match tokio::time::timeout(READY_TIMEOUT, ping).await {
        Ok(Ok(())) => HttpResponse::Ok().json(json!({ "status": "ready" })),
        Ok(Err(err)) => {
            tracing::warn!(%err, "readiness check failed");
            HttpResponse::ServiceUnavailable().json(json!({ "status": "unavailable" }))
        }
        Err(_) => {
            tracing::warn!("readiness check timed out");
            HttpResponse::ServiceUnavailable().json(json!({ "status": "unavailable" }))
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublicConfig {
    /// The Google OAuth client id; null when Google sign-in is off (the button is hidden).
    #[serde(rename = "googleClientId")]
    pub google_client_id: Option<String>,
    /// Whether wallet top-ups are taken (a payment gateway is configured); when false the Add
    /// Funds dialog says so instead of offering a form, and `POST /api/payment` answers 503.
    #[serde(rename = "topUps")]
    pub top_ups: bool,
    /// The free trial every new customer gets, in MB of Premium traffic valid 24 hours; 0 when
    /// there is no trial (the site must not promise one).
    #[serde(rename = "trialMb")]
    pub trial_mb: u32,
    /// The availability promised per traffic kind and month, in percent (`PROXYSHOP_SLA_PERCENT`).
    #[serde(rename = "slaPercent")]
    pub sla_percent: f64,
    /// The smallest SLA credit, in dollars (`PROXYSHOP_SLA_MIN_CREDIT`).
    #[serde(rename = "slaMinCredit")]
    pub sla_min_credit: f64,
    /// The refund terms the terms page and the dashboard state (docs/refunds.md).
    pub refunds: RefundTerms,
    /// The operator's display currencies (`PROXYSHOP_DISPLAY_CURRENCIES`) with a fresh rate
    /// (fetched less than three days ago), in the operator's order; empty when none is available
    /// (the site then shows USD only). Every amount is charged in USD: these only make an
    /// approximate price shown beside it.
    pub currencies: Vec<DisplayCurrency>,
}

/// A currency an approximate price may be shown in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DisplayCurrency {
    /// Three upper-case letters (ISO 4217), e.g. `EUR`.
    #[schema(example = "EUR", pattern = "^[A-Z]{3}$")]
    pub code: String,
    /// Units of the currency one US dollar buys, e.g. 0.92.
    #[schema(example = 0.92)]
    pub per_usd: f64,
    /// When the rate was fetched, in Unix seconds.
    pub updated_at: i64,
}

/// The self-serve refund terms, as configured.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundTerms {
    /// A residential purchase is refundable this many days after it was made (0: never).
    pub days: u32,
    /// ... when less than this percent of it was used.
    pub max_used_percent: u32,
    /// A proxy whose check failed is refundable this many hours after delivery (0: never).
    pub piece_hours: u32,
}

/// `GET /api/config`: settings the front end reads before anyone signs in.
#[utoipa::path(tag = "ops", security(()), responses((status = 200, body = PublicConfig)))]
#[get("/config")]
pub async fn public_config(state: web::Data<AppState>) -> HttpResponse {
    let google_client_id = state
        .google
        .as_ref()
        .and(state.settings.google_client_id.clone());
    // Approximate prices are a convenience: without the rates the site shows USD only.
    let currencies = app::currency::fresh_rates(
        &state.services.pool,
        &state.settings.display_currencies,
        persistence::now(),
    )
    .await
    .unwrap_or_else(|err| {
        tracing::warn!(%err, "could not read the exchange rates");
        Vec::new()
    })
    .into_iter()
    .map(|rate| DisplayCurrency {
        code: rate.currency.to_string(),
        per_usd: rate.per_usd.value(),
        updated_at: rate.fetched_at,
    })
    .collect();
    HttpResponse::Ok().json(PublicConfig {
        google_client_id,
        top_ups: state.services.payments.is_some(),
        trial_mb: state.settings.trial_mb,
        refunds: RefundTerms {
            days: state.settings.refunds.days,
            max_used_percent: state.settings.refunds.max_used_percent,
            piece_hours: state.settings.refunds.piece_hours,
        },
        sla_percent: state.settings.sla.percent,
        sla_min_credit: state.settings.sla.minimum.get() as f64 / 100.0,
        currencies,
    })
}
