//! A node stopping as an operator stops it (SIGTERM): it stops accepting at once, the live
//! tunnels go on for up to the drain time, then the last counts and every lease are settled
//! exactly; a second signal closes what still runs at once, with the same exact settlement.

use crate::common::*;
use persistence::Backend;
use std::time::Duration;

async fn a_stopping_node_drains_then_settles_exactly(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let mut node = h
        .another_node(|c| c.drain = Duration::from_secs(3600))
        .await;
    let echo = echo_server().await;
    let (mut first, code, _) =
        http_connect(node.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    let mut second = socks_connect(node.socks, USER, PASSWORD, Dest::Ip(echo))
        .await
        .unwrap();
    echo_through(&mut first, 100_000).await;
    node.begin_stop();
    // The listeners close; the tunnels keep working while they drain.
    let refused = tokio::net::TcpStream::connect(node.http).await.is_err();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let mut refused = refused;
    while !refused {
        assert!(
            std::time::Instant::now() < deadline,
            "the node kept accepting"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
        refused = tokio::net::TcpStream::connect(node.http).await.is_err();
    }
    echo_through(&mut first, 300_000).await;
    echo_through(&mut second, 50_000).await;
    assert!(!node.stopped(), "live tunnels hold the node");
    // The first tunnel ends by itself; the second is closed by the second signal.
    drop(first);
    node.stop_now();
    assert_eq!(read_to_close(&mut second).await, 0);
    node.wait().await.unwrap();
    let (_, used, daily) = h.usage();
    assert_eq!(used, 2 * (100_000 + 300_000 + 50_000), "every byte, once");
    assert_eq!(daily, used);
    assert_eq!(h.leased(), 0, "the stopped node gave its lease back");
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_stopping_node_drains_then_settles_exactly,
);
