//! Fifty parallel downloads of one customer share what the customer has left: together they
//! stop within a megabyte of zero, however much each one has in flight, and every one of them
//! is cut.
//!
//! The overrun this guards against needs bytes the relay took from a destination and has not
//! yet delivered: a download whose client is slow holds them while the other downloads decide
//! how much they may move. So the clients here read nothing until every download is stuck
//! behind its full socket, then empty all their sockets at once: every download can then
//! deliver what it holds, and the total must still stop within 1 MB of the purchase.

use crate::common::*;
use persistence::Backend;
use std::io::{ErrorKind, Read};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Barrier;

const MB: i64 = 1_000_000;
const DOWNLOADS: usize = 50;

/// The two variants hold a few hundred MB of socket buffers each: one at a time (this lock under
/// `cargo test`, the `one-at-a-time` group of .config/nextest.toml under nextest).
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The receive buffer of client `i`: they differ, so that the downloads get stuck at different
/// points of a relay step (with equal sockets each one would hold the same few KB when stuck).
fn receive_buffer(i: usize) -> u32 {
    32 * 1024 + i as u32 * 21 * 1024
}

/// The most the gateway's send buffer towards a client that reads nothing grows to
/// (`tcp_wmem`, 4 MiB by default).
fn gateway_send_buffer() -> i64 {
    std::fs::read_to_string("/proc/sys/net/ipv4/tcp_wmem")
        .ok()
        .and_then(|s| s.split_whitespace().nth(2)?.parse().ok())
        .unwrap_or(4 << 20)
}

/// A connection to `proxy` whose receive buffer is `receive_buffer(i)`.
async fn client_socket(proxy: std::net::SocketAddr, i: usize) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(receive_buffer(i)).unwrap();
    socket.connect(proxy).await.unwrap()
}

/// A destination that answers every connection's first byte with `body` bytes, but only once
/// `DOWNLOADS` connections have asked: then all downloads start together.
async fn origin(body: i64) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let all_asked = Arc::new(Barrier::new(DOWNLOADS));
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            let all_asked = all_asked.clone();
            tokio::spawn(async move {
                if s.read_u8().await.is_err() {
                    return;
                }
                all_asked.wait().await;
                let chunk = vec![0u8; 65536];
                let mut left = body;
                while left > 0 {
                    let n = chunk.len().min(usize::try_from(left).unwrap());
                    if s.write_all(&chunk[..n]).await.is_err() {
                        return;
                    }
                    left -= n as i64;
                }
            });
        }
    });
    addr
}

/// Reads from every client until `at_least` bytes came in all, without yielding: on this
/// one-thread runtime the gateway cannot move anything meanwhile, so when it runs again every
/// download finds its client's socket empty. Returns what each client read.
fn empty_every_socket(streams: &mut [std::net::TcpStream], at_least: i64) -> Vec<i64> {
    let started = std::time::Instant::now();
    let mut buf = vec![0u8; 1 << 20];
    let mut got = vec![0; streams.len()];
    while got.iter().sum::<i64>() < at_least {
        // A bound against a hang, not a timing assertion.
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the clients' sockets never held what was metered"
        );
        for (stream, got) in streams.iter_mut().zip(&mut got) {
            match stream.read(&mut buf) {
                Ok(n) => *got += n as i64,
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Err(e) => panic!("a client's socket failed: {e}"),
            }
        }
    }
    got
}

/// Reads until the gateway closes (or resets) the connection.
async fn read_until_closed(mut stream: TcpStream) -> i64 {
    let mut buf = vec![0u8; 1 << 20];
    let mut total = 0;
    while let Ok(n) = stream.read(&mut buf).await {
        if n == 0 {
            break;
        }
        total += n as i64;
    }
    total
}

async fn fifty_parallel_downloads_stop_within_a_megabyte_of_zero(backend: Backend) {
    let _alone = ONE_AT_A_TIME.lock().await;
    // Enough that no download runs out while the clients read nothing (the sockets between
    // the gateway and the clients hold at most the gateway's send buffer and the clients'
    // receive buffers, which the kernel doubles), and only some tens of MB more: every download
    // gets stuck holding part of a relay step before the customer runs out.
    let held: i64 = (0..DOWNLOADS)
        .map(|i| gateway_send_buffer() + 2 * i64::from(receive_buffer(i)))
        .sum();
    let purchased = held + 10 * MB;
    let Some(h) = Harness::start(Options {
        backend,
        purchased,
        max_connections_per_user: 256,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    // Each body alone is more than the customer bought.
    let body = purchased;
    let origin = origin(body).await;
    let mut streams = Vec::new();
    for i in 0..DOWNLOADS {
        // Half through each proxy.
        let mut stream = if i % 2 == 0 {
            let client = client_socket(h.http, i).await;
            let (stream, code, _) =
                http_connect_on(client, &origin.to_string(), Some((USER, PASSWORD))).await;
            assert_eq!(code, 200);
            stream
        } else {
            let client = client_socket(h.socks, i).await;
            socks_connect_on(client, USER, PASSWORD, Dest::Ip(origin))
                .await
                .unwrap()
        };
        stream.write_all(b"g").await.unwrap();
        streams.push(stream);
    }
    // The clock is paused: this returns once every task waits and no socket has news, that is
    // once every download is stuck behind its full socket (no real time passes).
    tokio::time::sleep(Duration::from_secs(5)).await;
    h.handle.flush_now().await.unwrap();
    let (_, stalled, _) = h.usage();
    assert!(
        stalled < purchased,
        "the customer runs out only once the clients read"
    );
    // Every client empties its socket before the gateway runs again (what is still in the
    // clients' sockets is all that was metered, less the request bytes sent the other way).
    let mut stds: Vec<_> = streams
        .into_iter()
        .map(|stream| {
            let stream = stream.into_std().unwrap();
            stream.set_nonblocking(true).unwrap();
            stream
        })
        .collect();
    let first = empty_every_socket(&mut stds, stalled - MB);
    let downloads: Vec<_> = stds
        .into_iter()
        .zip(first)
        .map(|(stream, first)| {
            let stream = TcpStream::from_std(stream).unwrap();
            tokio::spawn(async move { first + read_until_closed(stream).await })
        })
        .collect();
    let mut received = 0;
    for download in downloads {
        let got = download.await.unwrap();
        assert!(got < body, "a download was cut before its end: {got}");
        received += got;
    }
    h.handle.flush_now().await.unwrap();
    let (bought, used, daily) = h.usage();
    eprintln!("purchased {purchased}, used {used} (stalled at {stalled}), received {received}");
    assert_eq!((bought, daily), (purchased, used));
    assert!(
        used <= purchased + MB,
        "used {used} of {purchased}: more than 1 MB over"
    );
    assert!(received <= used, "received {received}, metered {used}");
    assert!(
        received >= purchased - DOWNLOADS as i64 * 1_048_576,
        "the customer got what was paid for, less what was in flight: {received}"
    );
}

persistence::both_backends!(
    #[tokio::test(start_paused = true)]
    fifty_parallel_downloads_stop_within_a_megabyte_of_zero,
);
