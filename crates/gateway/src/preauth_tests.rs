use super::*;
use persistence::testing::TestDatabase;

/// A gate over a fresh SQLite database (kept alive by the second value).
fn gate(total: usize, per_network: usize, per_source: usize) -> (Gate, TestDatabase) {
    let db = TestDatabase::new(persistence::Backend::Sqlite).unwrap();
    (gate_on(&db, total, per_network, per_source), db)
}

fn gate_on(db: &TestDatabase, total: usize, per_network: usize, per_source: usize) -> Gate {
    Gate::new(
        &GatewayConfig {
            max_unauthenticated: total,
            max_unauthenticated_per_network: per_network,
            max_unauthenticated_per_source: per_source,
            auth_failures_per_source: 2,
            auth_failure_window: Duration::from_secs(60),
            ..GatewayConfig::default()
        },
        db.pool.clone(),
    )
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

#[tokio::test]
async fn a_source_signed_in_lately_may_hold_its_networks_share_until_it_fails() {
    let (gate, _db) = gate(100, 4, 2);
    let customer = ip("192.0.2.1");
    let mut held = vec![gate.admit(customer).unwrap(), gate.admit(customer).unwrap()];
    assert!(gate.admit(customer).is_none(), "a stranger's cap");
    gate.signed_in(customer);
    held.push(gate.admit(customer).unwrap());
    held.push(gate.admit(customer).unwrap());
    assert!(gate.admit(customer).is_none(), "the network's cap holds");
    drop(held);
    // A failure makes it a stranger again.
    gate.failed(customer).await;
    let _two = (gate.admit(customer).unwrap(), gate.admit(customer).unwrap());
    assert!(gate.admit(customer).is_none());
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
    let (gate, _db) = gate(100, 3, 2);
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
    let (gate, _db) = gate(4, 10, 10);
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

/// Backdates every counted window by `seconds`, as if that much time had passed.
fn age_windows(db: &TestDatabase, seconds: i64) {
    use diesel::prelude::*;
    use persistence::schema::rate_windows;
    let mut conn = db.pool.get().unwrap();
    diesel::update(rate_windows::table)
        .set(rate_windows::window_start.eq(rate_windows::window_start - seconds))
        .execute(&mut conn)
        .unwrap();
}

#[tokio::test]
async fn failures_block_their_source_only() {
    let (gate, db) = gate(10, 10, 10);
    let a = ip("192.0.2.1");
    gate.failed(a).await;
    assert!(!gate.blocked(a).await);
    gate.failed(a).await;
    assert!(gate.blocked(a).await);
    assert!(!gate.blocked(ip("192.0.2.2")).await);
    // Counted under the source's network key, in the database.
    let mut conn = db.pool.get().unwrap();
    let live = rate_windows::current(
        &mut conn,
        "gateway-auth:net:192.0.2.1",
        60,
        persistence::now(),
    );
    assert_eq!(live.unwrap().map(|(n, _)| n), Some(2));
    // Once the window is over, the source may try again, and its count starts afresh.
    age_windows(&db, 60);
    lock(&gate.state).blocked.insert(a, Instant::now());
    assert!(!gate.blocked(a).await);
    gate.failed(a).await;
    assert!(!gate.blocked(a).await, "one failure in the new window");
}

#[tokio::test]
async fn failures_on_one_node_block_the_source_on_another() {
    let db = TestDatabase::new(persistence::Backend::Sqlite).unwrap();
    let (one, two) = (gate_on(&db, 10, 10, 10), gate_on(&db, 10, 10, 10));
    // Every address of an IPv6 /64 is one source.
    let (a, b) = (ip("2001:db8:1:2::1"), ip("2001:db8:1:2::ffff"));
    let (sa, _) = source_of(a);
    let (sb, _) = source_of(b);
    assert_eq!(sa, sb);
    one.failed(sa).await;
    assert!(!two.blocked(sb).await);
    two.failed(sb).await;
    // The limit (2) is reached on the two nodes together: both refuse.
    assert!(one.blocked(sa).await);
    assert!(two.blocked(sb).await);
    assert!(!one.blocked(source_of(ip("2001:db8:1:3::1")).0).await);
}

#[tokio::test]
async fn a_source_that_signed_in_here_skips_the_read_until_it_fails() {
    let db = TestDatabase::new(persistence::Backend::Sqlite).unwrap();
    let (one, two) = (gate_on(&db, 10, 10, 10), gate_on(&db, 10, 10, 10));
    let a = ip("198.51.100.4");
    one.signed_in(a);
    two.failed(a).await;
    two.failed(a).await;
    assert!(two.blocked(a).await);
    // Node one saw it sign in: no read, so not yet refused there...
    assert!(!one.blocked(a).await);
    // ...until its own next failure, which finds the count over the limit.
    one.failed(a).await;
    assert!(one.blocked(a).await);
}
