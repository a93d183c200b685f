//! Premium and Budget traffic relayed through upstream pools (`chain.rs`), against local test
//! proxies (`common/upstream.rs`) on both backends: the pool gets the credentials its templates
//! render from the customer's targeting and the customer's destination; the customer's bytes are
//! metered exactly as on the direct path; a pool that refuses the connection, rejects the
//! credentials, answers its own error or stalls is passed over for the next (at most three);
//! an error the pool blames on the destination is the customer's answer, untried elsewhere; a
//! sticky session stays on one pool; a pool that does not serve the country is not used; and
//! the bytes each pool carried reach its row.

use crate::common::*;
use domain::upstream_pool::PoolProtocol;
use persistence::Backend;
use std::time::Duration;

const IPROYAL: (&str, &str) = (
    "{username}",
    "{password}[_country-{country}][_session-{session}][_lifetime-{lifetime}m]",
);

/// A node that reads the pools at every connection and gives a pool 2 s (a stalling pool's
/// test waits that long; less fails over from a merely slow one on a busy machine).
async fn harness(backend: Backend) -> Option<Harness> {
    Harness::start(Options {
        backend,
        configure: Box::new(|c| {
            c.pool_refresh = Duration::ZERO;
            c.upstream_timeout = Duration::from_secs(2);
        }),
        ..Options::default()
    })
    .await
}

fn user(options: &str) -> String {
    format!("{USER}-type-premium{options}")
}

async fn tunnel_through_pool_renders_credentials_and_meters_exactly(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let pool = TestUpstream::http(Behaviour::Tunnel).await;
    let id = h.add_pool("p1", PoolProtocol::Http, pool.addr, IPROYAL, 1, "");
    let echo = echo_server().await;
    let name = user("-country-us-session-ab12cd34-lifetime-30");
    let (mut stream, code, _) =
        http_connect(h.http, &echo.to_string(), Some((&name, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut stream, 10_000).await;
    drop(stream);
    assert_eq!(
        pool.seen(),
        vec![PoolSaw {
            username: "shopuser".into(),
            password: "shoppass_country-us_session-ab12cd34_lifetime-30m".into(),
            target: echo.to_string(),
        }]
    );
    // Exactly the customer's bytes, as on the direct path: the pool handshake is not counted.
    assert_eq!(
        h.wait_for_used(20_000).await,
        (1_000_000_000, 20_000, 20_000)
    );
    // The next connection reads the pools again, and first writes what the ended ones carried
    // (the first one's end may come just after its client saw the last byte: bounded retries
    // of connections that carry nothing).
    let (again, code, _) =
        http_connect(h.http, &echo.to_string(), Some((&user(""), PASSWORD))).await;
    assert_eq!(code, 200);
    drop(again);
    assert_eq!(
        pool.seen()[1].password,
        "shoppass",
        "no targeting: the brackets drop"
    );
    for _ in 0..200 {
        if h.with_pool(id, |p| p.carried_bytes) > 0 {
            break;
        }
        let (again, code, _) =
            http_connect(h.http, &echo.to_string(), Some((&user(""), PASSWORD))).await;
        assert_eq!(code, 200);
        drop(again);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(h.with_pool(id, |p| p.carried_bytes), 20_000);
}

async fn socks_clients_and_socks_pools_are_relayed_too(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let pool = TestUpstream::socks5(Behaviour::Tunnel).await;
    h.add_pool(
        "s1",
        PoolProtocol::Socks5,
        pool.addr,
        ("{username}-cc-{country}", "{password}"),
        1,
        "",
    );
    let echo = echo_server().await;
    let mut stream = socks_connect(h.socks, &user("-country-de"), PASSWORD, Dest::Ip(echo))
        .await
        .unwrap();
    echo_through(&mut stream, 5_000).await;
    drop(stream);
    let seen = pool.seen();
    assert_eq!(
        (seen[0].username.as_str(), seen[0].password.as_str()),
        ("shopuser-cc-de", "shoppass")
    );
    assert_eq!(seen[0].target, echo.to_string());
    assert_eq!(
        h.wait_for_used(10_000).await,
        (1_000_000_000, 10_000, 10_000)
    );
    // An HTTP client through the SOCKS5 pool.
    let (mut stream, code, _) =
        http_connect(h.http, &echo.to_string(), Some((&user(""), PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut stream, 100).await;
}

async fn a_failing_pool_is_passed_over_before_any_byte(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let good = TestUpstream::http(Behaviour::Tunnel).await;
    let bad = TestUpstream::socks5(Behaviour::RejectCredentials).await;
    let good_id = h.add_pool("good", PoolProtocol::Http, good.addr, IPROYAL, 1, "");
    let bad_id = h.add_pool("bad", PoolProtocol::Socks5, bad.addr, IPROYAL, 1, "");
    let dead_id = h.add_pool(
        "dead",
        PoolProtocol::Http,
        closed_port().await,
        IPROYAL,
        1,
        "",
    );
    let pools = [(good_id, 1), (bad_id, 1), (dead_id, 1)];
    let echo = echo_server().await;
    for failing in [bad_id, dead_id] {
        let session = session_first_on(&pools, failing);
        let name = user(&format!("-session-{session}"));
        let (mut stream, code, _) =
            http_connect(h.http, &echo.to_string(), Some((&name, PASSWORD))).await;
        assert_eq!(code, 200, "failed over from pool {failing}");
        echo_through(&mut stream, 1_000).await;
    }
    assert_eq!(good.seen().len(), 2);
    assert!(
        !bad.seen().is_empty(),
        "the rejecting pool was tried first once"
    );
    // Its own error (SOCKS5 "general failure") and silence count the same: passed over.
    for behaviour in [Behaviour::Answer(1), Behaviour::Stall] {
        bad.set(behaviour);
        let session = session_first_on(&pools, bad_id);
        let name = user(&format!("-session-{session}"));
        let (mut stream, code, _) =
            http_connect(h.http, &echo.to_string(), Some((&name, PASSWORD))).await;
        assert_eq!(code, 200, "{behaviour:?}");
        echo_through(&mut stream, 10).await;
    }
    // All pools failing: 502, nothing metered for that connection.
    good.set(Behaviour::RejectCredentials);
    bad.set(Behaviour::RejectCredentials);
    let (_, code, _) = http_connect(h.http, &echo.to_string(), Some((&user(""), PASSWORD))).await;
    assert_eq!(code, 502);
    let expected = 2 * 2_000 + 2 * 20;
    assert_eq!(h.wait_for_used(expected).await.1, expected);
}

async fn an_error_the_pool_blames_on_the_destination_is_answered_untried_elsewhere(
    backend: Backend,
) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let first = TestUpstream::http(Behaviour::Answer(504)).await;
    let second = TestUpstream::http(Behaviour::Tunnel).await;
    let first_id = h.add_pool("first", PoolProtocol::Http, first.addr, IPROYAL, 1, "");
    let second_id = h.add_pool("second", PoolProtocol::Http, second.addr, IPROYAL, 1, "");
    let session = session_first_on(&[(first_id, 1), (second_id, 1)], first_id);
    let name = user(&format!("-session-{session}"));
    let (_, code, head) = http_connect(h.http, "example.com:443", Some((&name, PASSWORD))).await;
    assert_eq!(code, 504, "{head}");
    assert!(
        head.contains("Proxy-Status: proxyshop; error=connection_timeout"),
        "{head}"
    );
    first.set(Behaviour::Answer(502));
    let (_, code, head) = http_connect(h.http, "example.com:443", Some((&name, PASSWORD))).await;
    assert_eq!(code, 502, "{head}");
    assert!(
        second.seen().is_empty(),
        "the destination's error is not retried elsewhere"
    );
    // SOCKS5: "host unreachable".
    let refused = socks_connect(h.socks, &name, PASSWORD, Dest::Domain("example.com", 443))
        .await
        .err();
    assert_eq!(refused, Some(("connect", 4)));
}

async fn a_sticky_session_stays_on_its_pool(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let a = TestUpstream::http(Behaviour::Tunnel).await;
    let b = TestUpstream::http(Behaviour::Tunnel).await;
    h.add_pool("a", PoolProtocol::Http, a.addr, IPROYAL, 1, "");
    h.add_pool("b", PoolProtocol::Http, b.addr, IPROYAL, 1, "");
    let echo = echo_server().await;
    for session in ["first1", "second2", "third3"] {
        let name = user(&format!("-session-{session}"));
        for _ in 0..4 {
            let (mut s, code, _) =
                http_connect(h.http, &echo.to_string(), Some((&name, PASSWORD))).await;
            assert_eq!(code, 200);
            echo_through(&mut s, 1).await;
        }
        let on_a = a
            .seen()
            .iter()
            .filter(|s| s.password.contains(session))
            .count();
        let on_b = b
            .seen()
            .iter()
            .filter(|s| s.password.contains(session))
            .count();
        assert!(
            (on_a, on_b) == (4, 0) || (on_a, on_b) == (0, 4),
            "{session}: {on_a} on a, {on_b} on b"
        );
    }
}

async fn only_pools_serving_the_country_are_used(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let de = TestUpstream::http(Behaviour::Tunnel).await;
    h.add_pool("de only", PoolProtocol::Http, de.addr, IPROYAL, 1, "de");
    let echo = echo_server().await;
    let (_, code, _) = http_connect(
        h.http,
        &echo.to_string(),
        Some((&user("-country-us"), PASSWORD)),
    )
    .await;
    assert_eq!(code, 502, "no pool serves the US");
    assert!(de.seen().is_empty());
    let (mut s, code, _) = http_connect(
        h.http,
        &echo.to_string(),
        Some((&user("-country-de"), PASSWORD)),
    )
    .await;
    assert_eq!(code, 200);
    echo_through(&mut s, 1).await;
    assert_eq!(de.seen().len(), 1);
}

async fn an_inactive_or_down_pool_is_skipped(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let only = TestUpstream::http(Behaviour::Tunnel).await;
    let id = h.add_pool("only", PoolProtocol::Http, only.addr, IPROYAL, 1, "");
    {
        let mut conn = h.db.pool.get().unwrap();
        for _ in 0..3 {
            persistence::upstream_pools::record_probe(&mut conn, id, Some("probe failed"), 3)
                .unwrap();
        }
    }
    // The kind's only pool is down: refused, never sent out from the shop's own address.
    let echo = echo_server().await;
    let (_, code, _) = http_connect(h.http, &echo.to_string(), Some((&user(""), PASSWORD))).await;
    assert_eq!(code, 502);
    assert!(only.seen().is_empty(), "a down pool gets no connection");
    {
        let mut conn = h.db.pool.get().unwrap();
        persistence::upstream_pools::record_probe(&mut conn, id, None, 3).unwrap();
    }
    let (mut s, code, _) =
        http_connect(h.http, &echo.to_string(), Some((&user(""), PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut s, 1).await;
    assert_eq!(only.seen().len(), 1, "back after a successful probe");
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    tunnel_through_pool_renders_credentials_and_meters_exactly,
    socks_clients_and_socks_pools_are_relayed_too,
    a_failing_pool_is_passed_over_before_any_byte,
    an_error_the_pool_blames_on_the_destination_is_answered_untried_elsewhere,
    a_sticky_session_stays_on_its_pool,
    only_pools_serving_the_country_are_used,
    an_inactive_or_down_pool_is_skipped,
);
