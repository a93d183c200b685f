//! What makes connection setup cheap, kept working: a SOCKS5 handshake sent in one segment is
//! served (and one sent byte by byte too), short exchanges are copied through a buffer without
//! making splice pipes while bulk streams switch to splice, both metered to the byte, and
//! several workers (each with its own listeners) serve one gateway's ports.

use crate::common::*;
use persistence::Backend;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Greeting, username/password and a CONNECT request to `dest` (IPv4).
fn socks_handshake(dest: std::net::SocketAddr) -> Vec<u8> {
    let std::net::SocketAddr::V4(dest) = dest else {
        panic!("an IPv4 destination")
    };
    let mut all = vec![5, 1, 2, 1, USER.len() as u8];
    all.extend_from_slice(USER.as_bytes());
    all.push(PASSWORD.len() as u8);
    all.extend_from_slice(PASSWORD.as_bytes());
    all.extend_from_slice(&[5, 1, 0, 1]);
    all.extend_from_slice(&dest.ip().octets());
    all.extend_from_slice(&dest.port().to_be_bytes());
    all
}

/// The replies to a whole handshake: method, authentication, request (succeeded).
async fn read_socks_replies(s: &mut TcpStream) -> [u8; 14] {
    let mut replies = [0u8; 14];
    s.read_exact(&mut replies).await.unwrap();
    replies
}

async fn a_socks5_handshake_in_one_write_is_served_and_metered(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let echo = echo_server().await;
    let mut s = TcpStream::connect(h.socks).await.unwrap();
    // Greeting, credentials, request and the first payload bytes in one segment.
    let mut all = socks_handshake(echo);
    all.extend_from_slice(b"ping");
    s.write_all(&all).await.unwrap();
    let replies = read_socks_replies(&mut s).await;
    assert_eq!(
        replies[..4],
        [5, 2, 1, 0],
        "user/password chosen and accepted"
    );
    assert_eq!(replies[4..6], [5, 0], "the CONNECT succeeded");
    let mut back = [0u8; 4];
    s.read_exact(&mut back).await.unwrap();
    assert_eq!(
        &back, b"ping",
        "bytes sent before the reply reach the destination"
    );
    echo_through(&mut s, 10_000).await;
    drop(s);
    let expected = 2 * 10_004;
    assert_eq!(
        h.wait_for_used(expected).await,
        (1_000_000_000, expected, expected)
    );
}

async fn a_socks5_handshake_byte_by_byte_is_served(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let echo = echo_server().await;
    let mut s = TcpStream::connect(h.socks).await.unwrap();
    s.set_nodelay(true).unwrap();
    let all = socks_handshake(echo);
    let (greeting, rest) = all.split_at(3);
    let (auth, request) = rest.split_at(3 + USER.len() + PASSWORD.len());
    for (part, reply) in [
        (greeting, &[5u8, 2][..]),
        (auth, &[1, 0][..]),
        (request, &[5, 0, 0, 1, 0, 0, 0, 0, 0, 0][..]),
    ] {
        for byte in part {
            s.write_all(&[*byte]).await.unwrap();
            tokio::task::yield_now().await;
        }
        let mut got = vec![0u8; reply.len()];
        s.read_exact(&mut got).await.unwrap();
        assert_eq!(got, reply);
    }
    echo_through(&mut s, 1_000).await;
}

/// A destination that answers each connection's first byte with `reply` bytes, then reads
/// and drops everything until the client closes.
async fn answering_sink(reply: usize) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut first = [0u8; 1];
                if s.read_exact(&mut first).await.is_err() {
                    return;
                }
                s.write_all(&vec![b'x'; reply]).await.unwrap();
                let mut sink = vec![0u8; 65536];
                while let Ok(1..) = s.read(&mut sink).await {}
            });
        }
    });
    addr
}

/// A 100-byte exchange is copied through a buffer: no pipe is made. A multi-megabyte upload
/// switches to splice: one pipe, for its one direction. Both are metered to the byte.
async fn short_exchanges_make_no_pipe_and_bulk_streams_splice(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let sink = answering_sink(100).await;
    for _ in 0..5 {
        let (mut s, code, _) =
            http_connect(h.http, &sink.to_string(), Some((USER, PASSWORD))).await;
        assert_eq!(code, 200);
        s.write_all(b"?").await.unwrap();
        let mut reply = [0u8; 100];
        s.read_exact(&mut reply).await.unwrap();
    }
    let short = 5 * 101;
    assert_eq!(h.wait_for_used(short).await.1, short);
    assert_eq!(h.handle.pipes_made(), 0, "a short exchange makes no pipe");

    let (mut s, code, _) = http_connect(h.http, &sink.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    s.write_all(b"?").await.unwrap();
    let mut reply = [0u8; 100];
    s.read_exact(&mut reply).await.unwrap();
    let upload = 4_000_000;
    s.write_all(&vec![7u8; upload]).await.unwrap();
    s.shutdown().await.unwrap();
    assert_eq!(read_to_close(&mut s).await, 0);
    let expected = short + 101 + upload as i64;
    assert_eq!(
        h.wait_for_used(expected).await.1,
        expected,
        "every byte metered"
    );
    if cfg!(target_os = "linux") {
        assert_eq!(
            h.handle.pipes_made(),
            1,
            "the upload's direction spliced; the 100-byte reply did not"
        );
    }
}

/// With several workers each has listeners of its own on the same two ports; connections
/// spread over them are all served and metered.
async fn several_workers_serve_the_same_ports(backend: Backend) {
    let h = Harness::start(Options {
        backend,
        configure: Box::new(|c| c.workers = 3),
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await;
    let mut tunnels = Vec::new();
    for i in 0..24 {
        let mut s = if i % 2 == 0 {
            let (s, code, _) =
                http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
            assert_eq!(code, 200);
            s
        } else {
            socks_connect(h.socks, USER, PASSWORD, Dest::Ip(echo))
                .await
                .unwrap()
        };
        echo_through(&mut s, 1_000).await;
        tunnels.push(s);
    }
    drop(tunnels);
    let expected = 24 * 2 * 1_000;
    assert_eq!(h.wait_for_used(expected).await.1, expected);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_socks5_handshake_in_one_write_is_served_and_metered,
    a_socks5_handshake_byte_by_byte_is_served,
    short_exchanges_make_no_pipe_and_bulk_streams_splice,
    several_workers_serve_the_same_ports,
);
