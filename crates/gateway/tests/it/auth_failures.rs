//! The failed-authentication limit per source holds across gateway nodes: two nodes on one
//! database, taken in turns, refuse at the same attempt as one node alone.

use crate::common::*;
use gateway::{Gateway, GatewayConfig};
use persistence::Backend;
use std::net::SocketAddr;
use std::time::Duration;

const FAILURES: u32 = 3;

fn limits(c: &mut GatewayConfig) {
    c.auth_failures_per_source = FAILURES;
    c.auth_failure_window = Duration::from_secs(3600);
}

/// A second node serving the harness's database; returns its HTTP proxy address.
async fn second_node(h: &Harness) -> SocketAddr {
    let mut config = GatewayConfig {
        http_addr: "127.0.0.1:0".parse().unwrap(),
        socks_addr: "127.0.0.1:0".parse().unwrap(),
        allow_private: true,
        flush_interval: Duration::from_secs(3600),
        ..GatewayConfig::default()
    };
    limits(&mut config);
    let node = Gateway::bind(config, h.db.pool.clone()).await.unwrap();
    let http = node.http_addr();
    tokio::spawn(node.run(std::future::pending()));
    http
}

async fn failures_are_shared_by_the_nodes(backend: Backend) {
    let Some(h) = Harness::start(Options {
        backend,
        configure: Box::new(limits),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let nodes = [h.http, second_node(&h).await];
    let echo = echo_server().await.to_string();
    // The wrong passwords, in turns on the two nodes, from one address.
    for n in 0..FAILURES as usize {
        let node = nodes[n % 2];
        let (_, code, _) = http_connect(node, &echo, Some((USER, "wrong"))).await;
        assert_eq!(code, 407, "attempt {n}");
    }
    // The next attempt is refused on either node, the right password too: as on one node.
    for node in nodes {
        let (_, code, _) = http_connect(node, &echo, Some((USER, PASSWORD))).await;
        assert_eq!(code, 429);
    }
    // Another address is not affected, on either node.
    for node in nodes {
        let other = connect_from("127.0.0.2", node).await;
        let (_, code, _) = http_connect_on(other, &echo, Some((USER, PASSWORD))).await;
        assert_eq!(code, 200);
    }
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    failures_are_shared_by_the_nodes,
);
