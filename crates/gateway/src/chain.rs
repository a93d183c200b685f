//! Where a connection's destination is dialled: directly (`destination::connect`), or, for a
//! Premium or Budget connection when that kind has routable upstream pools (`pools.rs`),
//! through a pool. The pools serving the requested country are tried in the order of weighted
//! rendezvous hashing of the sticky session id (a random key for a rotating connection), at
//! most `MAX_TRIES`: each one is connected to, given the credentials its templates render from
//! the customer's targeting (HTTP CONNECT with `Proxy-Authorization: Basic`, or SOCKS5
//! username/password) and asked for the destination, all within
//! `GatewayConfig::upstream_timeout`. A pool that refuses, times out, rejects the credentials or
//! answers with its own error is passed over for the next; an answer that blames the
//! destination (HTTP 502/504, SOCKS5 "unreachable"/"refused") ends the connection with that
//! error, untried elsewhere. Only once a pool has accepted does the caller answer the
//! customer; the tunnel then carries the customer's bytes alone, so the meter, the relay and
//! splice stay as they are.
//!
//! No pool's host, port or credential reaches a log line, a metric label (pools are named by
//! their name) or the customer.

use crate::descriptors::Held;
use crate::destination::{self, ConnectError};
use crate::lease::Lease;
use crate::shared::Shared;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use domain::ProxyKind;
use domain::Targeting;
use domain::credential_template::TemplateValues;
use domain::targeting::split_subuser;
use domain::upstream_pool::{PoolProtocol, PoolRoute, rendezvous_order};
use std::io;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Pools tried for one connection, at most.
pub(crate) const MAX_TRIES: usize = 3;
/// Largest HTTP CONNECT answer head read from a pool.
const MAX_ANSWER: usize = 8 * 1024;

/// The pool a connection went through, to count what it carried when it ends.
#[derive(Debug, Clone)]
pub(crate) struct Carrier {
    pub(crate) id: i64,
    pub(crate) name: String,
}

/// The customer's targeting as their proxy username states it (a sub-user's too); without a
/// username (an allowlisted source) or with one that does not parse, none.
pub(crate) fn targeting(username: Option<&str>) -> Option<Targeting> {
    let username = username?;
    let parsed = match split_subuser(username) {
        Some((_, rest)) => Targeting::parse(&rest),
        None => Targeting::parse(username),
    };
    parsed.ok().map(|(_, t)| t)
}

/// Dials `host`:`port` for a connection of `kind` (None for a piece: always direct) with the
/// customer's `targeting`: through a pool when the kind has one, directly otherwise.
pub(crate) async fn connect(
    shared: &Shared,
    kind: Option<ProxyKind>,
    targeting: Option<&Targeting>,
    host: &str,
    port: u16,
) -> Result<(TcpStream, Held, Option<Carrier>), ConnectError> {
    let config = &shared.config;
    let routes = match kind.filter(|k| k.is_traffic()) {
        Some(kind) => shared.pools.carry(kind).await.map(|r| (kind, r)),
        None => None,
    };
    let Some((kind, routes)) = routes else {
        let (stream, held) = destination::connect(host, port, config, &shared.fds).await?;
        return Ok((stream, held, None));
    };
    if config.refused_ports.contains(&port) {
        return Err(ConnectError::RefusedPort);
    }
    // The pool reaches the destination from its own network, but an address of ours named
    // outright is refused as on the direct path.
    if let Ok(ip) = host.trim_matches(['[', ']']).parse::<IpAddr>()
        && !config.allow_private
        && destination::is_forbidden(ip)
    {
        return Err(ConnectError::ForbiddenAddress);
    }
    let country = targeting.and_then(|t| t.country.as_deref());
    let serving: Vec<&PoolRoute> = routes.iter().filter(|r| r.serves(kind, country)).collect();
    if serving.is_empty() {
        return Err(ConnectError::NoPool);
    }
    let weights: Vec<(i64, u32)> = serving.iter().map(|r| (r.id, r.weight)).collect();
    let key = targeting
        .and_then(|t| t.session.clone())
        .unwrap_or_else(|| domain::random::alphanumeric(12));
    let mut last = ConnectError::NoPool;
    for at in rendezvous_order(&key, &weights, MAX_TRIES) {
        let route = serving[at];
        let Some(held) = shared.fds.take(1) else {
            metrics::counter!("proxyshop_gateway_refused_total", "reason" => "fd_reserve_destination")
                .increment(1);
            return Err(ConnectError::NoDescriptors);
        };
        let attempt = tokio::time::timeout(
            config.upstream_timeout,
            through(route, targeting, host, port),
        )
        .await
        .unwrap_or(Err(Attempt::Next("timeout")));
        let outcome = match &attempt {
            Ok(_) => "ok",
            Err(Attempt::Next(reason)) => reason,
            Err(Attempt::Destination(_)) => "destination_error",
        };
        metrics::counter!("proxyshop_upstream_connects_total",
            "upstream" => route.name.clone(), "outcome" => outcome)
        .increment(1);
        match attempt {
            Ok(stream) => {
                let carrier = Carrier {
                    id: route.id,
                    name: route.name.clone(),
                };
                return Ok((stream, held, Some(carrier)));
            }
            Err(Attempt::Destination(e)) => return Err(e),
            Err(Attempt::Next(reason)) => {
                tracing::debug!(
                    pool = route.id,
                    reason,
                    "upstream pool failed, trying the next"
                );
                last = ConnectError::PoolsFailed;
            }
        }
    }
    Err(last)
}

/// Records the bytes a connection moved through its pool (none for a direct one), as its
/// meter counted them, and names the pool on the connection's record.
pub(crate) fn ended(shared: &Shared, carrier: Option<&Carrier>, lease: &mut Lease) {
    let Some(carrier) = carrier else { return };
    lease.trail.upstream = Some(carrier.id);
    let up = lease.up.load(Ordering::Relaxed);
    let down = lease.down.load(Ordering::Relaxed);
    shared.pools.carried(carrier.id, up + down);
    metrics::counter!("proxyshop_upstream_bytes_total",
        "upstream" => carrier.name.clone(), "direction" => "up")
    .increment(up);
    metrics::counter!("proxyshop_upstream_bytes_total",
        "upstream" => carrier.name.clone(), "direction" => "down")
    .increment(down);
}

/// How one pool's attempt failed.
#[derive(Debug)]
enum Attempt {
    /// The pool's own failure (refused, timed out, credentials rejected, its error): try the
    /// next, with the reason for the metrics.
    Next(&'static str),
    /// The pool reached its network but the destination failed: tell the customer.
    Destination(ConnectError),
}

fn io_next(_: io::Error) -> Attempt {
    Attempt::Next("connection_failed")
}

/// The credentials `route` renders for `targeting`.
fn credentials(route: &PoolRoute, targeting: Option<&Targeting>) -> (String, String) {
    let values = TemplateValues {
        username: &route.username,
        password: &route.password,
        country: targeting.and_then(|t| t.country.as_deref()),
        state: targeting.and_then(|t| t.state.as_deref()),
        city: targeting.and_then(|t| t.city.as_deref()),
        session: targeting.and_then(|t| t.session.as_deref()),
        lifetime_minutes: targeting.and_then(|t| t.lifetime_minutes),
    };
    (
        route.username_template.render(&values),
        route.password_template.render(&values),
    )
}

/// Connects to `route` and has it open `host`:`port`.
async fn through(
    route: &PoolRoute,
    targeting: Option<&Targeting>,
    host: &str,
    port: u16,
) -> Result<TcpStream, Attempt> {
    let stream = TcpStream::connect((route.host.as_str(), route.port))
        .await
        .map_err(|_| Attempt::Next("connect_failed"))?;
    let _ = stream.set_nodelay(true);
    let (user, pass) = credentials(route, targeting);
    match route.protocol {
        PoolProtocol::Http => http_connect(stream, &user, &pass, host, port).await,
        PoolProtocol::Socks5 => socks5_connect(stream, &user, &pass, host, port).await,
    }
}

/// `host` as the authority of a request: an IPv6 address in brackets.
fn authority(host: &str, port: u16) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

async fn http_connect(
    mut stream: TcpStream,
    user: &str,
    pass: &str,
    host: &str,
    port: u16,
) -> Result<TcpStream, Attempt> {
    let target = authority(host, port);
    let token = STANDARD.encode(format!("{user}:{pass}"));
    let request = format!(
        "CONNECT {target} HTTP/1.1\r\nHost: {target}\r\nProxy-Authorization: Basic {token}\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(io_next)?;
    let status = read_answer(&mut stream).await?;
    match status {
        200..=299 => Ok(stream),
        407 => Err(Attempt::Next("auth_rejected")),
        502 => Err(Attempt::Destination(ConnectError::DestinationFailed {
            timed_out: false,
        })),
        504 => Err(Attempt::Destination(ConnectError::DestinationFailed {
            timed_out: true,
        })),
        _ => Err(Attempt::Next("pool_error")),
    }
}

/// Reads the pool's answer head to a CONNECT and no byte past it (what follows is the
/// destination's and stays for the relay); its status code.
async fn read_answer(stream: &mut TcpStream) -> Result<u16, Attempt> {
    let mut head: Vec<u8> = Vec::new();
    let mut peeked = vec![0u8; MAX_ANSWER];
    loop {
        let n = stream.peek(&mut peeked).await.map_err(io_next)?;
        if n == 0 {
            return Err(Attempt::Next("closed"));
        }
        let mut seen = head.clone();
        seen.extend_from_slice(&peeked[..n]);
        let end = seen
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map(|p| p + 4);
        // Take what belongs to the head: up to its end, or all that arrived when the end has
        // not (a head is never followed by more of itself).
        let take = end.map_or(n, |e| e - head.len());
        let mut taken = vec![0u8; take];
        stream.read_exact(&mut taken).await.map_err(io_next)?;
        head.extend_from_slice(&taken);
        if end.is_some() {
            break;
        }
        if head.len() > MAX_ANSWER {
            return Err(Attempt::Next("pool_error"));
        }
    }
    let line = head.split(|b| *b == b'\n').next().unwrap_or_default();
    let mut words = line.split(|b| *b == b' ');
    let version = words.next().unwrap_or_default();
    let code = words
        .next()
        .and_then(|c| std::str::from_utf8(c).ok())
        .and_then(|c| c.trim().parse::<u16>().ok());
    match code {
        Some(code) if version.starts_with(b"HTTP/1.") => Ok(code),
        _ => Err(Attempt::Next("pool_error")),
    }
}

async fn socks5_connect(
    mut stream: TcpStream,
    user: &str,
    pass: &str,
    host: &str,
    port: u16,
) -> Result<TcpStream, Attempt> {
    let (Ok(user_len), Ok(pass_len)) = (u8::try_from(user.len()), u8::try_from(pass.len())) else {
        return Err(Attempt::Next("credentials_too_long"));
    };
    stream.write_all(&[5, 1, 2]).await.map_err(io_next)?;
    let mut choice = [0u8; 2];
    stream.read_exact(&mut choice).await.map_err(io_next)?;
    match choice {
        [5, 2] => {
            let mut auth = vec![1, user_len];
            auth.extend_from_slice(user.as_bytes());
            auth.push(pass_len);
            auth.extend_from_slice(pass.as_bytes());
            stream.write_all(&auth).await.map_err(io_next)?;
            let mut verdict = [0u8; 2];
            stream.read_exact(&mut verdict).await.map_err(io_next)?;
            if verdict[1] != 0 {
                return Err(Attempt::Next("auth_rejected"));
            }
        }
        [5, 0] => {}
        _ => return Err(Attempt::Next("auth_rejected")),
    }
    let mut request = vec![5, 1, 0];
    match host.trim_matches(['[', ']']).parse::<IpAddr>() {
        Ok(IpAddr::V4(ip)) => {
            request.push(1);
            request.extend_from_slice(&ip.octets());
        }
        Ok(IpAddr::V6(ip)) => {
            request.push(4);
            request.extend_from_slice(&ip.octets());
        }
        Err(_) => {
            let len = u8::try_from(host.len()).map_err(|_| {
                Attempt::Destination(ConnectError::DestinationFailed { timed_out: false })
            })?;
            request.push(3);
            request.push(len);
            request.extend_from_slice(host.as_bytes());
        }
    }
    request.extend_from_slice(&port.to_be_bytes());
    stream.write_all(&request).await.map_err(io_next)?;
    let mut reply = [0u8; 4];
    stream.read_exact(&mut reply).await.map_err(io_next)?;
    match reply[1] {
        0 => {}
        // Network or host unreachable, connection refused: the destination's.
        3..=5 => {
            return Err(Attempt::Destination(ConnectError::DestinationFailed {
                timed_out: false,
            }));
        }
        // TTL expired: the destination did not answer in time.
        6 => {
            return Err(Attempt::Destination(ConnectError::DestinationFailed {
                timed_out: true,
            }));
        }
        _ => return Err(Attempt::Next("pool_error")),
    }
    let bound = match reply[3] {
        1 => 4 + 2,
        4 => 16 + 2,
        3 => usize::from(stream.read_u8().await.map_err(io_next)?) + 2,
        _ => return Err(Attempt::Next("pool_error")),
    };
    let mut rest = vec![0u8; bound];
    stream.read_exact(&mut rest).await.map_err(io_next)?;
    Ok(stream)
}
