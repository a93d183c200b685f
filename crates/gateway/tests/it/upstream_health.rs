//! The health figures real traffic gives each upstream pool (`pools.rs`,
//! `persistence::upstream_pool_hours`), on both backends: every connect through a pool is
//! counted by its outcome (a working tunnel, the pool's own failure, a failure the pool blames
//! on the destination) with the successful ones' connect times, and the bytes it carried are
//! added to the same hour, all written to the database at the node's next flush (or its next
//! read of the pools, whichever comes first).

use crate::common::*;
use domain::upstream_pool::PoolProtocol;
use persistence::Backend;
use persistence::upstream_pool_hours::{self, PoolTraffic};
use std::time::Duration;

const PLAIN: (&str, &str) = ("{username}", "{password}");

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

fn traffic(h: &Harness, id: i64) -> PoolTraffic {
    let mut conn = h.db.pool.get().unwrap();
    upstream_pool_hours::since(&mut conn, 0)
        .unwrap()
        .remove(&id)
        .unwrap_or_default()
}

async fn connect_outcomes_and_bytes_from_real_traffic_are_counted(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let good = TestUpstream::http(Behaviour::Tunnel).await;
    let rejecting = TestUpstream::socks5(Behaviour::RejectCredentials).await;
    let blaming = TestUpstream::http(Behaviour::Answer(502)).await;
    let good_id = h.add_pool("good", PoolProtocol::Http, good.addr, PLAIN, 1, "us");
    let rejecting_id = h.add_pool(
        "rejecting",
        PoolProtocol::Socks5,
        rejecting.addr,
        PLAIN,
        1,
        "fr",
    );
    let blaming_id = h.add_pool("blaming", PoolProtocol::Http, blaming.addr, PLAIN, 1, "de");
    let echo = echo_server().await;
    let target = echo.to_string();
    let connect = |country: &'static str| {
        let name = format!("{USER}-type-premium-country-{country}");
        let target = target.clone();
        let proxy = h.http;
        async move { http_connect(proxy, &target, Some((&name, PASSWORD))).await }
    };

    let (mut stream, code, _) = connect("us").await;
    assert_eq!(code, 200);
    echo_through(&mut stream, 1_000).await;
    drop(stream);
    // Nothing is written before the next flush or read of the pools.
    assert!(traffic(&h, good_id).connects.is_empty());
    assert_eq!(
        connect("fr").await.1,
        502,
        "the only French pool rejects us"
    );
    assert_eq!(
        connect("de").await.1,
        502,
        "the German pool blames the destination"
    );

    // The node's flush writes what was counted, with no connection (and no read of the pools)
    // after the last one: the German pool's count is in only then. The first connection's
    // bytes are counted when it ends, which may come just after its client saw the last byte
    // (bounded retries of the flush).
    for _ in 0..200 {
        h.handle.flush_now().await.unwrap();
        if traffic(&h, good_id).bytes > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let rejected = traffic(&h, rejecting_id).connects;
    assert_eq!(
        (
            rejected.ok,
            rejected.pool_failed,
            rejected.destination_failed
        ),
        (0, 1, 0)
    );
    assert_eq!(rejected.success_rate(), Some(0.0));
    let blamed = traffic(&h, blaming_id).connects;
    assert_eq!(
        (blamed.ok, blamed.pool_failed, blamed.destination_failed),
        (0, 0, 1)
    );
    assert_eq!(
        blamed.success_rate(),
        Some(1.0),
        "the destination's failure is not the pool's"
    );
    let carried = traffic(&h, good_id);
    assert_eq!(carried.connects.ok, 1);
    assert_eq!(
        carried.connects.buckets.iter().sum::<i64>(),
        1,
        "one time per success"
    );
    assert!(carried.connects.p50_ms().is_some());
    assert_eq!(carried.bytes, 2_000, "the customer's bytes, both ways");
    assert_eq!(carried.bytes, h.with_pool(good_id, |p| p.carried_bytes));
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    connect_outcomes_and_bytes_from_real_traffic_are_counted,
);
