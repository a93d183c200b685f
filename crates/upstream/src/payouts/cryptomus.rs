//! [`CryptomusPayouts`]: `POST /v1/payout` and `POST /v1/payout/info` of the Cryptomus merchant
//! API, signed like the payment calls (`md5(base64(body) + key)` in the `sign` header, the
//! merchant id in `merchant`) but with the **payout** key, and the payout status callbacks,
//! verified like the payment webhooks with that key (docs/providers.md#payouts).

use std::fmt;
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, HeaderValue};
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Map, Value, json};

use super::sender::{
    PayoutError, PayoutOrder, PayoutReceipt, PayoutReport, PayoutSender, check_order_id,
};
use crate::error_chain::error_chain;
use crate::payments::PaymentError;
use crate::payments::cryptomus::provider_message;
use crate::payments::report::{is_true, text};
use crate::payments::sign::{php_json, sign, verified_fields};
use domain::Coin;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// Who bears the withdrawal fee: `false` takes it from the payout amount (the customer gets the
/// amount less the network fee), `true` would take it from the merchant's balance.
const IS_SUBTRACT: bool = false;

/// The network each coin is paid out on. TRON for TRX and USDT is what `/v1/payment/services`
/// lists; the DOGE and LTC codes are the coins' own names, not confirmed against that list.
fn network(coin: Coin) -> &'static str {
    match coin {
        Coin::Trx | Coin::Usdt => "TRON",
        Coin::Ltc => "LTC",
        Coin::Doge => "DOGE",
    }
}

/// Talks to Cryptomus with the merchant id and the payout key.
pub struct CryptomusPayouts {
    http: reqwest::Client,
    merchant: HeaderValue,
    key: SecretString,
    base_url: String,
}

impl fmt::Debug for CryptomusPayouts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CryptomusPayouts")
            .field("base_url", &self.base_url)
            .field("merchant", &self.merchant)
            .finish_non_exhaustive()
    }
}

impl CryptomusPayouts {
    /// `base_url` is normally `CRYPTOMUS_API_URL`. Builds its own HTTP client (5 s connect, 15 s
    /// total). Refuses an empty merchant id or key.
    pub fn new(
        merchant_id: &str,
        payout_key: SecretString,
        base_url: &str,
    ) -> Result<Self, PayoutError> {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .build()
            .map_err(|e| {
                PayoutError::Malformed(format!("cannot build the HTTP client: {}", error_chain(&e)))
            })?;
        Self::with_client(merchant_id, payout_key, base_url, http)
    }

    /// As [`CryptomusPayouts::new`] with a caller-built client, which must carry its own
    /// timeouts.
    pub fn with_client(
        merchant_id: &str,
        payout_key: SecretString,
        base_url: &str,
        http: reqwest::Client,
    ) -> Result<Self, PayoutError> {
        let merchant = HeaderValue::from_str(merchant_id.trim())
            .ok()
            .filter(|value| !value.is_empty())
            .ok_or_else(|| {
                PayoutError::Malformed("the Cryptomus merchant id is empty or invalid".to_owned())
            })?;
        if payout_key.expose_secret().trim().is_empty() {
            return Err(PayoutError::Malformed(
                "the Cryptomus payout key is empty".to_owned(),
            ));
        }
        Ok(Self {
            http,
            merchant,
            key: payout_key,
            base_url: base_url.trim_end_matches('/').to_owned(),
        })
    }

    /// The request body for `order`, as sent and signed.
    fn body(order: &PayoutOrder) -> Value {
        let mut body = json!({
            "amount": order.amount.to_decimal_string(),
            "currency": "USD",
            "to_currency": order.coin.as_str(),
            "network": network(order.coin),
            "order_id": order.order_id,
            "address": order.address,
            "is_subtract": IS_SUBTRACT,
        });
        if let Some(url) = &order.callback_url {
            body["url_callback"] = Value::String(url.clone());
        }
        body
    }
}

/// What a signed call answered.
enum Reply {
    /// `state` 0 with HTTP 200: the `result` object (empty when absent).
    Result(Map<String, Value>),
    /// An error envelope: the provider's message (cut short, our key blanked) and the HTTP
    /// status.
    Refused { http: StatusCode, message: String },
}

impl CryptomusPayouts {
    /// POSTs `body` signed with the payout key. A reply we cannot read after HTTP 200 may still
    /// be a payout made (`Unknown`); any other unreadable reply is a refusal.
    async fn post(&self, path: &str, body: &Value) -> Result<Reply, PayoutError> {
        // The sign covers exactly the bytes sent.
        let body = php_json(body);
        let signature = sign(body.as_bytes(), &self.key);
        let response = self
            .http
            .post(format!("{}{path}", self.base_url))
            .header("merchant", self.merchant.clone())
            .header("sign", signature)
            .header(CONTENT_TYPE, "application/json")
            .body(body)
            .send()
            .await
            .map_err(send_error)?;
        let http = response.status();
        // The provider answered; a body we cannot read after a 200 may still be a payout made.
        let raw = response.text().await.map_err(|e| {
            PayoutError::Unknown(format!("the answer was cut off: {}", error_chain(&e)))
        })?;
        let mut envelope = match serde_json::from_str::<Value>(&raw) {
            Ok(Value::Object(envelope)) => envelope,
            _ if http == StatusCode::OK => {
                return Err(PayoutError::Unknown(
                    "HTTP 200 without a readable body".to_owned(),
                ));
            }
            _ => {
                return Err(PayoutError::Refused(format!(
                    "HTTP {} without a readable error",
                    http.as_u16()
                )));
            }
        };
        let succeeded = envelope.get("state").and_then(Value::as_i64) == Some(0);
        if http != StatusCode::OK || !succeeded {
            let message =
                provider_message(&envelope, &self.key).unwrap_or_else(|| "no message".to_owned());
            return Ok(Reply::Refused { http, message });
        }
        Ok(Reply::Result(match envelope.shift_remove("result") {
            Some(Value::Object(result)) => result,
            _ => Map::new(),
        }))
    }
}

/// A refusal's message, with the HTTP status when it was not 200.
fn refusal_text(http: StatusCode, message: String) -> String {
    if http == StatusCode::OK {
        message
    } else {
        format!("HTTP {}: {message}", http.as_u16())
    }
}

/// A payout object (the `result` of `/v1/payout/info`, or a callback body) as a report on
/// `order_id`. `None` when it carries no status.
fn report_of(fields: &Map<String, Value>, order_id: String) -> Option<PayoutReport> {
    Some(PayoutReport {
        order_id,
        provider_ref: text(fields.get("uuid")),
        status: text(fields.get("status"))?,
        is_final: fields.get("is_final").is_some_and(is_true),
    })
}

#[async_trait::async_trait]
impl PayoutSender for CryptomusPayouts {
    fn kind(&self) -> &'static str {
        "cryptomus"
    }

    async fn send(&self, order: &PayoutOrder) -> Result<PayoutReceipt, PayoutError> {
        check_order_id(&order.order_id)?;
        let result = match self.post("/v1/payout", &Self::body(order)).await? {
            Reply::Result(result) => result,
            Reply::Refused { http, message } => {
                let message = refusal_text(http, message);
                tracing::warn!(order_id = %order.order_id, %message, "Cryptomus refused a payout");
                return Err(PayoutError::Refused(message));
            }
        };
        let receipt = PayoutReceipt {
            provider_ref: text(result.get("uuid")),
            status: text(result.get("status")).unwrap_or_else(|| "process".to_owned()),
            is_final: result.get("is_final").is_some_and(is_true),
        };
        tracing::info!(order_id = %order.order_id,
            uuid = receipt.provider_ref.as_deref().unwrap_or("-"),
            status = %receipt.status, "Cryptomus took a payout");
        Ok(receipt)
    }

    async fn payout_info(&self, order_id: &str) -> Result<Option<PayoutReport>, PayoutError> {
        check_order_id(order_id)?;
        let result = match self
            .post("/v1/payout/info", &json!({ "order_id": order_id }))
            .await?
        {
            Reply::Result(result) => result,
            // Liberal on purpose, like the payment side: the wording of "no such payout" is
            // not documented, but it must come from a JSON error envelope.
            Reply::Refused { message, .. }
                if message.to_ascii_lowercase().contains("not found") =>
            {
                return Ok(None);
            }
            Reply::Refused { http, message } => {
                return Err(PayoutError::Refused(refusal_text(http, message)));
            }
        };
        if text(result.get("order_id")).is_some_and(|id| id != order_id) {
            return Err(PayoutError::Refused(format!(
                "asked about payout {order_id}, got another payout"
            )));
        }
        report_of(&result, order_id.to_owned())
            .map(Some)
            .ok_or_else(|| PayoutError::Refused("the payout status is missing".to_owned()))
    }

    fn verify_callback(&self, body: &[u8]) -> Result<PayoutReport, PayoutError> {
        // The payment webhooks' check, with the payout key: the signature first, so that
        // nothing is read from a forged body.
        let (_, fields) = verified_fields(body, &self.key).map_err(|e| match e {
            PaymentError::BadSignature => PayoutError::BadSignature,
            other => PayoutError::Malformed(other.to_string()),
        })?;
        if fields.get("type").and_then(Value::as_str) != Some("payout") {
            return Err(PayoutError::Malformed(
                "not a payout callback (type is not \"payout\")".to_owned(),
            ));
        }
        let order_id = text(fields.get("order_id"))
            .ok_or_else(|| PayoutError::Malformed("the callback has no order_id".to_owned()))?;
        report_of(&fields, order_id)
            .ok_or_else(|| PayoutError::Malformed("the callback has no status".to_owned()))
    }
}

#[cfg(feature = "testing")]
impl CryptomusPayouts {
    /// A status callback for payout `order_id` as Cryptomus sends it, signed with this client's
    /// payout key, for tests of the route that verifies it.
    pub fn signed_callback(
        &self,
        order_id: &str,
        uuid: &str,
        status: &str,
        is_final: bool,
    ) -> Vec<u8> {
        let mut body = json!({
            "type": "payout", "uuid": uuid, "order_id": order_id, "amount": "25.00",
            "merchant_amount": "25.51", "commission": "0.51", "is_final": is_final,
            "status": status, "txid": null, "currency": "USD", "network": "tron",
            "payer_currency": "USDT", "payer_amount": "25.00",
        });
        let signature = sign(php_json(&body).as_bytes(), &self.key);
        body["sign"] = Value::String(signature);
        body.to_string().into_bytes()
    }
}

/// A request that never reached the provider paid nothing; any other failure (a timeout, a
/// connection lost after sending) may have.
fn send_error(error: reqwest::Error) -> PayoutError {
    let cause = error_chain(&error);
    if error.is_connect() {
        PayoutError::Refused(format!("cannot reach Cryptomus: {cause}"))
    } else if error.is_timeout() {
        PayoutError::Unknown("Cryptomus did not answer in time".to_owned())
    } else {
        PayoutError::Unknown(cause)
    }
}
