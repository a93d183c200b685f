//! Where a customer may go: never to the gateway's own networks. A name is resolved here and
//! only addresses that pass the policy are connected to, so a name that resolves to a private
//! address (or DNS that changes its answer) cannot reach one.

use crate::config::GatewayConfig;
use crate::descriptors::{Descriptors, Held};
use domain::usage::Outcome;
use std::io;
use std::net::{IpAddr, SocketAddr};
use tokio::net::TcpStream;

/// Whose blocklist refused a destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Blocked {
    /// The operator's rules or a category file: the shop's acceptable use policy.
    ByShop,
    /// The customer's own blocklist.
    ByCustomer,
}

impl Blocked {
    /// The reason on the connection's record and the `proxyshop_gateway_denied_total` label.
    pub(crate) fn reason(self) -> &'static str {
        match self {
            Blocked::ByShop => "blocked_by_shop",
            Blocked::ByCustomer => "blocked_by_customer",
        }
    }

    /// The words the HTTP refusal's `Proxy-Status` details and body carry.
    pub(crate) fn details(self) -> &'static str {
        match self {
            Blocked::ByShop => "blocked by the shop's acceptable use policy",
            Blocked::ByCustomer => "blocked by your own blocklist",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum ConnectError {
    /// Every address of the destination is internal (private, loopback, link-local, …):
    /// the no-open-proxy rule.
    #[error("destination address not allowed")]
    ForbiddenAddress,
    /// The destination port is one of `GatewayConfig::refused_ports`.
    #[error("destination port not allowed")]
    RefusedPort,
    /// A blocked destination (`blocklist.rs`): the shop's rules or the customer's own list.
    #[error("destination blocked")]
    Blocked(Blocked),
    #[error("cannot resolve the destination: {0}")]
    Resolve(io::Error),
    #[error("cannot connect: {0}")]
    Connect(io::Error),
    #[error("timed out")]
    Timeout,
    /// The gateway holds its budget of descriptors (`descriptors.rs`).
    #[error("out of descriptors")]
    NoDescriptors,
    /// The kind has upstream pools, but none serves the requested country (`chain.rs`).
    #[error("no upstream pool serves the request")]
    NoPool,
    /// Every upstream pool tried failed before the destination was reached (`chain.rs`).
    #[error("the upstream pools failed")]
    PoolsFailed,
    /// An upstream pool reached its network and says the destination failed (`chain.rs`).
    #[error("the destination failed behind the upstream pool")]
    DestinationFailed { timed_out: bool },
}

/// How a failed connect to the target ends the connection's usage record.
pub(crate) fn failure(e: &ConnectError) -> (Outcome, &'static str) {
    match e {
        ConnectError::ForbiddenAddress | ConnectError::RefusedPort => {
            (Outcome::Refused, "destination_not_allowed")
        }
        ConnectError::Blocked(by) => (Outcome::Refused, by.reason()),
        ConnectError::Resolve(_) => (Outcome::UpstreamError, "resolve_failed"),
        ConnectError::Connect(_) => (Outcome::UpstreamError, "connect_failed"),
        ConnectError::Timeout => (Outcome::UpstreamError, "timeout"),
        ConnectError::NoDescriptors => (Outcome::UpstreamError, "gateway_busy"),
        ConnectError::NoPool => (Outcome::UpstreamError, "no_pool_serves"),
        ConnectError::PoolsFailed => (Outcome::UpstreamError, "pools_failed"),
        ConnectError::DestinationFailed { timed_out: false } => {
            (Outcome::UpstreamError, "connect_failed")
        }
        ConnectError::DestinationFailed { timed_out: true } => (Outcome::UpstreamError, "timeout"),
    }
}

/// Whether `ip` lies in a range a public proxy must not reach: anything but an ordinary public
/// unicast address (`domain::address_space`, the same rule the webhooks follow).
pub(crate) fn is_forbidden(ip: IpAddr) -> bool {
    !domain::address_space::is_public(ip)
}

/// Why a resolved address may not be reached (a blocklist's range), if it may not.
pub(crate) type Refuse<'a> = &'a (dyn Fn(IpAddr) -> Option<ConnectError> + Sync);

/// Resolves `host` and connects to the first allowed address that answers, all within the
/// connect timeout; a refused destination port is refused before any lookup. An address that
/// `refuse` refuses is passed over like an internal one: a name that resolves only into blocked
/// ranges is refused as the range is. The socket's descriptor is taken from `fds` first, and
/// counted until the `Held` is dropped.
pub(crate) async fn connect(
    host: &str,
    port: u16,
    config: &GatewayConfig,
    fds: &Descriptors,
    refuse: Refuse<'_>,
) -> Result<(TcpStream, Held), ConnectError> {
    if config.refused_ports.contains(&port) {
        return Err(ConnectError::RefusedPort);
    }
    let Some(held) = fds.take(1) else {
        metrics::counter!("proxyshop_gateway_refused_total", "reason" => "fd_reserve_destination")
            .increment(1);
        return Err(ConnectError::NoDescriptors);
    };
    let stream = tokio::time::timeout(
        config.connect_timeout,
        connect_inner(host, port, config.allow_private, refuse),
    )
    .await
    .map_err(|_| ConnectError::Timeout)??;
    Ok((stream, held))
}

async fn connect_inner(
    host: &str,
    port: u16,
    allow_private: bool,
    refuse: Refuse<'_>,
) -> Result<TcpStream, ConnectError> {
    let resolved: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
        .await
        .map_err(ConnectError::Resolve)?
        .collect();
    let mut refused = None;
    let allowed: Vec<SocketAddr> = resolved
        .iter()
        .copied()
        .filter(|a| allow_private || !is_forbidden(a.ip()))
        .filter(|a| match refuse(a.ip()) {
            Some(why) => {
                refused.get_or_insert(why);
                false
            }
            None => true,
        })
        .collect();
    if resolved.is_empty() {
        return Err(ConnectError::Resolve(io::Error::new(
            io::ErrorKind::NotFound,
            "no address",
        )));
    }
    if allowed.is_empty() {
        return Err(refused.unwrap_or(ConnectError::ForbiddenAddress));
    }
    let mut last = None;
    for addr in allowed {
        match TcpStream::connect(addr).await {
            Ok(stream) => {
                let _ = stream.set_nodelay(true);
                return Ok(stream);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(ConnectError::Connect(
        last.unwrap_or_else(|| io::Error::other("no address")),
    ))
}

#[cfg(test)]
mod tests {
    use super::is_forbidden;

    #[test]
    fn refuses_internal_ranges_and_allows_public_ones() {
        for bad in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "224.0.0.1",
            "255.255.255.255",
            "100.64.0.1",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd12::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::127.0.0.1",
            "64:ff9b::a00:1",
            "64:ff9b::7f00:1",
            "64:ff9b::a9fe:a9fe",
            "2002:c0a8:0101::1",
            // Every IPv4-mapped and SIIT IPv4-translated address, public ones included.
            "::ffff:8.8.8.8",
            "::ffff:0:8.8.8.8",
            "::ffff:0:127.0.0.1",
            // Local-use NAT64, whatever the embedded address.
            "64:ff9b:1::808:808",
            "64:ff9b:1:ffff::1",
            // Teredo, benchmarking, discard-only.
            "2001::1",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            "2001:2::1",
            "100::1",
        ] {
            assert!(is_forbidden(bad.parse().unwrap()), "{bad} must be refused");
        }
        for good in [
            "8.8.8.8",
            "1.1.1.1",
            "2606:4700::1111",
            "2002:808:808::1",
            "64:ff9b::808:808",
            "2001:4860:4860::8888",
        ] {
            assert!(
                !is_forbidden(good.parse().unwrap()),
                "{good} must be allowed"
            );
        }
    }
}
