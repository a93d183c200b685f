//! `CryptomusPayouts` against a wiremock stand-in for the Cryptomus API: the documented body of
//! `POST /v1/payout`, signed over its exact bytes with the payout key (not the payment key),
//! and the split of failures into "not paid" (refused, unreachable) and "maybe paid" (lost
//! answers); `POST /v1/payout/info` read back; status callbacks verified with the payout key.

use crate::support::payments::{
    MERCHANT, SignedWith, key, md5_sign, other_key, secret, signed_body,
};

use std::time::Duration;

use domain::{Cents, Coin};
use serde_json::{Value, json};
use upstream::{CryptomusPayouts, PayoutError, PayoutOrder, PayoutReport, PayoutSender};
use wiremock::matchers::{body_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

/// The payout key: another key than the payment key the fixtures call `key`.
fn payout_key() -> String {
    other_key()
}

fn client(base: &str, timeout: Duration) -> CryptomusPayouts {
    let http = reqwest::Client::builder().timeout(timeout).build().unwrap();
    CryptomusPayouts::with_client(MERCHANT, secret(&payout_key()), base, http).unwrap()
}

fn order() -> PayoutOrder {
    PayoutOrder {
        order_id: "payout-7Hq2mZ".into(),
        amount: Cents::new(2550),
        coin: Coin::Usdt,
        address: "TQrZ9wBzhQ7Jk2f4n8Vd3sLxYp6cMeRu1A".into(),
        callback_url: Some("https://shop.example/api/payout/callback".into()),
    }
}

async fn answering(response: ResponseTemplate) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payout"))
        .and(SignedWith(payout_key()))
        .respond_with(response)
        .expect(1)
        .mount(&server)
        .await;
    server
}

#[tokio::test]
async fn a_payout_posts_the_documented_body_signed_with_the_payout_key() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payout"))
        .and(header("merchant", MERCHANT))
        .and(header("content-type", "application/json"))
        .and(SignedWith(payout_key()))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "state": 0,
            "result": {"uuid": "a7c0caec-a594-4aaa-b1c4-77d511857594", "amount": "25.50",
                "currency": "USDT", "network": "TRON", "address": order().address,
                "txid": null, "status": "process", "is_final": false, "balance": 129}
        })))
        .expect(1)
        .mount(&server)
        .await;

    let receipt = client(&server.uri(), Duration::from_secs(5))
        .send(&order())
        .await
        .unwrap();

    assert_eq!(
        receipt.provider_ref.as_deref(),
        Some("a7c0caec-a594-4aaa-b1c4-77d511857594")
    );
    assert_eq!(
        (receipt.status.as_str(), receipt.is_final),
        ("process", false)
    );
    let requests = server.received_requests().await.unwrap();
    let body = String::from_utf8(requests[0].body.clone()).unwrap();
    // Written as PHP writes it (slashes escaped), and signed over exactly these bytes.
    assert_eq!(
        body,
        r#"{"amount":"25.50","currency":"USD","to_currency":"USDT","network":"TRON","order_id":"payout-7Hq2mZ","address":"TQrZ9wBzhQ7Jk2f4n8Vd3sLxYp6cMeRu1A","is_subtract":false,"url_callback":"https:\/\/shop.example\/api\/payout\/callback"}"#
    );
    let sign = requests[0].headers.get("sign").unwrap().to_str().unwrap();
    assert_eq!(sign, md5_sign(body.as_bytes(), &payout_key()));
    assert_ne!(
        sign,
        md5_sign(body.as_bytes(), &key()),
        "never the payment key"
    );
    let parsed: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        parsed["url_callback"],
        "https://shop.example/api/payout/callback"
    );
}

#[tokio::test]
async fn no_callback_is_sent_when_the_shop_takes_none() {
    let server = answering(
        ResponseTemplate::new(200)
            .set_body_json(json!({"state": 0, "result": {"uuid": "u-1", "status": "paid"}})),
    )
    .await;
    let order = PayoutOrder {
        callback_url: None,
        coin: Coin::Ltc,
        ..order()
    };

    let receipt = client(&server.uri(), Duration::from_secs(5))
        .send(&order)
        .await
        .unwrap();

    assert_eq!(receipt.status, "paid");
    let body: Value =
        serde_json::from_slice(&server.received_requests().await.unwrap()[0].body).unwrap();
    assert!(body.get("url_callback").is_none(), "{body}");
    assert_eq!(
        (body["to_currency"].as_str(), body["network"].as_str()),
        (Some("LTC"), Some("LTC"))
    );
}

#[tokio::test]
async fn an_error_envelope_is_a_refusal_naming_the_fields() {
    let envelope = json!({"state": 1, "errors": {"address": ["The address is invalid."]}});
    let server = answering(ResponseTemplate::new(422).set_body_json(envelope)).await;

    let result = client(&server.uri(), Duration::from_secs(5))
        .send(&order())
        .await;

    match result {
        Err(PayoutError::Refused(message)) => {
            assert_eq!(message, "HTTP 422: address: The address is invalid.");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn state_one_with_http_200_is_a_refusal() {
    let envelope = json!({"state": 1, "message": "Not enough funds"});
    let server = answering(ResponseTemplate::new(200).set_body_json(envelope)).await;

    let result = client(&server.uri(), Duration::from_secs(5))
        .send(&order())
        .await;

    assert!(
        matches!(&result, Err(PayoutError::Refused(m)) if m == "Not enough funds"),
        "{result:?}"
    );
    assert!(!result.unwrap_err().outcome_unknown());
}

#[tokio::test]
async fn a_lost_answer_is_an_unknown_outcome() {
    // The provider took the request but its answer never came in time.
    let server = answering(
        ResponseTemplate::new(200)
            .set_body_json(json!({"state": 0, "result": {}}))
            .set_delay(Duration::from_secs(5)),
    )
    .await;

    let result = client(&server.uri(), Duration::from_millis(300))
        .send(&order())
        .await;

    assert!(
        matches!(&result, Err(PayoutError::Unknown(_))),
        "{result:?}"
    );
    assert!(result.unwrap_err().outcome_unknown());
}

#[tokio::test]
async fn an_unreadable_success_is_an_unknown_outcome() {
    let server = answering(ResponseTemplate::new(200).set_body_string("<html>ok</html>")).await;

    let result = client(&server.uri(), Duration::from_secs(5))
        .send(&order())
        .await;

    assert!(matches!(result, Err(PayoutError::Unknown(_))), "{result:?}");
}

#[tokio::test]
async fn an_unreachable_provider_paid_nothing() {
    let server = MockServer::start().await;
    let uri = server.uri();
    drop(server);

    let result = client(&uri, Duration::from_secs(5)).send(&order()).await;

    assert!(
        matches!(&result, Err(PayoutError::Refused(_))),
        "{result:?}"
    );
}

#[tokio::test]
async fn a_bad_order_id_or_empty_key_is_refused_before_sending() {
    let bad = PayoutOrder {
        order_id: "payout 1".into(),
        ..order()
    };
    let result = client("http://127.0.0.1:9", Duration::from_secs(1))
        .send(&bad)
        .await;
    assert!(
        matches!(result, Err(PayoutError::Malformed(_))),
        "{result:?}"
    );
    assert!(matches!(
        CryptomusPayouts::new(MERCHANT, secret(" "), "http://127.0.0.1:9"),
        Err(PayoutError::Malformed(_))
    ));
}

#[tokio::test]
async fn payout_info_asks_by_order_id_and_reads_the_status() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payout/info"))
        .and(body_json(json!({"order_id": "payout-7Hq2mZ"})))
        .and(SignedWith(payout_key()))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "state": 0,
            "result": {"uuid": "a7c0caec-a594-4aaa-b1c4-77d511857594", "amount": "3",
                "currency": "USDT", "network": "TRON", "address": "TJ", "txid": null,
                "status": "fail", "is_final": true, "balance": 129,
                "payer_currency": "USD", "payer_amount": 3}
        })))
        .expect(1)
        .mount(&server)
        .await;

    let report = client(&server.uri(), Duration::from_secs(5))
        .payout_info("payout-7Hq2mZ")
        .await
        .unwrap();

    assert_eq!(
        report,
        Some(PayoutReport {
            order_id: "payout-7Hq2mZ".into(),
            provider_ref: Some("a7c0caec-a594-4aaa-b1c4-77d511857594".into()),
            status: "fail".into(),
            is_final: true,
        })
    );
}

#[tokio::test]
async fn payout_info_maps_not_found_to_none_and_keeps_other_failures() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payout/info"))
        .respond_with(
            ResponseTemplate::new(404)
                .set_body_json(json!({"state": 1, "message": "Payout not found"})),
        )
        .mount(&server)
        .await;
    let payouts = client(&server.uri(), Duration::from_secs(5));
    assert_eq!(payouts.payout_info("payout-x").await.unwrap(), None);

    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payout/info"))
        .respond_with(
            ResponseTemplate::new(401)
                .set_body_json(json!({"state": 1, "message": "Unauthorized"})),
        )
        .mount(&server)
        .await;
    let result = client(&server.uri(), Duration::from_secs(5))
        .payout_info("payout-x")
        .await;
    assert!(
        matches!(&result, Err(PayoutError::Refused(m)) if m == "HTTP 401: Unauthorized"),
        "{result:?}"
    );

    // Another payout's object is no answer about ours.
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payout/info"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"state": 0, "result": {"order_id": "payout-other", "status": "paid"}}),
        ))
        .mount(&server)
        .await;
    let result = client(&server.uri(), Duration::from_secs(5))
        .payout_info("payout-x")
        .await;
    assert!(matches!(result, Err(PayoutError::Refused(_))), "{result:?}");
}

fn callback_fields(status: &str, is_final: bool) -> serde_json::Map<String, Value> {
    json!({
        "type": "payout", "uuid": "a7c0caec-a594-4aaa-b1c4-77d511857594",
        "order_id": "payout-7Hq2mZ", "amount": "25.50", "merchant_amount": "26.01",
        "commission": "0.51", "is_final": is_final, "status": status, "txid": null,
        "currency": "USD", "network": "tron", "payer_currency": "USDT", "payer_amount": "25.50"
    })
    .as_object()
    .unwrap()
    .clone()
}

#[test]
fn a_callback_signed_with_the_payout_key_is_read() {
    let payouts = client("http://127.0.0.1:9", Duration::from_secs(1));
    let body = signed_body(&callback_fields("paid", true), &payout_key());

    let report = payouts.verify_callback(&body).unwrap();

    assert_eq!(
        report,
        PayoutReport {
            order_id: "payout-7Hq2mZ".into(),
            provider_ref: Some("a7c0caec-a594-4aaa-b1c4-77d511857594".into()),
            status: "paid".into(),
            is_final: true,
        }
    );
}

#[test]
fn a_forged_or_foreign_callback_is_refused() {
    let payouts = client("http://127.0.0.1:9", Duration::from_secs(1));
    // Signed with the payment key: not ours for payouts.
    let payment_signed = signed_body(&callback_fields("paid", true), &key());
    assert!(matches!(
        payouts.verify_callback(&payment_signed),
        Err(PayoutError::BadSignature)
    ));
    // A field changed after signing.
    let mut tampered: serde_json::Map<String, Value> =
        serde_json::from_slice(&signed_body(&callback_fields("fail", true), &payout_key()))
            .unwrap();
    tampered.insert("status".into(), json!("paid"));
    assert!(matches!(
        payouts.verify_callback(&serde_json::to_vec(&tampered).unwrap()),
        Err(PayoutError::BadSignature)
    ));
    // Unsigned.
    assert!(matches!(
        payouts.verify_callback(br#"{"type":"payout","order_id":"payout-1","status":"paid"}"#),
        Err(PayoutError::BadSignature)
    ));
    // Rightly signed, but a payment webhook.
    let mut payment = callback_fields("paid", true);
    payment.insert("type".into(), json!("payment"));
    assert!(matches!(
        payouts.verify_callback(&signed_body(&payment, &payout_key())),
        Err(PayoutError::Malformed(_))
    ));
}
