//! The webhook sender against a local mock: the request's shape and signature, redirects not
//! followed, the time limit, and internal addresses refused unless private targets are allowed.

use secrecy::SecretString;
use std::time::Duration;
use upstream::{ReqwestWebhookSender, WebhookCall, WebhookError, WebhookSender};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const BODY: &str = r#"{"id":7,"type":"alert","title":"T","body":"B","createdAt":1700000000}"#;

fn call(url: String) -> WebhookCall {
    WebhookCall {
        url,
        delivery_id: 42,
        body: BODY.to_owned(),
        secret: SecretString::from("whsec_test"),
        timestamp: 1_700_000_000,
    }
}

#[tokio::test]
async fn posts_the_signed_json_body() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/hook"))
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&server)
        .await;
    let sender = ReqwestWebhookSender::new(true).unwrap();
    let status = sender.send(&call(format!("{}/hook", server.uri()))).await;
    assert_eq!(status, Ok(204));
    let received = server.received_requests().await.unwrap();
    let request = &received[0];
    assert_eq!(request.body, BODY.as_bytes());
    let header = |name: &str| {
        request
            .headers
            .get(name)
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(header("content-type"), "application/json");
    assert_eq!(header("x-proxyshop-delivery"), "42");
    assert_eq!(
        header("x-proxyshop-signature"),
        domain::webhook::signature("whsec_test", 1_700_000_000, BODY)
    );
}

#[tokio::test]
async fn a_redirect_is_an_answer_not_followed() {
    let server = MockServer::start().await;
    Mock::given(path("/hook"))
        .respond_with(ResponseTemplate::new(302).insert_header("Location", "/elsewhere"))
        .mount(&server)
        .await;
    Mock::given(path("/elsewhere"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&server)
        .await;
    let sender = ReqwestWebhookSender::new(true).unwrap();
    assert_eq!(
        sender.send(&call(format!("{}/hook", server.uri()))).await,
        Ok(302)
    );
}

#[tokio::test]
async fn a_slow_receiver_times_out() {
    let server = MockServer::start().await;
    Mock::given(path("/hook"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(5)))
        .mount(&server)
        .await;
    let sender = ReqwestWebhookSender::with_timeout(true, Duration::from_millis(200)).unwrap();
    assert_eq!(
        sender.send(&call(format!("{}/hook", server.uri()))).await,
        Err(WebhookError::Timeout)
    );
}

#[tokio::test]
async fn internal_addresses_are_refused_unless_allowed() {
    let server = MockServer::start().await;
    Mock::given(path("/hook"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&server)
        .await;
    let port = server.address().port();
    let sender = ReqwestWebhookSender::new(false).unwrap();
    assert_eq!(
        sender
            .send(&call(format!("http://127.0.0.1:{port}/hook")))
            .await,
        Err(WebhookError::NotHttps)
    );
    // An address in the URL, and a name that resolves to loopback.
    for url in [
        format!("https://127.0.0.1:{port}/hook"),
        format!("https://localhost:{port}/hook"),
    ] {
        assert_eq!(
            sender.send(&call(url.clone())).await,
            Err(WebhookError::NotAllowed),
            "{url}"
        );
    }
}
