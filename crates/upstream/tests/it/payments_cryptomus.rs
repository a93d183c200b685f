//! `CryptomusGateway` against a wiremock stand-in for the Cryptomus API: the signed bytes of
//! an invoice request, reading the invoice, error envelopes, HTTP errors and timeouts.

use crate::support::payments as support;

use std::time::Duration;

use serde_json::json;
use support::{
    MERCHANT, SignedWith, UUID, assert_provider, gateway_for, gateway_with_timeout,
    invoice_request, invoice_result, key, mount, request_fixture, secret,
};
use upstream::{CryptomusGateway, InvoiceRequest, PaymentError, PaymentGateway};
use wiremock::matchers::{body_partial_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn create_invoice_posts_the_documented_body_signed_over_its_exact_bytes() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment"))
        .and(header("merchant", MERCHANT))
        .and(header("content-type", "application/json"))
        .and(SignedWith(key()))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"state": 0, "result": invoice_result()})),
        )
        .expect(1)
        .mount(&server)
        .await;

    let invoice = gateway_for(&server)
        .create_invoice(&invoice_request())
        .await
        .unwrap();

    assert_eq!(invoice.provider_uuid.as_deref(), Some(UUID));
    assert_eq!(invoice.url, format!("https://pay.cryptomus.com/pay/{UUID}"));
    assert_eq!(invoice.expires_at, Some(1_716_000_000));
    // The bytes and the sign are exactly what Python computed for this request.
    let requests = server.received_requests().await.unwrap();
    let fixture = request_fixture("create_invoice");
    assert_eq!(
        String::from_utf8_lossy(&requests[0].body),
        fixture["body"].as_str().unwrap()
    );
    assert_eq!(
        requests[0].headers.get("sign").unwrap(),
        fixture["sign"].as_str().unwrap()
    );
}

#[tokio::test]
async fn the_lifetime_is_clamped_and_string_expiry_is_read() {
    let server = MockServer::start().await;
    let mut result = invoice_result();
    result["expired_at"] = json!("1716000000");
    Mock::given(method("POST"))
        .and(path("/v1/payment"))
        .and(body_partial_json(json!({"lifetime": 43200})))
        .and(SignedWith(key()))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"state": 0, "result": result})),
        )
        .expect(1)
        .mount(&server)
        .await;
    let long = InvoiceRequest {
        lifetime_secs: 999_999,
        ..invoice_request()
    };

    let invoice = gateway_for(&server).create_invoice(&long).await.unwrap();

    assert_eq!(invoice.expires_at, Some(1_716_000_000));
}

#[tokio::test]
async fn an_error_envelope_with_field_errors_is_a_provider_error() {
    let server = MockServer::start().await;
    let envelope = json!({"state": 1, "errors": {"amount": ["The amount must be at least 0.5."], "to_currency": ["Invalid."]}});
    mount(
        &server,
        "/v1/payment",
        ResponseTemplate::new(422).set_body_json(envelope),
    )
    .await;

    let result = gateway_for(&server)
        .create_invoice(&invoice_request())
        .await;

    assert_provider(
        result,
        "HTTP 422: amount: The amount must be at least 0.5.; to_currency: Invalid.",
    );
}

#[tokio::test]
async fn state_one_with_http_200_is_a_provider_error() {
    let server = MockServer::start().await;
    let envelope = json!({"state": 1, "message": "Merchant is blocked"});
    mount(
        &server,
        "/v1/payment",
        ResponseTemplate::new(200).set_body_json(envelope),
    )
    .await;

    let result = gateway_for(&server)
        .create_invoice(&invoice_request())
        .await;

    assert_provider(result, "Merchant is blocked");
}

#[tokio::test]
async fn a_long_message_is_cut_and_an_echoed_key_is_blanked() {
    let server = MockServer::start().await;
    let message = format!("Bad sign for key {} {}", key(), "x".repeat(1000));
    let envelope = json!({"state": 1, "message": message});
    mount(
        &server,
        "/v1/payment",
        ResponseTemplate::new(401).set_body_json(envelope),
    )
    .await;

    let result = gateway_for(&server)
        .create_invoice(&invoice_request())
        .await;

    let Err(PaymentError::Provider(text)) = &result else {
        panic!("{result:?}")
    };
    assert!(text.len() < 250, "{text}");
    assert_provider(result, "Bad sign for key [key]");
}

#[tokio::test]
async fn an_http_500_is_a_provider_error() {
    let server = MockServer::start().await;
    mount(
        &server,
        "/v1/payment",
        ResponseTemplate::new(500).set_body_string("<html>Server Error</html>"),
    )
    .await;

    assert_provider(
        gateway_for(&server)
            .create_invoice(&invoice_request())
            .await,
        "HTTP 500",
    );
}

#[tokio::test]
async fn a_success_envelope_under_an_error_status_is_still_an_error() {
    // The official SDK requires both HTTP 200 and state 0.
    let server = MockServer::start().await;
    let envelope = json!({"state": 0, "result": invoice_result()});
    mount(
        &server,
        "/v1/payment",
        ResponseTemplate::new(503).set_body_json(envelope),
    )
    .await;

    assert_provider(
        gateway_for(&server)
            .create_invoice(&invoice_request())
            .await,
        "HTTP 503",
    );
}

#[tokio::test]
async fn an_invoice_for_the_order_with_another_amount_is_refused() {
    // A repeated order_id returns the existing invoice, which here was for $10.
    let server = MockServer::start().await;
    let mut result = invoice_result();
    result["amount"] = json!("10.00");
    mount(
        &server,
        "/v1/payment",
        ResponseTemplate::new(200).set_body_json(json!({"state": 0, "result": result})),
    )
    .await;

    assert_provider(
        gateway_for(&server)
            .create_invoice(&invoice_request())
            .await,
        "already exists",
    );
}

#[tokio::test]
async fn a_slow_provider_times_out() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(3)))
        .mount(&server)
        .await;
    let gateway = gateway_with_timeout(&server, Duration::from_millis(200));

    let started = std::time::Instant::now();
    let result = gateway.create_invoice(&invoice_request()).await;

    assert!(matches!(result, Err(PaymentError::Timeout)), "{result:?}");
    assert!(started.elapsed() < Duration::from_secs(2));
    let result = gateway.payment_info("topup-01J8ZQ4X7F").await;
    assert!(matches!(result, Err(PaymentError::Timeout)), "{result:?}");
}

#[tokio::test]
async fn an_unreachable_provider_is_a_transport_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let gateway = CryptomusGateway::new(MERCHANT.into(), secret(&key()), url).unwrap();

    let result = gateway.create_invoice(&invoice_request()).await;

    let Err(PaymentError::Transport(text)) = &result else {
        panic!("{result:?}")
    };
    assert!(!text.contains(&key()), "{text}");
}

#[test]
fn construction_refuses_empty_credentials_and_debug_hides_the_key() {
    let new = |merchant: &str, key: &str| {
        CryptomusGateway::new(merchant.into(), secret(key), "http://127.0.0.1:9".into())
    };
    assert!(matches!(new("", "k"), Err(PaymentError::Malformed(_))));
    assert!(matches!(new(MERCHANT, ""), Err(PaymentError::Malformed(_))));
    assert!(matches!(
        new("bad\nid", "k"),
        Err(PaymentError::Malformed(_))
    ));
    let gateway = new(MERCHANT, &key()).unwrap();
    let debug = format!("{gateway:?}");
    assert!(!debug.contains(&key()), "{debug}");
    assert_eq!(gateway.kind(), "cryptomus");
    assert!(gateway.local_checkout().is_none());
}
