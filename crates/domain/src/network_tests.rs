#![allow(clippy::unwrap_used)]

use super::*;

fn net(text: &str) -> Network {
    Network::parse(text).unwrap()
}

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
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
    assert!(net("10.0.0.0/8").contains(ip("10.200.1.1")));
    assert!(!net("10.0.0.0/8").contains(ip("11.0.0.1")));
    assert!(net("2001:db8::/32").contains(ip("2001:db8:ffff::1")));
    assert!(!net("2001:db8::/32").contains(ip("10.0.0.1")));
    // An IPv4 client seen through an IPv6 socket is still that IPv4 client.
    assert!(net("192.0.2.1").contains(ip("::ffff:192.0.2.1")));
}

#[test]
fn ipv4_is_keyed_by_address_and_ipv6_by_its_64() {
    assert_eq!(network_key(ip("203.0.113.9")), "203.0.113.9");
    assert_ne!(
        network_key(ip("203.0.113.9")),
        network_key(ip("203.0.113.10"))
    );
    assert_eq!(network_key(ip("::ffff:203.0.113.9")), "203.0.113.9");
    assert_eq!(
        network_key(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
        "2001:db8:1:2::/64"
    );
    // Every address of one /64 is one key; the next /64 is another.
    assert_eq!(
        network_key(ip("2001:db8:1:2::1")),
        network_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff"))
    );
    assert_ne!(
        network_key(ip("2001:db8:1:2::1")),
        network_key(ip("2001:db8:1:3::1"))
    );
    assert_eq!(network_key(ip("::1")), "::/64");
    assert_eq!(network_key_of("2001:db8::7"), "2001:db8::/64");
    assert_eq!(network_key_of("unknown"), "unknown");
}

fn trusted(list: &str) -> TrustedProxies {
    TrustedProxies::parse(list).unwrap()
}

fn walk(proxies: &TrustedProxies, peer: &str, headers: &[&str]) -> String {
    proxies
        .client_address(ip(peer), headers.iter().copied())
        .to_string()
}

#[test]
fn the_list_parses_or_names_the_bad_entry() {
    assert!(trusted("").is_empty());
    assert!(trusted(" , ").is_empty());
    assert!(!trusted("10.0.0.0/8, 2001:db8::1").is_empty());
    assert_eq!(
        TrustedProxies::parse("10.0.0.0/8,proxy.local"),
        Err("proxy.local".to_owned())
    );
    assert!(!TrustedProxies::the_peer_only().is_empty());
}

#[test]
fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
    let none = TrustedProxies::none();
    assert_eq!(walk(&none, "198.51.100.7", &["10.0.0.1"]), "198.51.100.7");
    let lb = trusted("10.0.0.0/8");
    assert_eq!(walk(&lb, "198.51.100.7", &["10.0.0.1"]), "198.51.100.7");
}

#[test]
fn spoofed_left_hops_are_not_believed() {
    let lb = trusted("10.0.0.0/8");
    // The client wrote "1.1.1.1, 10.9.9.9"; the balancer appended the address it saw.
    assert_eq!(
        walk(&lb, "10.0.0.2", &["1.1.1.1, 10.9.9.9, 203.0.113.5"]),
        "203.0.113.5"
    );
    // Two trusted proxies in a row: the walk passes both.
    assert_eq!(
        walk(&lb, "10.0.0.2", &["6.6.6.6, 203.0.113.5, 10.0.0.3"]),
        "203.0.113.5"
    );
    // Several header lines are one list, in order.
    assert_eq!(
        walk(&lb, "10.0.0.2", &["6.6.6.6", "203.0.113.5", "10.0.0.3"]),
        "203.0.113.5"
    );
}

#[test]
fn an_all_trusted_chain_gives_its_left_most_hop() {
    let lb = trusted("10.0.0.0/8");
    assert_eq!(walk(&lb, "10.0.0.2", &["10.1.1.1, 10.0.0.3"]), "10.1.1.1");
    // No header at all: the trusted peer is the client.
    assert_eq!(walk(&lb, "10.0.0.2", &[]), "10.0.0.2");
}

#[test]
fn a_hop_that_is_no_address_ends_the_walk() {
    let lb = trusted("10.0.0.0/8");
    assert_eq!(
        walk(&lb, "10.0.0.2", &["203.0.113.5, unknown, 10.0.0.3"]),
        "10.0.0.3"
    );
    assert_eq!(walk(&lb, "10.0.0.2", &["garbage"]), "10.0.0.2");
    assert_eq!(walk(&lb, "10.0.0.2", &[""]), "10.0.0.2");
    assert_eq!(walk(&lb, "10.0.0.2", &["203.0.113.5,"]), "10.0.0.2");
    // With a port, a hop is still an address.
    assert_eq!(walk(&lb, "10.0.0.2", &["203.0.113.5:4711"]), "203.0.113.5");
}

#[test]
fn ipv6_peers_and_hops() {
    let lb = trusted("2001:db8:ffff::/48, 10.0.0.0/8");
    assert_eq!(
        walk(
            &lb,
            "2001:db8:ffff::1",
            &["6.6.6.6, 2001:db8:1:2::7, 2001:db8:ffff::2"]
        ),
        "2001:db8:1:2::7"
    );
    assert_eq!(
        walk(&lb, "2001:db8:ffff::1", &["[2001:db8:1:2::7]:443"]),
        "2001:db8:1:2::7"
    );
    // A trusted IPv4 balancer seen through a dual-stack socket.
    assert_eq!(
        walk(&lb, "::ffff:10.0.0.2", &["203.0.113.5"]),
        "203.0.113.5"
    );
    // An untrusted IPv6 peer is the client.
    assert_eq!(
        walk(&lb, "2001:db8:1::9", &["203.0.113.5"]),
        "2001:db8:1::9"
    );
}

#[test]
fn the_deprecated_single_proxy_mode_believes_one_hop() {
    let one = TrustedProxies::the_peer_only();
    assert_eq!(
        walk(&one, "192.0.2.1", &["fake, 10.0.0.9, 203.0.113.5"]),
        "203.0.113.5"
    );
    assert_eq!(walk(&one, "192.0.2.1", &["garbage"]), "192.0.2.1");
    assert_eq!(walk(&one, "192.0.2.1", &[]), "192.0.2.1");
}

#[test]
fn ranges_overlap_when_one_holds_the_other() {
    assert!(net("203.0.113.0/24").overlaps(&net("203.0.113.9")));
    assert!(net("203.0.113.9").overlaps(&net("203.0.113.0/24")));
    assert!(net("203.0.113.9").overlaps(&net("203.0.113.9")));
    assert!(!net("203.0.113.0/25").overlaps(&net("203.0.113.128/25")));
    assert!(!net("203.0.113.9").overlaps(&net("2001:db8::1")));
    assert!(net("2a00:1::/48").overlaps(&net("2a00:1:0:5::1")));
    assert_eq!(net("203.0.113.9").within(24), Some(net("203.0.113.0/24")));
    assert_eq!(net("203.0.113.0/16").within(24), None);
    assert_eq!(net("2a00:1:2:3::1").within(48), Some(net("2a00:1:2::/48")));
    assert_eq!(net("203.0.113.9").prefix_len(), 32);
    assert!(net("203.0.113.9").is_ipv4() && !net("::2").is_ipv4());
}

#[test]
fn internal_ranges_are_told_from_public_ones() {
    for internal in [
        "127.0.0.1",
        "10.1.2.0/24",
        "192.168.1.1",
        "172.16.5.5",
        "169.254.1.1",
        "100.64.0.1",
        "0.0.0.0",
        "::1",
        "::",
        "fe80::1",
        "fd00::/48",
        "::ffff:10.0.0.1",
        "0.0.0.0/0",
    ] {
        assert!(net(internal).is_internal(), "{internal}");
    }
    for public in ["203.0.113.9", "8.8.8.0/24", "2a00:1450::/48", "1.1.1.1"] {
        assert!(!net(public).is_internal(), "{public}");
    }
}

#[test]
fn trial_networks_are_the_ipv4_slash_24_and_the_ipv6_slash_64() {
    assert_eq!(trial_network_of("203.0.113.9"), "203.0.113.0/24");
    assert_eq!(trial_network_of("203.0.113.250"), "203.0.113.0/24");
    assert_eq!(trial_network_of("::ffff:203.0.113.9"), "203.0.113.0/24");
    assert_eq!(
        trial_network_of("2001:db8:1:2:aaaa::1"),
        "2001:db8:1:2::/64"
    );
    assert_eq!(trial_network_of("unknown"), "unknown");
    assert_eq!(
        parse_trial_network("203.0.113.77").as_deref(),
        Some("203.0.113.0/24")
    );
    assert_eq!(
        parse_trial_network(" 203.0.113.0/24 ").as_deref(),
        Some("203.0.113.0/24")
    );
    assert_eq!(
        parse_trial_network("2001:db8:1:2::/64").as_deref(),
        Some("2001:db8:1:2::/64")
    );
    assert_eq!(parse_trial_network("203.0.113"), None);
    assert_eq!(parse_trial_network("somewhere"), None);
}
