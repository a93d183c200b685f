//! Exchange rates from Cryptomus' public exchange-rate list (`GET
//! /v1/exchange-rate/USD/list`, no signature): how many units of each display currency one US
//! dollar buys, for the approximate prices the site shows beside USD (docs/providers.md#cryptomus).
//! Read strictly: a rate of a wanted currency that is not a positive plain decimal refuses the
//! whole answer; currencies nobody asked for are ignored whatever they hold.

use std::time::Duration;

use domain::currency::{CurrencyCode, PerUsd};
use reqwest::StatusCode;
use serde_json::Value;

use super::error::PaymentError;
use crate::error_chain::error_chain;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// One currency's rate: `per_usd` units of `currency` for one US dollar.
#[derive(Debug, Clone, PartialEq)]
pub struct UsdRate {
    pub currency: CurrencyCode,
    pub per_usd: PerUsd,
}

/// Where exchange rates come from (Cryptomus; tests use their own).
#[async_trait::async_trait]
pub trait ExchangeRates: Send + Sync {
    /// The rates of the `wanted` currencies that the source knows (a currency it does not list
    /// is left out); an error when the source cannot be reached or its answer cannot be read.
    async fn usd_rates(&self, wanted: &[CurrencyCode]) -> Result<Vec<UsdRate>, PaymentError>;
}

/// Cryptomus' exchange-rate list; public, so it needs no merchant id or key.
#[derive(Debug, Clone)]
pub struct CryptomusRates {
    http: reqwest::Client,
    base_url: String,
}

impl CryptomusRates {
    /// `base_url` is normally [`super::CRYPTOMUS_API_URL`] (`PROXYSHOP_CRYPTOMUS_API_URL`).
    /// Builds its own HTTP client (5 s connect, 15 s total).
    pub fn new(base_url: String) -> Result<Self, PaymentError> {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .build()
            .map_err(|e| {
                PaymentError::Transport(format!(
                    "cannot build the HTTP client: {}",
                    error_chain(&e)
                ))
            })?;
        Ok(Self::with_client(base_url, http))
    }

    /// As [`CryptomusRates::new`] with a caller-built client, which must carry its own timeouts.
    pub fn with_client(base_url: String, http: reqwest::Client) -> Self {
        CryptomusRates {
            http,
            base_url: base_url.trim_end_matches('/').to_owned(),
        }
    }
}

#[async_trait::async_trait]
impl ExchangeRates for CryptomusRates {
    async fn usd_rates(&self, wanted: &[CurrencyCode]) -> Result<Vec<UsdRate>, PaymentError> {
        let response = self
            .http
            .get(format!("{}/v1/exchange-rate/USD/list", self.base_url))
            .send()
            .await
            .map_err(request_error)?;
        let http = response.status();
        let raw = response.text().await.map_err(request_error)?;
        if http != StatusCode::OK {
            return Err(PaymentError::Provider(format!(
                "HTTP {} from the exchange-rate list",
                http.as_u16()
            )));
        }
        let rates = parse_list(&raw, wanted)?;
        tracing::debug!(rates = rates.len(), "read Cryptomus exchange rates");
        Ok(rates)
    }
}

/// The wanted currencies' rates in a `{"state":0,"result":[{"from","to","course"}]}` answer.
fn parse_list(raw: &str, wanted: &[CurrencyCode]) -> Result<Vec<UsdRate>, PaymentError> {
    let unreadable = |what: &str| {
        PaymentError::Provider(format!(
            "cannot read {what} in Cryptomus's exchange-rate list"
        ))
    };
    let envelope: Value = serde_json::from_str(raw).map_err(|_| unreadable("the answer"))?;
    if envelope.get("state").and_then(Value::as_i64) != Some(0) {
        return Err(unreadable("a success state"));
    }
    let entries = envelope
        .get("result")
        .and_then(Value::as_array)
        .ok_or_else(|| unreadable("the result list"))?;
    let mut rates: Vec<UsdRate> = Vec::new();
    for entry in entries {
        let field = |name: &str| entry.get(name).and_then(Value::as_str);
        if field("from") != Some("USD") {
            continue;
        }
        let Some(currency) = field("to")
            .and_then(CurrencyCode::parse)
            .filter(|code| wanted.contains(code))
        else {
            continue;
        };
        let per_usd = field("course")
            .and_then(PerUsd::parse)
            .ok_or_else(|| unreadable(&format!("the course of {currency}")))?;
        if rates.iter().any(|rate| rate.currency == currency) {
            return Err(unreadable(&format!(
                "one course of {currency} (listed twice)"
            )));
        }
        rates.push(UsdRate { currency, per_usd });
    }
    Ok(rates)
}

fn request_error(error: reqwest::Error) -> PaymentError {
    if error.is_timeout() {
        PaymentError::Timeout
    } else {
        PaymentError::Transport(error_chain(&error))
    }
}
