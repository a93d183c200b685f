//! Which addresses belong to the public internet: what a server of ours may call on a
//! customer's behalf (a webhook, a proxied connection through the gateway) without reaching our
//! own networks. Loopback, private, link-local, shared (CGNAT), documentation, benchmarking,
//! multicast and reserved ranges are not public; an IPv6 form that carries an IPv4 address is
//! judged by that address.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Whether `ip` is an ordinary public unicast address.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
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
        || a >= 240) // reserved
}

fn public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let embedded = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    let internal = ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00 // unique local
        || (s[0] & 0xffc0) == 0xfe80 // link-local
        || (s[0] & 0xffc0) == 0xfec0 // site-local (deprecated)
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
        || (s[0] == 0x2001 && s[1] == 0) // Teredo: tunnels to an IPv4 address
        || (s[0] == 0x2001 && s[1] == 2 && s[2] == 0) // benchmarking
        || s[..4] == [0x100, 0, 0, 0] // discard-only
        // IPv4-mapped and SIIT-translated: a socket would leave over IPv4 to the embedded
        // address.
        || s[..6] == [0, 0, 0, 0, 0, 0xffff]
        || s[..6] == [0, 0, 0, 0, 0xffff, 0]
        || s[..3] == [0x64, 0xff9b, 1] // local-use NAT64
        // IPv4-compatible, NAT64 and 6to4 carry an IPv4 address the network may route to.
        || (s[..6] == [0; 6] && !public_v4(embedded(s[6], s[7])))
        || (s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] && !public_v4(embedded(s[6], s[7])))
        || (s[0] == 0x2002 && !public_v4(embedded(s[1], s[2])));
    !internal
}

/// A record's client address as a customer may see it: canonical (an IPv4-mapped IPv6 address
/// as IPv4), and only when public. An internal address is the shop's own network (the proxy
/// checker's connections, a balancer in front of the gateway), not the customer's machine.
pub fn public_source(text: &str) -> Option<String> {
    let ip = text.parse::<IpAddr>().ok()?.to_canonical();
    is_public(ip).then(|| ip.to_string())
}

#[cfg(test)]
mod tests {
    use super::{is_public, public_source};

    #[test]
    fn a_source_shows_canonical_and_public_only() {
        assert_eq!(public_source("8.8.4.4").as_deref(), Some("8.8.4.4"));
        assert_eq!(public_source("::ffff:8.8.4.4").as_deref(), Some("8.8.4.4"));
        assert_eq!(
            public_source("2606:4700::1111").as_deref(),
            Some("2606:4700::1111")
        );
        for hidden in [
            "127.0.0.1",
            "10.1.2.3",
            "172.17.0.1",
            "::1",
            "::ffff:10.0.0.1",
            "fd00::1",
            "nonsense",
        ] {
            assert_eq!(public_source(hidden), None, "{hidden}");
        }
    }

    #[test]
    fn internal_ranges_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:93.184.216.34",
            "64:ff9b::10.0.0.1",
            "2002:0a00:0001::1",
            "2001::1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "93.184.216.34",
            "8.8.8.8",
            "2606:4700::1111",
            "64:ff9b::808:808",
        ] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }
}
