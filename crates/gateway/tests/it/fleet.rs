//! Two gateway nodes on one database, as a fleet runs them: each moves only traffic leased
//! from the customer's balance, so parallel downloads through both never pass what was bought
//! and leave nothing stranded once they end; a node that crashes loses the customer at most
//! the unmoved part of its lease, and the shop nothing (its lease is settled as used). An
//! operator's disable reaches the other node within two seconds.

use crate::common::*;
use persistence::admin_access::{self, Outcome};
use persistence::{Backend, write_transaction};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::Barrier;

const MB: i64 = 1_000_000;
const DOWNLOADS: usize = 20;

/// What the lease rule gives all nodes together (1 % of the purchase or 16 MB, the larger):
/// with two expected nodes, each holds at most half.
fn fleet_share(purchased: i64) -> i64 {
    (purchased / 100).max(16 * MB)
}

/// A destination that sends zeros to every connection, from its first byte received until the
/// reader goes away: the downloads start together, once every tunnel is open (a tunnel opened
/// after the others had used the purchase up would be refused, as it should).
async fn endless_once_asked() -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut go = [0u8; 1];
                if s.read_exact(&mut go).await.is_err() {
                    return;
                }
                let chunk = vec![0u8; 8192];
                while s.write_all(&chunk).await.is_ok() {}
            });
        }
    });
    addr
}

/// Reads until the gateway closes (or resets) the connection.
async fn drain(mut stream: tokio::net::TcpStream) -> i64 {
    let mut buf = vec![0u8; 1 << 16];
    let mut total = 0;
    while let Ok(n) = stream.read(&mut buf).await {
        if n == 0 {
            break;
        }
        total += n as i64;
    }
    total
}

async fn parallel_downloads_through_two_nodes_never_pass_the_plan(backend: Backend) {
    let purchased = 40 * MB;
    let Some(mut h) = Harness::start(Options {
        backend,
        purchased,
        max_connections_per_user: 256,
        configure: Box::new(|c| c.expected_nodes = 2),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let mut other = h.another_node(|c| c.expected_nodes = 2).await;
    let origin = endless_once_asked().await;
    let all_open = std::sync::Arc::new(Barrier::new(DOWNLOADS));
    let mut downloads = Vec::new();
    for i in 0..DOWNLOADS {
        let (http, socks) = if i % 2 == 0 {
            (h.http, h.socks)
        } else {
            (other.http, other.socks)
        };
        let all_open = all_open.clone();
        downloads.push(tokio::spawn(async move {
            let mut stream = if i % 4 < 2 {
                let (stream, code, _) =
                    http_connect(http, &origin.to_string(), Some((USER, PASSWORD))).await;
                assert_eq!(code, 200);
                stream
            } else {
                socks_connect(socks, USER, PASSWORD, Dest::Ip(origin))
                    .await
                    .unwrap()
            };
            all_open.wait().await;
            stream.write_all(b"g").await.unwrap();
            drain(stream).await
        }));
    }
    let mut received = 0;
    for download in downloads {
        received += download.await.unwrap();
    }
    other.stop().await.unwrap();
    h.stop().await.unwrap();
    let (bought, used, daily) = h.usage();
    let overrun = used - purchased;
    eprintln!(
        "purchased {purchased}, used {used} (overrun {overrun}), received {received}, \
         bound {}",
        fleet_share(purchased)
    );
    assert_eq!(
        (bought, daily),
        (purchased, used),
        "the ledger is the bytes moved"
    );
    assert!(
        overrun <= 0,
        "two nodes moved {overrun} bytes past the purchase"
    );
    assert!(received <= used, "received {received}, metered {used}");
    assert!(
        purchased - used <= fleet_share(purchased),
        "{} bytes left unmoved when the downloads were cut",
        purchased - used
    );
    assert_eq!(h.leased(), 0, "stopped nodes hold no lease");
}

async fn a_crashed_node_loses_at_most_its_lease(backend: Backend) {
    let purchased = 100 * MB;
    let Some(h) = Harness::start(Options {
        backend,
        purchased,
        configure: Box::new(|c| c.expected_nodes = 2),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let crashing = h
        .another_node(|c| {
            c.expected_nodes = 2;
            c.lease_ttl = Duration::from_secs(2);
        })
        .await;
    let echo = echo_server().await;
    let (mut tunnel, code, _) =
        http_connect(crashing.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 1_500_000).await;
    let moved = 3_000_000;
    let lease = fleet_share(purchased) / 2;
    let held = h.leased();
    assert!(held >= moved && held <= lease, "the node holds {held}");
    crashing.crash().await;
    assert_eq!(h.usage().1, 0, "nothing was flushed");
    // The other node settles the crashed node's lease once it expired.
    let deadline = Instant::now() + Duration::from_secs(20);
    while h.leased() > 0 {
        assert!(
            Instant::now() < deadline,
            "the crashed node's lease was never settled"
        );
        h.handle.flush_now().await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_, used, daily) = h.usage();
    eprintln!(
        "moved {moved}, charged {used}: the customer lost {}",
        used - moved
    );
    assert_eq!(daily, used, "the day's bucket has it too");
    assert!(used >= moved, "every moved byte is charged");
    assert!(used - moved <= lease, "the customer lost more than a lease");
}

async fn a_disable_reaches_the_other_node_within_two_seconds(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    // The node that serves the customer runs apart from where the change is made, and does
    // not flush on its own meanwhile.
    let other = h.another_node(|_| {}).await;
    let echo = echo_server().await;
    let (mut tunnel, code, _) =
        http_connect(other.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 10_000).await;

    let mut conn = h.db.pool.get().unwrap();
    let disabled_at = Instant::now();
    let outcome = write_transaction(&mut conn, |c| admin_access::disable(c, h.user_id)).unwrap();
    assert_eq!(outcome, Outcome::Changed);
    let closed = tokio::time::timeout(Duration::from_secs(2), read_to_close(&mut tunnel)).await;
    let latency = disabled_at.elapsed();
    eprintln!("the other node cut the tunnel {latency:?} after the disable");
    assert!(
        closed.is_ok(),
        "the tunnel was still open two seconds after the disable"
    );
    // New connections are refused there too, though its credential cache held the account.
    let (_, code, _) = http_connect(other.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 403);
    // Enabled again: served again, without waiting for a cache to expire.
    write_transaction(&mut conn, |c| admin_access::enable(c, h.user_id)).unwrap();
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let (mut again, code, _) =
            http_connect(other.http, &echo.to_string(), Some((USER, PASSWORD))).await;
        if code == 200 {
            // The customer's meter on that node works again (no longer cut).
            echo_through(&mut again, 10_000).await;
            break;
        }
        assert!(
            Instant::now() < deadline,
            "still refused two seconds after the enable"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    parallel_downloads_through_two_nodes_never_pass_the_plan,
    a_crashed_node_loses_at_most_its_lease,
    a_disable_reaches_the_other_node_within_two_seconds,
);
