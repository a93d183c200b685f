//! Test-only stand-ins for the Proxy-Seller user API v1: the key and URL layout, the fixtures in
//! `fixtures/proxyseller/` (which follow the examples of docs.proxy-seller.com: api-v1 order
//! actions and "retrieve active proxy"; the proxy fields after `rotation` are cut from the docs
//! and assumed), and the config, client and order builders both `pieces_proxyseller_*` test
//! binaries use.
#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::time::Duration;

use domain::ProxyKind;
use secrecy::SecretString;
use serde_json::{Value, json};
use upstream::{PieceError, PieceOrder, ProxySellerConfig, ProxySellerPieces};
use wiremock::{MockServer, ResponseTemplate};

pub const KEY: &str = "k3y-5ecr3t-9f2b7c41d0";
pub const API: &str = "/personal/api/v1";

pub fn fixture(name: &str) -> Value {
    let file = format!(
        "{}/tests/fixtures/proxyseller/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

pub fn url_path(rest: &str) -> String {
    format!("{API}/{KEY}/{rest}")
}

pub fn config(server_uri: &str) -> ProxySellerConfig {
    ProxySellerConfig {
        api_url: format!("{server_uri}{API}"),
        api_key: SecretString::from(KEY.to_owned()),
    }
}

pub fn client(server: &MockServer) -> ProxySellerPieces {
    ProxySellerPieces::new(config(&server.uri())).unwrap()
}

/// A client that gives up after 300 ms, for servers that never answer.
pub fn impatient(server: &MockServer) -> ProxySellerPieces {
    ProxySellerPieces::with_timeouts(
        config(&server.uri()),
        Duration::from_secs(1),
        Duration::from_millis(300),
    )
    .unwrap()
}

pub fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

pub fn ipv4_order(period_days: i32) -> PieceOrder<'static> {
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

/// The `order/make` body of [`ipv4_order`] for 30 days.
pub fn make_body() -> Value {
    json!({
        "sectionCode": "ipv4",
        "countryId": 561,
        "periodId": "1m",
        "quantity": 5,
        "paymentId": "balance",
        "customTargetName": "po_01J8ZQ4",
        "generateAuth": "Y",
    })
}

/// Fails unless no error text, in Display or Debug form, shows the key.
pub fn assert_no_key(error: &PieceError) {
    for text in [error.to_string(), format!("{error:?}")] {
        assert!(!text.contains(KEY), "the key leaked: {text}");
    }
}
