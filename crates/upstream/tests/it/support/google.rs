//! Test-only stand-ins for Google's side of sign-in: fixed RSA keys (tests/fixtures), their
//! JWK set as Google serves it, ID tokens signed with them, and a wiremock JWKS endpoint.
#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::time::Duration;

use serde_json::{Value, json};
use upstream::{GoogleError, GoogleIdentity, JwksGoogleVerifier};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

pub use upstream::google::testing::{CLIENT_ID, JWKS_PATH, TestKey, keys, sign_as};
/// The header Google sends with its key set.
pub const GOOGLE_CACHE_CONTROL: &str = "public, max-age=19387, must-revalidate, no-transform";

pub fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// Claims shaped like a real Google ID token for the email and profile scopes.
pub fn google_claims() -> Value {
    let now = now();
    json!({
        "iss": "https://accounts.google.com",
        "azp": CLIENT_ID,
        "aud": CLIENT_ID,
        "sub": "110169484474386276334",
        "email": "alice@example.com",
        "email_verified": true,
        "name": "Alice Example",
        "picture": "https://lh3.googleusercontent.com/a/alice",
        "given_name": "Alice",
        "family_name": "Example",
        "iat": now,
        "exp": now + 3600,
    })
}

pub fn sign(key: &TestKey, claims: &Value) -> String {
    sign_as(key, key.kid, claims)
}

/// Google's JWKS response holding `keys`.
pub fn jwks_response(keys: &[&TestKey]) -> ResponseTemplate {
    let jwks: Vec<Value> = keys.iter().map(|key| key.jwk.clone()).collect();
    ResponseTemplate::new(200)
        .insert_header("cache-control", GOOGLE_CACHE_CONTROL)
        .set_body_json(json!({ "keys": jwks }))
}

pub fn verifier_for(server: &MockServer) -> JwksGoogleVerifier {
    JwksGoogleVerifier::new(CLIENT_ID.to_owned(), format!("{}{JWKS_PATH}", server.uri())).unwrap()
}

/// A server listing key A, expecting `fetches` requests in all.
pub async fn server_with_key_a(fetches: u64) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(jwks_response(&[&keys().0]))
        .expect(fetches)
        .mount(&server)
        .await;
    server
}

pub async fn fetch_count(server: &MockServer) -> usize {
    server.received_requests().await.unwrap().len()
}

/// Moves tokio's clock forward without waiting. No I/O happens while the clock is paused, so
/// timers of in-flight requests cannot fire early.
pub async fn skip_ahead(by: Duration) {
    tokio::time::pause();
    tokio::time::advance(by).await;
    tokio::time::resume();
}

/// Asserts an `InvalidToken` error whose detail mentions `reason` (so a test fails if the token
/// is rejected for some other reason than the one it sets up).
pub fn assert_invalid(result: Result<GoogleIdentity, GoogleError>, reason: &str) {
    match result {
        Err(GoogleError::InvalidToken(detail)) if detail.contains(reason) => {}
        other => panic!("expected InvalidToken mentioning {reason:?}, got {other:?}"),
    }
}

pub fn assert_key_fetch(result: Result<GoogleIdentity, GoogleError>) {
    assert!(
        matches!(result, Err(GoogleError::KeyFetch(_))),
        "{result:?}"
    );
}
