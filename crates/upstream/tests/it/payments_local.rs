//! `LocalCheckout`: invoices on the shop's own checkout page and webhooks signed exactly as
//! Cryptomus signs them.

use crate::support::payments as support;

use domain::{Cents, Coin};
use serde_json::Value;
use support::{invoice_request, object, secret, webhook_sign};
use upstream::{
    CRYPTOMUS_API_URL, CheckoutSigner, CryptomusGateway, InvoiceRequest, LocalCheckout,
    PaymentError, PaymentGateway,
};

const KEY: &str = "local-checkout-test-key-0123456789abcdef";

fn checkout() -> LocalCheckout {
    LocalCheckout::new(secret(KEY), "http://localhost:8080/".into())
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

#[tokio::test]
async fn invoices_point_at_the_local_checkout_page() {
    let checkout = checkout();
    let before = now();

    let invoice = checkout.create_invoice(&invoice_request()).await.unwrap();
    let again = checkout.create_invoice(&invoice_request()).await.unwrap();

    assert_eq!(
        invoice.url,
        "http://localhost:8080/checkout/topup-01J8ZQ4X7F"
    );
    let uuid = invoice.provider_uuid.clone().unwrap();
    let groups: Vec<usize> = uuid.split('-').map(str::len).collect();
    assert_eq!(groups, [8, 4, 4, 4, 12], "{uuid}");
    assert_eq!(again.provider_uuid, invoice.provider_uuid);
    let expires_at = invoice.expires_at.unwrap();
    assert!(
        (before + 3600..=now() + 3600).contains(&expires_at),
        "{expires_at}"
    );
}

#[tokio::test]
async fn lifetimes_are_clamped_as_cryptomus_clamps_them() {
    let short = InvoiceRequest {
        lifetime_secs: 10,
        ..invoice_request()
    };
    let invoice = checkout().create_invoice(&short).await.unwrap();
    assert!(invoice.expires_at.unwrap() >= now() + 299);
}

#[tokio::test]
async fn an_order_id_that_is_not_alpha_dash_is_refused() {
    let bad = InvoiceRequest {
        order_id: "../admin".into(),
        ..invoice_request()
    };
    let result = checkout().create_invoice(&bad).await;
    assert!(
        matches!(result, Err(PaymentError::Malformed(_))),
        "{result:?}"
    );
}

#[tokio::test]
async fn signed_webhooks_verify_and_round_trip() {
    let checkout = checkout();
    let cases = [
        ("topup-a", Cents::new(2500), Coin::Usdt, "paid", true, true),
        (
            "topup-b",
            Cents::new(10),
            Coin::Ltc,
            "paid_over",
            true,
            true,
        ),
        (
            "topup-c",
            Cents::new(999),
            Coin::Doge,
            "wrong_amount",
            true,
            false,
        ),
        (
            "topup-d",
            Cents::new(1_000_000),
            Coin::Trx,
            "cancel",
            true,
            false,
        ),
        (
            "topup-01J8ZQ4X7F",
            Cents::new(2500),
            Coin::Usdt,
            "check",
            false,
            false,
        ),
    ];
    for (order_id, amount, coin, status, is_final, credits) in cases {
        let body = checkout.signed_webhook(order_id, amount, coin, status, is_final);

        let report = checkout.verify_webhook(&body).unwrap();

        assert_eq!(report.order_id, order_id);
        assert_eq!(report.amount, Some(amount));
        assert_eq!(report.status, status);
        assert_eq!(report.is_final, is_final);
        assert_eq!(report.credits_wallet(), credits, "{status}");
        assert_eq!(report.raw.as_bytes(), body.as_slice());
        let fields = object(&body);
        assert_eq!(fields["type"], "payment");
        assert_eq!(fields["currency"], "USD");
        assert_eq!(fields["payer_currency"], coin.as_str());
        assert_eq!(fields.keys().next_back().map(String::as_str), Some("sign"));
    }
}

#[tokio::test]
async fn webhooks_repeat_the_invoice_uuid() {
    let checkout = checkout();
    let invoice = checkout.create_invoice(&invoice_request()).await.unwrap();
    let body = checkout.signed_webhook("topup-01J8ZQ4X7F", Cents::new(1), Coin::Ltc, "paid", true);

    let report = checkout.verify_webhook(&body).unwrap();

    assert_eq!(report.provider_uuid, invoice.provider_uuid);
}

#[test]
fn signed_webhooks_escape_slashes_and_are_signed_as_python_would() {
    let body = checkout().signed_webhook("topup-a", Cents::new(2500), Coin::Ltc, "paid", true);
    let text = String::from_utf8(body.clone()).unwrap();
    assert!(text.contains("\\/"), "{text}");
    assert!(!text.replace("\\/", "").contains('/'), "{text}");

    let mut fields = object(&body);
    let Some(Value::String(sign)) = fields.shift_remove("sign") else {
        panic!("no sign in {text}");
    };
    let additional = fields["additional_data"].as_str().unwrap();
    assert!(additional.contains('/'), "{additional}");
    assert_eq!(sign, webhook_sign(&fields, KEY));
}

#[test]
fn a_webhook_signed_by_another_checkout_is_refused() {
    let other = LocalCheckout::new(secret("some-other-local-key"), "http://x.example".into());
    let body = other.signed_webhook("topup-a", Cents::new(2500), Coin::Ltc, "paid", true);

    let result = checkout().verify_webhook(&body);

    assert!(
        matches!(result, Err(PaymentError::BadSignature)),
        "{result:?}"
    );
}

#[test]
fn cryptomus_verification_accepts_a_local_webhook_with_the_same_key() {
    // One algorithm for both: a local body passes the Cryptomus check given the same key.
    let cryptomus = CryptomusGateway::new(
        support::MERCHANT.into(),
        secret(KEY),
        CRYPTOMUS_API_URL.into(),
    )
    .unwrap();
    let body = checkout().signed_webhook("topup-a", Cents::new(2500), Coin::Trx, "paid", true);

    assert!(cryptomus.verify_webhook(&body).unwrap().credits_wallet());
}

#[tokio::test]
async fn the_local_checkout_knows_no_payments_and_names_itself() {
    let checkout = checkout();
    assert_eq!(checkout.kind(), "local");
    assert!(checkout.payment_info("topup-a").await.unwrap().is_none());
    assert!(checkout.local_checkout().is_some());
    let debug = format!("{checkout:?}");
    assert!(!debug.contains(KEY), "{debug}");
}
