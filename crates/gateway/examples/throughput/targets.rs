//! What the comparison measures (bench/run.sh): each target's ways in (plain TCP, HTTP CONNECT,
//! SOCKS5) and the client side of each handshake, with or without the benchmark customer's
//! credentials.

use crate::gateway_role::{PASSWORD, USER};
use base64::Engine;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

/// How a connection reaches the sink.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Proto {
    /// A plain TCP connection (to the sink itself, or to the relay, which always forwards).
    Plain,
    Connect,
    Socks5,
}

pub struct Target {
    pub(crate) name: String,
    pub(crate) plain: Option<SocketAddr>,
    pub(crate) http: Option<SocketAddr>,
    pub(crate) socks: Option<SocketAddr>,
    /// Whether the proxy wants the benchmark customer's credentials (the gateway does).
    pub(crate) auth: bool,
    /// Whether the gateway meters what crossed (with credentials, or from its allowlisted
    /// address without them).
    pub(crate) metered: bool,
    /// Measured for connection setup only (another way into a proxy that has its own row).
    pub(crate) setup_only: bool,
    /// The proxy's process (none for direct).
    pub(crate) pid: Option<u32>,
    /// Why there is nothing to measure (a peer that could not be installed).
    pub(crate) missing: Option<String>,
    /// Which side of the chained comparison it is, if any.
    pub(crate) chain: Option<Chain>,
}

/// The two rows compared with each other through the same upstream (the provider's stand-in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Chain {
    /// The bare splice relay chained to the upstream: the baseline.
    Relay,
    /// The gateway relaying through the upstream as its pool.
    Gateway,
}

impl Target {
    pub fn direct(sink: SocketAddr) -> Target {
        Target::new("direct", Some(sink), None, None, false, None)
    }

    pub fn relay(addr: SocketAddr, pid: u32) -> Target {
        Target::new(
            "bare splice relay",
            Some(addr),
            None,
            None,
            false,
            Some(pid),
        )
    }

    pub fn gateway(http: SocketAddr, socks: SocketAddr, pid: u32) -> Target {
        Target::new(
            "**the gateway**",
            None,
            Some(http),
            Some(socks),
            true,
            Some(pid),
        )
    }

    /// The bare relay passing CONNECT on to the upstream (`relay_role::Mode::Chained`).
    pub fn chained_relay(addr: SocketAddr, pid: u32) -> Target {
        Target {
            chain: Some(Chain::Relay),
            ..Target::new(
                "bare splice relay → upstream",
                None,
                Some(addr),
                None,
                false,
                Some(pid),
            )
        }
    }

    /// A gateway whose Premium pool is the upstream: the customer's tunnels go through it.
    pub fn chained_gateway(http: SocketAddr, socks: SocketAddr, pid: u32) -> Target {
        Target {
            chain: Some(Chain::Gateway),
            ..Target::new(
                "**the gateway → upstream pool**",
                None,
                Some(http),
                Some(socks),
                true,
                Some(pid),
            )
        }
    }

    /// The gateway entered from its allowlisted address without credentials, as the peers are
    /// (they run without authentication): connection setup only (`pid`: the gateway's process,
    /// for its CPU time).
    pub fn gateway_allowlisted(http: SocketAddr, socks: SocketAddr, pid: u32) -> Target {
        Target {
            metered: true,
            setup_only: true,
            ..Target::new(
                "the gateway, allowlisted address (no password, like the peers)",
                None,
                Some(http),
                Some(socks),
                false,
                Some(pid),
            )
        }
    }

    /// A second gateway process that starts with 100,000 blocked destinations loaded (none the
    /// sink's): connection setup only, against the gateway's own row.
    pub fn gateway_blocklisted(http: SocketAddr, socks: SocketAddr, pid: u32) -> Target {
        Target {
            setup_only: true,
            ..Target::new(
                "the gateway, 100,000 blocked destinations loaded",
                None,
                Some(http),
                Some(socks),
                true,
                Some(pid),
            )
        }
    }

    fn new(
        name: &str,
        plain: Option<SocketAddr>,
        http: Option<SocketAddr>,
        socks: Option<SocketAddr>,
        auth: bool,
        pid: Option<u32>,
    ) -> Target {
        Target {
            name: name.to_owned(),
            plain,
            http,
            socks,
            auth,
            metered: auth,
            setup_only: false,
            pid,
            missing: None,
            chain: None,
        }
    }

    /// `NAME=http:ADDR:PID`, `NAME=socks:ADDR:PID` or `NAME=missing:REASON`.
    pub fn parse(spec: &str) -> Target {
        let (name, rest) = spec.split_once('=').unwrap_or_else(|| bad_peer(spec));
        let (kind, rest) = rest.split_once(':').unwrap_or_else(|| bad_peer(spec));
        let mut t = Target::new(name, None, None, None, false, None);
        if kind == "missing" {
            t.missing = Some(rest.to_owned());
            return t;
        }
        let (addr, pid) = rest.rsplit_once(':').unwrap_or_else(|| bad_peer(spec));
        let addr: SocketAddr = addr.parse().unwrap_or_else(|_| bad_peer(spec));
        t.pid = Some(pid.parse().unwrap_or_else(|_| bad_peer(spec)));
        match kind {
            "http" => t.http = Some(addr),
            "socks" => t.socks = Some(addr),
            _ => bad_peer(spec),
        }
        t
    }

    /// The protocol used for bulk transfers and the memory measurements.
    pub(crate) fn main_proto(&self) -> Proto {
        if self.plain.is_some() {
            Proto::Plain
        } else if self.http.is_some() {
            Proto::Connect
        } else {
            Proto::Socks5
        }
    }

    pub(crate) fn protos(&self) -> Vec<Proto> {
        let mut p = Vec::new();
        if self.plain.is_some() {
            p.push(Proto::Plain);
        }
        if self.http.is_some() {
            p.push(Proto::Connect);
        }
        if self.socks.is_some() {
            p.push(Proto::Socks5);
        }
        p
    }

    pub(crate) fn open(&self, proto: Proto, sink: SocketAddr) -> TcpStream {
        let s = match proto {
            Proto::Plain => TcpStream::connect(self.plain.unwrap()).unwrap(),
            Proto::Connect => http_connect(self.http.unwrap(), sink, self.auth),
            Proto::Socks5 => socks5_connect(self.socks.unwrap(), sink, self.auth),
        };
        s.set_nodelay(true).unwrap();
        s
    }
}

fn bad_peer(spec: &str) -> ! {
    panic!("--peer {spec}: expected NAME=http|socks:ADDR:PID or NAME=missing:WHY")
}

/// A CONNECT tunnel; fails loudly with what the proxy said when it is refused.
fn http_connect(proxy: SocketAddr, target: SocketAddr, auth: bool) -> TcpStream {
    let mut s = TcpStream::connect(proxy).unwrap();
    s.set_nodelay(true).unwrap();
    let mut request = format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n");
    if auth {
        let token = base64::engine::general_purpose::STANDARD.encode(format!("{USER}:{PASSWORD}"));
        request.push_str(&format!("Proxy-Authorization: Basic {token}\r\n"));
    }
    request.push_str("\r\n");
    s.write_all(request.as_bytes()).unwrap();
    // The sink never speaks first, so nothing follows the response head yet.
    let mut head = Vec::new();
    let mut buf = [0u8; 512];
    while !head.ends_with(b"\r\n\r\n") {
        let n = s.read(&mut buf).unwrap();
        assert!(n > 0, "{proxy} closed: {}", String::from_utf8_lossy(&head));
        head.extend_from_slice(&buf[..n]);
    }
    let status = String::from_utf8_lossy(&head);
    assert!(
        status.starts_with("HTTP/1.") && status[8..].trim_start().starts_with("200"),
        "{proxy} refused the tunnel: {status}"
    );
    s
}

/// A SOCKS5 tunnel as common clients open one: greeting, (username/password,) request, each
/// answered before the next is sent.
fn socks5_connect(proxy: SocketAddr, target: SocketAddr, auth: bool) -> TcpStream {
    let SocketAddr::V4(target) = target else {
        panic!("the sink listens on IPv4")
    };
    let mut s = TcpStream::connect(proxy).unwrap();
    s.set_nodelay(true).unwrap();
    let method = if auth { 2 } else { 0 };
    s.write_all(&[5, 1, method]).unwrap();
    let mut reply = [0u8; 2];
    s.read_exact(&mut reply).unwrap();
    assert_eq!(reply, [5, method], "{proxy}: SOCKS5 method refused");
    if auth {
        let mut m = vec![1, USER.len() as u8];
        m.extend_from_slice(USER.as_bytes());
        m.push(PASSWORD.len() as u8);
        m.extend_from_slice(PASSWORD.as_bytes());
        s.write_all(&m).unwrap();
        s.read_exact(&mut reply).unwrap();
        assert_eq!(reply[1], 0, "{proxy}: SOCKS5 authentication refused");
    }
    let mut request = vec![5, 1, 0, 1];
    request.extend_from_slice(&target.ip().octets());
    request.extend_from_slice(&target.port().to_be_bytes());
    s.write_all(&request).unwrap();
    let mut head = [0u8; 4];
    s.read_exact(&mut head).unwrap();
    assert_eq!(head[1], 0, "{proxy}: SOCKS5 request refused ({})", head[1]);
    let rest = match head[3] {
        1 => 6,
        4 => 18,
        3 => {
            let mut len = [0u8; 1];
            s.read_exact(&mut len).unwrap();
            usize::from(len[0]) + 2
        }
        other => panic!("{proxy}: SOCKS5 address type {other}"),
    };
    let mut skip = vec![0u8; rest];
    s.read_exact(&mut skip).unwrap();
    s
}
