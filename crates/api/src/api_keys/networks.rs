//! The source addresses a key may be used from: single addresses and CIDR ranges, IPv4 and
//! IPv6. Stored comma-separated in their canonical form; an empty list allows any address.

pub use domain::network::Network;
use std::net::IpAddr;

/// At most this many entries per key.
pub const MAX_ENTRIES: usize = 20;

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

    #[test]
    fn an_empty_list_allows_anyone_and_a_list_only_its_members() {
        assert!(allows("", "unknown"));
        assert!(!allows("10.0.0.0/8", "unknown"));
        assert!(allows("127.0.0.1,10.0.0.0/8", "10.9.9.9"));
        assert!(!allows("127.0.0.1,10.0.0.0/8", "11.0.0.1"));
        let stored = store(&[Network::parse("10.1.2.3/8").unwrap()]);
        assert_eq!(stored, "10.0.0.0/8");
        assert_eq!(load(&stored).len(), 1);
    }
}
