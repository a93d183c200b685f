//! A probe through a pool (`upstream::chain::probe`) against local test pools and a local echo
//! service: the check URL is fetched through an HTTP CONNECT or SOCKS5 pool with the rendered
//! credentials and the exit IP read back; each pool failure is named in words that carry none
//! of the pool's host, port or credentials; a check service the pool cannot reach, or one
//! answering without an address, is told apart from the pool's own failure.

use domain::credential_template::CredentialTemplate;
use domain::upstream_pool::{PoolProtocol, PoolRoute};
use std::net::SocketAddr;
use std::time::Duration;
use upstream::chain::testing::{Behaviour, EchoServer, TestUpstream, closed_port};
use upstream::chain::{PoolFailure, ProbeError, probe};

const SECRET: &str = "Pr0vider-S3cret";

fn route(protocol: PoolProtocol, at: SocketAddr) -> PoolRoute {
    PoolRoute {
        id: 1,
        name: "test".into(),
        kinds: vec![domain::ProxyKind::Premium],
        protocol,
        host: at.ip().to_string(),
        port: at.port(),
        username: "shopuser".into(),
        password: SECRET.into(),
        username_template: CredentialTemplate::parse("u", "{username}[-cc-{country}]").unwrap(),
        password_template: CredentialTemplate::parse("p", "{password}").unwrap(),
        weight: 1,
        countries: Vec::new(),
    }
}

const WAIT: Duration = Duration::from_secs(5);

/// The failure's words name nothing of the pool.
fn assert_clean(error: &ProbeError, pool: SocketAddr) {
    let text = error.to_string();
    for secret in [&pool.port().to_string(), "127.0.0.1", "shopuser", SECRET] {
        assert!(!text.contains(secret), "{text}");
    }
}

#[tokio::test]
async fn the_exit_ip_is_read_through_http_and_socks5_pools() {
    let echo = EchoServer::start().await;
    for (protocol, pool) in [
        (
            PoolProtocol::Http,
            TestUpstream::http(Behaviour::Tunnel).await,
        ),
        (
            PoolProtocol::Socks5,
            TestUpstream::socks5(Behaviour::Tunnel).await,
        ),
    ] {
        let outcome = probe(&route(protocol, pool.addr), &echo.url(), WAIT)
            .await
            .unwrap();
        assert_eq!(outcome.exit_ip.to_string(), "127.0.0.1");
        let seen = pool.seen();
        assert_eq!(seen.len(), 1);
        assert_eq!(
            (seen[0].username.as_str(), seen[0].password.as_str()),
            ("shopuser", SECRET),
            "no targeting: the brackets drop"
        );
        assert_eq!(seen[0].target, echo.addr.to_string());
    }
    assert_eq!(echo.answered(), 2);
}

#[tokio::test]
async fn each_pool_failure_is_named_without_the_pools_address_or_credentials() {
    let echo = EchoServer::start().await;
    let refusing = closed_port().await;
    let error = probe(&route(PoolProtocol::Http, refusing), &echo.url(), WAIT)
        .await
        .unwrap_err();
    assert_eq!(error, ProbeError::Pool(PoolFailure::ConnectFailed));
    assert_clean(&error, refusing);

    for (protocol, pool, expected) in [
        (
            PoolProtocol::Http,
            TestUpstream::http(Behaviour::RejectCredentials).await,
            PoolFailure::AuthRejected,
        ),
        (
            PoolProtocol::Socks5,
            TestUpstream::socks5(Behaviour::RejectCredentials).await,
            PoolFailure::AuthRejected,
        ),
        (
            PoolProtocol::Http,
            TestUpstream::http(Behaviour::Answer(503)).await,
            PoolFailure::PoolError,
        ),
        (
            PoolProtocol::Socks5,
            TestUpstream::socks5(Behaviour::Answer(1)).await,
            PoolFailure::PoolError,
        ),
    ] {
        let error = probe(&route(protocol, pool.addr), &echo.url(), WAIT)
            .await
            .unwrap_err();
        assert_eq!(error, ProbeError::Pool(expected), "{protocol:?}");
        assert_clean(&error, pool.addr);
    }

    let stalling = TestUpstream::http(Behaviour::Stall).await;
    let error = probe(
        &route(PoolProtocol::Http, stalling.addr),
        &echo.url(),
        Duration::from_millis(300),
    )
    .await
    .unwrap_err();
    assert_eq!(error, ProbeError::Pool(PoolFailure::Timeout));
    assert_eq!(echo.answered(), 0);
}

#[tokio::test]
async fn the_check_services_failures_are_not_the_pools() {
    let pool = TestUpstream::http(Behaviour::Tunnel).await;
    let gone = closed_port().await;
    let error = probe(
        &route(PoolProtocol::Http, pool.addr),
        &format!("http://{gone}/"),
        WAIT,
    )
    .await
    .unwrap_err();
    assert_eq!(
        error,
        ProbeError::CheckUnreachable,
        "the test pool answers 502"
    );
    let error = probe(&route(PoolProtocol::Http, pool.addr), "ftp://x/", WAIT)
        .await
        .unwrap_err();
    assert_eq!(error, ProbeError::BadCheckUrl);
}
