//! Premium and Budget with IPRoyal's pool configured (docs/providers.md#iproyal), against a local
//! mock of IPRoyal's API that answers only the location list: a purchase calls nothing at
//! IPRoyal, lines name the shop's gateway with the customer's own credential (a sub-user's
//! too), and a place IPRoyal's list does not have is refused without a line.

use crate::common::{PASSWORD, Providers, TestApp};
use secrecy::SecretString;
use serde_json::{Value, json};
use std::sync::Arc;
use upstream::{IpRoyalConfig, IpRoyalResidential, LocalResidential};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const USER: &str = "royal@example.com";
/// The gateway host of the test settings (`Settings::for_tests`).
const GATEWAY: &str = "127.0.0.1";

fn countries() -> Value {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../upstream/tests/fixtures/iproyal/countries.json"
    );
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// IPRoyal's API with the location list only: any other call would be a 404 the test sees.
async fn provider() -> (MockServer, Arc<IpRoyalResidential>) {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/access/countries"))
        .respond_with(ResponseTemplate::new(200).set_body_json(countries()))
        .mount(&server)
        .await;
    let gateway = LocalResidential {
        host: GATEWAY.into(),
        http_port: 8000,
        socks_port: 8001,
    };
    let client = IpRoyalResidential::new(
        IpRoyalConfig {
            api_url: format!("{}/v1", server.uri()),
            ..IpRoyalConfig::new(SecretString::from("royal-token".to_owned()))
        },
        gateway,
    )
    .unwrap();
    (server, Arc::new(client))
}

persistence::both_backends! {

    #[actix_web::test]
    async fn lines_name_the_shop_and_only_the_location_list_is_asked(backend) {
        let (server, source) = provider().await;
        let app = TestApp::start_with(backend, Providers { residential: Some(source), ..Providers::default() }).await;
        app.register(USER, PASSWORD).await;
        let user = app.user(USER).unwrap();
        app.add_funds(25.0).await;
        let bought = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);

        let reply = app.post_json("/api/user/generate", json!({
            "country": "us", "state": "ca", "city": "losangeles", "quantity": 2,
            "rotation": "sticky", "port": "socks5" })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let proxies: Vec<&str> = reply.body["proxies"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
        assert_eq!(proxies.len(), 2);
        for line in &proxies {
            let prefix = format!("{GATEWAY}:8001:{}-type-premium-country-us-state-ca-city-losangeles-session-", user.proxy_username);
            assert!(line.starts_with(&prefix), "{line}");
            assert!(line.ends_with(&format!(":{}", user.proxy_password)), "{line}");
            assert!(!line.contains("iproyal") && !line.contains("royal-token"), "{line}");
        }
        assert_ne!(proxies[0], proxies[1], "each sticky line has its own session");

        // A sub-user's lines work with IPRoyal's pool too: the gateway knows its credential.
        let sub = app.post_json("/api/user/subusers", json!({ "name": "scraper1", "type": "premium", "limitGb": 1, "maxConnections": 20 })).await;
        assert_eq!(sub.status, 201, "{}", sub.text);
        let by_sub = app.post_json("/api/user/generate", json!({
            "country": "us", "quantity": 1, "subuserId": sub.body["id"] })).await;
        assert_eq!(by_sub.status, 200, "{}", by_sub.text);
        let line = by_sub.body["proxies"][0].as_str().unwrap();
        assert!(line.starts_with(&format!("{GATEWAY}:8000:{}", user.proxy_username)), "{line}");

        // A place IPRoyal does not list is refused without a line.
        let unknown = app.post_json("/api/user/generate", json!({
            "country": "fr", "state": "idf", "city": "paris", "quantity": 1,
            "rotation": "random", "port": "http|https" })).await;
        assert_eq!((unknown.status, unknown.message()), (422, "This location is not available"));

        // IPRoyal was asked for its location list only, once (cached for the hour).
        let calls = server.received_requests().await.unwrap();
        assert_eq!(calls.iter().map(|r| r.url.path().to_owned()).collect::<Vec<_>>(), ["/v1/access/countries"]);
    }
}
