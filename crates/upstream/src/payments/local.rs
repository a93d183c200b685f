//! [`LocalCheckout`]: the default payment gateway, needing no account. Its "invoice" is the
//! shop's own checkout page; that page pays by handing the API's webhook handler a body signed
//! exactly as Cryptomus signs, so the same verification and crediting code runs as in production.

use std::fmt;

use domain::{Cents, Coin};
use md5::{Digest, Md5};
use secrecy::SecretString;
use serde_json::{Value, json};

use super::error::PaymentError;
use super::gateway::{
    CheckoutSigner, Invoice, InvoiceRequest, PaymentGateway, check_order_id, effective_lifetime,
    verify_webhook,
};
use super::report::PaymentReport;
use super::sign::{php_json, sign};

/// Signs and verifies webhooks with its own key; keeps no state of its own (the API's payment
/// rows are the truth).
pub struct LocalCheckout {
    key: SecretString,
    public_url: String,
}

impl fmt::Debug for LocalCheckout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LocalCheckout")
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

impl LocalCheckout {
    /// `key` signs the webhooks: make it random and secret (an empty key verifies nothing, so
    /// every payment would be refused). `public_url` is the shop's base URL, e.g.
    /// `http://localhost:8080`.
    pub fn new(key: SecretString, public_url: String) -> Self {
        Self {
            key,
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
    }
}

impl CheckoutSigner for LocalCheckout {
    /// Builds a Cryptomus-shaped `payment` webhook for `order_id`, signed with this checkout's
    /// key, and returns the exact bytes to feed to `verify_webhook`. Like Cryptomus's PHP, it
    /// writes `/` as `\/`; `additional_data` always holds a date with slashes, so the escaping
    /// rule is exercised on every local payment.
    fn signed_webhook(
        &self,
        order_id: &str,
        amount: Cents,
        coin: Coin,
        status: &str,
        is_final: bool,
    ) -> Vec<u8> {
        let amount = amount.to_decimal_string();
        let paid = matches!(status, "paid" | "paid_over" | "wrong_amount");
        let paid_amount = |value: &str| {
            if paid {
                Value::String(value.to_owned())
            } else {
                Value::Null
            }
        };
        let txid = paid.then(|| hex::encode(rand::random::<[u8; 32]>()));
        let today = time::OffsetDateTime::now_utc().date();
        let mut body = json!({
            "type": "payment",
            "uuid": local_uuid(order_id),
            "order_id": order_id,
            "amount": amount,
            "payment_amount": paid_amount(&amount),
            "payment_amount_usd": paid_amount(&amount),
            "merchant_amount": paid_amount(&amount),
            "commission": "0.00",
            "is_final": is_final,
            "status": status,
            "from": paid.then_some("local/checkout"),
            "wallet_address_uuid": null,
            "network": network(coin),
            "currency": "USD",
            "payer_currency": coin.as_str(),
            "payer_amount": paid_amount(&amount),
            "additional_data": format!(
                "local checkout {}/{:02}/{:02}",
                today.year(),
                u8::from(today.month()),
                today.day()
            ),
            "txid": txid,
        });
        let signature = sign(php_json(&body).as_bytes(), &self.key);
        if let Some(fields) = body.as_object_mut() {
            fields.insert("sign".to_owned(), Value::String(signature));
        }
        php_json(&body).into_bytes()
    }
}

#[async_trait::async_trait]
impl PaymentGateway for LocalCheckout {
    fn kind(&self) -> &'static str {
        "local"
    }

    async fn create_invoice(&self, req: &InvoiceRequest) -> Result<Invoice, PaymentError> {
        check_order_id(&req.order_id)?;
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        Ok(Invoice {
            provider_uuid: Some(local_uuid(&req.order_id)),
            url: format!("{}/checkout/{}", self.public_url, req.order_id),
            expires_at: Some(now + i64::from(effective_lifetime(req))),
        })
    }

    async fn payment_info(&self, _order_id: &str) -> Result<Option<PaymentReport>, PaymentError> {
        Ok(None)
    }

    fn verify_webhook(&self, body: &[u8]) -> Result<PaymentReport, PaymentError> {
        verify_webhook(body, &self.key)
    }

    fn local_checkout(&self) -> Option<&dyn CheckoutSigner> {
        Some(self)
    }
}

/// A UUID-shaped id derived from the order id, so that the invoice and its webhooks agree on
/// it without any stored state, and a repeated create gives the same id (as Cryptomus does).
fn local_uuid(order_id: &str) -> String {
    let digest = hex::encode(
        Md5::new()
            .chain_update("local-checkout:")
            .chain_update(order_id)
            .finalize(),
    );
    format!(
        "{}-{}-{}-{}-{}",
        &digest[..8],
        &digest[8..12],
        &digest[12..16],
        &digest[16..20],
        &digest[20..]
    )
}

/// The network Cryptomus names for each coin in its webhooks (USDT is taken on TRON here).
fn network(coin: Coin) -> &'static str {
    match coin {
        Coin::Doge => "doge",
        Coin::Trx | Coin::Usdt => "tron",
        Coin::Ltc => "ltc",
    }
}
