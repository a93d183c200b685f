//! Where a connection's destination is dialled: directly (`destination::connect`), or, for a
//! Premium or Budget connection when that kind has active upstream pools (`pools.rs`; when all
//! of them are down the connection is refused, never sent out from the shop's own address),
//! through a pool. The pools serving the requested country are tried in the order of weighted
//! rendezvous hashing of the sticky session id (a random key for a rotating connection), at
//! most `MAX_TRIES`: each one is dialled with `upstream::chain::dial` (connected to, given the
//! credentials its templates render from the customer's targeting, asked for the destination,
//! all within `GatewayConfig::upstream_timeout`); the outcome and the time it took are counted
//! for the pool's health (`pools.rs`). A pool that refuses, times out, rejects the credentials or
//! answers with its own error is passed over for the next; an answer that blames the
//! destination (HTTP 502/504, SOCKS5 "unreachable"/"refused") ends the connection with that
//! error, untried elsewhere. Only once a pool has accepted does the caller answer the
//! customer; the tunnel then carries the customer's bytes alone, so the meter, the relay and
//! splice stay as they are. A plain HTTP request through an HTTP pool is sent to it in absolute
//! form with the rendered `Proxy-Authorization` instead (`http.rs`), and the pool's answer to it
//! is the connect's outcome (`count`): a 407 or the pool's own `Proxy-Status` error passes it
//! over for the next pool when the request has no body to replay.
//!
//! No pool's host, port or credential reaches a log line, a metric label (pools are named by
//! their name) or the customer.

use crate::descriptors::Held;
use crate::destination::{self, ConnectError};
use crate::lease::Lease;
use crate::shared::Shared;
use domain::Targeting;
use domain::pool_health::ConnectOutcome;
use domain::targeting::split_subuser;
use domain::upstream_pool::{PoolProtocol, PoolRoute, rendezvous_order};
use domain::{ProxyKind, UserId};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use tokio::net::TcpStream;
use upstream::chain::{DialError, credentials, dial, open, proxy_authorization};

/// Pools tried for one connection, at most.
pub(crate) const MAX_TRIES: usize = 3;

/// The `Proxy-Authorization` line a plain request carries to an HTTP pool; its `Debug` shows
/// nothing of it.
pub(crate) struct PoolAuth(String);

impl PoolAuth {
    pub(crate) fn line(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for PoolAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PoolAuth(..)")
    }
}

/// The pool a connection went through, to count what it carried when it ends.
#[derive(Debug)]
pub(crate) struct Carrier {
    pub(crate) id: i64,
    pub(crate) name: String,
    /// For a plain request through an HTTP pool: only the TCP connection is open, the request
    /// goes in absolute form with this line, and the pool's answer to it is the connect's
    /// outcome ([`answered`]).
    pub(crate) auth: Option<PoolAuth>,
    started: tokio::time::Instant,
}

/// What a connection asks to be dialled: for a connection of `kind` (None for a piece: always
/// direct) with the customer's `targeting`, `host`:`port`; `plain` for a plain HTTP request,
/// which an HTTP pool receives in absolute form rather than through a tunnel.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Want<'a> {
    /// The customer and the kind whose blocklists a resolved address is checked against.
    pub(crate) whose: (UserId, ProxyKind),
    pub(crate) kind: Option<ProxyKind>,
    pub(crate) targeting: Option<&'a Targeting>,
    pub(crate) host: &'a str,
    pub(crate) port: u16,
    pub(crate) plain: bool,
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

/// Dials what `want` asks for: through a pool when its kind has one, directly otherwise. The
/// pools in `tried` (those a plain request already failed on) are passed over, and each pool
/// dialled is added to it; at most `MAX_TRIES` in all.
pub(crate) async fn connect(
    shared: &Shared,
    want: Want<'_>,
    tried: &mut Vec<i64>,
) -> Result<(TcpStream, Held, Option<Carrier>), ConnectError> {
    let Want {
        whose: (user, rules_kind),
        kind,
        targeting,
        host,
        port,
        plain,
    } = want;
    let config = &shared.config;
    let routes = match kind.filter(|k| k.is_traffic()) {
        Some(kind) => shared.pools.carry(kind).await.map(|r| (kind, r)),
        None => None,
    };
    let Some((kind, routes)) = routes else {
        // The name was checked before the lookup (`Shared::blocked`); its addresses are here.
        // An address literal was that check itself: not looked up in the rules twice.
        let literal = host.trim_matches(['[', ']']).parse::<IpAddr>().is_ok();
        let refuse = |ip: IpAddr| {
            if literal {
                None
            } else {
                shared.blocked_address(user, rules_kind, ip, port)
            }
        };
        let connected = destination::connect(host, port, config, &shared.fds, &refuse).await;
        if let Err(refused) = &connected {
            // every address of the name was in a blocked range
            crate::shared::count_denied(refused);
        }
        let (stream, held) = connected?;
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
    let serving: Vec<&PoolRoute> = (routes.up.iter())
        .filter(|r| r.serves(kind, country))
        .collect();
    if serving.is_empty() {
        return Err(ConnectError::NoPool);
    }
    let weights: Vec<(i64, u32)> = serving.iter().map(|r| (r.id, r.weight)).collect();
    let key = targeting
        .and_then(|t| t.session.clone())
        .unwrap_or_else(|| domain::random::alphanumeric(12));
    let mut last = if tried.is_empty() {
        ConnectError::NoPool
    } else {
        ConnectError::PoolsFailed
    };
    let order = rendezvous_order(&key, &weights, serving.len());
    let untried: Vec<&PoolRoute> = order
        .into_iter()
        .map(|at| serving[at])
        .filter(|r| !tried.contains(&r.id))
        .collect();
    for route in untried
        .into_iter()
        .take(MAX_TRIES.saturating_sub(tried.len()))
    {
        tried.push(route.id);
        let Some(held) = shared.fds.take(1) else {
            metrics::counter!("proxyshop_gateway_refused_total", "reason" => "fd_reserve_destination")
                .increment(1);
            return Err(ConnectError::NoDescriptors);
        };
        let (user, pass) = credentials(route, targeting);
        let started = tokio::time::Instant::now();
        let absolute = plain && route.protocol == PoolProtocol::Http;
        let attempt = if absolute {
            open(route, config.upstream_timeout).await
        } else {
            dial(route, &user, &pass, host, port, config.upstream_timeout).await
        };
        let mut carrier = Carrier {
            id: route.id,
            name: route.name.clone(),
            auth: None,
            started,
        };
        match attempt {
            Ok(stream) if absolute => {
                // Counted once the pool answers the request (`answered`).
                carrier.auth = Some(PoolAuth(proxy_authorization(&user, &pass)));
                return Ok((stream, held, Some(carrier)));
            }
            Ok(stream) => {
                count(shared, &carrier, Ok(())).await;
                return Ok((stream, held, Some(carrier)));
            }
            Err(DialError::Destination { timed_out }) => {
                count(shared, &carrier, Err(DialError::Destination { timed_out })).await;
                return Err(ConnectError::DestinationFailed { timed_out });
            }
            Err(DialError::Pool(failure)) => {
                count(shared, &carrier, Err(DialError::Pool(failure))).await;
                tracing::debug!(
                    pool = route.id,
                    reason = failure.label(),
                    "upstream pool failed, trying the next"
                );
                last = ConnectError::PoolsFailed;
            }
        }
    }
    Err(last)
}

/// Counts the outcome of a connect through `carrier`'s pool for its health (`pools.rs`: a run
/// of the pool's own failures on live traffic marks it down until a probe succeeds) and its
/// metric. A plain request through an HTTP pool is counted when the pool answers it.
pub(crate) async fn count(shared: &Shared, carrier: &Carrier, outcome: Result<(), DialError>) {
    let (label, counted) = match outcome {
        Ok(()) => ("ok", ConnectOutcome::Ok),
        Err(DialError::Pool(failure)) => (failure.label(), ConnectOutcome::PoolFailed),
        Err(DialError::Destination { .. }) => {
            ("destination_error", ConnectOutcome::DestinationFailed)
        }
    };
    let took = carrier.started.elapsed();
    if shared.pools.connected(carrier.id, counted, took) {
        shared.pools.mark_down(carrier.id, label).await;
    }
    metrics::counter!("proxyshop_upstream_connects_total",
        "upstream" => carrier.name.clone(), "outcome" => label)
    .increment(1);
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
