//! `CryptomusGateway::payment_info` against a wiremock stand-in for `/v1/payment/info`: a paid
//! report, "not found" as `None`, and failures that must stay errors.

use crate::support::payments as support;

use domain::Cents;
use serde_json::json;
use support::{
    SignedWith, UUID, assert_provider, gateway_for, invoice_result, key, mount, request_fixture,
};
use upstream::PaymentGateway;
use wiremock::matchers::{body_json, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn payment_info_reads_a_paid_report() {
    let server = MockServer::start().await;
    let mut result = invoice_result();
    result["status"] = json!("paid");
    result["payment_status"] = json!("paid");
    result["is_final"] = json!(true);
    let reply = json!({"state": 0, "result": result}).to_string();
    Mock::given(method("POST"))
        .and(path("/v1/payment/info"))
        .and(body_json(json!({"order_id": "topup-01J8ZQ4X7F"})))
        .and(SignedWith(key()))
        .respond_with(ResponseTemplate::new(200).set_body_string(reply.clone()))
        .expect(1)
        .mount(&server)
        .await;

    let report = gateway_for(&server)
        .payment_info("topup-01J8ZQ4X7F")
        .await
        .unwrap()
        .unwrap();

    assert_eq!(report.order_id, "topup-01J8ZQ4X7F");
    assert_eq!(report.provider_uuid.as_deref(), Some(UUID));
    assert_eq!((report.status.as_str(), report.is_final), ("paid", true));
    assert_eq!(report.amount, Some(Cents::new(2500)));
    assert!(report.credits_wallet());
    assert_eq!(report.raw, reply);
    let requests = server.received_requests().await.unwrap();
    let fixture = request_fixture("payment_info");
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
async fn payment_info_maps_not_found_to_none() {
    for http in [200, 404, 422] {
        let server = MockServer::start().await;
        let envelope = json!({"state": 1, "message": "Payment not found"});
        mount(
            &server,
            "/v1/payment/info",
            ResponseTemplate::new(http).set_body_json(envelope),
        )
        .await;

        let result = gateway_for(&server).payment_info("topup-unknown").await;

        assert!(matches!(result, Ok(None)), "HTTP {http}: {result:?}");
    }
}

#[tokio::test]
async fn payment_info_keeps_other_failures_as_errors() {
    let server = MockServer::start().await;
    // A proxy's 404 page says "Not Found" too, but is no answer from Cryptomus.
    mount(
        &server,
        "/v1/payment/info",
        ResponseTemplate::new(404).set_body_string("404 Not Found"),
    )
    .await;
    assert_provider(
        gateway_for(&server).payment_info("topup-a").await,
        "HTTP 404",
    );

    let server = MockServer::start().await;
    let envelope = json!({"state": 1, "message": "Unauthorized"});
    mount(
        &server,
        "/v1/payment/info",
        ResponseTemplate::new(401).set_body_json(envelope),
    )
    .await;
    assert_provider(
        gateway_for(&server).payment_info("topup-a").await,
        "Unauthorized",
    );
}

#[tokio::test]
async fn payment_info_for_another_order_is_refused() {
    let server = MockServer::start().await;
    let reply = json!({"state": 0, "result": invoice_result()});
    mount(
        &server,
        "/v1/payment/info",
        ResponseTemplate::new(200).set_body_json(reply),
    )
    .await;

    assert_provider(
        gateway_for(&server).payment_info("topup-other").await,
        "another order",
    );
}
