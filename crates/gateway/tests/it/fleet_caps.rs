//! The per-customer connection cap holds across two gateway nodes on one database: each node
//! serves a connection only on a slot leased from the database, so a customer capped at 10 gets
//! 10 tunnels over both nodes together and the 11th is refused on either (429 over HTTP, a
//! SOCKS5 authentication failure, recorded as refused); the slots a node no longer uses go back
//! at its flush and serve on the other node; a node that stops without giving its slots back
//! loses them at their expiry (driven here by an explicit timestamp, not by waiting).

use crate::common::*;
use persistence::gateway_slots::{self, SlotKey};
use persistence::{Backend, now, write_transaction};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

const CAP: usize = 10;

/// The two proxy ports of a node.
#[derive(Clone, Copy)]
struct Ports {
    http: SocketAddr,
    socks: SocketAddr,
}

/// A tunnel to `echo` through `node`, over HTTP CONNECT or SOCKS5 (`socks`), that moved a few
/// bytes; None when refused (after checking how it was refused).
async fn tunnel(node: Ports, echo: SocketAddr, socks: bool) -> Option<TcpStream> {
    let mut stream = if socks {
        match socks_connect(node.socks, USER, PASSWORD, Dest::Ip(echo)).await {
            Ok(stream) => stream,
            Err(refused) => {
                assert_eq!(refused, ("auth", 1), "a SOCKS5 authentication failure");
                return None;
            }
        }
    } else {
        let (stream, code, head) =
            http_connect(node.http, &echo.to_string(), Some((USER, PASSWORD))).await;
        if code != 200 {
            assert!(head.starts_with("HTTP/1.1 429 Too Many Requests"), "{head}");
            return None;
        }
        stream
    };
    echo_through(&mut stream, 32).await;
    Some(stream)
}

/// Closes a tunnel and waits until the gateway closed it: its slot is free by then.
async fn close(mut stream: TcpStream) {
    stream.shutdown().await.unwrap();
    assert_eq!(read_to_close(&mut stream).await, 0);
}

/// Both ways of the 11th connection are refused on `node`.
async fn assert_full(node: Ports, echo: SocketAddr) {
    assert!(
        tunnel(node, echo, false).await.is_none(),
        "HTTP served past the cap"
    );
    assert!(
        tunnel(node, echo, true).await.is_none(),
        "SOCKS5 served past the cap"
    );
}

fn configure(c: &mut gateway::GatewayConfig) {
    c.max_connections_per_user = CAP;
    c.expected_nodes = 2;
}

/// Two nodes capped at `CAP` (b's leases living `ttl_b` past its last flush) and an echo
/// destination.
struct Fleet {
    h: Harness,
    b: Node,
    a_ports: Ports,
    b_ports: Ports,
    echo: SocketAddr,
}

async fn two_nodes(backend: Backend, ttl_b: Duration) -> Option<Fleet> {
    let h = Harness::start(Options {
        backend,
        max_connections_per_user: CAP,
        configure: Box::new(|c| c.expected_nodes = 2),
        ..Options::default()
    })
    .await?;
    let b = h
        .another_node(|c| {
            configure(c);
            c.lease_ttl = ttl_b;
        })
        .await;
    Some(Fleet {
        a_ports: Ports {
            http: h.http,
            socks: h.socks,
        },
        b_ports: Ports {
            http: b.http,
            socks: b.socks,
        },
        echo: echo_server().await,
        h,
        b,
    })
}

/// Slots of the customer held by all nodes in rows unexpired now.
fn slots_in_use(h: &Harness) -> i64 {
    let mut conn = h.db.pool.get().unwrap();
    gateway_slots::in_use(&mut conn, SlotKey::customer(h.user_id), now()).unwrap()
}

async fn the_cap_holds_across_two_nodes(backend: Backend) {
    let Some(fleet) = two_nodes(backend, Duration::from_secs(30)).await else {
        return;
    };
    let Fleet {
        h,
        b,
        a_ports: a,
        b_ports: bp,
        echo,
    } = fleet;
    let mut on_a = Vec::new();
    let mut on_b = Vec::new();
    for i in 0..CAP {
        let (node, list) = if i % 2 == 0 {
            (a, &mut on_a)
        } else {
            (bp, &mut on_b)
        };
        let stream = tunnel(node, echo, i % 4 >= 2).await;
        list.push(stream.unwrap_or_else(|| panic!("tunnel {i} refused under the cap")));
    }
    assert_eq!(
        slots_in_use(&h),
        CAP as i64,
        "the nodes hold exactly the slots in use"
    );
    assert_full(a, echo).await;
    assert_full(bp, echo).await;
    // Three of a's end: a reuses them at once, and gives them back at its flush.
    for stream in on_a.drain(..3) {
        close(stream).await;
    }
    h.handle.flush_now().await.unwrap();
    assert_eq!(slots_in_use(&h), CAP as i64 - 3);
    // b's flush forgets that the fleet was full a moment ago.
    b.handle.flush_now().await.unwrap();
    for i in 0..3 {
        let stream = tunnel(bp, echo, i == 1).await;
        on_b.push(stream.unwrap_or_else(|| panic!("freed slot {i} refused on the other node")));
    }
    assert_full(a, echo).await;
    assert_full(bp, echo).await;
    assert_eq!((on_a.len(), on_b.len()), (2, 8));
    // Every refusal is recorded as one.
    h.handle.flush_now().await.unwrap();
    b.handle.flush_now().await.unwrap();
    assert_eq!(
        h.refusals("too_many_connections"),
        8,
        "two refusals on each node, twice"
    );
}

async fn a_stopped_nodes_slots_expire(backend: Backend) {
    // b's rows live 5 s past its last renewal (a's 30 s).
    let Some(fleet) = two_nodes(backend, Duration::from_secs(5)).await else {
        return;
    };
    let Fleet {
        h,
        b,
        a_ports: a,
        b_ports: bp,
        echo,
    } = fleet;
    // Six on b, four on a.
    let mut on_b = Vec::new();
    for i in 0..6 {
        on_b.push(tunnel(bp, echo, i % 2 == 0).await.unwrap());
    }
    let mut on_a = Vec::new();
    for i in 6..CAP {
        on_a.push(tunnel(a, echo, i % 2 == 0).await.unwrap());
    }
    b.crash().await;
    drop(on_b);
    // Its slots still count: refused on a until they expire.
    h.handle.flush_now().await.unwrap();
    assert_full(a, echo).await;
    assert_eq!(slots_in_use(&h), CAP as i64);
    // What a's flush does 6 s later: b's rows expired, a's (renewed for 30 s) did not.
    let mut conn = h.db.pool.get().unwrap();
    let released =
        write_transaction(&mut conn, |c| gateway_slots::release_expired(c, now() + 6)).unwrap();
    assert_eq!(released, 6);
    h.handle.flush_now().await.unwrap();
    for i in 0..6 {
        let stream = tunnel(a, echo, i % 2 == 1).await;
        on_a.push(stream.unwrap_or_else(|| panic!("expired slot {i} still counted")));
    }
    assert_full(a, echo).await;
    assert_eq!(slots_in_use(&h), CAP as i64);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_cap_holds_across_two_nodes,
    a_stopped_nodes_slots_expire,
);
