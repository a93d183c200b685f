//! No secret in the gateway's log lines while it relays through an upstream pool, on both
//! backends: with every line captured (a `tracing` subscriber at TRACE), a relay whose pool first
//! rejects the rendered credentials and then tunnels logs neither the pool's password (bare or
//! rendered with the targeting) nor the customer's proxy password.

use crate::common::*;
use domain::upstream_pool::PoolProtocol;
use persistence::Backend;
use std::time::Duration;
use upstream::log_capture::{captured, text};

/// What `Harness::add_pool` gives every test pool as its password at the provider.
const POOL_PASSWORD: &str = "shoppass";

async fn relaying_through_a_pool_logs_no_password(backend: Backend) {
    let logs = captured();
    let Some(h) = Harness::start(Options {
        backend,
        configure: Box::new(|c| {
            c.pool_refresh = Duration::ZERO;
            c.upstream_timeout = Duration::from_secs(2);
        }),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let pool = TestUpstream::http(Behaviour::RejectCredentials).await;
    let templates = (
        "{username}",
        "{password}[_country-{country}][_session-{session}]",
    );
    h.add_pool("p1", PoolProtocol::Http, pool.addr, templates, 1, "");
    let echo = echo_server().await;
    let name = format!("{USER}-type-premium-country-us-session-ab12cd34");

    let (_, refused, _) = http_connect(h.http, &echo.to_string(), Some((&name, PASSWORD))).await;
    assert_ne!(refused, 200, "the only pool rejected our credentials");
    pool.set(Behaviour::Tunnel);
    let (mut stream, code, _) =
        http_connect(h.http, &echo.to_string(), Some((&name, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut stream, 4_000).await;
    drop(stream);
    h.wait_for_used(8_000).await;

    assert_eq!(
        pool.seen()[0].password,
        "shoppass_country-us_session-ab12cd34"
    );
    let text = text(&logs);
    assert!(
        text.contains("upstream pool failed"),
        "the capture sees the relay's lines:\n{text}"
    );
    for secret in [POOL_PASSWORD, PASSWORD] {
        assert!(!text.contains(secret), "{secret} in the log:\n{text}");
    }
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    relaying_through_a_pool_logs_no_password,
);
