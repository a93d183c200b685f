//! Addresses and networks: CIDR ranges (API key allowlists, trusted proxies), the key a client
//! address is limited by (`network_key`), and the client behind a chain of trusted proxies
//! (`client_address`, from `X-Forwarded-For`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// An address or a CIDR range, IPv4 or IPv6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Network {
    addr: IpAddr,
    bits: u8,
}

impl Network {
    /// `1.2.3.4`, `10.0.0.0/8`, `2001:db8::/32`; the host bits of a range are cleared.
    pub fn parse(text: &str) -> Option<Network> {
        let text = text.trim();
        let (addr, bits) = match text.split_once('/') {
            Some((addr, bits)) => {
                let addr: IpAddr = addr.parse().ok()?;
                // Digits only: no sign, no spaces.
                if bits.is_empty() || !bits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                (addr, bits.parse::<u8>().ok()?)
            }
            None => {
                let addr: IpAddr = text.parse().ok()?;
                (addr, max_bits(addr))
            }
        };
        if bits > max_bits(addr) {
            return None;
        }
        Some(Network {
            addr: mask(addr, bits),
            bits,
        })
    }

    /// Whether `ip` lies in this range; an IPv4 address seen through an IPv6 socket
    /// (`::ffff:a.b.c.d`) is that IPv4 address.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        ip.is_ipv4() == self.addr.is_ipv4() && mask(ip, self.bits) == self.addr
    }
}

impl Network {
    /// The one address `ip` (an IPv4 address seen through an IPv6 socket is that IPv4 address).
    pub fn host(ip: IpAddr) -> Network {
        let addr = ip.to_canonical();
        Network {
            addr,
            bits: max_bits(addr),
        }
    }

    pub fn is_ipv4(&self) -> bool {
        self.addr.is_ipv4()
    }

    /// The prefix length: 32 or 128 for a single address.
    pub fn prefix_len(&self) -> u8 {
        self.bits
    }

    /// The range of `bits` that holds this one, or None when this range is wider.
    pub fn within(&self, bits: u8) -> Option<Network> {
        (bits <= self.bits).then(|| Network {
            addr: mask(self.addr, bits),
            bits,
        })
    }

    /// Whether the two ranges share an address.
    pub fn overlaps(&self, other: &Network) -> bool {
        let shorter = if self.bits <= other.bits { self } else { other };
        let longer = if self.bits <= other.bits { other } else { self };
        shorter.contains(longer.addr)
    }

    /// Whether the range lies in the loopback, private, link-local, unique-local, unspecified
    /// or shared (CGNAT) address space, or holds part of it: not a customer's public address.
    pub fn is_internal(&self) -> bool {
        match self.addr {
            IpAddr::V4(v4) => {
                let [a, b, ..] = v4.octets();
                self.bits < 8
                    || v4.is_loopback()
                    || v4.is_private()
                    || v4.is_link_local()
                    || v4.is_unspecified()
                    || v4.is_broadcast()
                    || a == 0
                    || (a == 100 && (64..128).contains(&b))
            }
            IpAddr::V6(v6) => {
                let first = v6.segments()[0];
                self.bits < 7
                    || v6.is_loopback()
                    || v6.is_unspecified()
                    || (first & 0xfe00) == 0xfc00
                    || (first & 0xffc0) == 0xfe80
                    || v6.to_ipv4_mapped().is_some()
            }
        }
    }
}

impl std::fmt::Display for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.bits == max_bits(self.addr) {
            write!(f, "{}", self.addr)
        } else {
            write!(f, "{}/{}", self.addr, self.bits)
        }
    }
}

fn max_bits(addr: IpAddr) -> u8 {
    if addr.is_ipv4() { 32 } else { 128 }
}

fn mask(addr: IpAddr, bits: u8) -> IpAddr {
    match addr {
        IpAddr::V4(v4) => {
            let m = u32::MAX.checked_shl(32 - u32::from(bits)).unwrap_or(0);
            IpAddr::V4(Ipv4Addr::from(u32::from(v4) & m))
        }
        IpAddr::V6(v6) => {
            let m = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
            IpAddr::V6(Ipv6Addr::from(u128::from(v6) & m))
        }
    }
}

/// The key every per-address limit counts a client under: an IPv4 address alone, an IPv6
/// address by its /64 (one customer or host usually holds a whole /64, and could otherwise
/// take a fresh address for each attempt). `2001:db8:1:2::/64`, `203.0.113.9`; an IPv4 address
/// seen through an IPv6 socket is keyed as that IPv4 address.
pub fn network_key(ip: IpAddr) -> String {
    match ip.to_canonical() {
        v4 @ IpAddr::V4(_) => v4.to_string(),
        v6 @ IpAddr::V6(_) => format!("{}/64", mask(v6, 64)),
    }
}

/// `network_key` of an address given as text (as `ClientIp` holds it); text that is no
/// address (the peer was unknown) is its own key.
pub fn network_key_of(text: &str) -> String {
    text.parse::<IpAddr>()
        .map_or_else(|_| text.to_owned(), network_key)
}

/// The network a free trial is counted under: an IPv4 address by its /24, an IPv6 address by
/// its /64 (`203.0.113.0/24`, `2001:db8:1:2::/64`), so that taking the next address of the same
/// range does not earn another trial. Text that is no address (the peer was unknown) is its own
/// network.
pub fn trial_network_of(text: &str) -> String {
    match text.trim().parse::<IpAddr>() {
        Ok(ip) => trial_network(ip),
        Err(_) => text.to_owned(),
    }
}

/// `trial_network_of` of a parsed address.
pub fn trial_network(ip: IpAddr) -> String {
    match ip.to_canonical() {
        v4 @ IpAddr::V4(_) => format!("{}/24", mask(v4, 24)),
        v6 @ IpAddr::V6(_) => format!("{}/64", mask(v6, 64)),
    }
}

/// The trial network an operator typed (an address, or a range such as `203.0.113.0/24`):
/// the network holding its first address, or None when it is no address or range.
pub fn parse_trial_network(text: &str) -> Option<String> {
    let range = Network::parse(text)?;
    Some(trial_network(range.addr))
}

/// The longest trial network the API's document lets through (the pattern allows no longer
/// one but for whitespace around it).
pub const TRIAL_NETWORK_MAX_LEN: usize = 64;

/// What [`parse_trial_network`] accepts, as a pattern (ECMA-262 and Python, for the API's
/// document; the parser is the standard library's address reading, and the API's tests hold
/// the two together on samples): an IPv4 or IPv6 address, optionally with a prefix length of
/// at most 32 or 128, whitespace around. Narrower than the parser (IPv6 with an embedded IPv4
/// address is left out), so what the document calls valid is accepted.
pub fn trial_network_pattern() -> String {
    let octet = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
    let v4 = format!(r"{octet}(?:\.{octet}){{3}}(?:/0*(?:3[0-2]|[12]?[0-9]))?");
    let h = "[0-9A-Fa-f]{1,4}";
    let v6 = format!(
        "(?:(?:{h}:){{7}}{h}|(?:{h}:){{1,7}}:|(?:{h}:){{1,6}}:{h}|(?:{h}:){{1,5}}(?::{h}){{1,2}}\
         |(?:{h}:){{1,4}}(?::{h}){{1,3}}|(?:{h}:){{1,3}}(?::{h}){{1,4}}|(?:{h}:){{1,2}}(?::{h}){{1,5}}\
         |{h}:(?::{h}){{1,6}}|:(?:(?::{h}){{1,7}}|:))(?:/0*(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))?"
    );
    format!(r"^\s*(?:{v4}|{v6})\s*$")
}

/// The reverse proxies in front of the API whose `X-Forwarded-For` hops are believed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    networks: Vec<Network>,
    /// Deprecated `PROXYSHOP_TRUST_FORWARDED_FOR=true`: the TCP peer, whatever its address, is
    /// the one trusted proxy (its hop is believed, no further one).
    any_peer: bool,
}

impl TrustedProxies {
    /// No proxy is trusted: the client is the TCP peer.
    pub fn none() -> TrustedProxies {
        TrustedProxies::default()
    }

    pub fn new(networks: Vec<Network>) -> TrustedProxies {
        TrustedProxies {
            networks,
            any_peer: false,
        }
    }

    /// A comma-separated list of addresses and CIDR ranges (blank entries skipped); Err with
    /// the first entry that is neither.
    pub fn parse(list: &str) -> Result<TrustedProxies, String> {
        let networks = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| Network::parse(s).ok_or_else(|| s.to_owned()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TrustedProxies::new(networks))
    }

    /// Exactly one proxy, at whatever address the TCP peer has (the old
    /// `PROXYSHOP_TRUST_FORWARDED_FOR=true`).
    pub fn the_peer_only() -> TrustedProxies {
        TrustedProxies {
            networks: Vec::new(),
            any_peer: true,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.networks.is_empty() && !self.any_peer
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.networks.iter().any(|n| n.contains(ip))
    }

    /// The client behind `peer` (the TCP peer) given the `X-Forwarded-For` values in the order
    /// they arrived. Unless the peer is trusted, the peer is the client and the header is not
    /// read. Otherwise the hops are walked from the right (each one written by the trusted
    /// proxy to its right): the first that is not a trusted proxy is the client; when all are
    /// trusted, the left-most is. A hop that is not an address (`unknown`, a made-up name)
    /// ends the walk at the last address walked: what lies left of it cannot be told apart
    /// from what the client wrote. A hop may carry a port (`1.2.3.4:80`, `[2001:db8::1]:80`).
    pub fn client_address<'a>(
        &self,
        peer: IpAddr,
        forwarded_for: impl IntoIterator<Item = &'a str>,
    ) -> IpAddr {
        let peer = peer.to_canonical();
        if !(self.any_peer || self.trusts(peer)) {
            return peer;
        }
        let values: Vec<&str> = forwarded_for.into_iter().collect();
        let hops = values.iter().rev().flat_map(|v| v.rsplit(','));
        let mut client = peer;
        for hop in hops {
            let Some(ip) = parse_hop(hop) else {
                return client;
            };
            client = ip;
            // (With the deprecated single-proxy mode no hop is trusted: one hop is believed.)
            if !self.trusts(ip) {
                return client;
            }
        }
        client
    }
}

/// An `X-Forwarded-For` hop: an address, optionally with a port.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
#[path = "network_tests.rs"]
mod tests;
