//! `ProxySellerPieces::prolong` against a wiremock stand-in for the Proxy-Seller user API v1:
//! the exact body of `prolong/make/{section}`, a refusal on HTTP 200, and a renewal that gets no
//! answer being unknown (sent once, never retried).

use crate::support::proxyseller as support;

use domain::ProxyKind;
use serde_json::json;
use support::{client, impatient, ok, url_path};
use upstream::{PieceError, PieceSource};
use wiremock::matchers::{body_json, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn a_renewal_sends_the_ids_period_and_balance_payment_to_its_section() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("prolong/make/isp")))
        .and(body_json(
            json!({"ids": ["9001"], "periodId": "1m", "paymentId": "balance"}),
        ))
        .respond_with(ok(json!({
            "status": "success",
            "data": {"orderId": 1_000_123, "total": 2.5, "balance": 97.5},
            "errors": []
        })))
        .expect(1)
        .mount(&server)
        .await;

    client(&server)
        .prolong(ProxyKind::Static, &["9001"], 30)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_refused_renewal_is_a_refusal_with_its_code() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("prolong/make/ipv4")))
        .respond_with(ok(json!({
            "status": "error",
            "data": null,
            "errors": [{"message": "Insufficient funds", "code": 7}]
        })))
        .expect(1)
        .mount(&server)
        .await;

    let err = client(&server)
        .prolong(ProxyKind::Ipv4, &["1"], 30)
        .await
        .unwrap_err();
    assert!(
        matches!(err, PieceError::Refused { code: Some(7), .. }),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_renewal_without_an_answer_is_unknown_and_sent_once() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("prolong/make/mobile")))
        .respond_with(ResponseTemplate::new(200).set_delay(std::time::Duration::from_secs(5)))
        .expect(1)
        .mount(&server)
        .await;

    let err = impatient(&server)
        .prolong(ProxyKind::Lte, &["5"], 30)
        .await
        .unwrap_err();
    assert!(matches!(err, PieceError::Unknown(_)), "{err:?}");
}

#[tokio::test]
async fn residential_kinds_and_missing_ids_never_reach_the_provider() {
    let server = MockServer::start().await;
    let pieces = client(&server);
    for (kind, ids) in [(ProxyKind::Premium, vec!["1"]), (ProxyKind::Static, vec![])] {
        let err = pieces.prolong(kind, &ids, 30).await.unwrap_err();
        assert!(matches!(err, PieceError::Invalid(_)), "{err:?}");
    }
    assert!(server.received_requests().await.unwrap().is_empty());
}
