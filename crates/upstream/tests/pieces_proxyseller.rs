//! `ProxySellerPieces` against a wiremock stand-in for the Proxy-Seller user API v1: reference
//! lists, the exact bodies of `order/calc` and `order/make`, error envelopes on HTTP 200, a buy
//! that times out, and the delivered proxy list. Fixtures in `fixtures/proxyseller/` follow the
//! examples of docs.proxy-seller.com (api-v1 order actions and "retrieve active proxy"; the
//! proxy fields after `rotation` are cut from the docs and assumed).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use domain::ProxyKind;
use secrecy::SecretString;
use serde_json::{Value, json};
use upstream::{
    DeliveredProxy, PieceError, PieceOperator, PieceOrder, PieceSource, ProxySellerConfig,
    ProxySellerPieces,
};
use wiremock::matchers::{body_json, body_partial_json, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const KEY: &str = "k3y-5ecr3t-9f2b7c41d0";
const API: &str = "/personal/api/v1";

fn fixture(name: &str) -> Value {
    let file = format!(
        "{}/tests/fixtures/proxyseller/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

fn url_path(rest: &str) -> String {
    format!("{API}/{KEY}/{rest}")
}

fn config(server_uri: &str) -> ProxySellerConfig {
    ProxySellerConfig {
        api_url: format!("{server_uri}{API}"),
        api_key: SecretString::from(KEY.to_owned()),
    }
}

fn client(server: &MockServer) -> ProxySellerPieces {
    ProxySellerPieces::new(config(&server.uri())).unwrap()
}

/// A client that gives up after 300 ms, for servers that never answer.
fn impatient(server: &MockServer) -> ProxySellerPieces {
    ProxySellerPieces::with_timeouts(
        config(&server.uri()),
        Duration::from_secs(1),
        Duration::from_millis(300),
    )
    .unwrap()
}

fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

fn ipv4_order(period_days: i32) -> PieceOrder<'static> {
    PieceOrder {
        kind: ProxyKind::Ipv4,
        country_id: "561",
        period_days,
        quantity: 5,
        operator_id: None,
        rotation_minutes: None,
        socks: false,
        reference: "po_01J8ZQ4",
    }
}

fn ipv4_body() -> Value {
    json!({
        "sectionCode": "ipv4",
        "countryId": 561,
        "periodId": "1m",
        "quantity": 5,
        "paymentId": "balance",
        "customTargetName": "po_01J8ZQ4",
    })
}

/// Fails unless no error text, in Display or Debug form, shows the key.
fn assert_no_key(error: &PieceError) {
    for text in [error.to_string(), format!("{error:?}")] {
        assert!(!text.contains(KEY), "the key leaked: {text}");
    }
}

#[tokio::test]
async fn the_ipv4_catalogue_reads_countries_and_periods() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(url_path("reference/list/ipv4")))
        .respond_with(ok(fixture("reference_ipv4")))
        .expect(1)
        .mount(&server)
        .await;

    let catalogue = client(&server).catalogue(ProxyKind::Ipv4).await.unwrap();

    let france = &catalogue.countries[0];
    assert_eq!(france.id, "561");
    assert_eq!(france.code, "fr");
    assert_eq!(france.alpha3.as_deref(), Some("FRA"));
    assert_eq!(france.name, "France");
    let codes: Vec<&str> = catalogue
        .countries
        .iter()
        .map(|c| c.code.as_str())
        .collect();
    assert_eq!(codes, ["fr", "us", "gb", "de", ""]);
    assert_eq!(catalogue.countries[4].alpha3, None);
    assert_eq!(catalogue.periods, ["1m", "3m", "6m", "12m"]);
    assert!(catalogue.operators.is_empty());
}

#[tokio::test]
async fn the_mobile_catalogue_reads_dedicated_operators_and_rotations() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(url_path("reference/list/mobile")))
        .respond_with(ok(fixture("reference_mobile")))
        .expect(1)
        .mount(&server)
        .await;

    let catalogue = client(&server).catalogue(ProxyKind::Lte).await.unwrap();

    assert_eq!(catalogue.countries.len(), 2);
    assert_eq!(catalogue.countries[1].code, "gb");
    let operator = |id: &str, name: &str, rotations: &[u32]| PieceOperator {
        id: id.to_owned(),
        name: name.to_owned(),
        rotations: rotations.to_vec(),
    };
    assert_eq!(
        catalogue.operators,
        [
            (
                "1283".to_owned(),
                operator("64a2f1c9e4b0a1d2c3e4f501", "T-Mobile", &[0, 5, 60])
            ),
            (
                "1283".to_owned(),
                operator("64a2f1c9e4b0a1d2c3e4f502", "AT&T", &[10])
            ),
            (
                "1207".to_owned(),
                operator("64a2f1c9e4b0a1d2c3e4f610", "Vodafone", &[0, 30])
            ),
        ]
    );
    assert_eq!(catalogue.periods, ["1m", "3m"]);
}

#[tokio::test]
async fn each_piece_kind_asks_its_own_section_and_residential_kinds_ask_nothing() {
    let server = MockServer::start().await;
    for section in ["isp", "ipv6"] {
        Mock::given(method("GET"))
            .and(path(url_path(&format!("reference/list/{section}"))))
            .respond_with(ok(fixture("reference_ipv4")))
            .expect(1)
            .mount(&server)
            .await;
    }
    let pieces = client(&server);

    pieces.catalogue(ProxyKind::Static).await.unwrap();
    pieces.catalogue(ProxyKind::Ipv6).await.unwrap();
    for kind in [ProxyKind::Premium, ProxyKind::Budget] {
        let error = pieces.catalogue(kind).await.unwrap_err();
        assert!(matches!(error, PieceError::Invalid(_)), "{error:?}");
    }
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_quote_posts_exactly_the_documented_ipv4_body() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("order/calc")))
        .and(body_json(ipv4_body()))
        .respond_with(ok(fixture("calc")))
        .expect(1)
        .mount(&server)
        .await;

    let total = client(&server).quote(&ipv4_order(30)).await.unwrap();

    assert_eq!(total, "9");
}

#[tokio::test]
async fn static_is_the_isp_section_with_a_target_name() {
    let server = MockServer::start().await;
    let mut body = ipv4_body();
    body["sectionCode"] = json!("isp");
    body["periodId"] = json!("3m");
    Mock::given(method("POST"))
        .and(path(url_path("order/calc")))
        .and(body_json(body))
        .respond_with(ok(fixture("calc")))
        .expect(1)
        .mount(&server)
        .await;
    let order = PieceOrder {
        kind: ProxyKind::Static,
        ..ipv4_order(90)
    };

    assert_eq!(client(&server).quote(&order).await.unwrap(), "9");
}

#[tokio::test]
async fn ipv6_orders_name_their_protocol() {
    let server = MockServer::start().await;
    for (protocol, total) in [("SOCKS5", 4), ("HTTPS", 3)] {
        let mut body = ipv4_body();
        body["sectionCode"] = json!("ipv6");
        body["protocol"] = json!(protocol);
        let mut reply = fixture("calc");
        reply["data"]["total"] = json!(total);
        Mock::given(method("POST"))
            .and(path(url_path("order/calc")))
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

    assert_eq!(pieces.quote(&socks).await.unwrap(), "4");
    assert_eq!(pieces.quote(&https).await.unwrap(), "3");
}

#[tokio::test]
async fn mobile_orders_send_the_operator_and_rotation_and_no_target_name() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("order/calc")))
        .and(body_json(json!({
            "sectionCode": "mobile",
            "countryId": 1283,
            "periodId": "1m",
            "quantity": 1,
            "paymentId": "balance",
            "mobileServiceType": "dedicated",
            "operatorId": "64a2f1c9e4b0a1d2c3e4f501",
            "rotationId": 5,
        })))
        .respond_with(ok(fixture("calc")))
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

    client(&server).quote(&order).await.unwrap();
}

#[tokio::test]
async fn placing_adds_generate_auth_and_returns_the_order() {
    let server = MockServer::start().await;
    let mut body = ipv4_body();
    body["generateAuth"] = json!("Y");
    Mock::given(method("POST"))
        .and(path(url_path("order/make")))
        .and(body_json(body))
        .respond_with(ok(fixture("make")))
        .expect(1)
        .mount(&server)
        .await;

    let placed = client(&server).place(&ipv4_order(30)).await.unwrap();

    assert_eq!(placed.order_id, "2000096");
    assert_eq!(placed.total, "8.55");
}

#[tokio::test]
async fn periods_round_up_to_the_shortest_provider_period() {
    let server = MockServer::start().await;
    for (days, period) in [(7, "1m"), (30, "1m"), (31, "3m"), (90, "3m"), (365, "12m")] {
        Mock::given(method("POST"))
            .and(path(url_path("order/calc")))
            .and(body_partial_json(
                json!({ "periodId": period, "quantity": days }),
            ))
            .respond_with(ok(fixture("calc")))
            .expect(1)
            .mount(&server)
            .await;
        // The quantity tells the requests apart.
        let order = PieceOrder {
            quantity: u32::try_from(days).unwrap(),
            ..ipv4_order(days)
        };
        client(&server).quote(&order).await.unwrap();
    }
}

#[tokio::test]
async fn a_plan_longer_than_any_period_is_refused_before_any_call() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ok(fixture("make")))
        .expect(0)
        .mount(&server)
        .await;
    let pieces = client(&server);

    let quote = pieces.quote(&ipv4_order(366)).await.unwrap_err();
    let place = pieces.place(&ipv4_order(400)).await.unwrap_err();

    assert!(matches!(quote, PieceError::Invalid(_)), "{quote:?}");
    assert!(matches!(place, PieceError::Invalid(_)), "{place:?}");
}

#[tokio::test]
async fn a_business_error_on_http_200_is_refused_with_its_code() {
    let server = MockServer::start().await;
    for endpoint in ["order/calc", "order/make"] {
        Mock::given(method("POST"))
            .and(path(url_path(endpoint)))
            .respond_with(ok(fixture("error_incorrect_goal")))
            .expect(1)
            .mount(&server)
            .await;
    }
    let pieces = client(&server);

    for error in [
        pieces.quote(&ipv4_order(30)).await.unwrap_err(),
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
async fn a_quote_that_gets_no_answer_is_merely_unavailable() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(url_path("order/calc")))
        .respond_with(ok(fixture("calc")).set_delay(Duration::from_secs(5)))
        .expect(1)
        .mount(&server)
        .await;

    let error = impatient(&server).quote(&ipv4_order(30)).await.unwrap_err();

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

#[tokio::test]
async fn delivery_is_empty_while_pending_then_lists_the_orders_proxies() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(url_path("proxy/list/ipv4")))
        .and(query_param("orderId", "2000096"))
        .respond_with(ok(fixture("proxy_list_pending")))
        .up_to_n_times(1)
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path(url_path("proxy/list/ipv4")))
        .and(query_param("orderId", "2000096"))
        .respond_with(ok(fixture("proxy_list_ipv4")))
        .expect(1)
        .mount(&server)
        .await;
    let pieces = client(&server);

    let pending = pieces.delivered(ProxyKind::Ipv4, "2000096").await.unwrap();
    let delivered = pieces.delivered(ProxyKind::Ipv4, "2000096").await.unwrap();

    assert!(pending.is_empty());
    // The third item belongs to another order and is left out.
    assert_eq!(
        delivered,
        [
            DeliveredProxy {
                upstream_id: "0678564".into(),
                host: "31.6.33.97".into(),
                port: 50100,
                username: "ruht5734hg".into(),
                password: "gou5h437g".into(),
                country: Some("fr".into()),
            },
            DeliveredProxy {
                upstream_id: "0678565".into(),
                host: "31.6.33.98".into(),
                port: 50102,
                username: "ruht5734hg".into(),
                password: "gou5h437g".into(),
                country: Some("fr".into()),
            },
        ]
    );
}

#[tokio::test]
async fn a_delivered_proxy_without_credentials_is_an_error() {
    let server = MockServer::start().await;
    let mut list = fixture("proxy_list_ipv4");
    list["data"]["items"][0]
        .as_object_mut()
        .unwrap()
        .remove("password");
    Mock::given(method("GET"))
        .and(path(url_path("proxy/list/mobile")))
        .respond_with(ok(list))
        .expect(1)
        .mount(&server)
        .await;

    let error = client(&server)
        .delivered(ProxyKind::Lte, "2000096")
        .await
        .unwrap_err();

    assert!(matches!(error, PieceError::Unavailable(_)), "{error:?}");
}

#[test]
fn an_empty_key_is_refused() {
    let config = ProxySellerConfig::new(SecretString::from(" ".to_owned()));
    let error = ProxySellerPieces::new(config).unwrap_err();
    assert!(matches!(error, PieceError::Invalid(_)), "{error:?}");
}
