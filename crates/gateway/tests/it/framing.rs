//! The framing headers of a plain request reach the origin only as the gateway parsed them:
//! a Transfer-Encoding or Content-Length value that is not visible ASCII is refused, and a
//! repeated length arrives as one `Content-Length`.

use crate::common::*;
use persistence::Backend;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// An origin that answers the first connection it accepts and reports the raw request it
/// read (head and a 3-byte body).
async fn raw_origin() -> (SocketAddr, oneshot::Receiver<Vec<u8>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = oneshot::channel();
    tokio::spawn(async move {
        let (mut s, _) = listener.accept().await.unwrap();
        let mut seen = Vec::new();
        while !seen.ends_with(b"\r\n\r\n") {
            seen.push(s.read_u8().await.unwrap());
        }
        let mut body = [0u8; 3];
        s.read_exact(&mut body).await.unwrap();
        seen.extend_from_slice(&body);
        s.write_all(ORIGIN_RESPONSE).await.unwrap();
        let _ = tx.send(seen);
    });
    (addr, rx)
}

async fn post(proxy: SocketAddr, origin: SocketAddr, framing: &[u8]) -> String {
    let mut client = TcpStream::connect(proxy).await.unwrap();
    let mut request = format!(
        "POST http://{origin}/up HTTP/1.1\r\nHost: {origin}\r\nProxy-Authorization: {}\r\n",
        basic(USER, PASSWORD)
    )
    .into_bytes();
    request.extend_from_slice(framing);
    request.extend_from_slice(b"\r\nabc");
    client.write_all(&request).await.unwrap();
    read_head(&mut client).await
}

async fn framing_headers_reach_the_origin_only_as_parsed(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let (origin, seen) = raw_origin().await;
    // A coding hidden behind a byte that is not ASCII, next to a length: refused.
    let head = post(
        h.http,
        origin,
        b"Transfer-Encoding: \xffchunked\r\nContent-Length: 3\r\n",
    )
    .await;
    assert!(head.starts_with("HTTP/1.1 400 "), "{head}");
    // The origin's first connection is the next request's: the refused one never reached it,
    // and its repeated length arrives as one.
    let head = post(h.http, origin, b"Content-Length: 3, 3\r\n").await;
    assert!(head.starts_with("HTTP/1.1 200 "), "{head}");
    let seen = String::from_utf8(seen.await.unwrap()).unwrap();
    assert!(seen.starts_with("POST /up HTTP/1.1\r\n"), "{seen}");
    assert!(
        seen.ends_with("\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"),
        "{seen}"
    );
    assert_eq!(seen.matches("Content-Length").count(), 1, "{seen}");
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    framing_headers_reach_the_origin_only_as_parsed,
);
