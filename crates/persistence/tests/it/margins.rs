//! What the pools carried and cost per (pool, kind, day) on both backends, added by flushes at
//! the pool's price of that moment, and the operator's margins read from it: revenue at each
//! customer's weighted average price per byte, cost exactly bytes × price.

use diesel::{ExpressionMethods, RunQueryDsl};
use domain::margins::{Figures, NANOCENTS_PER_CENT};
use domain::upstream_pool::PoolProtocol;
use domain::usage::{CredentialKind, Outcome};
use domain::{Cents, ProxyKind, UserId};
use persistence::connection_records::NewRecord;
use persistence::schema::usage_daily;
use persistence::stats::DayRange;
use persistence::traffic_purchases::{self, NewTrafficPurchase, Source};
use persistence::upstream_daily::{self, PoolDay};
use persistence::upstream_pools::{self as pools, NewPool, PoolChanges};
use persistence::{DbConnection, both_backends, write_transaction};

/// 2026-12-01T12:00:00Z.
const NOON: i64 = 1_796_126_400;
const DAY: &str = "2026-12-01";

fn pool(conn: &mut DbConnection, name: &str, cents_per_gb: i64) -> i64 {
    let new = NewPool {
        name: name.into(),
        kinds: "premium,budget".into(),
        protocol: PoolProtocol::Http,
        host: "127.0.0.1".into(),
        port: 7000,
        username: "shop".into(),
        password: "s3cret".into(),
        username_template: "{username}".into(),
        password_template: "{password}".into(),
        cost_per_gb_cents: Cents::new(cents_per_gb),
        weight: 1,
        countries: String::new(),
        active: true,
    };
    pools::create(conn, &new).unwrap().id
}

fn record(
    user_id: UserId,
    kind: ProxyKind,
    upstream: Option<i64>,
    up: i64,
    down: i64,
) -> NewRecord {
    NewRecord {
        user_id,
        started_at: NOON,
        duration_ms: 10,
        credential_kind: CredentialKind::Main,
        credential_id: None,
        credential_label: "u".into(),
        kind,
        host: "example.com".into(),
        port: 443,
        bytes_up: up,
        bytes_down: down,
        outcome: Outcome::Ok,
        reason: None,
        upstream_id: upstream,
        source: None,
        connect_ms: None,
        country: None,
    }
}

fn flush(conn: &mut DbConnection, records: &[NewRecord], day: &str) {
    write_transaction(conn, |c| upstream_daily::add(c, records, day)).unwrap();
}

fn set_price(conn: &mut DbConnection, id: i64, cents: i64) {
    let change = PoolChanges {
        cost_per_gb_cents: Some(Cents::new(cents)),
        ..Default::default()
    };
    assert!(pools::update(conn, id, &change).unwrap());
}

fn buy(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    bytes: i64,
    cents: i64,
    source: Source,
) {
    let row = NewTrafficPurchase {
        user_id,
        kind,
        plan_id: None,
        bytes,
        price: Cents::new(cents),
        source,
    };
    traffic_purchases::record(conn, &row).unwrap();
}

fn used(conn: &mut DbConnection, user_id: UserId, kind: ProxyKind, day: &str, bytes: i64) {
    diesel::insert_into(usage_daily::table)
        .values((
            usage_daily::user_id.eq(user_id),
            usage_daily::kind.eq(kind.as_str()),
            usage_daily::day.eq(day),
            usage_daily::bytes.eq(bytes),
        ))
        .execute(conn)
        .unwrap();
}

both_backends! {
    fn flushes_add_bytes_and_cost_at_the_price_of_the_moment(db) {
        let mut conn = db.pool.get().unwrap();
        let user = persistence::testing::insert_user(&mut conn, "carried");
        let a = pool(&mut conn, "a", 175);
        let b = pool(&mut conn, "b", 250);
        flush(&mut conn, &[
            record(user, ProxyKind::Premium, Some(a), 1_000, 233_567),
            record(user, ProxyKind::Premium, Some(a), 7, 0),
            record(user, ProxyKind::Budget, Some(b), 0, 999_999),
            // Direct traffic and empty connections carry nothing to a pool.
            record(user, ProxyKind::Premium, None, 5_000, 5_000),
            record(user, ProxyKind::Premium, Some(b), 0, 0),
        ], DAY);
        // Another node's flush adds to the same rows; then the price of `a` changes.
        flush(&mut conn, &[record(user, ProxyKind::Premium, Some(a), 3, 0)], DAY);
        set_price(&mut conn, a, 310);
        flush(&mut conn, &[record(user, ProxyKind::Premium, Some(a), 0, 1_000_000)], DAY);
        // A deleted pool has no price: left out, the flush still commits.
        flush(&mut conn, &[record(user, ProxyKind::Premium, Some(999_999), 1, 1)], DAY);

        let rows = upstream_daily::between(&mut conn, DAY, DAY).unwrap();
        let before = 1_000 + 233_567 + 7 + 3;
        assert_eq!(rows, vec![
            PoolDay { pool_id: a, kind: ProxyKind::Premium, day: DAY.into(), bytes: before + 1_000_000,
                      cost_nanocents: before * 175 + 1_000_000 * 310 },
            PoolDay { pool_id: b, kind: ProxyKind::Budget, day: DAY.into(), bytes: 999_999,
                      cost_nanocents: 999_999 * 250 },
        ]);
        assert!(upstream_daily::between(&mut conn, "2026-12-02", "2026-12-31").unwrap().is_empty());
        let names = upstream_daily::pool_names(&mut conn, &[a, 999_999]).unwrap();
        assert_eq!(names.into_iter().collect::<Vec<_>>(), vec![(a, "a".to_owned())]);
    }

    fn margins_weigh_revenue_by_price_paid_and_cost_by_bytes_carried(db) {
        let mut conn = db.pool.get().unwrap();
        let ann = persistence::testing::insert_user(&mut conn, "ann");
        let bob = persistence::testing::insert_user(&mut conn, "bob");
        let a = pool(&mut conn, "a", 100);
        let b = pool(&mut conn, "b", 200);
        // Ann paid $10 for 2 GB and got 2 GB free: $2.50/GB. Bob paid $6 for 1 GB; the 1 GB an
        // operator took back does not change his price.
        buy(&mut conn, ann, ProxyKind::Premium, 2_000_000_000, 1_000, Source::Purchase);
        buy(&mut conn, ann, ProxyKind::Premium, 2_000_000_000, 0, Source::Admin);
        buy(&mut conn, bob, ProxyKind::Premium, 1_000_000_000, 600, Source::Purchase);
        buy(&mut conn, bob, ProxyKind::Premium, -1_000_000_000, 0, Source::Admin);
        used(&mut conn, ann, ProxyKind::Premium, DAY, 400_000_000);
        used(&mut conn, bob, ProxyKind::Premium, DAY, 100_000_000);
        used(&mut conn, bob, ProxyKind::Premium, "2026-11-01", 100_000_000);
        // Pool a carried 300 MB of it, pool b 100 MB; 100 MB went direct.
        flush(&mut conn, &[record(ann, ProxyKind::Premium, Some(a), 0, 300_000_000)], DAY);
        flush(&mut conn, &[record(bob, ProxyKind::Premium, Some(b), 0, 100_000_000)], DAY);

        let range = DayRange::ending_at(NOON, 3);
        let m = persistence::margins::margins(&mut conn, range).unwrap();
        assert_eq!(m.kinds.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [ProxyKind::Premium, ProxyKind::Budget]);
        let premium = &m.kinds[0].1;
        assert_eq!(premium.len(), 3);
        assert_eq!(premium[0], Figures::default());
        let day = premium[2];
        // 0.4 GB × $2.50 + 0.1 GB × $6 = $1.60; 0.3 GB × $1 + 0.1 GB × $2 = $0.50.
        assert_eq!(day, Figures {
            sold_bytes: 500_000_000,
            revenue: 160 * NANOCENTS_PER_CENT,
            carried_bytes: 400_000_000,
            cost: 300_000_000 * 100 + 100_000_000 * 200,
        });
        assert_eq!((day.revenue_cents(), day.cost_cents(), day.margin_cents()),
                   (Cents::new(160), Cents::new(50), Cents::new(110)));
        assert!(m.kinds[1].1.iter().all(|f| *f == Figures::default()));
        // Each pool's share of the day's revenue: $1.60 / 0.5 GB × what it carried.
        let pa = m.pools.iter().find(|p| p.id == a).unwrap();
        assert_eq!(pa.days[2], Figures {
            sold_bytes: 300_000_000,
            revenue: 96 * NANOCENTS_PER_CENT,
            carried_bytes: 300_000_000,
            cost: 30 * NANOCENTS_PER_CENT,
        });
        let pb = m.pools.iter().find(|p| p.id == b).unwrap();
        assert_eq!((pb.days[2].revenue, pb.days[2].cost), (32 * NANOCENTS_PER_CENT, 20 * NANOCENTS_PER_CENT));
        assert_eq!((pa.name.as_str(), pa.active), ("a", true));
    }
}
