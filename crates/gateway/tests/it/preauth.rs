//! What a connection may cost before it authenticates: a handshake timeout, caps on
//! unauthenticated connections (in all and per source address), a limit on failed
//! authentications per source, and a negative cache for unknown usernames.

use crate::common::*;
use persistence::Backend;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One worker: connections are then accepted in the order they were made, which these tests
/// count on ("the 33rd is closed", "the oldest goes"). With several, each worker's listener
/// has its own queue, and connections made in a row may be admitted in another order.
fn options(
    backend: Backend,
    configure: impl FnOnce(&mut gateway::GatewayConfig) + Send + 'static,
) -> Options {
    Options {
        backend,
        configure: Box::new(|c| {
            c.workers = 1;
            configure(c);
        }),
        ..Options::default()
    }
}

async fn a_slow_handshake_is_closed(backend: Backend) {
    let h = Harness::start(options(backend, |c| {
        c.handshake_timeout = Duration::from_millis(200)
    }))
    .await
    .unwrap();
    // Half a request head, then nothing (the idle timeout is a minute: not what closes it).
    let mut http = TcpStream::connect(h.http).await.unwrap();
    http.write_all(b"GET http://example.com/ HTTP/1.1\r\nHost: ex")
        .await
        .unwrap();
    assert_eq!(read_to_close(&mut http).await, 0);
    // A SOCKS5 greeting, then no credentials.
    let mut socks = TcpStream::connect(h.socks).await.unwrap();
    socks.write_all(&[5, 1, 2]).await.unwrap();
    let mut method = [0u8; 2];
    socks.read_exact(&mut method).await.unwrap();
    assert_eq!(method, [5, 2]);
    assert_eq!(read_to_close(&mut socks).await, 0);
}

/// A handshake timeout that never closes a silent connection within a test, so that only the
/// caps can.
const NEVER: Duration = Duration::from_secs(3600);

/// Opens a connection that sends nothing: it stays unauthenticated.
async fn silent(from: &str, to: std::net::SocketAddr) -> TcpStream {
    connect_from(from, to).await
}

async fn unauthenticated_connections_are_capped_per_source(backend: Backend) {
    let h = Harness::start(options(backend, |c| {
        c.max_unauthenticated_per_source = 2;
        c.handshake_timeout = NEVER;
    }))
    .await
    .unwrap();
    let echo = echo_server().await.to_string();
    let first = silent("127.0.0.1", h.http).await;
    let _second = silent("127.0.0.1", h.http).await;
    // A third from the same address is closed at once.
    let mut third = silent("127.0.0.1", h.http).await;
    assert_eq!(read_to_close(&mut third).await, 0);
    // Another address is not affected.
    let other = connect_from("127.0.0.2", h.http).await;
    assert_eq!(
        http_connect_on(other, &echo, Some((USER, PASSWORD)))
            .await
            .1,
        200
    );
    // Once a waiting connection authenticates, its place is free again.
    let (_tunnel, code, _) = http_connect_on(first, &echo, Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    let again = connect_from("127.0.0.1", h.http).await;
    assert_eq!(
        http_connect_on(again, &echo, Some((USER, PASSWORD)))
            .await
            .1,
        200
    );
}

async fn a_flood_of_waiting_connections_cannot_keep_an_honest_client_out(backend: Backend) {
    let h = Harness::start(options(backend, |c| {
        c.max_unauthenticated = 6;
        c.max_unauthenticated_per_source = 2;
        c.handshake_timeout = NEVER;
    }))
    .await
    .unwrap();
    let echo = echo_server().await.to_string();
    // The cap in all is reached: four connections from one network, two from another.
    let mut oldest = silent("127.0.1.1", h.http).await;
    let mut flood = Vec::new();
    for from in [
        "127.0.1.1",
        "127.0.1.2",
        "127.0.1.2",
        "127.0.2.1",
        "127.0.2.1",
    ] {
        flood.push(silent(from, h.http).await);
    }
    // A newcomer from elsewhere still gets in and through...
    let honest = connect_from("127.0.9.1", h.http).await;
    let (mut tunnel, code, _) = http_connect_on(honest, &echo, Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 1000).await;
    // ...in place of the oldest waiting connection of the network holding the most.
    assert_eq!(read_to_close(&mut oldest).await, 0);
}

async fn by_default_a_source_holds_32_waiting_connections_and_a_network_256(backend: Backend) {
    // The caps as configured by default.
    let h = Harness::start(options(backend, |c| c.handshake_timeout = NEVER))
        .await
        .unwrap();
    let echo = echo_server().await.to_string();
    let mut waiting = Vec::new();
    for i in 1..=8 {
        for _ in 0..32 {
            waiting.push(silent(&format!("127.0.5.{i}"), h.http).await);
        }
    }
    // The 33rd from one address, then the 257th from one /24, are closed at once.
    for _ in 0..32 {
        waiting.push(silent("127.0.6.1", h.http).await);
    }
    let mut over = silent("127.0.6.1", h.http).await;
    assert_eq!(read_to_close(&mut over).await, 0, "per source");
    let mut network_full = silent("127.0.5.9", h.http).await;
    assert_eq!(read_to_close(&mut network_full).await, 0, "per network");
    // Another network is not affected.
    let other = connect_from("127.0.7.1", h.http).await;
    let (_, code, _) = http_connect_on(other, &echo, Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
}

async fn failed_authentications_block_their_source(backend: Backend) {
    let h = Harness::start(options(backend, |c| {
        c.auth_failures_per_source = 3;
        c.auth_failure_window = Duration::from_secs(3600);
    }))
    .await
    .unwrap();
    let echo = echo_server().await;
    for wrong in ["a", "b", "c"] {
        let (_, code, _) = http_connect(h.http, &echo.to_string(), Some((USER, wrong))).await;
        assert_eq!(code, 407);
    }
    // Now even the right password is refused from this address, over both protocols.
    let (_, code, _) = http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 429);
    let refused = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(echo)).await;
    assert_eq!(refused.err(), Some(("auth", 1)));
    // Another address still gets in.
    let other = connect_from("127.0.0.2", h.http).await;
    let (_, code, _) = http_connect_on(other, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
}

async fn an_unknown_username_stays_unknown_for_its_ttl(backend: Backend) {
    let h = Harness::start(options(backend, |c| {
        c.unknown_user_ttl = Duration::from_secs(3600)
    }))
    .await
    .unwrap();
    let echo = echo_server().await.to_string();
    let (_, code, _) = http_connect(h.http, &echo, Some(("bob1", "bobpassword"))).await;
    assert_eq!(code, 407);
    // Created afterwards: the remembered answer stands until the TTL ends (no lookup).
    h.add_user("bob1", "bobpassword", 1_000_000);
    let (_, code, _) = http_connect(h.http, &echo, Some(("bob1", "bobpassword"))).await;
    assert_eq!(code, 407);
}

async fn a_user_created_after_a_failed_attempt_gets_in_after_the_ttl(backend: Backend) {
    let h = Harness::start(options(backend, |c| {
        c.unknown_user_ttl = Duration::from_millis(100);
        c.auth_failures_per_source = 10_000;
    }))
    .await
    .unwrap();
    let echo = echo_server().await.to_string();
    let (_, code, _) = http_connect(h.http, &echo, Some(("bob1", "bobpassword"))).await;
    assert_eq!(code, 407);
    h.add_user("bob1", "bobpassword", 1_000_000);
    let mut code = 0;
    for _ in 0..500 {
        code = http_connect(h.http, &echo, Some(("bob1", "bobpassword")))
            .await
            .1;
        if code == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(code, 200);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_slow_handshake_is_closed,
    unauthenticated_connections_are_capped_per_source,
    a_flood_of_waiting_connections_cannot_keep_an_honest_client_out,
    by_default_a_source_holds_32_waiting_connections_and_a_network_256,
    failed_authentications_block_their_source,
    an_unknown_username_stays_unknown_for_its_ttl,
    a_user_created_after_a_failed_attempt_gets_in_after_the_ttl,
);
