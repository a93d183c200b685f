//! Small proxy clients written against the RFCs (HTTP CONNECT with Basic auth, SOCKS5 with
//! username/password) and local destinations to point them at.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use base64::Engine;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

pub fn basic(user: &str, pass: &str) -> String {
    let token = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{pass}"));
    format!("Basic {token}")
}

/// Reads a response head (up to the blank line) byte by byte, leaving the rest in the socket.
pub async fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read_u8().await {
            Ok(b) => head.push(b),
            Err(_) => break,
        }
    }
    String::from_utf8(head).unwrap()
}

/// Sends CONNECT through the HTTP proxy; returns the stream and the status code.
pub async fn http_connect(
    proxy: SocketAddr,
    target: &str,
    auth: Option<(&str, &str)>,
) -> (TcpStream, u16, String) {
    let stream = TcpStream::connect(proxy).await.unwrap();
    http_connect_on(stream, target, auth).await
}

/// A connection to `to` from the loopback address `from` (any of 127.0.0.0/8), so that tests
/// can play several sources.
pub async fn connect_from(from: &str, to: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse().unwrap(), 0))
        .unwrap();
    socket.connect(to).await.unwrap()
}

/// Sends CONNECT on an open connection to the HTTP proxy.
pub async fn http_connect_on(
    mut stream: TcpStream,
    target: &str,
    auth: Option<(&str, &str)>,
) -> (TcpStream, u16, String) {
    let mut request = format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n");
    if let Some((user, pass)) = auth {
        request.push_str(&format!("Proxy-Authorization: {}\r\n", basic(user, pass)));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let head = read_head(&mut stream).await;
    let code = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (stream, code, head)
}

pub enum Dest<'a> {
    Ip(SocketAddr),
    Domain(&'a str, u16),
}

/// A SOCKS5 CONNECT; Ok(stream) on success, Err((stage, code)) with stage "method", "auth" or
/// "connect".
pub async fn socks_connect(
    proxy: SocketAddr,
    user: &str,
    pass: &str,
    dest: Dest<'_>,
) -> Result<TcpStream, (&'static str, u8)> {
    let stream = TcpStream::connect(proxy).await.unwrap();
    socks_connect_on(stream, user, pass, dest).await
}

/// A SOCKS5 CONNECT on an open connection to the SOCKS proxy.
pub async fn socks_connect_on(
    mut s: TcpStream,
    user: &str,
    pass: &str,
    dest: Dest<'_>,
) -> Result<TcpStream, (&'static str, u8)> {
    s.write_all(&[5, 1, 2]).await.unwrap();
    let mut method = [0u8; 2];
    s.read_exact(&mut method).await.unwrap();
    if method[1] != 2 {
        return Err(("method", method[1]));
    }
    let mut auth = vec![1, user.len() as u8];
    auth.extend_from_slice(user.as_bytes());
    auth.push(pass.len() as u8);
    auth.extend_from_slice(pass.as_bytes());
    s.write_all(&auth).await.unwrap();
    let mut status = [0u8; 2];
    s.read_exact(&mut status).await.unwrap();
    if status[1] != 0 {
        return Err(("auth", status[1]));
    }
    let mut request = vec![5, 1, 0];
    let port = match dest {
        Dest::Ip(SocketAddr::V4(a)) => {
            request.push(1);
            request.extend_from_slice(&a.ip().octets());
            a.port()
        }
        Dest::Ip(SocketAddr::V6(a)) => {
            request.push(4);
            request.extend_from_slice(&a.ip().octets());
            a.port()
        }
        Dest::Domain(name, port) => {
            request.extend_from_slice(&[3, name.len() as u8]);
            request.extend_from_slice(name.as_bytes());
            port
        }
    };
    request.extend_from_slice(&port.to_be_bytes());
    s.write_all(&request).await.unwrap();
    let mut reply = [0u8; 4];
    s.read_exact(&mut reply).await.unwrap();
    let rest = if reply[3] == 4 { 18 } else { 6 };
    let mut bound = vec![0u8; rest];
    s.read_exact(&mut bound).await.unwrap();
    if reply[1] != 0 {
        Err(("connect", reply[1]))
    } else {
        Ok(s)
    }
}

pub const ORIGIN_RESPONSE: &[u8] =
    b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello";

/// An HTTP origin that answers one request with `ORIGIN_RESPONSE` and reports the request
/// head it received.
pub async fn one_shot_origin() -> (SocketAddr, oneshot::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = oneshot::channel();
    tokio::spawn(async move {
        let (mut s, _) = listener.accept().await.unwrap();
        let head = read_head(&mut s).await;
        s.write_all(ORIGIN_RESPONSE).await.unwrap();
        let _ = tx.send(head);
    });
    (addr, rx)
}

/// A destination that echoes every connection until EOF.
pub async fn echo_server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let (mut r, mut w) = s.split();
                let _ = tokio::io::copy(&mut r, &mut w).await;
            });
        }
    });
    addr
}

/// A destination that sends zeros to every connection until the reader goes away.
pub async fn endless_server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let chunk = vec![0u8; 8192];
                while s.write_all(&chunk).await.is_ok() {}
            });
        }
    });
    addr
}

/// Sends `len` bytes through `stream` to an echo destination and reads them back.
pub async fn echo_through(stream: &mut TcpStream, len: usize) {
    let payload: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
    let (mut r, mut w) = stream.split();
    let write = async {
        w.write_all(&payload).await.unwrap();
    };
    let read = async {
        let mut back = vec![0u8; len];
        r.read_exact(&mut back).await.unwrap();
        back
    };
    let ((), back) = tokio::join!(write, read);
    assert!(back == payload, "echo must come back unchanged");
}

/// Reads until the peer closes (or resets); returns the number of bytes read. Bounded by a
/// generous timeout so that a missing close fails the test instead of hanging it.
pub async fn read_to_close(stream: &mut TcpStream) -> usize {
    let mut total = 0;
    let mut buf = vec![0u8; 65536];
    let read = async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => total += n,
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), read)
        .await
        .expect("the gateway must close the connection");
    total
}

/// What a kept-alive origin saw on one of its connections.
#[derive(Debug, PartialEq, Eq)]
pub enum Seen {
    /// A request head and its body.
    Request(String, Vec<u8>),
    /// The connection ended; with whatever partial bytes came last.
    Closed(Vec<u8>),
}

/// An HTTP/1.1 origin that keeps every connection alive: it answers each request (bodies
/// framed by Content-Length or chunked) with `response` and reports what it saw.
pub async fn keep_alive_origin(
    response: &'static [u8],
) -> (SocketAddr, tokio::sync::mpsc::UnboundedReceiver<Seen>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                loop {
                    let head = read_head(&mut s).await;
                    if !head.ends_with("\r\n\r\n") {
                        let _ = tx.send(Seen::Closed(head.into_bytes()));
                        return;
                    }
                    let lower = head.to_ascii_lowercase();
                    let mut body = Vec::new();
                    if lower.contains("transfer-encoding: chunked") {
                        // The last chunk, then trailers up to an empty line (the tests'
                        // chunk data holds no blank line).
                        let last = |b: &[u8]| {
                            (b.starts_with(b"0\r\n") || b.windows(5).any(|w| w == b"\r\n0\r\n"))
                                && b.ends_with(b"\r\n\r\n")
                        };
                        while !last(&body) {
                            match s.read_u8().await {
                                Ok(b) => body.push(b),
                                Err(_) => break,
                            }
                        }
                    } else if let Some(i) = lower.find("content-length: ") {
                        let len: usize = lower[i + 16..]
                            .split("\r\n")
                            .next()
                            .unwrap()
                            .parse()
                            .unwrap();
                        body = vec![0; len];
                        if s.read_exact(&mut body).await.is_err() {
                            let _ = tx.send(Seen::Closed(head.into_bytes()));
                            return;
                        }
                    }
                    let _ = tx.send(Seen::Request(head, body));
                    if s.write_all(response).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    (addr, rx)
}
