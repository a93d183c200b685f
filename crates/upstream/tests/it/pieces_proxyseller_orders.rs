//! `ProxySellerPieces` buying against a wiremock stand-in for the Proxy-Seller user API v1: the
//! exact bodies of `order/make`, error envelopes on HTTP 200, buys and reads that time out or
//! fail, and the key never showing in an error. Fixtures and
//! builders live in `support/proxyseller.rs`.

use crate::support::proxyseller as support;

use std::time::Duration;

use domain::ProxyKind;
use secrecy::SecretString;
use serde_json::json;
use support::{
    KEY, assert_no_key, client, config, fixture, impatient, ipv4_order, make_body, ok, url_path,
};
use upstream::{PieceError, PieceOrder, PieceSource, ProxySellerConfig, ProxySellerPieces};
use wiremock::matchers::{body_json, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn static_is_the_isp_section_with_a_target_name() {
    let server = MockServer::start().await;
    let mut body = make_body();
    body["sectionCode"] = json!("isp");
    body["periodId"] = json!("3m");
    Mock::given(method("POST"))
        .and(path(url_path("order/make")))
        .and(body_json(body))
        .respond_with(ok(fixture("make")))
        .expect(1)
        .mount(&server)
        .await;
    let order = PieceOrder {
        kind: ProxyKind::Static,
        ..ipv4_order(90)
    };

    assert_eq!(client(&server).place(&order).await.unwrap().total, "8.55");
}

#[tokio::test]
async fn ipv6_orders_name_their_protocol() {
    let server = MockServer::start().await;
    for (protocol, total) in [("SOCKS5", 4), ("HTTPS", 3)] {
        let mut body = make_body();
        body["sectionCode"] = json!("ipv6");
        body["protocol"] = json!(protocol);
        let mut reply = fixture("make");
        reply["data"]["total"] = json!(total);
        Mock::given(method("POST"))
            .and(path(url_path("order/make")))
            .and(body_json(body))
            .respond_with(ok(reply))
            .expect(1)
            .mount(&server)
            .await;
    }
    let pieces = client(&server);
    let socks = PieceOrder {
        kind: ProxyKind::Ipv6,
        socks: true,
        ..ipv4_order(30)
    };
    let https = PieceOrder {
        socks: false,
        ..socks
    };

    assert_eq!(pieces.place(&socks).await.unwrap().total, "4");
    assert_eq!(pieces.place(&https).await.unwrap().total, "3");
}

#[tokio::test]
async fn mobile_orders_send_the_operator_and_rotation_and_no_target_name() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("order/make")))
        .and(body_json(json!({
            "sectionCode": "mobile",
            "countryId": 1283,
            "periodId": "1m",
            "quantity": 1,
            "paymentId": "balance",
            "mobileServiceType": "dedicated",
            "operatorId": "64a2f1c9e4b0a1d2c3e4f501",
            "rotationId": 5,
            "generateAuth": "Y",
        })))
        .respond_with(ok(fixture("make")))
        .expect(1)
        .mount(&server)
        .await;
    let order = PieceOrder {
        kind: ProxyKind::Lte,
        country_id: "1283",
        quantity: 1,
        operator_id: Some("64a2f1c9e4b0a1d2c3e4f501"),
        rotation_minutes: Some(5),
        ..ipv4_order(30)
    };

    client(&server).place(&order).await.unwrap();
}

#[tokio::test]
async fn placing_adds_generate_auth_and_returns_the_order() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("order/make")))
        .and(body_json(make_body()))
        .respond_with(ok(fixture("make")))
        .expect(1)
        .mount(&server)
        .await;

    let placed = client(&server).place(&ipv4_order(30)).await.unwrap();

    assert_eq!(placed.order_id, "2000096");
    assert_eq!(placed.total, "8.55");
}

#[tokio::test]
async fn a_business_error_on_http_200_is_refused_with_its_code() {
    let server = MockServer::start().await;
    for (verb, endpoint) in [("GET", "reference/list/ipv4"), ("POST", "order/make")] {
        Mock::given(method(verb))
            .and(path(url_path(endpoint)))
            .respond_with(ok(fixture("error_incorrect_goal")))
            .expect(1)
            .mount(&server)
            .await;
    }
    let pieces = client(&server);

    for error in [
        pieces.catalogue(ProxyKind::Ipv4).await.unwrap_err(),
        pieces.place(&ipv4_order(30)).await.unwrap_err(),
    ] {
        let PieceError::Refused { code, message } = &error else {
            panic!("{error:?}")
        };
        assert_eq!(*code, Some(14));
        assert_eq!(message, "Incorrect goal");
        assert_eq!(
            error.to_string(),
            "the piece provider refused (code 14): Incorrect goal"
        );
    }
}

#[tokio::test]
async fn the_access_error_triple_is_unavailable_and_never_shows_the_key() {
    let server = MockServer::start().await;
    let mut triple = fixture("error_access");
    // Should the provider ever echo the key, it is blanked out.
    triple["errors"][0]["message"] = json!(format!("Error api key {KEY}"));
    Mock::given(method("POST"))
        .and(path(url_path("order/make")))
        .respond_with(ok(triple))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path(url_path("reference/list/ipv4")))
        .respond_with(ok(fixture("error_access")))
        .expect(1)
        .mount(&server)
        .await;
    let pieces = client(&server);

    let place = pieces.place(&ipv4_order(30)).await.unwrap_err();
    let catalogue = pieces.catalogue(ProxyKind::Ipv4).await.unwrap_err();

    for error in [&place, &catalogue] {
        let PieceError::Unavailable(message) = error else {
            panic!("{error:?}")
        };
        assert!(message.contains("Request limit reached"), "{message}");
        assert_no_key(error);
    }
    assert!(place.to_string().contains("Error api key [key]"), "{place}");
}

#[tokio::test]
async fn a_buy_that_gets_no_answer_is_unknown_and_was_sent_once() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("order/make")))
        .respond_with(ok(fixture("make")).set_delay(Duration::from_secs(5)))
        .expect(1)
        .mount(&server)
        .await;

    let error = impatient(&server).place(&ipv4_order(30)).await.unwrap_err();

    assert!(matches!(error, PieceError::Unknown(_)), "{error:?}");
    assert_no_key(&error);
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_read_that_gets_no_answer_is_merely_unavailable() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(url_path("reference/list/ipv4")))
        .respond_with(ok(fixture("reference_ipv4")).set_delay(Duration::from_secs(5)))
        .expect(1)
        .mount(&server)
        .await;

    let error = impatient(&server)
        .catalogue(ProxyKind::Ipv4)
        .await
        .unwrap_err();

    assert!(matches!(error, PieceError::Unavailable(_)), "{error:?}");
    assert_no_key(&error);
}

#[tokio::test]
async fn a_buy_answered_by_a_gateway_error_page_is_unknown() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("order/make")))
        .respond_with(ResponseTemplate::new(502).set_body_string("<html>Bad Gateway</html>"))
        .expect(1)
        .mount(&server)
        .await;

    let error = client(&server).place(&ipv4_order(30)).await.unwrap_err();

    assert!(matches!(error, PieceError::Unknown(_)), "{error:?}");
    assert!(error.to_string().contains("HTTP 502"), "{error}");
    assert_no_key(&error);
}

#[tokio::test]
async fn a_buy_accepted_without_an_order_id_is_unknown() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("order/make")))
        .respond_with(ok(
            json!({"status": "success", "data": {"total": 9}, "errors": []}),
        ))
        .expect(1)
        .mount(&server)
        .await;

    let error = client(&server).place(&ipv4_order(30)).await.unwrap_err();

    assert!(matches!(error, PieceError::Unknown(_)), "{error:?}");
}

#[tokio::test]
async fn a_buy_that_cannot_connect_sent_nothing() {
    // A port nobody listens on any more (wiremock pools its servers, so not one of those).
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let uri = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let pieces = ProxySellerPieces::new(config(&uri)).unwrap();

    let error = pieces.place(&ipv4_order(30)).await.unwrap_err();

    assert!(matches!(error, PieceError::Unavailable(_)), "{error:?}");
    assert_no_key(&error);
    assert!(!format!("{pieces:?}").contains(KEY));
}

#[test]
fn an_empty_key_is_refused() {
    let config = ProxySellerConfig::new(SecretString::from(" ".to_owned()));
    let error = ProxySellerPieces::new(config).unwrap_err();
    assert!(matches!(error, PieceError::Invalid(_)), "{error:?}");
}
