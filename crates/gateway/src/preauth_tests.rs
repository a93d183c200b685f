use super::*;

fn gate(total: usize, per_network: usize, per_source: usize) -> Gate {
    Gate::new(&GatewayConfig {
        max_unauthenticated: total,
        max_unauthenticated_per_network: per_network,
        max_unauthenticated_per_source: per_source,
        auth_failures_per_source: 2,
        auth_failure_window: Duration::from_secs(60),
        ..GatewayConfig::default()
    })
}

fn ip(s: &str) -> IpAddr {
    s.parse().unwrap()
}

/// Whether the connection holding `evicted` was told to close (without waiting).
fn was_evicted(evicted: &Evicted) -> bool {
    let notified = evicted.0.notified();
    tokio::pin!(notified);
    notified.as_mut().enable()
}

#[test]
fn sources_and_networks_are_ipv4_24s_and_ipv6_64s_and_48s() {
    assert_eq!(
        source_of(ip("192.0.2.7")),
        (ip("192.0.2.7"), ip("192.0.2.0"))
    );
    assert_eq!(
        source_of(ip("::ffff:192.0.2.7")),
        (ip("192.0.2.7"), ip("192.0.2.0"))
    );
    assert_eq!(
        source_of(ip("2001:db8:1:2:3:4:5:6")),
        (ip("2001:db8:1:2::"), ip("2001:db8:1::"))
    );
}

#[test]
fn waiting_places_are_capped_per_source_and_per_network() {
    let gate = gate(100, 3, 2);
    let first = gate.admit(ip("192.0.2.1")).unwrap();
    let _second = gate.admit(ip("192.0.2.1")).unwrap();
    assert!(gate.admit(ip("192.0.2.1")).is_none(), "per source");
    let _third = gate.admit(ip("192.0.2.2")).unwrap();
    assert!(gate.admit(ip("192.0.2.3")).is_none(), "per network");
    let _other = gate.admit(ip("192.0.3.1")).unwrap();
    // One /64 is one source, one /48 one network.
    let _v6 = gate.admit(ip("2001:db8:1:2::7")).unwrap();
    let _v6b = gate.admit(ip("2001:db8:1:2::8")).unwrap();
    assert!(gate.admit(ip("2001:db8:1:2::9")).is_none());
    drop(first);
    assert!(
        gate.admit(ip("192.0.2.1")).is_some(),
        "a freed place is reusable"
    );
}

#[test]
fn at_the_cap_in_all_the_biggest_network_gives_up_its_oldest() {
    let gate = gate(4, 10, 10);
    let (_a1, oldest) = gate.admit(ip("192.0.2.1")).unwrap();
    let (_a2, next) = gate.admit(ip("192.0.2.2")).unwrap();
    let (_b1, small) = gate.admit(ip("198.51.100.1")).unwrap();
    let (_a3, newest) = gate.admit(ip("192.0.2.3")).unwrap();
    let (_newcomer, _) = gate.admit(ip("203.0.113.9")).unwrap();
    assert!(was_evicted(&oldest));
    assert!(![&next, &small, &newest].iter().any(|e| was_evicted(e)));
    let state = lock(&gate.state);
    assert_eq!(state.unauthenticated, 4);
    assert_eq!(state.networks[&ip("192.0.2.0")].waiting.len(), 2);
    drop(state);
    // The evicted ticket's drop frees nothing twice.
    drop(_a1);
    assert_eq!(lock(&gate.state).unauthenticated, 4);
    // Networks now hold 2, 1, 1: the next newcomer takes the /24 with two's oldest again.
    let (_c, _) = gate.admit(ip("203.0.113.10")).unwrap();
    assert!(was_evicted(&next));
    assert!(!was_evicted(&small) && !was_evicted(&newest));
}

#[test]
fn failures_block_their_source_only() {
    let gate = gate(10, 10, 10);
    let a = ip("192.0.2.1");
    gate.failed(a);
    assert!(!gate.blocked(a));
    gate.failed(a);
    assert!(gate.blocked(a));
    assert!(!gate.blocked(ip("192.0.2.2")));
    // Once the window is over, the source may try again, and its count starts afresh.
    let over = Instant::now().checked_sub(gate.window).unwrap();
    lock(&gate.state).failures.get_mut(&a).unwrap().0 = over;
    assert!(!gate.blocked(a));
    gate.failed(a);
    assert!(!gate.blocked(a), "one failure in the new window");
}
