//! The gateway node's own settings: its database pool, its limits, and how it stops
//! (docs/configuration.md, "Gateway").

use super::source::{ConfigError, Source, bad, whole};
use std::time::Duration;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewaySettings {
    /// Connections of the gateway's own database pool (`PROXYSHOP_GATEWAY_DB_POOL_SIZE`), apart
    /// from the API's: a burst of proxy connections cannot starve the API of connections.
    pub pool_size: u32,
    /// Live connections of one customer on one node
    /// (`PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER`).
    pub max_connections_per_customer: usize,
    /// The same for a customer on a free trial
    /// (`PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_TRIAL`, at most the former).
    pub max_connections_per_trial: usize,
    /// Connections not yet authenticated, in all (`PROXYSHOP_GATEWAY_MAX_UNAUTHENTICATED`).
    pub max_unauthenticated: usize,
    /// A request head or SOCKS5 handshake must arrive within this
    /// (`PROXYSHOP_GATEWAY_HANDSHAKE_TIMEOUT_SECS`).
    pub handshake_timeout: Duration,
    /// A tunnel that moves nothing for this long is closed
    /// (`PROXYSHOP_GATEWAY_IDLE_TIMEOUT_SECS`); near the descriptor budget, after
    /// `idle_timeout_crowded` (`PROXYSHOP_GATEWAY_IDLE_TIMEOUT_CROWDED_SECS`, at most the
    /// former; docs/operations.md, "File descriptors").
    pub idle_timeout: Duration,
    pub idle_timeout_crowded: Duration,
    /// A tunnel one side has closed is closed after this long without traffic
    /// (`PROXYSHOP_GATEWAY_HALF_CLOSED_TIMEOUT_SECS`).
    pub half_closed_timeout: Duration,
    /// How long an upstream pool has to accept a connection and open its destination before
    /// the next pool is tried (`PROXYSHOP_GATEWAY_UPSTREAM_TIMEOUT_SECS`).
    pub upstream_timeout: Duration,
    /// At a stop, how long live tunnels may finish before they are closed and the leases
    /// settled (`PROXYSHOP_GATEWAY_DRAIN_SECS`).
    pub drain: Duration,
    /// Gateway nodes sharing the database (`PROXYSHOP_GATEWAY_EXPECTED_NODES`): each leases
    /// `max(1 % of a purchase, 16 MB) / nodes` at a time.
    pub expected_nodes: u32,
    /// File descriptors kept for the rest of the process (the API) out of the open-file limit
    /// (`PROXYSHOP_GATEWAY_FD_RESERVE`): the gateway closes new connections rather than take them.
    pub fd_reserve: usize,
    /// A crashed node's leases are settled as used this long after its last flush
    /// (`PROXYSHOP_GATEWAY_LEASE_TTL_SECS`, at least 10: well above the 3 s flush).
    pub lease_ttl: Duration,
}

/// A whole number of at least 1.
fn at_least_one(src: &Source, key: &'static str, default: u32) -> Result<u32, ConfigError> {
    match whole(src, key, default)? {
        0 => Err(bad(key, "must be at least 1")),
        n => Ok(n),
    }
}

fn secs(n: u32) -> Duration {
    Duration::from_secs(u64::from(n))
}

impl GatewaySettings {
    pub(super) fn from_source(src: &Source) -> Result<GatewaySettings, ConfigError> {
        Ok(GatewaySettings {
            pool_size: at_least_one(src, "PROXYSHOP_GATEWAY_DB_POOL_SIZE", 8)?,
            max_connections_per_customer: at_least_one(
                src,
                "PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER",
                256,
            )? as usize,
            max_connections_per_trial: at_least_one(
                src,
                "PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_TRIAL",
                32,
            )? as usize,
            max_unauthenticated: at_least_one(src, "PROXYSHOP_GATEWAY_MAX_UNAUTHENTICATED", 4096)?
                as usize,
            handshake_timeout: Duration::from_secs(u64::from(at_least_one(
                src,
                "PROXYSHOP_GATEWAY_HANDSHAKE_TIMEOUT_SECS",
                10,
            )?)),
            idle_timeout: secs(at_least_one(
                src,
                "PROXYSHOP_GATEWAY_IDLE_TIMEOUT_SECS",
                300,
            )?),
            idle_timeout_crowded: secs(at_least_one(
                src,
                "PROXYSHOP_GATEWAY_IDLE_TIMEOUT_CROWDED_SECS",
                30,
            )?),
            half_closed_timeout: secs(at_least_one(
                src,
                "PROXYSHOP_GATEWAY_HALF_CLOSED_TIMEOUT_SECS",
                30,
            )?),
            upstream_timeout: secs(at_least_one(
                src,
                "PROXYSHOP_GATEWAY_UPSTREAM_TIMEOUT_SECS",
                5,
            )?),
            drain: Duration::from_secs(u64::from(whole(src, "PROXYSHOP_GATEWAY_DRAIN_SECS", 30)?)),
            expected_nodes: at_least_one(src, "PROXYSHOP_GATEWAY_EXPECTED_NODES", 1)?,
            fd_reserve: at_least_one(src, "PROXYSHOP_GATEWAY_FD_RESERVE", 1024)? as usize,
            lease_ttl: match whole(src, "PROXYSHOP_GATEWAY_LEASE_TTL_SECS", 30)? {
                ttl @ 10.. => Duration::from_secs(u64::from(ttl)),
                _ => {
                    return Err(bad(
                        "PROXYSHOP_GATEWAY_LEASE_TTL_SECS",
                        "must be at least 10",
                    ));
                }
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(pairs: &[(&str, &str)]) -> Result<GatewaySettings, ConfigError> {
        GatewaySettings::from_source(&Source::from_pairs(pairs))
    }

    #[test]
    fn defaults_and_errors_naming_the_key() {
        let d = settings(&[]).unwrap();
        assert_eq!(d.max_connections_per_customer, 256);
        assert_eq!(d.max_unauthenticated, 4096);
        assert_eq!(d.handshake_timeout, Duration::from_secs(10));
        assert_eq!(d.drain, Duration::from_secs(30));
        assert_eq!((d.pool_size, d.expected_nodes), (8, 1));
        assert_eq!(d.fd_reserve, 1024);
        assert_eq!(d.lease_ttl, Duration::from_secs(30));
        assert_eq!(d.idle_timeout, Duration::from_secs(300));
        assert_eq!(d.max_connections_per_trial, 32);
        assert_eq!(d.idle_timeout_crowded, Duration::from_secs(30));
        assert_eq!(d.half_closed_timeout, Duration::from_secs(30));
        assert_eq!(d.upstream_timeout, Duration::from_secs(5));
        let set = settings(&[
            ("PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER", "16"),
            ("PROXYSHOP_GATEWAY_HANDSHAKE_TIMEOUT_SECS", "3"),
            ("PROXYSHOP_GATEWAY_DRAIN_SECS", "0"),
            ("PROXYSHOP_GATEWAY_EXPECTED_NODES", "4"),
            ("PROXYSHOP_GATEWAY_FD_RESERVE", "200"),
            ("PROXYSHOP_GATEWAY_LEASE_TTL_SECS", "10"),
            ("PROXYSHOP_GATEWAY_IDLE_TIMEOUT_SECS", "120"),
            ("PROXYSHOP_GATEWAY_IDLE_TIMEOUT_CROWDED_SECS", "5"),
            ("PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_TRIAL", "4"),
            ("PROXYSHOP_GATEWAY_HALF_CLOSED_TIMEOUT_SECS", "7"),
            ("PROXYSHOP_GATEWAY_UPSTREAM_TIMEOUT_SECS", "2"),
        ])
        .unwrap();
        assert_eq!(set.half_closed_timeout, Duration::from_secs(7));
        assert_eq!(set.upstream_timeout, Duration::from_secs(2));
        let err = settings(&[("PROXYSHOP_GATEWAY_UPSTREAM_TIMEOUT_SECS", "0")]).unwrap_err();
        assert_eq!(err.key, "PROXYSHOP_GATEWAY_UPSTREAM_TIMEOUT_SECS");
        let err = settings(&[("PROXYSHOP_GATEWAY_HALF_CLOSED_TIMEOUT_SECS", "0")]).unwrap_err();
        assert_eq!(err.key, "PROXYSHOP_GATEWAY_HALF_CLOSED_TIMEOUT_SECS");
        assert_eq!(set.max_connections_per_trial, 4);
        assert_eq!(set.idle_timeout, Duration::from_secs(120));
        assert_eq!(set.idle_timeout_crowded, Duration::from_secs(5));
        let err = settings(&[("PROXYSHOP_GATEWAY_IDLE_TIMEOUT_CROWDED_SECS", "0")]).unwrap_err();
        assert_eq!(err.key, "PROXYSHOP_GATEWAY_IDLE_TIMEOUT_CROWDED_SECS");
        assert_eq!(set.fd_reserve, 200);
        assert_eq!(set.lease_ttl, Duration::from_secs(10));
        assert_eq!(set.max_connections_per_customer, 16);
        assert_eq!(set.handshake_timeout, Duration::from_secs(3));
        assert_eq!(set.drain, Duration::ZERO);
        assert_eq!(set.expected_nodes, 4);
        let err = settings(&[("PROXYSHOP_GATEWAY_MAX_UNAUTHENTICATED", "0")]).unwrap_err();
        assert_eq!(err.key, "PROXYSHOP_GATEWAY_MAX_UNAUTHENTICATED");
        let err = settings(&[("PROXYSHOP_GATEWAY_LEASE_TTL_SECS", "3")]).unwrap_err();
        assert_eq!(err.key, "PROXYSHOP_GATEWAY_LEASE_TTL_SECS");
        let err = settings(&[("PROXYSHOP_GATEWAY_FD_RESERVE", "0")]).unwrap_err();
        assert_eq!(err.key, "PROXYSHOP_GATEWAY_FD_RESERVE");
        let err = settings(&[("PROXYSHOP_GATEWAY_DB_POOL_SIZE", "many")]).unwrap_err();
        assert_eq!(err.key, "PROXYSHOP_GATEWAY_DB_POOL_SIZE");
    }
}
