//! Test-only stand-ins for IPRoyal's residential API: a wiremock server with the location list
//! from `fixtures/iproyal/countries.json`, and the config, client and request builders.

use domain::ProxyKind;
use secrecy::SecretString;
use serde_json::Value;
use upstream::{
    IpRoyalConfig, IpRoyalResidential, LocalResidential, Place, ProxyRequest, ResidentialSource,
};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

pub const TOKEN: &str = "tok-3f9a1c0e7b5d4f2a9c8e";

pub fn config(server: &MockServer) -> IpRoyalConfig {
    IpRoyalConfig {
        api_url: format!("{}/v1/", server.uri()),
        ..IpRoyalConfig::new(SecretString::from(TOKEN))
    }
}

/// Where the lines point: our gateway.
pub fn gateway() -> LocalResidential {
    LocalResidential {
        host: "gw.shop.example".into(),
        http_port: 8000,
        socks_port: 1080,
    }
}

pub fn client(server: &MockServer) -> IpRoyalResidential {
    IpRoyalResidential::new(config(server), gateway()).unwrap()
}

pub fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

// --- proxies ---------------------------------------------------------------------------------

pub fn countries_fixture() -> Value {
    let path = format!(
        "{}/tests/fixtures/iproyal/countries.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

pub async fn countries_server(fetches: u64) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/access/countries"))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .respond_with(ok(countries_fixture()))
        .expect(fetches)
        .mount(&server)
        .await;
    server
}

pub const US: Place<'static> = Place {
    code: "us",
    name: "United States",
};
pub const CALIFORNIA: Place<'static> = Place {
    code: "ca",
    name: "California",
};
pub const ILLINOIS: Place<'static> = Place {
    code: "il",
    name: "Illinois",
};
pub const CHICAGO: Place<'static> = Place {
    code: "chicago",
    name: "Chicago",
};

pub fn proxy_request() -> ProxyRequest<'static> {
    ProxyRequest {
        kind: ProxyKind::Premium,
        username: "uabc123",
        password: "ourOwnPassword",
        country: Some(US),
        state: Some(CALIFORNIA),
        city: None,
        session_minutes: None,
        socks: false,
        quantity: 1,
        host: None,
    }
}

pub async fn proxies(request: &ProxyRequest<'_>) -> Vec<String> {
    client(&countries_server(1).await)
        .proxies(request)
        .await
        .unwrap()
}
