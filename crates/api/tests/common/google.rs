//! Google's side of sign-in for the API tests: the upstream crate's fixed test keys, ID tokens
//! signed with them, and a wiremock JWKS endpoint listing key A.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use rsa::RsaPrivateKey;
use rsa::pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey};
use rsa::traits::PublicKeyParts;
use serde_json::{Value, json};
use std::sync::OnceLock;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

pub const CLIENT_ID: &str = "1234567890-test.apps.googleusercontent.com";
pub const JWKS_PATH: &str = "/oauth2/v3/certs";
pub const SUB: &str = "110169484474386276334";
pub const EMAIL: &str = "alice@example.com";

pub struct TestKey {
    pub kid: &'static str,
    encoding: EncodingKey,
    pub jwk: Value,
}

/// Key A (served by the JWKS mock) and key B (never served).
pub fn keys() -> &'static (TestKey, TestKey) {
    static KEYS: OnceLock<(TestKey, TestKey)> = OnceLock::new();
    KEYS.get_or_init(|| {
        (
            load("test-key-a.pem", "key-a"),
            load("test-key-b.pem", "key-b"),
        )
    })
}

fn load(file: &str, kid: &'static str) -> TestKey {
    let path = format!(
        "{}/../upstream/tests/fixtures/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    // The fixture starts with a note saying it is a test key; the PEM parser wants only PEM.
    let pem = &text[text.find("-----BEGIN").unwrap()..];
    let private = RsaPrivateKey::from_pkcs1_pem(pem).unwrap();
    let der = private.to_pkcs1_der().unwrap();
    let b64 = |bytes: Vec<u8>| URL_SAFE_NO_PAD.encode(bytes);
    TestKey {
        kid,
        encoding: EncodingKey::from_rsa_der(der.as_bytes()),
        jwk: json!({
            "kty": "RSA",
            "alg": "RS256",
            "use": "sig",
            "kid": kid,
            "n": b64(private.n().to_bytes_be()),
            "e": b64(private.e().to_bytes_be()),
        }),
    }
}

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

/// Signs `claims` with `key` but names `kid` in the header.
pub fn sign_as(key: &TestKey, kid: &str, claims: &Value) -> String {
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.to_owned());
    header.typ = Some("JWT".to_owned());
    encode(&header, claims, &key.encoding).unwrap()
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
