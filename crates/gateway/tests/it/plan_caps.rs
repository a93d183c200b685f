//! A plan's limits (`plan_limits`) hold across two gateway nodes on one database, for the
//! customer whose latest purchase of the kind named the plan. Capped at 10 connections, their
//! 11th tunnel is refused on either node (429 saying the plan's limit over HTTP, a SOCKS5
//! authentication failure), recorded as refused with `plan_max_connections`, while the shop's
//! per-customer cap (100) is far; a tunnel that ends frees a slot for the other node. A
//! customer whose latest plan of the kind has no limit is not capped by an older plan's. Capped
//! at 4 requests per second, requests spread over both nodes are served at most 4 in each
//! second, the rest refused (429 with `Retry-After`, a SOCKS5 authentication failure) and
//! recorded as `plan_max_requests_per_second`, and the next second serves again. Held to 16 Mbps,
//! two tunnels of the customer's share the pace: 4 MB through them take at least 1.4 s.

use crate::common::*;
use domain::{Cents, PlanId, ProxyKind};
use persistence::gateway_slots::{self, SlotKey};
use persistence::plan_limits::PlanLimits;
use persistence::plans::{self, NewPlan};
use persistence::traffic_purchases::{self, NewTrafficPurchase, Source};
use persistence::{Backend, now, write_transaction};
use std::net::SocketAddr;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

const PLAN_CAP: usize = 10;
const PLAN_RATE: i32 = 4;

/// What the HTTP proxy's 429 says at each limit.
const AT_CAP: &str = "your plan's connection limit is reached";
const AT_RATE: &str = "your plan's request rate limit is reached";

/// The plan's connection limit alone.
fn connections(limit: Option<i32>) -> PlanLimits {
    PlanLimits {
        max_connections: limit,
        ..PlanLimits::default()
    }
}

/// A Premium plan with `limit` that `user` bought.
fn bought(h: &Harness, user: domain::UserId, limit: PlanLimits) -> PlanId {
    let mut conn = h.db.pool.get().unwrap();
    write_transaction(&mut conn, |c| {
        let t = now();
        let plan = plans::insert(
            c,
            &NewPlan {
                kind: ProxyKind::Premium,
                name: "Scraper",
                tag: None,
                note: None,
                price_cents: Cents::new(1_000),
                amount: 5,
                validity_days: 30,
                regions: "",
                features: "{}",
                active: true,
                sort: 0,
                created_at: t,
                updated_at: t,
            },
        )?;
        persistence::plan_limits::set(c, plan, limit)?;
        traffic_purchases::record(
            c,
            &NewTrafficPurchase {
                user_id: user,
                kind: ProxyKind::Premium,
                plan_id: Some(plan),
                bytes: 1,
                price: Cents::new(1_000),
                source: Source::Purchase,
            },
        )?;
        Ok::<_, persistence::DbError>(plan)
    })
    .unwrap()
}

/// A tunnel of `USER` through `http`/`socks` that moved a few bytes; None when refused (after
/// checking how: the plan's 429 over HTTP, an authentication failure over SOCKS5).
async fn tunnel(
    ports: (SocketAddr, SocketAddr),
    echo: SocketAddr,
    socks: bool,
) -> Option<TcpStream> {
    tunnel_of((USER, PASSWORD), ports, echo, socks, AT_CAP).await
}

/// As `tunnel`, for `user`, where an HTTP refusal must say `refusal`.
async fn tunnel_of(
    (user, password): (&str, &str),
    ports: (SocketAddr, SocketAddr),
    echo: SocketAddr,
    socks: bool,
    refusal: &str,
) -> Option<TcpStream> {
    let mut stream = if socks {
        match socks_connect(ports.1, user, password, Dest::Ip(echo)).await {
            Ok(stream) => stream,
            Err(refused) => {
                assert_eq!(refused, ("auth", 1));
                return None;
            }
        }
    } else {
        let (stream, code, head) =
            http_connect(ports.0, &echo.to_string(), Some((user, password))).await;
        if code != 200 {
            assert!(head.starts_with("HTTP/1.1 429 Too Many Requests"), "{head}");
            assert!(head.contains(refusal), "{head}");
            if refusal == AT_RATE {
                assert!(head.contains("\r\nRetry-After: 1\r\n"), "{head}");
            }
            return None;
        }
        stream
    };
    echo_through(&mut stream, 32).await;
    Some(stream)
}

/// Two nodes on one database, each expecting the other (the shop's per-customer cap 100), and
/// `USER` on a plan with `limits`; None when the backend is not available.
async fn two_nodes(backend: Backend, limits: PlanLimits) -> Option<(Harness, Node)> {
    let h = Harness::start(Options {
        backend,
        max_connections_per_user: 100,
        configure: Box::new(|c| c.expected_nodes = 2),
        ..Options::default()
    })
    .await?;
    bought(&h, h.user_id, limits);
    let b = h
        .another_node(|c| {
            c.max_connections_per_user = 100;
            c.expected_nodes = 2;
        })
        .await;
    Some((h, b))
}

async fn a_plans_connection_limit_holds_across_two_nodes(backend: Backend) {
    let Some((h, b)) = two_nodes(backend, connections(Some(PLAN_CAP as i32))).await else {
        return;
    };
    let (a, bp) = ((h.http, h.socks), (b.http, b.socks));
    let echo = echo_server().await;
    let mut open = Vec::new();
    for i in 0..PLAN_CAP {
        let node = if i % 2 == 0 { a } else { bp };
        let stream = tunnel(node, echo, i % 4 >= 2).await;
        open.push(stream.unwrap_or_else(|| panic!("tunnel {i} refused under the plan's limit")));
    }
    let in_use = |h: &Harness| {
        let mut conn = h.db.pool.get().unwrap();
        gateway_slots::in_use(
            &mut conn,
            SlotKey::plan(h.user_id, ProxyKind::Premium),
            now(),
        )
        .unwrap()
    };
    assert_eq!(
        in_use(&h),
        PLAN_CAP as i64,
        "the nodes hold exactly the plan's slots in use"
    );
    for node in [a, bp] {
        assert!(
            tunnel(node, echo, false).await.is_none(),
            "HTTP served past the plan's limit"
        );
        assert!(
            tunnel(node, echo, true).await.is_none(),
            "SOCKS5 served past the plan's limit"
        );
    }
    // One of a's ends and a gives its slot back at its flush: b serves one more.
    let mut first = open.remove(0);
    first.shutdown().await.unwrap();
    assert_eq!(read_to_close(&mut first).await, 0);
    h.handle.flush_now().await.unwrap();
    b.handle.flush_now().await.unwrap();
    open.push(
        tunnel(bp, echo, false)
            .await
            .expect("a freed slot serves on the other node"),
    );
    assert!(tunnel(bp, echo, true).await.is_none());

    h.handle.flush_now().await.unwrap();
    b.handle.flush_now().await.unwrap();
    assert_eq!(
        h.refusals("plan_max_connections"),
        5,
        "every refusal is recorded with the plan's reason"
    );

    // Another customer's latest Premium plan has no limit: an older plan's does not hold.
    let other = h.add_user("ulater", "pwlater", 1_000_000_000);
    bought(&h, other, connections(Some(2)));
    bought(&h, other, connections(None));
    for i in 0..PLAN_CAP + 1 {
        let stream = tunnel_of(("ulater", "pwlater"), a, echo, i % 2 == 1, AT_CAP).await;
        open.push(stream.unwrap_or_else(|| panic!("tunnel {i} capped by an older plan's limit")));
    }
}

async fn a_plans_requests_per_second_hold_across_two_nodes(backend: Backend) {
    let limits = PlanLimits {
        max_requests_per_second: Some(PLAN_RATE),
        ..PlanLimits::default()
    };
    let Some((h, b)) = two_nodes(backend, limits).await else {
        return;
    };
    let nodes = [(h.http, h.socks), (b.http, b.socks)];
    let echo = echo_server().await;
    // Requests alternate between the nodes, over HTTP and SOCKS5, until both were refused.
    let started = now();
    let (mut served, mut refused) = (0, [0, 0]);
    for i in 0..400 {
        let socks = i % 4 >= 2;
        match tunnel_of((USER, PASSWORD), nodes[i % 2], echo, socks, AT_RATE).await {
            Some(_) => served += 1,
            None => refused[usize::from(socks)] += 1,
        }
        if refused.iter().all(|&n| n > 0) {
            break;
        }
    }
    let seconds = now() - started + 1;
    assert!(
        refused.iter().all(|&n| n > 0),
        "{served} served in {seconds} s and never refused over both protocols: {refused:?}"
    );
    assert!(
        served <= i64::from(PLAN_RATE) * seconds,
        "{served} served in {seconds} s: more than {PLAN_RATE} a second across the two nodes"
    );
    // A later second serves again (a request a moment after each refusal, for up to 30 s).
    let deadline = now() + 30;
    let mut again = 0;
    while tunnel_of((USER, PASSWORD), nodes[1], echo, false, AT_RATE)
        .await
        .is_none()
    {
        again += 1;
        assert!(now() < deadline, "never served again after the refusals");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    h.handle.flush_now().await.unwrap();
    b.handle.flush_now().await.unwrap();
    assert_eq!(
        h.refusals("plan_max_requests_per_second"),
        refused[0] + refused[1] + again,
        "every refusal is recorded with the plan's reason"
    );
}

async fn a_plans_bandwidth_paces_the_customers_connections_together(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let limits = PlanLimits {
        bandwidth_mbps: Some(16),
        ..PlanLimits::default()
    };
    let plan = bought(&h, h.user_id, limits);
    let echo = echo_server().await;
    // Two tunnels each send a megabyte and read it back: 4 MB at 2,000,000 bytes a second, less
    // what the budget saves up (a step, 200,000 bytes) and what the four directions may have in
    // flight at the end (a step each): at least 1.5 s. Paced apart, each would take 1 s.
    let started = std::time::Instant::now();
    let echoed = || async {
        let mut stream = tunnel((h.http, h.socks), echo, false).await.unwrap();
        echo_through(&mut stream, 1_000_000).await;
    };
    tokio::join!(echoed(), echoed());
    let took = started.elapsed();
    assert!(
        took.as_millis() >= 1_400,
        "4 MB moved in {took:?} under 16 Mbps"
    );

    // The limit lifted, a tunnel already open goes at full speed once its node has read the
    // change (a megabyte each way took about a second under the limit).
    let mut open = tunnel((h.http, h.socks), echo, false).await.unwrap();
    let mut conn = h.db.pool.get().unwrap();
    persistence::plan_limits::set(&mut conn, plan, PlanLimits::default()).unwrap();
    drop(conn);
    let mut fastest = std::time::Duration::MAX;
    for _ in 0..40 {
        h.handle.flush_now().await.unwrap();
        let started = std::time::Instant::now();
        echo_through(&mut open, 1_000_000).await;
        fastest = fastest.min(started.elapsed());
        if fastest.as_millis() < 300 {
            break;
        }
    }
    assert!(fastest.as_millis() < 300, "still paced: {fastest:?}");
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_plans_connection_limit_holds_across_two_nodes,
    a_plans_requests_per_second_hold_across_two_nodes,
    a_plans_bandwidth_paces_the_customers_connections_together,
);
