//! Test-only Cryptomus material: the signature fixtures written by Python
//! (tests/fixtures/cryptomus_webhooks.py), a test-side signer checked against them, and a
//! wiremock matcher that accepts a request only if its `sign` header fits its body.
#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::sync::OnceLock;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use domain::{Cents, Coin};
use md5::{Digest, Md5};
use secrecy::SecretString;
use serde_json::json;
use serde_json::{Map, Value};
use upstream::{CryptomusGateway, InvoiceRequest, PaymentError};
use wiremock::matchers::{method, path};
use wiremock::{Match, Mock, MockServer, Request, ResponseTemplate};

pub const MERCHANT: &str = "8b03432e-385b-4670-8d06-064591096795";

/// The parsed fixture file.
pub fn fixtures() -> &'static Value {
    static FIXTURES: OnceLock<Value> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let path = format!(
            "{}/tests/fixtures/cryptomus_webhooks.json",
            env!("CARGO_MANIFEST_DIR")
        );
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

/// The payment key the fixtures are signed with.
pub fn key() -> String {
    fixtures()["key"].as_str().unwrap().to_owned()
}

pub fn other_key() -> String {
    fixtures()["other_key"].as_str().unwrap().to_owned()
}

pub fn secret(key: &str) -> SecretString {
    SecretString::from(key.to_owned())
}

pub fn webhook_fixtures() -> &'static [Value] {
    fixtures()["webhooks"].as_array().unwrap()
}

pub fn webhook_fixture(name: &str) -> &'static Value {
    webhook_fixtures()
        .iter()
        .find(|w| w["name"] == name)
        .unwrap()
}

pub fn request_fixture(name: &str) -> &'static Value {
    fixtures()["requests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap()
}

/// `md5(base64(bytes) + key)`, hex: the test's own rendering of Cryptomus's request signature.
pub fn md5_sign(bytes: &[u8], key: &str) -> String {
    let mut text = STANDARD.encode(bytes).into_bytes();
    text.extend_from_slice(key.as_bytes());
    format!("{:x}", Md5::digest(&text))
}

/// The test's own webhook signer (§1.4 step 3 and 4) for fields without `sign`.
pub fn webhook_sign(fields: &Map<String, Value>, key: &str) -> String {
    let text = serde_json::to_string(fields).unwrap().replace('/', "\\/");
    md5_sign(text.as_bytes(), key)
}

/// A webhook body from `fields`, signed by the test signer, with `sign` last.
pub fn signed_body(fields: &Map<String, Value>, key: &str) -> Vec<u8> {
    let mut body = fields.clone();
    body.insert("sign".into(), Value::String(webhook_sign(fields, key)));
    serde_json::to_vec(&body).unwrap()
}

/// Parses a body keeping its key order.
pub fn object(body: &[u8]) -> Map<String, Value> {
    serde_json::from_slice(body).unwrap()
}

/// Matches a request whose `sign` header is `md5(base64(body) + key)` and whose `merchant`
/// header is [`MERCHANT`].
pub struct SignedWith(pub String);

impl Match for SignedWith {
    fn matches(&self, request: &Request) -> bool {
        let header = |name: &str| request.headers.get(name).and_then(|v| v.to_str().ok());
        header("merchant") == Some(MERCHANT)
            && header("sign") == Some(md5_sign(&request.body, &self.0).as_str())
    }
}

/// A gateway for the mock server with the fixture key and a 1 s request timeout.
pub fn gateway_for(server: &MockServer) -> CryptomusGateway {
    gateway_with_timeout(server, Duration::from_secs(1))
}

pub fn gateway_with_timeout(server: &MockServer, timeout: Duration) -> CryptomusGateway {
    let http = reqwest::Client::builder().timeout(timeout).build().unwrap();
    CryptomusGateway::with_client(MERCHANT.into(), secret(&key()), server.uri(), http).unwrap()
}

/// The request the `create_invoice` fixture body was made from.
pub fn invoice_request() -> InvoiceRequest {
    InvoiceRequest {
        order_id: "topup-01J8ZQ4X7F".into(),
        amount: Cents::new(2500),
        coin: Coin::Usdt,
        callback_url: "https://shop.example/api/payments/cryptomus/webhook".into(),
        return_url: "https://shop.example/wallet".into(),
        success_url: "https://shop.example/wallet?paid=1".into(),
        lifetime_secs: 3600,
    }
}

pub fn assert_provider(result: Result<impl std::fmt::Debug, PaymentError>, needle: &str) {
    match result {
        Err(PaymentError::Provider(message)) => {
            assert!(message.contains(needle), "{message:?} lacks {needle:?}");
            assert!(!message.contains(&key()), "the key leaked: {message}");
        }
        other => panic!("expected Provider({needle:?}), got {other:?}"),
    }
}

/// The uuid of the invoice the mock Cryptomus returns.
pub const UUID: &str = "26109ba0-b05b-4ee0-93d1-fd62c822ce95";

/// A freshly created invoice as Cryptomus returns it (docs/providers.md#invoices), for the request
/// fixture's order.
pub fn invoice_result() -> serde_json::Value {
    json!({
        "uuid": UUID, "order_id": "topup-01J8ZQ4X7F", "amount": "25.00", "payment_amount": null,
        "payer_amount": null, "discount_percent": null, "discount": "0.00000000",
        "payer_currency": null, "currency": "USD", "merchant_amount": null, "network": null,
        "address": null, "from": null, "txid": null, "payment_status": "check", "status": "check",
        "url": format!("https://pay.cryptomus.com/pay/{UUID}"), "expired_at": 1_716_000_000,
        "is_final": false, "additional_data": null,
        "created_at": "2024-05-17T10:00:00+03:00", "updated_at": "2024-05-17T10:00:00+03:00",
    })
}

/// Answers one signed POST to `route` with `response`.
pub async fn mount(server: &MockServer, route: &str, response: ResponseTemplate) {
    Mock::given(method("POST"))
        .and(path(route))
        .and(SignedWith(key()))
        .respond_with(response)
        .expect(1)
        .mount(server)
        .await;
}
