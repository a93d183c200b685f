//! Test-only stand-ins for IPRoyal's residential API: a wiremock server with the calls a sync
//! makes (sub-user reads, searches, traffic moves), the location list from
//! `fixtures/iproyal/countries.json`, and the config, account and request builders both test
//! binaries use.
#![allow(dead_code, reason = "each test binary uses a different subset")]

use domain::ProxyKind;
use secrecy::SecretString;
use serde_json::{Value, json};
use upstream::{
    IpRoyalConfig, IpRoyalResidential, Place, ProxyRequest, ResidentialError, ResidentialSource,
    SyncReport, SyncRequest, UpstreamAccount,
};
use wiremock::matchers::{body_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

pub const TOKEN: &str = "tok-3f9a1c0e7b5d4f2a9c8e";
pub const GB: i64 = 1_000_000_000;
pub const SUBUSERS: &str = "/v1/residential-subusers";

pub fn config(server: &MockServer) -> IpRoyalConfig {
    IpRoyalConfig {
        api_url: format!("{}/v1/", server.uri()),
        ..IpRoyalConfig::new(SecretString::from(TOKEN))
    }
}

pub fn client(server: &MockServer) -> IpRoyalResidential {
    IpRoyalResidential::new(config(server)).unwrap()
}

pub fn subuser(hash: &str, username: &str, available: f64, used: f64) -> Value {
    json!({
        "id": 1017, "hash": hash, "username": username, "password": "pwFromIpRoyal",
        "traffic": available + used, "traffic_available": available, "traffic_used": used,
    })
}

pub fn page(items: Vec<Value>, current: u32, last: u32) -> Value {
    json!({"data": items, "meta": {"current_page": current, "from": 1, "last_page": last,
        "path": "https://resi-api.iproyal.com/v1/residential-subusers", "per_page": 100,
        "to": 1, "total": 1}})
}

pub fn stored(hash: &str) -> UpstreamAccount {
    UpstreamAccount {
        external_id: hash.into(),
        username: "ps42p".into(),
        password: "storedPassword16".into(),
    }
}

pub fn sync_request(account: Option<&UpstreamAccount>, purchased_bytes: i64) -> SyncRequest<'_> {
    SyncRequest {
        kind: ProxyKind::Premium,
        user_id: 42,
        account,
        purchased_bytes,
    }
}

pub fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

pub async fn expect_get_hash(server: &MockServer, hash: &str, reply: ResponseTemplate) {
    Mock::given(method("GET"))
        .and(path(format!("{SUBUSERS}/{hash}")))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .respond_with(reply)
        .expect(1)
        .mount(server)
        .await;
}

pub async fn expect_search(server: &MockServer, page_no: u32, reply: Value) {
    Mock::given(method("GET"))
        .and(path(SUBUSERS))
        .and(query_param("search", "ps42p"))
        .and(query_param("page", page_no.to_string()))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .respond_with(ok(reply))
        .expect(1)
        .mount(server)
        .await;
}

/// Fails the test (on the server's drop) if any POST or PUT is made.
pub async fn expect_no_writes(server: &MockServer) {
    for verb in ["POST", "PUT"] {
        Mock::given(method(verb))
            .respond_with(ResponseTemplate::new(500))
            .expect(0)
            .mount(server)
            .await;
    }
}

pub async fn expect_move(server: &MockServer, hash: &str, action: &str, amount: f64) {
    Mock::given(method("POST"))
        .and(path(format!("{SUBUSERS}/{hash}/{action}")))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .and(body_json(json!({"amount": amount})))
        .respond_with(ok(json!({"hash": hash})))
        .expect(1)
        .mount(server)
        .await;
}

pub async fn sync(server: &MockServer, request: SyncRequest<'_>) -> SyncReport {
    client(server).sync(request).await.unwrap().unwrap()
}

pub fn unavailable(result: Result<Option<SyncReport>, ResidentialError>) -> String {
    match result {
        Err(ResidentialError::Unavailable(text)) => {
            assert!(!text.contains(TOKEN), "{text}");
            text
        }
        other => panic!("{other:?}"),
    }
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

pub fn documented_account() -> UpstreamAccount {
    UpstreamAccount {
        external_id: "h1".into(),
        username: "username123".into(),
        password: "password321".into(),
    }
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

pub fn proxy_request(account: &UpstreamAccount) -> ProxyRequest<'_> {
    ProxyRequest {
        kind: ProxyKind::Premium,
        username: "uabc123",
        password: "ourOwnPassword",
        account: Some(account),
        country: Some(US),
        state: Some(CALIFORNIA),
        city: None,
        session_minutes: None,
        socks: false,
        quantity: 1,
    }
}

pub async fn proxies(request: &ProxyRequest<'_>) -> Vec<String> {
    client(&countries_server(1).await)
        .proxies(request)
        .await
        .unwrap()
}
