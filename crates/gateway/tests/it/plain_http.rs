//! Plain (absolute-form) HTTP requests through the proxy: one request per client connection,
//! so an origin that keeps its connection alive never receives a later request (nor the
//! credential); hop-by-hop headers are stripped both ways; request bodies are relayed and
//! metered exactly.

use crate::common::*;
use persistence::Backend;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc::UnboundedReceiver;

/// A keep-alive answer carrying hop-by-hop headers of its own.
const KEPT_ALIVE: &[u8] = b"HTTP/1.1 200 OK\r\nConnection: keep-alive, X-Hop\r\nKeep-Alive: timeout=30\r\nX-Hop: 1\r\nProxy-Authenticate: Basic realm=\"origin\"\r\nUpgrade: h2c\r\nContent-Length: 2\r\nX-Kept: 1\r\n\r\nok";
/// What the client must receive instead.
const CLEANED: &str =
    "HTTP/1.1 200 OK\r\nX-Kept: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok";

fn request(origin: SocketAddr, path: &str) -> String {
    format!(
        "GET http://{origin}{path} HTTP/1.1\r\nHost: {origin}\r\nProxy-Authorization: {}\r\nProxy-Connection: keep-alive\r\nConnection: keep-alive, X-Secret\r\nX-Secret: s\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\nTrailer: X-Sum\r\nUpgrade: websocket\r\nX-Kept: 1\r\n\r\n",
        basic(USER, PASSWORD)
    )
}

/// Reads one response whose body is 2 bytes.
async fn read_response(client: &mut TcpStream) -> String {
    let mut response = read_head(client).await;
    let mut body = [0u8; 2];
    client.read_exact(&mut body).await.unwrap();
    response.push_str(std::str::from_utf8(&body).unwrap());
    response
}

/// The first origin saw exactly one request, without the credential or hop-by-hop headers,
/// and then its connection closed with nothing more; the second origin saw nothing.
async fn assert_one_clean_request(
    first: &mut UnboundedReceiver<Seen>,
    second: &mut UnboundedReceiver<Seen>,
) -> String {
    let Some(Seen::Request(head, body)) = first.recv().await else {
        panic!("the first origin must see the first request");
    };
    assert!(body.is_empty());
    assert!(head.starts_with("GET /a HTTP/1.1\r\n"), "{head}");
    let lower = head.to_ascii_lowercase();
    for hop in [
        "proxy-",
        "keep-alive",
        "x-secret",
        "te:",
        "trailer:",
        "upgrade",
    ] {
        assert!(!lower.contains(hop), "{hop} must not be forwarded: {head}");
    }
    assert!(head.contains("X-Kept: 1\r\n") && head.contains("Connection: close\r\n"));
    assert_eq!(first.recv().await, Some(Seen::Closed(Vec::new())));
    assert!(
        second.try_recv().is_err(),
        "the second origin was never asked"
    );
    head
}

async fn a_kept_alive_origin_never_sees_the_next_request(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let (first, mut seen_first) = keep_alive_origin(KEPT_ALIVE).await;
    let (second, mut seen_second) = keep_alive_origin(KEPT_ALIVE).await;
    let mut client = TcpStream::connect(h.http).await.unwrap();
    client
        .write_all(request(first, "/a").as_bytes())
        .await
        .unwrap();
    assert_eq!(read_response(&mut client).await, CLEANED);
    // The next request on the same proxy connection, for another host.
    let _ = client.write_all(request(second, "/b").as_bytes()).await;
    assert_eq!(
        read_to_close(&mut client).await,
        0,
        "the proxy closes after one response"
    );
    let head = assert_one_clean_request(&mut seen_first, &mut seen_second).await;
    let expected = (head.len() + CLEANED.len()) as i64;
    assert_eq!(h.wait_for_used(expected).await.1, expected);
}

async fn pipelined_requests_never_reach_the_first_origin(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let (first, mut seen_first) = keep_alive_origin(KEPT_ALIVE).await;
    let (second, mut seen_second) = keep_alive_origin(KEPT_ALIVE).await;
    let mut client = TcpStream::connect(h.http).await.unwrap();
    let both = request(first, "/a") + &request(second, "/b");
    client.write_all(both.as_bytes()).await.unwrap();
    assert_eq!(read_response(&mut client).await, CLEANED);
    assert_eq!(read_to_close(&mut client).await, 0);
    assert_one_clean_request(&mut seen_first, &mut seen_second).await;
}

async fn request_bodies_are_relayed_and_metered_exactly(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let (origin, mut seen) = keep_alive_origin(KEPT_ALIVE).await;
    let mut expected = 0;
    let payload: Vec<u8> = (0..200_000).map(|i| (i % 251) as u8).collect();
    let chunked = b"5\r\nhello\r\n6;x=1\r\n world\r\n0\r\nX-Sum: 1\r\n\r\n";
    for (framing, body) in [
        (
            format!("Content-Length: {}\r\n", payload.len()),
            payload.as_slice(),
        ),
        ("Transfer-Encoding: chunked\r\n".to_owned(), chunked),
    ] {
        let mut client = TcpStream::connect(h.http).await.unwrap();
        let head = format!(
            "POST http://{origin}/up HTTP/1.1\r\nProxy-Authorization: {}\r\n{framing}\r\n",
            basic(USER, PASSWORD)
        );
        // The body, then what looks like a next request: never relayed.
        let tail = format!("GET http://{origin}/smuggled HTTP/1.1\r\n\r\n");
        let sent = [head.as_bytes(), body, tail.as_bytes()].concat();
        let (r, mut w) = client.split();
        let (written, response) = tokio::join!(w.write_all(&sent), async {
            let mut r = r;
            let mut all = Vec::new();
            let _ = r.read_to_end(&mut all).await;
            all
        });
        written.unwrap();
        assert_eq!(response, CLEANED.as_bytes());
        let Some(Seen::Request(forwarded, got)) = seen.recv().await else {
            panic!("the origin must see the request");
        };
        assert_eq!(got, body, "the body arrives whole and unchanged");
        assert!(forwarded.starts_with("POST /up HTTP/1.1\r\nHost: "));
        assert_eq!(seen.recv().await, Some(Seen::Closed(Vec::new())));
        expected += (forwarded.len() + got.len() + CLEANED.len()) as i64;
    }
    assert_eq!(
        h.wait_for_used(expected).await,
        (1_000_000_000, expected, expected)
    );
}

async fn a_chunked_response_ends_at_its_last_chunk(backend: Backend) {
    const CHUNKED: &[u8] = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n5\r\nhello\r\n0\r\nX-Sum: 5\r\n\r\n";
    const EXPECTED: &[u8] = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\nX-Sum: 5\r\n\r\n";
    let h = Harness::on(backend).await.unwrap();
    let (origin, mut seen) = keep_alive_origin(CHUNKED).await;
    let mut client = TcpStream::connect(h.http).await.unwrap();
    let request = format!(
        "GET http://{origin}/c HTTP/1.1\r\nProxy-Authorization: {}\r\n\r\n",
        basic(USER, PASSWORD)
    );
    client.write_all(request.as_bytes()).await.unwrap();
    // The origin keeps its connection open: the proxy ends the response by its framing.
    let mut response = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(30),
        client.read_to_end(&mut response),
    )
    .await
    .expect("the proxy closes after the last chunk")
    .unwrap();
    assert_eq!(response, EXPECTED);
    let Some(Seen::Request(forwarded, _)) = seen.recv().await else {
        panic!("the origin must see the request");
    };
    let expected = (forwarded.len() + EXPECTED.len()) as i64;
    assert_eq!(h.wait_for_used(expected).await.1, expected);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_kept_alive_origin_never_sees_the_next_request,
    pipelined_requests_never_reach_the_first_origin,
    request_bodies_are_relayed_and_metered_exactly,
    a_chunked_response_ends_at_its_last_chunk,
);
