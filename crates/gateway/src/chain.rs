//! Where a connection's destination is dialled: directly (`destination::connect`), or, for a
//! Premium or Budget connection when that kind has routable upstream pools (`pools.rs`),
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
//! splice stay as they are.
//!
//! No pool's host, port or credential reaches a log line, a metric label (pools are named by
//! their name) or the customer.

use crate::descriptors::Held;
use crate::destination::{self, ConnectError};
use crate::lease::Lease;
use crate::shared::Shared;
use domain::ProxyKind;
use domain::Targeting;
use domain::pool_health::ConnectOutcome;
use domain::targeting::split_subuser;
use domain::upstream_pool::{PoolRoute, rendezvous_order};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use tokio::net::TcpStream;
use upstream::chain::{DialError, credentials, dial};

/// Pools tried for one connection, at most.
pub(crate) const MAX_TRIES: usize = 3;

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
        let (user, pass) = credentials(route, targeting);
        let started = tokio::time::Instant::now();
        let attempt = dial(route, &user, &pass, host, port, config.upstream_timeout).await;
        let (outcome, counted) = match &attempt {
            Ok(_) => ("ok", ConnectOutcome::Ok),
            Err(DialError::Pool(failure)) => (failure.label(), ConnectOutcome::PoolFailed),
            Err(DialError::Destination { .. }) => {
                ("destination_error", ConnectOutcome::DestinationFailed)
            }
        };
        shared.pools.connected(route.id, counted, started.elapsed());
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
            Err(DialError::Destination { timed_out }) => {
                return Err(ConnectError::DestinationFailed { timed_out });
            }
            Err(DialError::Pool(failure)) => {
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
