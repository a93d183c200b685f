//! Test-only stand-ins for Google's signing side, shared by this crate's tests and the API's:
//! two fixed RSA keys (tests/fixtures, parsed once: generating keys in a debug build is slow),
//! their JWKs as Google serves them, and ID tokens signed with them. Enabled by the `testing`
//! feature; never part of a release build.
#![allow(
    clippy::expect_used,
    reason = "test fixtures: a broken fixture should stop the test"
)]

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use rsa::RsaPrivateKey;
use rsa::pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey};
use rsa::traits::PublicKeyParts;
use serde_json::{Value, json};
use std::sync::OnceLock;

/// The OAuth client id the test tokens are issued to.
pub const CLIENT_ID: &str = "1234567890-test.apps.googleusercontent.com";
/// Where a mock server serves the key set.
pub const JWKS_PATH: &str = "/oauth2/v3/certs";

pub struct TestKey {
    pub kid: &'static str,
    encoding: EncodingKey,
    pub jwk: Value,
}

/// Key A and key B.
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
    let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("test key fixture");
    // The fixture starts with a note saying it is a test key; the PEM parser wants only PEM.
    let pem = &text[text.find("-----BEGIN").expect("a PEM block")..];
    let private = RsaPrivateKey::from_pkcs1_pem(pem).expect("an RSA key");
    let der = private.to_pkcs1_der().expect("DER");
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

/// Signs `claims` with `key` but names `kid` in the header (usually `key.kid`).
pub fn sign_as(key: &TestKey, kid: &str, claims: &Value) -> String {
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.to_owned());
    header.typ = Some("JWT".to_owned());
    encode(&header, claims, &key.encoding).expect("signing a test token")
}
