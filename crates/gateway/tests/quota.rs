//! Many parallel transfers of one customer share what the customer has left: together they
//! stop within a megabyte of zero (the relay reserves before it moves), and every one of them
//! is cut.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;
use persistence::Backend;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const MB: i64 = 1_000_000;

/// A destination that, once a connection sends a byte, sends zeros to it until it goes away.
async fn on_signal_server() -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                if s.read_u8().await.is_err() {
                    return;
                }
                let chunk = vec![0u8; 65536];
                while s.write_all(&chunk).await.is_ok() {}
            });
        }
    });
    addr
}

async fn parallel_downloads_stop_at_zero(backend: Backend) {
    let purchased = 20 * MB;
    let Some(h) = Harness::start(Options {
        backend,
        purchased,
        max_connections_per_user: 256,
        ..Options::default()
    })
    .await
    else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    let endless = on_signal_server().await;
    let connecting: Vec<_> = (0..50)
        .map(|i| {
            let (http, socks) = (h.http, h.socks);
            tokio::spawn(async move {
                // Half through each proxy.
                if i % 2 == 0 {
                    let (stream, code, _) =
                        http_connect(http, &endless.to_string(), Some((USER, PASSWORD))).await;
                    assert_eq!(code, 200);
                    stream
                } else {
                    socks_connect(socks, USER, PASSWORD, Dest::Ip(endless))
                        .await
                        .unwrap()
                }
            })
        })
        .collect();
    let mut streams = Vec::new();
    for connected in connecting {
        streams.push(connected.await.unwrap());
    }
    // All open: now every download starts at once.
    let downloads: Vec<_> = streams
        .into_iter()
        .map(|mut stream| {
            tokio::spawn(async move {
                stream.write_all(b"g").await.unwrap();
                read_to_close(&mut stream).await as i64
            })
        })
        .collect();
    let mut received = 0;
    for download in downloads {
        received += download.await.unwrap();
    }
    h.handle.flush_now().await.unwrap();
    let (bought, used, daily) = h.usage();
    assert_eq!((bought, daily), (purchased, used));
    assert!(
        used <= purchased + MB,
        "used {used} of {purchased}: more than 1 MB over"
    );
    assert!(received <= used, "received {received}, metered {used}");
    assert!(
        received >= purchased - 50 * 1_048_576,
        "the customer got what was paid for, less what was in flight: {received}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_parallel_downloads_stop_within_a_megabyte_of_zero_sqlite() {
    parallel_downloads_stop_at_zero(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_parallel_downloads_stop_within_a_megabyte_of_zero_postgres() {
    parallel_downloads_stop_at_zero(Backend::Postgres).await;
}
