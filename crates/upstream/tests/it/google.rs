//! `JwksGoogleVerifier`'s checks on the token itself (signature, audience, issuer, expiry,
//! claims), against a wiremock stand-in for Google's JWKS endpoint and fixed test keys.

use crate::support::google as support;

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::json;
use support::{
    assert_invalid, google_claims, keys, now, server_with_key_a, sign, sign_as, verifier_for,
};
use upstream::{GoogleIdentity, GoogleVerifier};

#[tokio::test]
async fn valid_token_yields_the_identity() {
    let server = server_with_key_a(1).await;
    let token = sign(&keys().0, &google_claims());

    let identity = verifier_for(&server).verify(&token).await.unwrap();

    assert_eq!(
        identity,
        GoogleIdentity {
            sub: "110169484474386276334".into(),
            email: Some("alice@example.com".into()),
            email_verified: true,
            name: Some("Alice Example".into()),
            picture: Some("https://lh3.googleusercontent.com/a/alice".into()),
        }
    );
}

#[tokio::test]
async fn email_verified_may_be_a_string_or_absent() {
    let server = server_with_key_a(1).await;
    let verifier = verifier_for(&server);
    let mut claims = google_claims();
    let mut verified = |value: serde_json::Value| {
        claims["email_verified"] = value;
        sign(&keys().0, &claims)
    };
    let as_string = verified(json!("true"));
    let as_false_string = verified(json!("false"));
    let as_null = verified(json!(null));
    let mut bare = google_claims();
    let object = bare.as_object_mut().unwrap();
    for claim in ["email", "email_verified", "name", "picture"] {
        object.remove(claim);
    }
    let without_profile = sign(&keys().0, &bare);

    assert!(verifier.verify(&as_string).await.unwrap().email_verified);
    assert!(
        !verifier
            .verify(&as_false_string)
            .await
            .unwrap()
            .email_verified
    );
    assert!(!verifier.verify(&as_null).await.unwrap().email_verified);
    let minimal = verifier.verify(&without_profile).await.unwrap();
    assert_eq!((minimal.email, minimal.email_verified), (None, false));
    assert_eq!((minimal.name, minimal.picture), (None, None));
}

#[tokio::test]
async fn token_for_another_client_is_rejected() {
    let server = server_with_key_a(1).await;
    let mut claims = google_claims();
    claims["aud"] = json!("someone-else.apps.googleusercontent.com");

    assert_invalid(
        verifier_for(&server)
            .verify(&sign(&keys().0, &claims))
            .await,
        "InvalidAudience",
    );
}

#[tokio::test]
async fn token_from_another_issuer_is_rejected() {
    let server = server_with_key_a(1).await;
    let mut claims = google_claims();
    claims["iss"] = json!("https://evil.example.com");

    assert_invalid(
        verifier_for(&server)
            .verify(&sign(&keys().0, &claims))
            .await,
        "InvalidIssuer",
    );
}

#[tokio::test]
async fn both_issuer_spellings_are_accepted() {
    let server = server_with_key_a(1).await;
    let verifier = verifier_for(&server);
    for issuer in ["accounts.google.com", "https://accounts.google.com"] {
        let mut claims = google_claims();
        claims["iss"] = json!(issuer);

        let result = verifier.verify(&sign(&keys().0, &claims)).await;

        assert!(result.is_ok(), "{issuer}: {result:?}");
    }
}

#[tokio::test]
async fn expired_token_is_rejected_but_small_skew_is_tolerated() {
    let server = server_with_key_a(1).await;
    let verifier = verifier_for(&server);
    let mut expired = google_claims();
    expired["exp"] = json!(now() - 3600);
    let mut just_expired = google_claims();
    just_expired["exp"] = json!(now() - 20);

    assert_invalid(
        verifier.verify(&sign(&keys().0, &expired)).await,
        "ExpiredSignature",
    );
    assert!(
        verifier
            .verify(&sign(&keys().0, &just_expired))
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn token_signed_with_another_key_is_rejected() {
    let server = server_with_key_a(1).await;
    // Key B signs, but the header claims key A, which Google does list.
    let forged = sign_as(&keys().1, keys().0.kid, &google_claims());

    assert_invalid(
        verifier_for(&server).verify(&forged).await,
        "InvalidSignature",
    );
}

#[tokio::test]
async fn token_without_subject_is_rejected() {
    let server = server_with_key_a(1).await;
    let mut claims = google_claims();
    claims.as_object_mut().unwrap().remove("sub");

    assert_invalid(
        verifier_for(&server)
            .verify(&sign(&keys().0, &claims))
            .await,
        "sub",
    );
}

#[tokio::test]
async fn malformed_tokens_are_rejected_without_fetching_keys() {
    let server = server_with_key_a(0).await;
    let verifier = verifier_for(&server);
    let hmac = jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &google_claims(),
        &EncodingKey::from_secret(b"anyone can pick a secret"),
    )
    .unwrap();
    let token = sign(&keys().0, &google_claims());
    let mut no_kid = Header::new(Algorithm::RS256);
    no_kid.kid = None;
    let (_, rest) = token.split_once('.').unwrap();
    let without_kid = format!(
        "{}.{rest}",
        base64_json(&serde_json::to_value(&no_kid).unwrap())
    );

    let cases = [
        ("", "InvalidToken"),
        ("not-a-jwt", "InvalidToken"),
        ("a.b.c", "Base64"),
        (hmac.as_str(), "not RS256"),
        (without_kid.as_str(), "no key id"),
    ];
    for (bad, reason) in cases {
        assert_invalid(verifier.verify(bad).await, reason);
    }
}

fn base64_json(value: &serde_json::Value) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(value.to_string())
}
