//! Google's side of sign-in for the API tests: upstream's shared test keys (`upstream::google::
//! testing`), ID tokens signed with them, and a wiremock JWKS endpoint listing key A.

use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

pub use upstream::google::testing::{CLIENT_ID, JWKS_PATH, keys, sign_as};
pub const SUB: &str = "110169484474386276334";
pub const EMAIL: &str = "alice@example.com";

/// Claims shaped like a real Google ID token for the email and profile scopes.
pub fn claims() -> Value {
    let now = persistence::now();
    json!({
        "iss": "https://accounts.google.com",
        "azp": CLIENT_ID,
        "aud": CLIENT_ID,
        "sub": SUB,
        "email": EMAIL,
        "email_verified": true,
        "name": "Alice Example",
        "picture": "https://lh3.googleusercontent.com/a/alice",
        "iat": now,
        "exp": now + 3600,
    })
}

/// A token Google would issue: signed with key A.
pub fn token(claims: &Value) -> String {
    let key = &keys().0;
    sign_as(key, key.kid, claims)
}

pub async fn jwks_server() -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("cache-control", "public, max-age=19387")
                .set_body_json(json!({ "keys": [keys().0.jwk.clone()] })),
        )
        .mount(&server)
        .await;
    server
}
