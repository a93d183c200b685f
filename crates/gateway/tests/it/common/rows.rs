//! The harness's customer in the database: pieces, upstream pools, daily usage and balances read
//! and written directly, and waiting for a flush to show some usage.

use super::Harness;
use domain::ProxyKind;
use persistence::{now, traffic};
use std::net::SocketAddr;
use std::time::Duration;

impl Harness {
    /// Inserts a purchased piece of `kind` for the customer (an order of one and its
    /// credential) valid until `expires_at`; returns the piece's id.
    pub fn insert_piece(
        &self,
        kind: ProxyKind,
        username: &str,
        password: &str,
        expires_at: i64,
    ) -> i64 {
        use diesel::prelude::*;
        use persistence::schema::{piece_orders, piece_proxies};
        let mut conn = self.db.pool.get().unwrap();
        let t = now();
        let order_id: i64 = diesel::insert_into(piece_orders::table)
            .values((
                piece_orders::user_id.eq(self.user_id),
                piece_orders::kind.eq(kind),
                piece_orders::quantity.eq(1),
                piece_orders::price_cents.eq(300),
                piece_orders::status.eq(domain::OrderStatus::Delivered),
                piece_orders::source.eq("local"),
                piece_orders::created_at.eq(t),
                piece_orders::updated_at.eq(t),
            ))
            .returning(piece_orders::id)
            .get_result(&mut conn)
            .unwrap();
        diesel::insert_into(piece_proxies::table)
            .values((
                piece_proxies::order_id.eq(order_id),
                piece_proxies::user_id.eq(self.user_id),
                piece_proxies::kind.eq(kind),
                piece_proxies::host.eq(self.http.ip().to_string()),
                piece_proxies::port.eq(i32::from(self.http.port())),
                piece_proxies::username.eq(username),
                piece_proxies::password.eq(password),
                piece_proxies::expires_at.eq(expires_at),
                piece_proxies::created_at.eq(t),
            ))
            .returning(piece_proxies::id)
            .get_result(&mut conn)
            .unwrap()
    }

    /// Moves a piece's end (the API renewing it, or an admin ending it).
    pub fn set_piece_expiry(&self, piece_id: i64, expires_at: i64) {
        use diesel::prelude::*;
        use persistence::schema::piece_proxies;
        let mut conn = self.db.pool.get().unwrap();
        diesel::update(piece_proxies::table.find(piece_id))
            .set(piece_proxies::expires_at.eq(expires_at))
            .execute(&mut conn)
            .unwrap();
    }

    /// Adds an upstream pool at `addr` carrying `kinds`, with the shop's credentials
    /// `shopuser`/`shoppass` and the given templates, weight and countries; returns its id.
    pub fn add_pool(
        &self,
        name: &str,
        protocol: domain::upstream_pool::PoolProtocol,
        addr: SocketAddr,
        templates: (&str, &str),
        weight: i32,
        countries: &str,
    ) -> i64 {
        let mut conn = self.db.pool.get().unwrap();
        let pool = persistence::upstream_pools::NewPool {
            name: name.into(),
            kinds: "premium,budget".into(),
            protocol,
            host: addr.ip().to_string(),
            port: i32::from(addr.port()),
            username: "shopuser".into(),
            password: "shoppass".into(),
            username_template: templates.0.into(),
            password_template: templates.1.into(),
            cost_per_gb_cents: domain::Cents::new(150),
            weight,
            countries: countries.into(),
            active: true,
        };
        persistence::upstream_pools::create(&mut conn, &pool)
            .unwrap()
            .id
    }

    /// What `read` takes from the stored pool `id`.
    pub fn with_pool<T>(
        &self,
        id: i64,
        read: impl FnOnce(&persistence::upstream_pools::PoolRow) -> T,
    ) -> T {
        let mut conn = self.db.pool.get().unwrap();
        read(
            &persistence::upstream_pools::find(&mut conn, id)
                .unwrap()
                .unwrap(),
        )
    }

    /// The sum of the customer's daily usage buckets of `kind`.
    pub fn daily_usage(&self, kind: ProxyKind) -> i64 {
        let mut conn = self.db.pool.get().unwrap();
        let days = traffic::daily(&mut conn, self.user_id, kind, "2000-01-01").unwrap();
        days.iter().map(|d| d.1).sum()
    }

    /// Every `traffic_balances` row of the customer as (kind, purchased, used), by kind.
    pub fn balances(&self) -> Vec<(String, i64, i64)> {
        let mut conn = self.db.pool.get().unwrap();
        let mut rows: Vec<_> = traffic::balances_of(&mut conn, &[self.user_id])
            .unwrap()
            .into_iter()
            .map(|b| (b.kind.to_string(), b.purchased_bytes, b.used_bytes))
            .collect();
        rows.sort();
        rows
    }

    /// Flushes until the daily usage of `kind` reaches `bytes`, with a bound (as `wait_for_used`).
    pub async fn wait_for_daily(&self, kind: ProxyKind, bytes: i64) -> i64 {
        for _ in 0..500 {
            self.handle.flush_now().await.unwrap();
            let used = self.daily_usage(kind);
            if used >= bytes {
                return used;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.daily_usage(kind)
    }

    /// Flushes until the database shows `used` bytes (the relay counts a write right after it
    /// returns, which may be just after the client saw the bytes), with a bound.
    pub async fn wait_for_used(&self, used: i64) -> (i64, i64, i64) {
        for _ in 0..500 {
            self.handle.flush_now().await.unwrap();
            let usage = self.usage();
            if usage.1 >= used {
                return usage;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.usage()
    }
}
