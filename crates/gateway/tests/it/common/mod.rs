//! A gateway on loopback over a fresh database with one customer; the proxy clients and local
//! destinations are in `net`.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use domain::ProxyKind;
use gateway::{Gateway, GatewayConfig, GatewayError, GatewayHandle, ListenUrl};
use persistence::testing::TestDatabase;
use persistence::users::NewUser;
use persistence::{Backend, now, traffic, users, write_transaction};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

mod net;
mod rows;
mod upstream;
pub use net::*;
pub use upstream::*;

pub const USER: &str = "alice1";
pub const PASSWORD: &str = "s3cretpw";

pub struct Options {
    pub backend: Backend,
    pub allow_private: bool,
    pub purchased: i64,
    pub max_connections_per_user: usize,
    pub idle_timeout: Duration,
    pub serve_traffic: bool,
    /// Any further setting, applied last.
    pub configure: Box<dyn FnOnce(&mut GatewayConfig) + Send>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            backend: Backend::Sqlite,
            allow_private: true,
            purchased: 1_000_000_000,
            max_connections_per_user: 64,
            idle_timeout: Duration::from_secs(60),
            serve_traffic: true,
            configure: Box::new(|_| {}),
        }
    }
}

fn insert_user(
    conn: &mut persistence::DbConnection,
    proxy_username: &str,
    proxy_password: &str,
    purchased: i64,
) -> domain::UserId {
    let email = format!("{proxy_username}@example.com");
    let ref_code = format!("R{}", proxy_username.to_ascii_uppercase());
    let user_id = users::insert(
        conn,
        &NewUser {
            email: &email,
            password_hash: None,
            google_sub: None,
            name: proxy_username,
            avatar_url: None,
            role: "user",
            ref_code: &ref_code,
            referred_by: None,
            proxy_username,
            proxy_password,
            created_at: now(),
            updated_at: now(),
        },
    )
    .unwrap()
    .id;
    write_transaction(conn, |c| {
        traffic::add_purchased(c, user_id, ProxyKind::Premium, purchased, None)
    })
    .unwrap();
    user_id
}

/// A further gateway node on the harness's database.
pub struct Node {
    pub http: SocketAddr,
    pub socks: SocketAddr,
    pub handle: GatewayHandle,
    stop: Option<oneshot::Sender<()>>,
    now: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), GatewayError>>>,
}

impl Node {
    /// The first stop signal: the node stops accepting and drains.
    pub fn begin_stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    /// The second stop signal: what still runs is closed at once.
    pub fn stop_now(&mut self) {
        if let Some(now) = self.now.take() {
            let _ = now.send(());
        }
    }

    /// Whether `run` has returned.
    pub fn stopped(&self) -> bool {
        self.task.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Waits for `run` to return and returns what it returned.
    pub async fn wait(&mut self) -> Result<(), GatewayError> {
        self.task.take().unwrap().await.unwrap()
    }

    /// Stops the node as an operator would; returns what `run` returned.
    pub async fn stop(&mut self) -> Result<(), GatewayError> {
        self.begin_stop();
        self.wait().await
    }

    /// Ends the node as a crash would: nothing more is written.
    pub async fn crash(mut self) {
        let task = self.task.take().unwrap();
        task.abort();
        let _ = task.await;
    }
}

pub struct Harness {
    pub db: TestDatabase,
    pub user_id: domain::UserId,
    pub http: SocketAddr,
    pub socks: SocketAddr,
    pub handle: GatewayHandle,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), GatewayError>>>,
}

impl Harness {
    /// How many of the customer's usage records were refused for `reason` (after the nodes
    /// flushed).
    pub fn refusals(&self, reason: &str) -> usize {
        use persistence::connection_records::{self, RecordFilter};
        let mut conn = self.db.pool.get().unwrap();
        let filter = RecordFilter::of(self.user_id);
        let (rows, _) = connection_records::page(&mut conn, &filter, 1_000, 0).unwrap();
        rows.iter()
            .filter(|r| r.row.reason.as_deref() == Some(reason))
            .count()
    }

    /// A node with the default options on `backend`.
    pub async fn on(backend: Backend) -> Option<Harness> {
        Harness::start(Options {
            backend,
            ..Options::default()
        })
        .await
    }

    /// None (said on standard error) when the backend is PostgreSQL and `TEST_DATABASE_URL`
    /// is unset: the test returns, its PostgreSQL variant not run.
    pub async fn start(options: Options) -> Option<Harness> {
        let Some(db) = TestDatabase::new(options.backend) else {
            eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
            return None;
        };
        let mut conn = db.pool.get().unwrap();
        let user_id = insert_user(&mut conn, USER, PASSWORD, options.purchased);
        drop(conn);
        let mut config = GatewayConfig {
            http_addr: "127.0.0.1:0".parse().unwrap(),
            socks_addr: "127.0.0.1:0".parse().unwrap(),
            allow_private: options.allow_private,
            flush_interval: Duration::from_secs(3600),
            idle_timeout: options.idle_timeout,
            max_connections_per_user: options.max_connections_per_user,
            serve_traffic: options.serve_traffic,
            // On PostgreSQL the node LISTENs for the change events, as in production.
            listen_url: ListenUrl::for_database(&db.url),
            ..GatewayConfig::default()
        };
        (options.configure)(&mut config);
        let gateway = Gateway::bind(config, db.pool.clone()).await.unwrap();
        let (http, socks, handle) = (gateway.http_addr(), gateway.socks_addr(), gateway.handle());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(gateway.run(async {
            let _ = stopped.await;
        }));
        Some(Harness {
            db,
            user_id,
            http,
            socks,
            handle,
            stop: Some(stop),
            task: Some(task),
        })
    }

    /// A second gateway node on the same database: the settings of `configure` over the
    /// tests' defaults.
    pub async fn another_node(&self, configure: impl FnOnce(&mut GatewayConfig)) -> Node {
        let mut config = GatewayConfig {
            http_addr: "127.0.0.1:0".parse().unwrap(),
            socks_addr: "127.0.0.1:0".parse().unwrap(),
            allow_private: true,
            flush_interval: Duration::from_secs(3600),
            max_connections_per_user: 256,
            listen_url: ListenUrl::for_database(&self.db.url),
            ..GatewayConfig::default()
        };
        configure(&mut config);
        let gateway = Gateway::bind(config, self.db.pool.clone()).await.unwrap();
        let (http, socks, handle) = (gateway.http_addr(), gateway.socks_addr(), gateway.handle());
        let (stop, stopped) = oneshot::channel::<()>();
        let (now, stop_now) = oneshot::channel::<()>();
        let task = tokio::spawn(gateway.run_draining(
            async {
                let _ = stopped.await;
            },
            async {
                let _ = stop_now.await;
            },
        ));
        Node {
            http,
            socks,
            handle,
            stop: Some(stop),
            now: Some(now),
            task: Some(task),
        }
    }

    /// Bytes of the customer's premium traffic leased to nodes and not yet settled.
    pub fn leased(&self) -> i64 {
        let mut conn = self.db.pool.get().unwrap();
        persistence::gateway_leases::leased(&mut conn, self.user_id, ProxyKind::Premium).unwrap()
    }

    /// Another customer with `purchased` bytes of premium traffic; returns their id.
    pub fn add_user(
        &self,
        proxy_username: &str,
        proxy_password: &str,
        purchased: i64,
    ) -> domain::UserId {
        let mut conn = self.db.pool.get().unwrap();
        insert_user(&mut conn, proxy_username, proxy_password, purchased)
    }

    /// Disables (or enables) the customer's account, as an admin would.
    pub fn set_disabled(&self, disabled: bool) {
        use diesel::prelude::*;
        use persistence::schema::users;
        let mut conn = self.db.pool.get().unwrap();
        diesel::update(users::table.find(self.user_id))
            .set(users::disabled.eq(disabled))
            .execute(&mut conn)
            .unwrap();
    }

    /// Stops the gateway and returns what `run` returned.
    pub async fn stop(&mut self) -> Result<(), GatewayError> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.task.take().unwrap().await.unwrap()
    }

    /// (purchased, used) of premium traffic, and the sum of its daily buckets.
    /// Asserts that both proxies refuse `user`:`pass` at authentication, before any
    /// destination (`dest`) is contacted: 407 over HTTP, SOCKS5 auth status 1.
    pub async fn assert_refused(&self, user: &str, pass: &str, dest: SocketAddr) {
        let (_, code, _) = http_connect(self.http, &dest.to_string(), Some((user, pass))).await;
        assert_eq!(code, 407, "http {user}:{pass}");
        let refused = socks_connect(self.socks, user, pass, Dest::Ip(dest))
            .await
            .err();
        assert_eq!(refused, Some(("auth", 1)), "socks {user}:{pass}");
    }

    /// A customer who gave the right password but may not connect: HTTP answers 403 naming
    /// `reason` in `Proxy-Status` (RFC 9209) and the body; SOCKS5 refuses the authentication.
    pub async fn assert_denied(&self, user: &str, pass: &str, dest: SocketAddr, reason: &str) {
        let (mut stream, code, head) =
            http_connect(self.http, &dest.to_string(), Some((user, pass))).await;
        assert_eq!(code, 403, "http {user}: {head}");
        assert!(
            head.contains(&format!(
                "Proxy-Status: proxyshop; error=http_request_denied; details=\"{reason}\""
            )),
            "{head}"
        );
        let mut body = String::new();
        tokio::io::AsyncReadExt::read_to_string(&mut stream, &mut body)
            .await
            .unwrap();
        assert_eq!(body, reason);
        let refused = socks_connect(self.socks, user, pass, Dest::Ip(dest))
            .await
            .err();
        assert_eq!(refused, Some(("auth", 1)), "socks {user}:{pass}");
    }

    pub fn usage(&self) -> (i64, i64, i64) {
        let mut conn = self.db.pool.get().unwrap();
        let (purchased, used) =
            traffic::balance(&mut conn, self.user_id, ProxyKind::Premium).unwrap();
        let days =
            traffic::daily(&mut conn, self.user_id, ProxyKind::Premium, "2000-01-01").unwrap();
        assert!(days.len() <= 2, "one bucket per UTC day");
        (purchased, used, days.iter().map(|d| d.1).sum())
    }
}
