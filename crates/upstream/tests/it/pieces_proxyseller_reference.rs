//! `ProxySellerPieces` reading from a wiremock stand-in for the Proxy-Seller user API v1: the
//! reference lists behind a catalogue, how plan lengths map onto provider periods, and the
//! delivered proxy list. Fixtures and builders live in `support/proxyseller.rs`.

use crate::support::proxyseller as support;

use domain::ProxyKind;
use serde_json::json;
use support::{client, fixture, ipv4_order, ok, url_path};
use upstream::{DeliveredProxy, PieceError, PieceOperator, PieceOrder, PieceSource};
use wiremock::matchers::{body_partial_json, method, path, query_param};
use wiremock::{Mock, MockServer};

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
async fn periods_round_up_to_the_shortest_provider_period() {
    let server = MockServer::start().await;
    for (days, period) in [(7, "1m"), (30, "1m"), (31, "3m"), (90, "3m"), (365, "12m")] {
        Mock::given(method("POST"))
            .and(path(url_path("order/make")))
            .and(body_partial_json(
                json!({ "periodId": period, "quantity": days }),
            ))
            .respond_with(ok(fixture("make")))
            .expect(1)
            .mount(&server)
            .await;
        // The quantity tells the requests apart.
        let order = PieceOrder {
            quantity: u32::try_from(days).unwrap(),
            ..ipv4_order(days)
        };
        client(&server).place(&order).await.unwrap();
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

    let just_over = pieces.place(&ipv4_order(366)).await.unwrap_err();
    let place = pieces.place(&ipv4_order(400)).await.unwrap_err();

    assert!(matches!(just_over, PieceError::Invalid(_)), "{just_over:?}");
    assert!(matches!(place, PieceError::Invalid(_)), "{place:?}");
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
