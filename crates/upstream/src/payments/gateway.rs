//! The [`PaymentGateway`] trait, the invoice it opens, and the checks both gateways share.

use super::error::PaymentError;
use super::report::{self, PaymentReport};
use super::sign;
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
    fn local_checkout(&self) -> Option<&dyn CheckoutSigner> {
        None
    }
}

/// What the local checkout page needs from the gateway behind it: the webhook a provider would
/// send for a payment, signed so that the one webhook handler verifies it like any other.
pub trait CheckoutSigner: PaymentGateway {
    /// The exact bytes of a signed `payment` webhook for `order_id`.
    fn signed_webhook(
        &self,
        order_id: &str,
        amount: Cents,
        coin: Coin,
        status: &str,
        is_final: bool,
    ) -> Vec<u8>;
}

/// The webhook check both gateways share: the signature first, so that nothing is read from a
/// forged body, then the type (only invoice webhooks, not static-wallet ones), then the fields.
pub(super) fn verify_webhook(
    body: &[u8],
    key: &SecretString,
) -> Result<PaymentReport, PaymentError> {
    let (raw, fields) = sign::verified_fields(body, key)?;
    if fields.get("type").and_then(Value::as_str) != Some("payment") {
        return Err(PaymentError::Malformed(
            "not a payment webhook (type is not \"payment\")".to_owned(),
        ));
    }
    report::from_fields(&fields, raw.to_owned())
}

/// The lifetime actually requested: Cryptomus rejects values outside 300..=43200.
pub(super) fn effective_lifetime(req: &InvoiceRequest) -> u32 {
    req.lifetime_secs
        .clamp(MIN_LIFETIME_SECS, MAX_LIFETIME_SECS)
}

/// Refuses an `order_id` Cryptomus would refuse (and the local checkout could not put in a
/// URL path): 1..=128 ASCII letters, digits, `_` or `-`.
pub(super) fn check_order_id(order_id: &str) -> Result<(), PaymentError> {
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
