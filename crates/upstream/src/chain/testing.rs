//! For tests (feature `testing`): local upstream proxies standing in for a provider's pool:
//! HTTP CONNECT (credentials in `Proxy-Authorization: Basic`) or SOCKS5 (username/password),
//! recording the credentials and destination of every request, and told how to answer: tunnel
//! to the destination, reject the credentials, answer an error of their own, or say nothing;
//! and [`EchoServer`], a local IP-echo service answering `{"ip": ...}` with the address that
//! connected to it (the check URL a probe fetches through a pool). An HTTP proxy also forwards
//! a plain request in absolute form (`GET http://host:port/path`), as providers' HTTP entry
//! points do.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::missing_panics_doc)]

use base64::Engine;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How the test proxy answers a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    /// Connects to the destination and tunnels.
    Tunnel,
    /// 407 / SOCKS5 authentication failure.
    RejectCredentials,
    /// This HTTP status (or, on SOCKS5, this reply code) without connecting anywhere.
    Answer(u16),
    /// Reads the request and never answers.
    Stall,
    /// HTTP only: 502 with `Proxy-Status: testpool; error=<this>` (RFC 9209), a provider's
    /// own error report, and a body naming the provider.
    ProxyStatus(&'static str),
}

/// What one request carried: the credentials and the destination asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolSaw {
    pub username: String,
    pub password: String,
    pub target: String,
}

#[derive(Clone)]
pub struct TestUpstream {
    pub addr: SocketAddr,
    behaviour: Arc<Mutex<Behaviour>>,
    seen: Arc<Mutex<Vec<PoolSaw>>>,
}

impl TestUpstream {
    pub async fn http(behaviour: Behaviour) -> TestUpstream {
        TestUpstream::start(behaviour, false).await
    }

    pub async fn socks5(behaviour: Behaviour) -> TestUpstream {
        TestUpstream::start(behaviour, true).await
    }

    async fn start(behaviour: Behaviour, socks: bool) -> TestUpstream {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let up = TestUpstream {
            addr: listener.local_addr().unwrap(),
            behaviour: Arc::new(Mutex::new(behaviour)),
            seen: Arc::new(Mutex::new(Vec::new())),
        };
        let serving = up.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let one = serving.clone();
                tokio::spawn(async move {
                    if socks {
                        one.serve_socks(stream).await;
                    } else {
                        one.serve_http(stream).await;
                    }
                });
            }
        });
        up
    }

    pub fn set(&self, behaviour: Behaviour) {
        *self.behaviour.lock().unwrap() = behaviour;
    }

    pub fn seen(&self) -> Vec<PoolSaw> {
        self.seen.lock().unwrap().clone()
    }

    fn behaviour(&self) -> Behaviour {
        *self.behaviour.lock().unwrap()
    }

    async fn serve_http(self, mut stream: TcpStream) {
        let head = read_head(&mut stream).await;
        let target = head.split(' ').nth(1).unwrap_or_default().to_owned();
        let auth = head
            .lines()
            .find_map(|l| l.strip_prefix("Proxy-Authorization: Basic "))
            .map(|t| {
                let raw = base64::engine::general_purpose::STANDARD
                    .decode(t.trim())
                    .unwrap();
                String::from_utf8(raw).unwrap()
            })
            .unwrap_or_default();
        let (username, password) = auth.split_once(':').unwrap_or_default();
        self.seen.lock().unwrap().push(PoolSaw {
            username: username.into(),
            password: password.into(),
            target: target.clone(),
        });
        // A plain request in absolute form goes to its origin in origin form; a CONNECT opens a
        // tunnel.
        let absolute = target.strip_prefix("http://").map(|rest| {
            let (authority, path) = rest.find('/').map_or((rest, "/"), |i| rest.split_at(i));
            (authority.to_owned(), path.to_owned())
        });
        match self.behaviour() {
            Behaviour::Tunnel => {
                let dest_addr = absolute.as_ref().map_or(target.as_str(), |(a, _)| a);
                let Ok(mut dest) = TcpStream::connect(dest_addr).await else {
                    let _ = stream.write_all(b"HTTP/1.1 502 Bad Gateway\r\n\r\n").await;
                    return;
                };
                match &absolute {
                    Some((_, path)) => {
                        let method = head.split(' ').next().unwrap_or_default();
                        let mut forward = format!("{method} {path} HTTP/1.1\r\n");
                        for line in head.split("\r\n").skip(1).filter(|l| !l.is_empty()) {
                            if !line.to_ascii_lowercase().starts_with("proxy-") {
                                forward.push_str(line);
                                forward.push_str("\r\n");
                            }
                        }
                        forward.push_str("\r\n");
                        dest.write_all(forward.as_bytes()).await.unwrap();
                    }
                    None => stream
                        .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
                        .await
                        .unwrap(),
                }
                splice(stream, dest).await;
            }
            Behaviour::RejectCredentials => {
                let _ = stream
                    .write_all(
                        b"HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n",
                    )
                    .await;
            }
            Behaviour::Answer(code) => {
                let answer = format!("HTTP/1.1 {code} Upstream Says\r\nContent-Length: 0\r\n\r\n");
                let _ = stream.write_all(answer.as_bytes()).await;
            }
            Behaviour::ProxyStatus(error) => {
                let body = "TestProvider could not serve this request";
                let answer = format!(
                    "HTTP/1.1 502 Bad Gateway\r\nProxy-Status: testpool; error={error}\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(answer.as_bytes()).await;
            }
            Behaviour::Stall => {
                let mut sink = [0u8; 64];
                while let Ok(1..) = stream.read(&mut sink).await {}
            }
        }
    }

    async fn serve_socks(self, mut s: TcpStream) {
        let mut greeting = [0u8; 2];
        s.read_exact(&mut greeting).await.unwrap();
        let mut methods = vec![0u8; usize::from(greeting[1])];
        s.read_exact(&mut methods).await.unwrap();
        s.write_all(&[5, 2]).await.unwrap();
        let mut version = [0u8; 1];
        s.read_exact(&mut version).await.unwrap();
        let username = read_string(&mut s).await;
        let password = read_string(&mut s).await;
        let behaviour = self.behaviour();
        if behaviour == Behaviour::RejectCredentials {
            self.seen.lock().unwrap().push(PoolSaw {
                username,
                password,
                target: String::new(),
            });
            let _ = s.write_all(&[1, 1]).await;
            return;
        }
        s.write_all(&[1, 0]).await.unwrap();
        let mut request = [0u8; 4];
        s.read_exact(&mut request).await.unwrap();
        let host = match request[3] {
            1 => {
                let mut ip = [0u8; 4];
                s.read_exact(&mut ip).await.unwrap();
                std::net::Ipv4Addr::from(ip).to_string()
            }
            3 => read_string(&mut s).await,
            _ => panic!("address type {}", request[3]),
        };
        let port = s.read_u16().await.unwrap();
        let target = format!("{host}:{port}");
        self.seen.lock().unwrap().push(PoolSaw {
            username,
            password,
            target: target.clone(),
        });
        let reply = |code: u8| [5, code, 0, 1, 0, 0, 0, 0, 0, 0];
        match behaviour {
            Behaviour::Tunnel => match TcpStream::connect(&target).await {
                Ok(dest) => {
                    s.write_all(&reply(0)).await.unwrap();
                    splice(s, dest).await;
                }
                Err(_) => {
                    let _ = s.write_all(&reply(5)).await;
                }
            },
            Behaviour::Answer(code) => {
                let _ = s.write_all(&reply(u8::try_from(code).unwrap())).await;
            }
            Behaviour::Stall => {
                let mut sink = [0u8; 64];
                while let Ok(1..) = s.read(&mut sink).await {}
            }
            Behaviour::RejectCredentials | Behaviour::ProxyStatus(_) => unreachable!(),
        }
    }
}

async fn read_string(s: &mut TcpStream) -> String {
    let len = s.read_u8().await.unwrap();
    let mut bytes = vec![0u8; usize::from(len)];
    s.read_exact(&mut bytes).await.unwrap();
    String::from_utf8(bytes).unwrap()
}

async fn splice(mut a: TcpStream, mut b: TcpStream) {
    let _ = tokio::io::copy_bidirectional(&mut a, &mut b).await;
}

/// A port on loopback where nothing listens (bound, then released).
pub async fn closed_port() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    addr
}

async fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read_u8().await {
            Ok(b) => head.push(b),
            Err(_) => break,
        }
    }
    String::from_utf8(head).unwrap()
}

/// A local IP-echo service: answers every request with `{"ip": "<the caller's address>"}`
/// and counts the requests it answered.
#[derive(Clone)]
pub struct EchoServer {
    pub addr: SocketAddr,
    answered: Arc<Mutex<usize>>,
}

impl EchoServer {
    pub async fn start() -> EchoServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let echo = EchoServer {
            addr: listener.local_addr().unwrap(),
            answered: Arc::new(Mutex::new(0)),
        };
        let counting = echo.answered.clone();
        tokio::spawn(async move {
            while let Ok((mut stream, peer)) = listener.accept().await {
                let counting = counting.clone();
                tokio::spawn(async move {
                    let _ = read_head(&mut stream).await;
                    let body = format!("{{\"ip\":\"{}\"}}", peer.ip());
                    let answer = format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    if stream.write_all(answer.as_bytes()).await.is_ok() {
                        *counting.lock().unwrap() += 1;
                    }
                });
            }
        });
        echo
    }

    /// The check URL that reaches this service.
    pub fn url(&self) -> String {
        format!("http://{}/?format=json", self.addr)
    }

    /// Requests answered so far.
    pub fn answered(&self) -> usize {
        *self.answered.lock().unwrap()
    }
}
