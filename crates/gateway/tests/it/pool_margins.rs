//! What a pool's traffic costs, through a local test pool on both backends: each connection's
//! record names the pool that carried it (none once the traffic goes direct), and the flush
//! that writes the records adds the bytes to the pool's day at its cost per GB of that moment,
//! so a price change applies from then on; the operator's margins are then exactly bytes ×
//! price against bytes × what the customer paid.

use crate::common::*;
use domain::margins::{Figures, NANOCENTS_PER_CENT};
use domain::upstream_pool::PoolProtocol;
use domain::{Cents, ProxyKind};
use persistence::Backend;
use persistence::connection_records::{self, RecordFilter};
use persistence::stats::DayRange;
use persistence::traffic_purchases::{self, NewTrafficPurchase, Source};
use persistence::upstream_daily::{self, PoolDay};
use persistence::upstream_pools::{self as pools, PoolChanges};
use std::time::Duration;

/// A node that reads the pools at every connection.
async fn harness(backend: Backend) -> Option<Harness> {
    Harness::start(Options {
        backend,
        configure: Box::new(|c| c.pool_refresh = Duration::ZERO),
        ..Options::default()
    })
    .await
}

/// Every (pool, kind, day) row of today.
fn pool_days(h: &Harness) -> Vec<PoolDay> {
    let today = domain::calendar::utc_day(persistence::now());
    let mut conn = h.db.pool.get().unwrap();
    upstream_daily::between(&mut conn, &today, &today).unwrap()
}

/// The pool each of the customer's records names, oldest first.
fn record_pools(h: &Harness) -> Vec<Option<i64>> {
    let mut conn = h.db.pool.get().unwrap();
    let filter = RecordFilter::of(h.user_id);
    let (rows, _) = connection_records::page(&mut conn, &filter, 100, 0).unwrap();
    rows.iter().rev().map(|r| r.row.upstream_id).collect()
}

/// Relays `len` bytes each way through the gateway, then flushes until the customer has
/// `records` records (a connection files its record as it ends, just after its client saw the
/// close), with a bound.
async fn relay(h: &Harness, len: usize, records: usize) {
    let echo = echo_server().await;
    let name = format!("{USER}-type-premium");
    let (mut stream, code, _) =
        http_connect(h.http, &echo.to_string(), Some((&name, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut stream, len).await;
    drop(stream);
    for _ in 0..500 {
        h.handle.flush_now().await.unwrap();
        if record_pools(h).len() >= records {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn set_pool(h: &Harness, id: i64, change: PoolChanges) {
    let mut conn = h.db.pool.get().unwrap();
    assert!(pools::update(&mut conn, id, &change).unwrap());
}

async fn a_pool_costs_its_bytes_at_its_price_of_the_moment(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    {
        // The customer paid $5 for 1 GB.
        let mut conn = h.db.pool.get().unwrap();
        let paid = NewTrafficPurchase {
            user_id: h.user_id,
            kind: ProxyKind::Premium,
            plan_id: None,
            bytes: 1_000_000_000,
            price: Cents::new(500),
            source: Source::Purchase,
        };
        traffic_purchases::record(&mut conn, &paid).unwrap();
    }
    let upstream = TestUpstream::http(Behaviour::Tunnel).await;
    let id = h.add_pool(
        "carrier",
        PoolProtocol::Http,
        upstream.addr,
        ("{username}", "{password}"),
        1,
        "",
    );
    let price = h.with_pool(id, |p| p.cost_per_gb_cents.get());

    relay(&h, 10_000, 1).await;
    assert_eq!(record_pools(&h), [Some(id)], "the record names its pool");
    let today = domain::calendar::utc_day(persistence::now());
    let first = PoolDay {
        pool_id: id,
        kind: ProxyKind::Premium,
        day: today.clone(),
        bytes: 20_000,
        cost_nanocents: 20_000 * price,
    };
    assert_eq!(pool_days(&h), [first]);

    // The provider's price changes: the bytes carried before keep their cost.
    set_pool(
        &h,
        id,
        PoolChanges {
            cost_per_gb_cents: Some(Cents::new(4 * price)),
            ..Default::default()
        },
    );
    relay(&h, 3_000, 2).await;
    let cost = 20_000 * price + 6_000 * 4 * price;
    assert_eq!(
        pool_days(&h),
        [PoolDay {
            pool_id: id,
            kind: ProxyKind::Premium,
            day: today,
            bytes: 26_000,
            cost_nanocents: cost
        }]
    );

    // Without an active pool the traffic goes direct: no pool on its record, nothing carried.
    set_pool(
        &h,
        id,
        PoolChanges {
            active: Some(false),
            ..Default::default()
        },
    );
    relay(&h, 1_000, 3).await;
    assert_eq!(record_pools(&h), [Some(id), Some(id), None]);
    assert_eq!(pool_days(&h)[0].bytes, 26_000);

    assert_eq!(h.wait_for_daily(ProxyKind::Premium, 28_000).await, 28_000);
    let margins = {
        let mut conn = h.db.pool.get().unwrap();
        persistence::margins::margins(&mut conn, DayRange::ending_at(persistence::now(), 1))
            .unwrap()
    };
    // Revenue: 28,000 bytes at $5/GB; cost: exactly what the pool charged.
    let premium = margins.kinds[0].1[0];
    assert_eq!(
        premium,
        Figures {
            sold_bytes: 28_000,
            revenue: 28_000 * 500,
            carried_bytes: 26_000,
            cost: i128::from(cost),
        }
    );
    assert_eq!(margins.pools[0].days[0].cost, i128::from(cost));
    assert_eq!(margins.pools[0].days[0].revenue, 26_000 * 500);
    assert!(
        premium.revenue < NANOCENTS_PER_CENT,
        "below a cent: kept exact until shown"
    );
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_pool_costs_its_bytes_at_its_price_of_the_moment,
);
