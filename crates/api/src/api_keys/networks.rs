//! The source addresses a key may be used from: single addresses and CIDR ranges, IPv4 and
//! IPv6. Stored comma-separated in their canonical form; an empty list allows any address.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// At most this many entries per key.
pub const MAX_ENTRIES: usize = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        ip.is_ipv4() == self.addr.is_ipv4() && mask(ip, self.bits) == self.addr
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

/// The stored list read back; entries that do not parse allow nothing.
pub fn load(stored: &str) -> Vec<Network> {
    stored
        .split(',')
        .filter(|s| !s.is_empty())
        .filter_map(Network::parse)
        .collect()
}

pub fn store(networks: &[Network]) -> String {
    networks
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether a key with `stored` allowed addresses may be used from `client` (the address as
/// `ClientIp` gives it). A client that is no address is refused by any non-empty list.
pub fn allows(stored: &str, client: &str) -> bool {
    if stored.is_empty() {
        return true;
    }
    let Ok(ip) = client.parse::<IpAddr>() else {
        return false;
    };
    load(stored).iter().any(|n| n.contains(ip))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn net(text: &str) -> Network {
        Network::parse(text).unwrap()
    }

    #[test]
    fn parses_addresses_and_ranges_of_both_families() {
        assert_eq!(net("203.0.113.7").to_string(), "203.0.113.7");
        assert_eq!(net("10.1.2.3/8").to_string(), "10.0.0.0/8");
        assert_eq!(net("0.0.0.0/0").to_string(), "0.0.0.0/0");
        assert_eq!(net("2001:db8::1/32").to_string(), "2001:db8::/32");
        assert_eq!(net(" ::1 ").to_string(), "::1");
        for bad in [
            "",
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/",
            "10.0.0.0/+8",
            "1.2.3",
            "host",
            "1.2.3.4/8/8",
        ] {
            assert_eq!(Network::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn matches_only_its_own_range() {
        assert!(net("10.0.0.0/8").contains("10.200.1.1".parse().unwrap()));
        assert!(!net("10.0.0.0/8").contains("11.0.0.1".parse().unwrap()));
        assert!(net("2001:db8::/32").contains("2001:db8:ffff::1".parse().unwrap()));
        assert!(!net("2001:db8::/32").contains("10.0.0.1".parse().unwrap()));
        // An IPv4 client seen through an IPv6 socket is still that IPv4 client.
        assert!(net("192.0.2.1").contains("::ffff:192.0.2.1".parse().unwrap()));
        assert!(allows("", "unknown"));
        assert!(!allows("10.0.0.0/8", "unknown"));
        assert!(allows("127.0.0.1,10.0.0.0/8", "10.9.9.9"));
    }
}
