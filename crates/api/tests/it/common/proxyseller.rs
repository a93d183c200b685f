//! A wiremock stand-in for Proxy-Seller (user API v1) serving the IPv4 catalogue, the app buying
//! from it, and the IPv4 order both the purchase and the renewal tests place.

use super::{PASSWORD, Providers, Reply, TestApp};
use secrecy::SecretString;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use upstream::{PieceSource, ProxySellerConfig, ProxySellerPieces};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

/// The customer `buyer` registers, with $10.
pub const BUYER: &str = "provider@example.com";
const KEY: &str = "test-proxyseller-key";

/// The mock's path of `rest` (after the key).
pub fn api(rest: &str) -> String {
    format!("/personal/api/v1/{KEY}/{rest}")
}

/// A success envelope around `data`.
pub fn envelope(data: Value) -> ResponseTemplate {
    ResponseTemplate::new(200)
        .set_body_json(json!({ "status": "success", "data": data, "errors": [] }))
}

/// An order the provider refuses ("Insufficient funds", in its error envelope); not mounted.
pub fn refused_order() -> Mock {
    Mock::given(method("POST"))
        .and(path(api("order/make")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "status": "error", "data": null,
            "errors": [{ "message": "Insufficient funds", "code": 7, "customData": null }] })))
}

/// The mock with its IPv4 catalogue, and a client of it that gives up after 500 ms.
pub async fn provider() -> (MockServer, Arc<dyn PieceSource>) {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(api("reference/list/ipv4")))
        .respond_with(envelope(json!({ "items": [{
            "country": [{ "id": 1283, "name": "USA", "alpha3": "USA" }, { "id": 569, "name": "Germany", "alpha3": "DEU" }],
            "period": [{ "id": "1m", "name": "1 month" }, { "id": "3m", "name": "3 months" }]
        }] })))
        .mount(&server)
        .await;
    let client = ProxySellerPieces::with_timeouts(
        ProxySellerConfig {
            api_url: format!("{}/personal/api/v1", server.uri()),
            api_key: SecretString::from(KEY.to_owned()),
        },
        Duration::from_secs(1),
        Duration::from_millis(500),
    )
    .unwrap();
    (server, Arc::new(client))
}

/// The app buying pieces from `source`, signed in as [`BUYER`] with $10.
pub async fn buyer(backend: persistence::Backend, source: Arc<dyn PieceSource>) -> TestApp {
    let app = TestApp::start_with(
        backend,
        Providers {
            pieces: Some(source),
            ..Providers::default()
        },
    )
    .await;
    app.register(BUYER, PASSWORD).await;
    app.add_funds(10.0).await;
    app
}

/// Two IPv4 proxies in the USA on the first IPv4 plan ($1.50 each).
pub async fn ipv4_order(app: &TestApp) -> Reply {
    let plan = app.get("/api/user/plan?type=ipv4").await.body["plan"]["plans"][0]["id"]
        .as_i64()
        .unwrap();
    app.post_json(
        "/api/user/get_proxy",
        json!({ "type": "ipv4", "plan": plan, "location": "ipv4-us", "quantity": 2 }),
    )
    .await
}
