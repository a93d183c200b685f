//! The proxy checker against a wiremock server standing in for the proxy: the request shape
//! (absolute-form, basic `Proxy-Authorization`), the exit IP in JSON and plain text, each
//! refusal mapped to its words, and a timeout.

use std::time::Duration;
use upstream::{CheckError, CheckRequest, ProxyChecker, ReqwestProxyChecker};
use wiremock::matchers::{header, method};
use wiremock::{Mock, MockServer, ResponseTemplate};

/// "u-type-premium:p4ss" in base64.
const AUTH: &str = "Basic dS10eXBlLXByZW1pdW06cDRzcw==";

fn request(server: &MockServer) -> CheckRequest {
    let addr = server.address();
    CheckRequest {
        host: addr.ip().to_string(),
        port: addr.port(),
        username: "u-type-premium".into(),
        password: "p4ss".into(),
    }
}

async fn check(
    answer: ResponseTemplate,
    timeout: Duration,
) -> Result<upstream::CheckOutcome, CheckError> {
    let proxy = MockServer::start().await;
    Mock::given(method("GET"))
        .and(header("proxy-authorization", AUTH))
        .respond_with(answer)
        .expect(1)
        .mount(&proxy)
        .await;
    let checker = ReqwestProxyChecker::new("http://echo.invalid/?format=json", timeout);
    checker.check(&request(&proxy)).await
}

const LONG: Duration = Duration::from_secs(10);

#[tokio::test]
async fn the_exit_ip_is_read_from_json_or_text() {
    let ok = check(
        ResponseTemplate::new(200).set_body_string(r#"{"ip":"198.51.100.7"}"#),
        LONG,
    )
    .await
    .unwrap();
    assert_eq!(ok.exit_ip.to_string(), "198.51.100.7");
    assert!(ok.latency < LONG);
    let ok = check(
        ResponseTemplate::new(200).set_body_string("2001:db8::7\n"),
        LONG,
    )
    .await
    .unwrap();
    assert_eq!(ok.exit_ip.to_string(), "2001:db8::7");
    let bad = check(ResponseTemplate::new(200).set_body_string("hello"), LONG).await;
    assert_eq!(bad, Err(CheckError::BadAnswer));
}

#[tokio::test]
async fn refusals_are_named() {
    let denied = |details: &str| {
        ResponseTemplate::new(403).insert_header(
            "proxy-status",
            format!("proxyshop; error=http_request_denied; details=\"{details}\""),
        )
    };
    let cases = [
        (ResponseTemplate::new(407), CheckError::WrongPassword),
        (denied("no traffic left"), CheckError::NoTrafficLeft),
        (
            denied("sub-user traffic cap reached"),
            CheckError::SubuserCapSpent,
        ),
        (denied("expired"), CheckError::Expired),
        (denied("disabled"), CheckError::Disabled),
        (ResponseTemplate::new(403), CheckError::DestinationRefused),
        (ResponseTemplate::new(502), CheckError::DestinationRefused),
        (ResponseTemplate::new(429), CheckError::TooMany),
    ];
    for (answer, expected) in cases {
        assert_eq!(
            check(answer, LONG).await,
            Err(expected.clone()),
            "{expected}"
        );
    }
}

#[tokio::test]
async fn a_slow_answer_is_a_timeout() {
    let slow = ResponseTemplate::new(200)
        .set_body_string("198.51.100.7")
        .set_delay(Duration::from_secs(5));
    assert_eq!(
        check(slow, Duration::from_millis(200)).await,
        Err(CheckError::Timeout)
    );
}

#[tokio::test]
async fn a_closed_port_is_unreachable() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let checker = ReqwestProxyChecker::new("http://echo.invalid/", LONG);
    let request = CheckRequest {
        host: "127.0.0.1".into(),
        port,
        username: "u".into(),
        password: "p".into(),
    };
    assert_eq!(checker.check(&request).await, Err(CheckError::Unreachable));
}
