//! [`CryptomusGateway`]: invoices over the Cryptomus merchant API and the verification of its
//! webhooks with the payment key (docs/providers.md#cryptomus).

use std::fmt;
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, HeaderValue};
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Map, Value, json};

use super::error::PaymentError;
use super::gateway::{
    Invoice, InvoiceRequest, PaymentGateway, check_order_id, effective_lifetime, verify_webhook,
};
use super::report::PaymentReport;
use super::report::{self, text};
use super::sign::{php_json, sign};
use crate::error_chain::error_chain;

/// The production API; tests point the gateway at a mock server instead.
pub const CRYPTOMUS_API_URL: &str = "https://api.cryptomus.com";

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
/// Provider messages are cut to this many characters before they reach an error or the log.
const MAX_MESSAGE_CHARS: usize = 200;

/// Talks to Cryptomus with the merchant id and the **payment** API key (payouts use another).
pub struct CryptomusGateway {
    http: reqwest::Client,
    merchant: HeaderValue,
    key: SecretString,
    base_url: String,
}

impl fmt::Debug for CryptomusGateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CryptomusGateway")
            .field("base_url", &self.base_url)
            .field("merchant", &self.merchant)
            .finish_non_exhaustive()
    }
}

/// A reply that is not a success envelope.
struct Refusal {
    http: StatusCode,
    /// The provider's own text (`message`, or the field `errors`), when the body had any.
    message: Option<String>,
}

impl CryptomusGateway {
    /// `base_url` is normally [`CRYPTOMUS_API_URL`]. Builds its own HTTP client (5 s connect,
    /// 15 s total). Refuses an empty merchant id or key.
    pub fn new(
        merchant_id: String,
        payment_key: SecretString,
        base_url: String,
    ) -> Result<Self, PaymentError> {
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
        Self::build(merchant_id, payment_key, base_url, http)
    }

    /// As [`CryptomusGateway::new`] with a caller-built client, which must carry its own
    /// timeouts (short ones, for servers that never answer).
    #[cfg(feature = "testing")]
    pub fn with_client(
        merchant_id: String,
        payment_key: SecretString,
        base_url: String,
        http: reqwest::Client,
    ) -> Result<Self, PaymentError> {
        Self::build(merchant_id, payment_key, base_url, http)
    }

    fn build(
        merchant_id: String,
        payment_key: SecretString,
        base_url: String,
        http: reqwest::Client,
    ) -> Result<Self, PaymentError> {
        let merchant = HeaderValue::from_str(merchant_id.trim())
            .ok()
            .filter(|value| !value.is_empty())
            .ok_or_else(|| {
                PaymentError::Malformed("the Cryptomus merchant id is empty or invalid".to_owned())
            })?;
        if payment_key.expose_secret().trim().is_empty() {
            return Err(PaymentError::Malformed(
                "the Cryptomus payment key is empty".to_owned(),
            ));
        }
        Ok(Self {
            http,
            merchant,
            key: payment_key,
            base_url: base_url.trim_end_matches('/').to_owned(),
        })
    }

    /// POSTs `body` signed, and splits the reply into the `result` of a success envelope (with
    /// the body as text) or a refusal.
    async fn call(
        &self,
        path: &str,
        body: &Value,
    ) -> Result<Result<(Value, String), Refusal>, PaymentError> {
        // The sign covers exactly the bytes sent.
        let body = php_json(body);
        let sign = sign(body.as_bytes(), &self.key);
        let response = self
            .http
            .post(format!("{}{path}", self.base_url))
            .header("merchant", self.merchant.clone())
            .header("sign", sign)
            .header(CONTENT_TYPE, "application/json")
            .body(body)
            .send()
            .await
            .map_err(request_error)?;
        let http = response.status();
        let raw = response.text().await.map_err(request_error)?;
        let mut envelope = match serde_json::from_str::<Value>(&raw) {
            Ok(Value::Object(envelope)) => envelope,
            _ => {
                return Ok(Err(Refusal {
                    http,
                    message: None,
                }));
            }
        };
        let succeeded = envelope.get("state").and_then(Value::as_i64) == Some(0);
        match envelope.shift_remove("result") {
            Some(result) if http == StatusCode::OK && succeeded => Ok(Ok((result, raw))),
            _ => Ok(Err(Refusal {
                http,
                message: provider_message(&envelope, &self.key),
            })),
        }
    }
}

#[async_trait::async_trait]
impl PaymentGateway for CryptomusGateway {
    fn kind(&self) -> &'static str {
        "cryptomus"
    }

    async fn create_invoice(&self, req: &InvoiceRequest) -> Result<Invoice, PaymentError> {
        check_order_id(&req.order_id)?;
        let body = json!({
            "amount": req.amount.to_decimal_string(),
            "currency": "USD",
            "order_id": req.order_id,
            "to_currency": req.coin.as_str(),
            "url_callback": req.callback_url,
            "url_return": req.return_url,
            "url_success": req.success_url,
            "lifetime": effective_lifetime(req),
            // Finalise after the first payment: an underpaid invoice ends as `wrong_amount`.
            "is_payment_multiple": false,
        });
        let result = match self.call("/v1/payment", &body).await? {
            Ok((result, _)) => result,
            Err(refusal) => return Err(refusal.into_error("create the invoice")),
        };
        let result = result
            .as_object()
            .ok_or_else(|| unreadable("the invoice"))?;
        // A repeated order_id returns the invoice already made: it must be this one.
        let same_order = text(result.get("order_id")).is_none_or(|id| id == req.order_id);
        let same_amount = report::usd_amount(result).is_none_or(|amount| amount == req.amount);
        if !same_order || !same_amount {
            return Err(PaymentError::Provider(format!(
                "an invoice for order {} already exists with other details",
                req.order_id
            )));
        }
        let url = text(result.get("url")).ok_or_else(|| unreadable("the invoice url"))?;
        let invoice = Invoice {
            provider_uuid: text(result.get("uuid")),
            url,
            expires_at: text(result.get("expired_at")).and_then(|at| at.parse().ok()),
        };
        tracing::info!(
            order_id = %req.order_id,
            uuid = invoice.provider_uuid.as_deref().unwrap_or("-"),
            "opened a Cryptomus invoice"
        );
        Ok(invoice)
    }

    async fn payment_info(&self, order_id: &str) -> Result<Option<PaymentReport>, PaymentError> {
        check_order_id(order_id)?;
        let (result, raw) = match self
            .call("/v1/payment/info", &json!({ "order_id": order_id }))
            .await?
        {
            Ok(reply) => reply,
            Err(refusal) if refusal.is_not_found() => return Ok(None),
            Err(refusal) => return Err(refusal.into_error("read the invoice")),
        };
        let Value::Object(mut fields) = result else {
            return Err(unreadable("the invoice"));
        };
        let answered_for = fields
            .entry("order_id")
            .or_insert_with(|| Value::String(order_id.to_owned()));
        if text(Some(answered_for)).as_deref() != Some(order_id) {
            return Err(PaymentError::Provider(format!(
                "asked about order {order_id}, got another order's invoice"
            )));
        }
        report::from_fields(&fields, raw)
            .map(Some)
            .map_err(|_| unreadable("the invoice status"))
    }

    fn verify_webhook(&self, body: &[u8]) -> Result<PaymentReport, PaymentError> {
        verify_webhook(body, &self.key)
    }
}

impl Refusal {
    /// Liberal on purpose: Cryptomus's wording and HTTP status for an unknown order are not
    /// documented, but the text must come from a JSON error envelope, never from (say) a
    /// proxy's "404 Not Found" page.
    fn is_not_found(&self) -> bool {
        self.message
            .as_deref()
            .is_some_and(|m| m.to_ascii_lowercase().contains("not found"))
    }

    fn into_error(self, action: &str) -> PaymentError {
        let message = match (self.http, self.message) {
            (StatusCode::OK, Some(message)) => message,
            (http, Some(message)) => format!("HTTP {}: {message}", http.as_u16()),
            (http, None) => format!("HTTP {} without a readable error", http.as_u16()),
        };
        tracing::warn!(%message, "Cryptomus refused to {action}");
        PaymentError::Provider(message)
    }
}

/// The error text of an error envelope: `message`, else the field `errors` as
/// "field: text, text; field: text", cut short and with our key blanked out should the
/// provider ever echo it.
pub(crate) fn provider_message(
    envelope: &Map<String, Value>,
    key: &SecretString,
) -> Option<String> {
    let message = text(envelope.get("message")).or_else(|| {
        let errors = envelope.get("errors")?.as_object()?;
        let fields: Vec<String> = errors
            .iter()
            .map(|(field, texts)| match texts {
                Value::Array(texts) => {
                    let texts: Vec<String> = texts.iter().filter_map(|t| text(Some(t))).collect();
                    format!("{field}: {}", texts.join(", "))
                }
                other => format!("{field}: {}", text(Some(other)).unwrap_or_default()),
            })
            .collect();
        Some(fields.join("; ")).filter(|joined| !joined.is_empty())
    })?;
    let key = key.expose_secret();
    let message = if key.is_empty() {
        message
    } else {
        message.replace(key, "[key]")
    };
    Some(message.chars().take(MAX_MESSAGE_CHARS).collect())
}

fn request_error(error: reqwest::Error) -> PaymentError {
    if error.is_timeout() {
        PaymentError::Timeout
    } else {
        PaymentError::Transport(error_chain(&error))
    }
}

fn unreadable(what: &str) -> PaymentError {
    PaymentError::Provider(format!("cannot read {what} in Cryptomus's reply"))
}
