//! Traffic through the gateway reaches the destination, and every byte is metered exactly:
//! both directions, flushed on demand and at shutdown, on both backends.

use crate::common::*;
use persistence::Backend;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

const RESPONSE: &[u8] = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello";

/// An HTTP origin that answers one request and reports the request head it received.
async fn origin() -> (std::net::SocketAddr, oneshot::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = oneshot::channel();
    tokio::spawn(async move {
        let (mut s, _) = listener.accept().await.unwrap();
        let head = read_head(&mut s).await;
        s.write_all(RESPONSE).await.unwrap();
        let _ = tx.send(head);
    });
    (addr, rx)
}

async fn a_plain_get_is_forwarded_and_metered(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let (target, received) = origin().await;
    let mut client = TcpStream::connect(h.http).await.unwrap();
    let request = format!(
        "GET http://{target}/hello?x=1 HTTP/1.1\r\nHost: {target}\r\nProxy-Authorization: {}\r\nProxy-Connection: keep-alive\r\n\r\n",
        basic(&format!("{USER}-type-premium-country-us"), PASSWORD)
    );
    client.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    client.read_to_end(&mut response).await.unwrap();
    assert_eq!(response, RESPONSE);
    let head = received.await.unwrap();
    assert!(
        head.starts_with("GET /hello?x=1 HTTP/1.1\r\n"),
        "origin form: {head}"
    );
    assert!(
        !head.to_ascii_lowercase().contains("proxy-"),
        "proxy headers are not forwarded: {head}"
    );
    assert!(head.contains("Connection: close\r\n"));
    let expected = (head.len() + RESPONSE.len()) as i64;
    assert_eq!(
        h.wait_for_used(expected).await,
        (1_000_000_000, expected, expected)
    );
}

async fn a_connect_tunnel_echoes_and_is_metered_exactly(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let echo = echo_server().await;
    let (mut stream, code, _) =
        http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut stream, 300_000).await;
    echo_through(&mut stream, 1).await;
    drop(stream);
    // Both directions: what went to the destination and what came back.
    let expected = 2 * 300_001;
    assert_eq!(
        h.wait_for_used(expected).await,
        (1_000_000_000, expected, expected)
    );
    // A second flush with nothing new writes nothing more.
    h.handle.flush_now().await.unwrap();
    assert_eq!(h.usage().1, expected);
}

async fn socks5_connects_by_domain_ipv4_and_ipv6(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let echo = echo_server().await;
    let mut by_name = socks_connect(
        h.socks,
        USER,
        PASSWORD,
        Dest::Domain("localhost", echo.port()),
    )
    .await
    .unwrap();
    echo_through(&mut by_name, 10_000).await;
    let mut by_ip = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(echo))
        .await
        .unwrap();
    echo_through(&mut by_ip, 20_000).await;
    let mut expected = 2 * 30_000;
    // IPv6 loopback only where the machine has it.
    if let Ok(listener) = TcpListener::bind("[::1]:0").await {
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (mut s, _) = listener.accept().await.unwrap();
            let (mut r, mut w) = s.split();
            let _ = tokio::io::copy(&mut r, &mut w).await;
        });
        let mut v6 = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(addr))
            .await
            .unwrap();
        echo_through(&mut v6, 5_000).await;
        expected += 10_000;
    }
    assert_eq!(h.wait_for_used(expected).await.1, expected);
}

async fn shutdown_closes_connections_and_flushes(backend: Backend) {
    let mut h = Harness::on(backend).await.unwrap();
    let echo = echo_server().await;
    let (mut open, code, _) = http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut open, 12_345).await;
    let mut socks = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(echo))
        .await
        .unwrap();
    echo_through(&mut socks, 1_000).await;
    // No flush_now: only the shutdown writes the counts, with connections still open.
    assert_eq!(h.usage().1, 0);
    h.stop().await.unwrap();
    let expected = 2 * 13_345;
    assert_eq!(h.usage(), (1_000_000_000, expected, expected));
    assert_eq!(
        read_to_close(&mut open).await,
        0,
        "the live tunnel was closed"
    );
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_plain_get_is_forwarded_and_metered,
    a_connect_tunnel_echoes_and_is_metered_exactly,
    socks5_connects_by_domain_ipv4_and_ipv6,
    shutdown_closes_connections_and_flushes,
);
