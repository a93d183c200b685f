//! Wallet top-up payments: the [`PaymentGateway`] trait, Cryptomus invoices and signed webhooks
//! ([`CryptomusGateway`]), and the [`LocalCheckout`] that stands in for Cryptomus by default.
//!
//! Both gateways sign and verify webhooks with the same algorithm (see the `sign` module), so
//! the API's webhook handler is one code path whichever gateway is configured.

mod cryptomus;
mod local;
mod report;
mod sign;

pub use cryptomus::{CRYPTOMUS_API_URL, CryptomusGateway};
pub use local::LocalCheckout;

use domain::{Cents, Coin};
use secrecy::SecretString;
use serde_json::Value;

/// Invoice lifetimes Cryptomus accepts, in seconds (its `lifetime` field: 300 to 43200).
const MIN_LIFETIME_SECS: u32 = 300;
const MAX_LIFETIME_SECS: u32 = 43_200;
/// Longest `order_id` Cryptomus accepts.
const MAX_ORDER_ID_LEN: usize = 128;

/// An invoice to open for one wallet top-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceRequest {
    /// Our payment id: 1..=128 letters, digits, `_` or `-`, unique. Cryptomus answers a repeated
    /// `order_id` with the invoice it already has, which makes creation idempotent.
    pub order_id: String,
    /// The USD amount of the invoice.
    pub amount: Cents,
    /// The coin the customer chose; sent as `to_currency`.
    pub coin: Coin,
    /// Where the provider posts the status webhooks (`url_callback`).
    pub callback_url: String,
    /// The "back to shop" link on the payment page (`url_return`).
    pub return_url: String,
    /// The link shown after a successful payment (`url_success`).
    pub success_url: String,
    /// How long the invoice stays payable; clamped to 300..=43200 as Cryptomus requires.
    pub lifetime_secs: u32,
}

/// An open invoice: where to send the customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub provider_uuid: Option<String>,
    pub url: String,
    /// Unix seconds.
    pub expires_at: Option<i64>,
}

/// A payment status report whose authenticity is established (a verified webhook, or a status
/// query we made).
#[derive(Debug, Clone)]
pub struct PaymentReport {
    pub order_id: String,
    pub provider_uuid: Option<String>,
    /// The Cryptomus status word: `paid`, `paid_over`, `wrong_amount`, `cancel`, `check`, ...
    pub status: String,
    pub is_final: bool,
    /// The invoice amount (`amount`), parsed exactly. `None` when absent, unparseable, or when
    /// the report's `currency` is not USD: a coin amount must never be read as dollars.
    pub amount: Option<Cents>,
    /// The JSON as received, for the record. It never contains our keys.
    pub raw: String,
}

impl PaymentReport {
    /// Whether this report alone justifies crediting the wallet: a final `paid` or `paid_over`
    /// (any other status, or a report that is not final, waits or fails; see
    /// docs/providers.md#payment-statuses). Credit once per order, inside one transaction.
    pub fn credits_wallet(&self) -> bool {
        self.is_final && matches!(self.status.as_str(), "paid" | "paid_over")
    }
}

/// Why a payment call or a webhook failed. Messages never contain a key or a signature.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The webhook's `sign` is missing, not a string, or not the one our key gives. Treat the
    /// body as forged.
    #[error("the payment webhook signature does not match")]
    BadSignature,
    /// From `verify_webhook`: a body that is not a JSON object, not a `payment` webhook, or
    /// lacks `order_id`/`status`. From `create_invoice`: a request we must not send (an
    /// `order_id` that is not alpha_dash). Either way, not the provider's fault.
    #[error("malformed payment data: {0}")]
    Malformed(String),
    /// The provider answered with an error (HTTP status other than 200, `state` other than 0,
    /// or a response we cannot read). Holds the provider's message, cut short.
    #[error("the payment provider refused: {0}")]
    Provider(String),
    /// The provider could not be reached, or the HTTP client could not be built.
    #[error("cannot reach the payment provider: {0}")]
    Transport(String),
    /// The provider did not answer in time. An invoice may still have been created: retry with
    /// the same `order_id`, which Cryptomus treats as the same invoice.
    #[error("the payment provider did not answer in time")]
    Timeout,
}

/// Opens invoices and authenticates status reports; held by the application as
/// `Arc<dyn PaymentGateway>`.
#[async_trait::async_trait]
pub trait PaymentGateway: Send + Sync + 'static {
    /// "cryptomus" or "local", for the start-up log.
    fn kind(&self) -> &'static str;

    async fn create_invoice(&self, req: &InvoiceRequest) -> Result<Invoice, PaymentError>;

    /// The provider's current view of an invoice (for reconciliation); `Ok(None)` when it knows
    /// no such order.
    async fn payment_info(&self, order_id: &str) -> Result<Option<PaymentReport>, PaymentError>;

    /// Verifies a webhook body's `sign` (the body without `sign`, re-serialised as PHP writes it,
    /// md5 of its base64 plus the payment key; docs/providers.md#webhook) and parses it.
    fn verify_webhook(&self, body: &[u8]) -> Result<PaymentReport, PaymentError>;

    /// The local checkout, when this gateway is it (the API serves its page only then).
    fn local_checkout(&self) -> Option<&LocalCheckout> {
        None
    }
}

/// The webhook check both gateways share: the signature first, so that nothing is read from a
/// forged body, then the type (only invoice webhooks, not static-wallet ones), then the fields.
fn verify_webhook(body: &[u8], key: &SecretString) -> Result<PaymentReport, PaymentError> {
    let (raw, fields) = sign::verified_fields(body, key)?;
    if fields.get("type").and_then(Value::as_str) != Some("payment") {
        return Err(PaymentError::Malformed(
            "not a payment webhook (type is not \"payment\")".to_owned(),
        ));
    }
    report::from_fields(&fields, raw.to_owned())
}

/// The lifetime actually requested: Cryptomus rejects values outside 300..=43200.
fn effective_lifetime(req: &InvoiceRequest) -> u32 {
    req.lifetime_secs
        .clamp(MIN_LIFETIME_SECS, MAX_LIFETIME_SECS)
}

/// Refuses an `order_id` Cryptomus would refuse (and the local checkout could not put in a
/// URL path): 1..=128 ASCII letters, digits, `_` or `-`.
fn check_order_id(order_id: &str) -> Result<(), PaymentError> {
    let alpha_dash = order_id
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if order_id.is_empty() || order_id.len() > MAX_ORDER_ID_LEN || !alpha_dash {
        return Err(PaymentError::Malformed(
            "order_id must be 1 to 128 letters, digits, '_' or '-'".to_owned(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(status: &str, is_final: bool) -> PaymentReport {
        PaymentReport {
            order_id: "o".into(),
            provider_uuid: None,
            status: status.into(),
            is_final,
            amount: None,
            raw: String::new(),
        }
    }

    #[test]
    fn only_final_paid_reports_credit_the_wallet() {
        assert!(report("paid", true).credits_wallet());
        assert!(report("paid_over", true).credits_wallet());
        assert!(!report("paid", false).credits_wallet());
        for status in [
            "wrong_amount",
            "check",
            "cancel",
            "fail",
            "PAID",
            "refund_paid",
        ] {
            assert!(!report(status, true).credits_wallet(), "{status}");
        }
    }

    #[test]
    fn order_ids_must_be_alpha_dash() {
        assert!(check_order_id("topup-01J8ZQ_x").is_ok());
        assert!(check_order_id(&"a".repeat(128)).is_ok());
        for bad in ["", "a b", "a/b", "ä", "a.b", &"a".repeat(129)] {
            assert!(check_order_id(bad).is_err(), "{bad:?}");
        }
    }
}
