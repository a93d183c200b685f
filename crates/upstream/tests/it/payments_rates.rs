//! `CryptomusRates` against a wiremock stand-in for `/v1/exchange-rate/USD/list`: a good answer
//! read for the wanted currencies only, a bad course refusing the answer, HTTP and envelope
//! errors staying errors.

use domain::currency::CurrencyCode;
use serde_json::json;
use std::time::Duration;
use upstream::{CryptomusRates, ExchangeRates, PaymentError};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const LIST: &str = "/v1/exchange-rate/USD/list";

fn rates_for(server: &MockServer) -> CryptomusRates {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    CryptomusRates::with_client(format!("{}/", server.uri()), http)
}

fn codes(list: &[&str]) -> Vec<CurrencyCode> {
    list.iter()
        .map(|c| CurrencyCode::parse(c).unwrap())
        .collect()
}

async fn answer(server: &MockServer, reply: ResponseTemplate) {
    Mock::given(method("GET"))
        .and(path(LIST))
        .respond_with(reply)
        .expect(1)
        .mount(server)
        .await;
}

#[tokio::test]
async fn rate_list_reads_the_wanted_currencies() {
    let server = MockServer::start().await;
    let body = json!({"state": 0, "result": [
        {"from": "USD", "to": "EUR", "course": "0.92000000"},
        {"from": "USD", "to": "GBP", "course": "0.79"},
        // Not wanted: ignored, malformed or not.
        {"from": "USD", "to": "JPY", "course": "garbage"},
        {"from": "USD", "to": "usdt", "course": "1"},
        // Another base: ignored.
        {"from": "EUR", "to": "GBP", "course": "0.86"},
    ]});
    answer(&server, ResponseTemplate::new(200).set_body_json(body)).await;

    let rates = rates_for(&server)
        .usd_rates(&codes(&["EUR", "GBP", "CHF"]))
        .await
        .unwrap();

    let read: Vec<(&str, &str)> = rates
        .iter()
        .map(|r| (r.currency.as_str(), r.per_usd.as_str()))
        .collect();
    assert_eq!(read, [("EUR", "0.92000000"), ("GBP", "0.79")]);
    assert!((rates[0].per_usd.value() - 0.92).abs() < 1e-12);
}

#[tokio::test]
async fn rate_list_with_a_bad_course_of_a_wanted_currency_is_refused() {
    for course in [
        json!("0"),
        json!("-0.92"),
        json!("1e3"),
        json!(0.92),
        json!(null),
    ] {
        let server = MockServer::start().await;
        let body = json!({"state": 0, "result": [
            {"from": "USD", "to": "GBP", "course": "0.79"},
            {"from": "USD", "to": "EUR", "course": course},
        ]});
        answer(&server, ResponseTemplate::new(200).set_body_json(body)).await;

        let result = rates_for(&server).usd_rates(&codes(&["EUR", "GBP"])).await;

        match result {
            Err(PaymentError::Provider(message)) => {
                assert!(message.contains("course of EUR"), "{course}: {message}");
            }
            other => panic!("{course}: {other:?}"),
        }
    }
}

#[tokio::test]
async fn rate_list_http_and_envelope_errors_are_errors() {
    let replies = [
        ResponseTemplate::new(500).set_body_json(json!({"state": 0, "result": []})),
        ResponseTemplate::new(404).set_body_string("Not Found"),
        ResponseTemplate::new(200).set_body_json(json!({"state": 1, "message": "down"})),
        ResponseTemplate::new(200).set_body_string("<html>maintenance</html>"),
        ResponseTemplate::new(200).set_body_json(json!({"state": 0, "result": {}})),
    ];
    for (i, reply) in replies.into_iter().enumerate() {
        let server = MockServer::start().await;
        answer(&server, reply).await;

        let result = rates_for(&server).usd_rates(&codes(&["EUR"])).await;

        assert!(
            matches!(result, Err(PaymentError::Provider(_))),
            "reply {i}: {result:?}"
        );
    }
}

#[tokio::test]
async fn rate_list_unreachable_is_a_transport_error() {
    // Nothing listens on the discard port.
    let rates = CryptomusRates::with_client("http://127.0.0.1:9".into(), reqwest::Client::new());

    let result = rates.usd_rates(&codes(&["EUR"])).await;

    assert!(
        matches!(result, Err(PaymentError::Transport(_))),
        "{result:?}"
    );
}
