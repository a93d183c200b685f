//! `JwksGoogleVerifier`'s handling of Google's key set: caching per `Cache-Control`, refetching
//! on an unknown key id (but not too often), and failures of the JWKS endpoint.

use crate::support::google as support;

use std::time::Duration;

use serde_json::json;
use support::{
    CLIENT_ID, JWKS_PATH, assert_invalid, assert_key_fetch, fetch_count, google_claims,
    jwks_response, keys, server_with_key_a, sign, sign_as, skip_ahead, verifier_for,
};
use upstream::{GoogleVerifier, JwksGoogleVerifier};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn keys_are_cached_between_verifications() {
    let server = server_with_key_a(1).await;
    let verifier = verifier_for(&server);
    let token = sign(&keys().0, &google_claims());

    verifier.verify(&token).await.unwrap();
    verifier.verify(&token).await.unwrap();
    verifier.verify(&token).await.unwrap();
    // `.expect(1)` is checked when the server drops.
}

#[tokio::test]
async fn keys_are_refetched_once_the_max_age_has_passed() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(jwks_response(&[&keys().0]).insert_header("cache-control", "max-age=120"))
        .expect(2)
        .mount(&server)
        .await;
    let verifier = verifier_for(&server);
    let token = sign(&keys().0, &google_claims());

    verifier.verify(&token).await.unwrap();
    skip_ahead(Duration::from_secs(60)).await;
    verifier.verify(&token).await.unwrap();
    assert_eq!(fetch_count(&server).await, 1);
    skip_ahead(Duration::from_secs(61)).await;
    verifier.verify(&token).await.unwrap();
    assert_eq!(fetch_count(&server).await, 2);
}

#[tokio::test]
async fn unknown_kid_triggers_one_refetch_and_then_works_when_the_key_appears() {
    let server = MockServer::start().await;
    // First Google lists only key A; after the rotation it lists A and B.
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(jwks_response(&[&keys().0]))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(jwks_response(&[&keys().0, &keys().1]))
        .mount(&server)
        .await;
    let verifier = verifier_for(&server);
    let token_a = sign(&keys().0, &google_claims());
    let token_b = sign(&keys().1, &google_claims());

    verifier.verify(&token_a).await.unwrap();
    // Just fetched: an unknown kid now must not send another request to Google.
    assert_invalid(verifier.verify(&token_b).await, "unknown key id");
    assert_eq!(fetch_count(&server).await, 1);

    skip_ahead(Duration::from_secs(31)).await;
    let identity = verifier.verify(&token_b).await.unwrap();
    assert_eq!(identity.sub, "110169484474386276334");
    assert_eq!(fetch_count(&server).await, 2);
    verifier.verify(&token_a).await.unwrap();
    verifier.verify(&token_b).await.unwrap();
    assert_eq!(fetch_count(&server).await, 2);
}

#[tokio::test]
async fn made_up_kids_cost_at_most_one_fetch_per_interval() {
    let server = server_with_key_a(2).await;
    let verifier = verifier_for(&server);
    let forged = |n: usize| sign_as(&keys().1, &format!("made-up-{n}"), &google_claims());

    // Each token is an RSA signature, slow in a test build: five make the point as well as more.
    for n in 0..5 {
        assert_invalid(verifier.verify(&forged(n)).await, "unknown key id");
    }
    assert_eq!(fetch_count(&server).await, 1);
    skip_ahead(Duration::from_secs(31)).await;
    for n in 5..10 {
        assert_invalid(verifier.verify(&forged(n)).await, "unknown key id");
    }
    assert_eq!(fetch_count(&server).await, 2);
}

#[tokio::test]
async fn jwks_server_error_is_a_key_fetch_error() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(ResponseTemplate::new(500))
        .mount(&server)
        .await;

    let result = verifier_for(&server)
        .verify(&sign(&keys().0, &google_claims()))
        .await;

    assert_key_fetch(result);
}

#[tokio::test]
async fn unreadable_key_set_is_a_key_fetch_error() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(ResponseTemplate::new(200).set_body_string("<html>oops</html>"))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "keys": [] })))
        .mount(&server)
        .await;
    let verifier = verifier_for(&server);
    let token = sign(&keys().0, &google_claims());

    for _ in 0..2 {
        let result = verifier.verify(&token).await;
        assert_key_fetch(result);
    }
}

#[tokio::test]
async fn slow_jwks_server_is_a_key_fetch_error() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(JWKS_PATH))
        .respond_with(jwks_response(&[&keys().0]).set_delay(Duration::from_secs(5)))
        .mount(&server)
        .await;
    let http = reqwest::Client::builder()
        .timeout(Duration::from_millis(200))
        .build()
        .unwrap();
    let verifier = JwksGoogleVerifier::with_client(
        CLIENT_ID.to_owned(),
        format!("{}{JWKS_PATH}", server.uri()),
        http,
    );

    let started = std::time::Instant::now();
    let result = verifier.verify(&sign(&keys().0, &google_claims())).await;

    assert_key_fetch(result);
    assert!(started.elapsed() < Duration::from_secs(3));
}
