//! The per-customer connection cap counts live connections only: a connection's slot is free
//! by the time its client sees it end, so a client that never holds more than the cap open is
//! never refused, however fast it opens new ones.
//!
//! Each test drives a few hundred short connections with at most `OPEN` of them open at once
//! (a semaphore on the client side: a permit is taken before a connection is made and given
//! back only once the client has seen the gateway close it), under a cap of `CAP`. `OPEN` is
//! the cap itself: the gateway gives a slot back before the client can see its connection
//! close (`relay.rs`), so no margin is needed.

use crate::common::*;
use persistence::Backend;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

const CAP: usize = 8;
const OPEN: usize = CAP;
const CONNECTIONS: usize = 300;

async fn harness(backend: Backend) -> Option<Harness> {
    Harness::start(Options {
        backend,
        max_connections_per_user: CAP,
        ..Options::default()
    })
    .await
}

/// Runs `CONNECTIONS` connections of `one` (which returns what it was answered, 0 for a
/// tunnel that worked) with at most `OPEN` at once; returns the answers that were not 0.
async fn drive<F, Fut>(one: F) -> Vec<u16>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = u16> + Send + 'static,
{
    let open = Arc::new(Semaphore::new(OPEN));
    let mut tasks = JoinSet::new();
    for _ in 0..CONNECTIONS {
        let permit = open.clone().acquire_owned().await.unwrap();
        let connection = one();
        tasks.spawn(async move {
            let answer = connection.await;
            drop(permit);
            answer
        });
    }
    let mut refused = Vec::new();
    while let Some(answer) = tasks.join_next().await {
        let answer = answer.unwrap();
        if answer != 0 {
            refused.push(answer);
        }
    }
    refused
}

/// Echoes a few bytes through `stream`, closes the client's side and reads until the gateway
/// closes the connection.
async fn finish_tunnel(mut stream: TcpStream) {
    echo_through(&mut stream, 64).await;
    stream.shutdown().await.unwrap();
    assert_eq!(read_to_close(&mut stream).await, 0);
}

async fn connect_tunnels_free_their_slots_when_they_end(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let echo = echo_server().await.to_string();
    let proxy = h.http;
    let refused = drive(|| {
        let echo = echo.clone();
        async move {
            let (stream, code, _) = http_connect(proxy, &echo, Some((USER, PASSWORD))).await;
            if code != 200 {
                return code;
            }
            finish_tunnel(stream).await;
            0
        }
    })
    .await;
    assert_eq!(refused, Vec::<u16>::new(), "never more than {OPEN} open");
}

async fn socks_tunnels_free_their_slots_when_they_end(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let echo = echo_server().await;
    let proxy = h.socks;
    let refused = drive(|| async move {
        match socks_connect(proxy, USER, PASSWORD, Dest::Ip(echo)).await {
            Ok(stream) => {
                finish_tunnel(stream).await;
                0
            }
            Err((_, code)) => u16::from(code).max(1),
        }
    })
    .await;
    assert_eq!(refused, Vec::<u16>::new(), "never more than {OPEN} open");
}

async fn plain_requests_free_their_slots_when_they_end(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let (origin, _seen) = keep_alive_origin(ORIGIN_RESPONSE).await;
    let proxy = h.http;
    let refused = drive(|| async move {
        let mut s = TcpStream::connect(proxy).await.unwrap();
        let request = format!(
            "GET http://{origin}/ HTTP/1.1\r\nHost: {origin}\r\nProxy-Authorization: {}\r\n\r\n",
            basic(USER, PASSWORD)
        );
        s.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        s.read_to_end(&mut response).await.unwrap();
        let code = String::from_utf8_lossy(&response)
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(1);
        if code == 200 { 0 } else { code }
    })
    .await;
    assert_eq!(refused, Vec::<u16>::new(), "never more than {OPEN} open");
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    connect_tunnels_free_their_slots_when_they_end,
    socks_tunnels_free_their_slots_when_they_end,
    plain_requests_free_their_slots_when_they_end,
);
