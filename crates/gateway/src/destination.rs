//! Where a customer may go: never to the gateway's own networks. A name is resolved here and
//! only addresses that pass the policy are connected to, so a name that resolves to a private
//! address (or DNS that changes its answer) cannot reach one.

use crate::config::GatewayConfig;
use crate::descriptors::{Descriptors, Held};
use domain::usage::Outcome;
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use tokio::net::TcpStream;

#[derive(Debug, thiserror::Error)]
pub(crate) enum ConnectError {
    #[error("destination not allowed")]
    NotAllowed,
    #[error("cannot resolve the destination: {0}")]
    Resolve(io::Error),
    #[error("cannot connect: {0}")]
    Connect(io::Error),
    #[error("timed out")]
    Timeout,
    /// The gateway holds its budget of descriptors (`descriptors.rs`).
    #[error("out of descriptors")]
    NoDescriptors,
}

/// How a failed connect to the target ends the connection's usage record.
pub(crate) fn failure(e: &ConnectError) -> (Outcome, &'static str) {
    match e {
        ConnectError::NotAllowed => (Outcome::Refused, "destination_not_allowed"),
        ConnectError::Resolve(_) => (Outcome::UpstreamError, "resolve_failed"),
        ConnectError::Connect(_) => (Outcome::UpstreamError, "connect_failed"),
        ConnectError::Timeout => (Outcome::UpstreamError, "timeout"),
        ConnectError::NoDescriptors => (Outcome::UpstreamError, "gateway_busy"),
    }
}

/// Whether `ip` lies in a range a public proxy must not reach (loopback, private, link-local,
/// unspecified, multicast, shared, reserved; IPv6 forms that embed an IPv4 address are judged
/// by that address).
pub(crate) fn is_forbidden(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => forbidden_v4(v4),
        IpAddr::V6(v6) => forbidden_v6(v6),
    }
}

fn forbidden_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0 // "this network"
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240 // reserved
}

fn forbidden_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let embedded = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00 // unique local
        || (s[0] & 0xffc0) == 0xfe80 // link-local
        || (s[0] & 0xffc0) == 0xfec0 // site-local (deprecated)
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
        || (s[0] == 0x2001 && s[1] == 0) // Teredo (2001::/32): tunnels to an IPv4 address
        || (s[0] == 0x2001 && s[1] == 2 && s[2] == 0) // benchmarking (2001:2::/48)
        || s[..4] == [0x100, 0, 0, 0] // discard-only (100::/64)
        // IPv4-mapped (::ffff:0:0/96) and SIIT IPv4-translated (::ffff:0:0:0/96): a socket
        // would leave over IPv4 to the embedded address; customers name IPv4 destinations
        // directly instead.
        || s[..6] == [0, 0, 0, 0, 0, 0xffff]
        || s[..6] == [0, 0, 0, 0, 0xffff, 0]
        // Local-use NAT64 (64:ff9b:1::/48, RFC 8215): translated by the operator's own network.
        || s[..3] == [0x64, 0xff9b, 1]
        // IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4
        // address that the network may route to.
        || (s[..6] == [0; 6] && forbidden_v4(embedded(s[6], s[7])))
        || (s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] && forbidden_v4(embedded(s[6], s[7])))
        || (s[0] == 0x2002 && forbidden_v4(embedded(s[1], s[2])))
}

/// Resolves `host` and connects to the first allowed address that answers, all within the
/// connect timeout; a refused destination port is refused before any lookup. The socket's
/// descriptor is taken from `fds` first, and counted until the `Held` is dropped.
pub(crate) async fn connect(
    host: &str,
    port: u16,
    config: &GatewayConfig,
    fds: &Descriptors,
) -> Result<(TcpStream, Held), ConnectError> {
    if config.refused_ports.contains(&port) {
        return Err(ConnectError::NotAllowed);
    }
    let Some(held) = fds.take(1) else {
        metrics::counter!("proxyshop_gateway_refused_total", "reason" => "fd_reserve_destination")
            .increment(1);
        return Err(ConnectError::NoDescriptors);
    };
    let stream = tokio::time::timeout(
        config.connect_timeout,
        connect_inner(host, port, config.allow_private),
    )
    .await
    .map_err(|_| ConnectError::Timeout)??;
    Ok((stream, held))
}

async fn connect_inner(
    host: &str,
    port: u16,
    allow_private: bool,
) -> Result<TcpStream, ConnectError> {
    let resolved: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
        .await
        .map_err(ConnectError::Resolve)?
        .collect();
    let allowed: Vec<SocketAddr> = resolved
        .iter()
        .copied()
        .filter(|a| allow_private || !is_forbidden(a.ip()))
        .collect();
    if allowed.is_empty() {
        return Err(if resolved.is_empty() {
            ConnectError::Resolve(io::Error::new(io::ErrorKind::NotFound, "no address"))
        } else {
            ConnectError::NotAllowed
        });
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
