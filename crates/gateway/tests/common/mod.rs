//! A gateway on loopback over a fresh database with one customer, local destinations, and
//! small proxy clients written against the RFCs.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use base64::Engine;
use gateway::{Gateway, GatewayConfig, GatewayError, GatewayHandle};
use persistence::testing::TestDatabase;
use persistence::users::NewUser;
use persistence::{Backend, now, traffic, users, write_transaction};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub const USER: &str = "alice1";
pub const PASSWORD: &str = "s3cretpw";

pub struct Options {
    pub backend: Backend,
    pub allow_private: bool,
    pub purchased: i64,
    pub max_connections_per_user: usize,
    pub idle_timeout: Duration,
    pub serve_traffic: bool,
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
        }
    }
}

pub struct Harness {
    pub db: TestDatabase,
    pub user_id: i64,
    pub http: SocketAddr,
    pub socks: SocketAddr,
    pub handle: GatewayHandle,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), GatewayError>>>,
}

impl Harness {
    /// None when the backend is PostgreSQL and `TEST_DATABASE_URL` is unset.
    pub async fn start(options: Options) -> Option<Harness> {
        let db = TestDatabase::new(options.backend)?;
        let mut conn = db.pool.get().unwrap();
        let user_id = users::insert(
            &mut conn,
            &NewUser {
                email: "alice@example.com",
                password_hash: None,
                google_sub: None,
                name: "Alice",
                avatar_url: None,
                role: "user",
                ref_code: "RALICE",
                referred_by: None,
                proxy_username: USER,
                proxy_password: PASSWORD,
                created_at: now(),
                updated_at: now(),
            },
        )
        .unwrap()
        .id;
        write_transaction(&mut conn, |c| {
            traffic::add_purchased(c, user_id, "premium", options.purchased, None)
        })
        .unwrap();
        drop(conn);
        let config = GatewayConfig {
            http_addr: "127.0.0.1:0".parse().unwrap(),
            socks_addr: "127.0.0.1:0".parse().unwrap(),
            allow_private: options.allow_private,
            flush_interval: Duration::from_secs(3600),
            idle_timeout: options.idle_timeout,
            max_connections_per_user: options.max_connections_per_user,
            serve_traffic: options.serve_traffic,
            ..GatewayConfig::default()
        };
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

    /// Stops the gateway and returns what `run` returned.
    pub async fn stop(&mut self) -> Result<(), GatewayError> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.task.take().unwrap().await.unwrap()
    }

    /// (purchased, used) of premium traffic, and the sum of its daily buckets.
    pub fn usage(&self) -> (i64, i64, i64) {
        let mut conn = self.db.pool.get().unwrap();
        let (purchased, used) = traffic::balance(&mut conn, self.user_id, "premium").unwrap();
        let days = traffic::daily(&mut conn, self.user_id, "premium", "2000-01-01").unwrap();
        assert!(days.len() <= 2, "one bucket per UTC day");
        (purchased, used, days.iter().map(|d| d.1).sum())
    }

    /// Inserts a purchased piece of `kind` for the customer (an order of one and its
    /// credential) valid until `expires_at`; returns the piece's id.
    pub fn insert_piece(&self, kind: &str, username: &str, password: &str, expires_at: i64) -> i64 {
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
                piece_orders::status.eq("completed"),
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

    /// The sum of the customer's daily usage buckets of `kind`.
    pub fn daily_usage(&self, kind: &str) -> i64 {
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
            .map(|b| (b.kind, b.purchased_bytes, b.used_bytes))
            .collect();
        rows.sort();
        rows
    }

    /// Flushes until the daily usage of `kind` reaches `bytes`, with a bound (as `wait_for_used`).
    pub async fn wait_for_daily(&self, kind: &str, bytes: i64) -> i64 {
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

pub fn basic(user: &str, pass: &str) -> String {
    let token = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{pass}"));
    format!("Basic {token}")
}

/// Reads a response head (up to the blank line) byte by byte, leaving the rest in the socket.
pub async fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read_u8().await {
            Ok(b) => head.push(b),
            Err(_) => break,
        }
    }
    String::from_utf8(head).unwrap()
}

/// Sends CONNECT through the HTTP proxy; returns the stream and the status code.
pub async fn http_connect(
    proxy: SocketAddr,
    target: &str,
    auth: Option<(&str, &str)>,
) -> (TcpStream, u16, String) {
    let mut stream = TcpStream::connect(proxy).await.unwrap();
    let mut request = format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n");
    if let Some((user, pass)) = auth {
        request.push_str(&format!("Proxy-Authorization: {}\r\n", basic(user, pass)));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let head = read_head(&mut stream).await;
    let code = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (stream, code, head)
}

pub enum Dest<'a> {
    Ip(SocketAddr),
    Domain(&'a str, u16),
}

/// A SOCKS5 CONNECT; Ok(stream) on success, Err((stage, code)) with stage "method", "auth" or
/// "connect".
pub async fn socks_connect(
    proxy: SocketAddr,
    user: &str,
    pass: &str,
    dest: Dest<'_>,
) -> Result<TcpStream, (&'static str, u8)> {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    s.write_all(&[5, 1, 2]).await.unwrap();
    let mut method = [0u8; 2];
    s.read_exact(&mut method).await.unwrap();
    if method[1] != 2 {
        return Err(("method", method[1]));
    }
    let mut auth = vec![1, user.len() as u8];
    auth.extend_from_slice(user.as_bytes());
    auth.push(pass.len() as u8);
    auth.extend_from_slice(pass.as_bytes());
    s.write_all(&auth).await.unwrap();
    let mut status = [0u8; 2];
    s.read_exact(&mut status).await.unwrap();
    if status[1] != 0 {
        return Err(("auth", status[1]));
    }
    let mut request = vec![5, 1, 0];
    let port = match dest {
        Dest::Ip(SocketAddr::V4(a)) => {
            request.push(1);
            request.extend_from_slice(&a.ip().octets());
            a.port()
        }
        Dest::Ip(SocketAddr::V6(a)) => {
            request.push(4);
            request.extend_from_slice(&a.ip().octets());
            a.port()
        }
        Dest::Domain(name, port) => {
            request.extend_from_slice(&[3, name.len() as u8]);
            request.extend_from_slice(name.as_bytes());
            port
        }
    };
    request.extend_from_slice(&port.to_be_bytes());
    s.write_all(&request).await.unwrap();
    let mut reply = [0u8; 4];
    s.read_exact(&mut reply).await.unwrap();
    let rest = if reply[3] == 4 { 18 } else { 6 };
    let mut bound = vec![0u8; rest];
    s.read_exact(&mut bound).await.unwrap();
    if reply[1] != 0 {
        Err(("connect", reply[1]))
    } else {
        Ok(s)
    }
}

pub const ORIGIN_RESPONSE: &[u8] =
    b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello";

/// An HTTP origin that answers one request with `ORIGIN_RESPONSE` and reports the request
/// head it received.
pub async fn one_shot_origin() -> (SocketAddr, oneshot::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = oneshot::channel();
    tokio::spawn(async move {
        let (mut s, _) = listener.accept().await.unwrap();
        let head = read_head(&mut s).await;
        s.write_all(ORIGIN_RESPONSE).await.unwrap();
        let _ = tx.send(head);
    });
    (addr, rx)
}

/// A destination that echoes every connection until EOF.
pub async fn echo_server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let (mut r, mut w) = s.split();
                let _ = tokio::io::copy(&mut r, &mut w).await;
            });
        }
    });
    addr
}

/// A destination that sends zeros to every connection until the reader goes away.
pub async fn endless_server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let chunk = vec![0u8; 8192];
                while s.write_all(&chunk).await.is_ok() {}
            });
        }
    });
    addr
}

/// Sends `len` bytes through `stream` to an echo destination and reads them back.
pub async fn echo_through(stream: &mut TcpStream, len: usize) {
    let payload: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
    let (mut r, mut w) = stream.split();
    let write = async {
        w.write_all(&payload).await.unwrap();
    };
    let read = async {
        let mut back = vec![0u8; len];
        r.read_exact(&mut back).await.unwrap();
        back
    };
    let ((), back) = tokio::join!(write, read);
    assert!(back == payload, "echo must come back unchanged");
}

/// Reads until the peer closes (or resets); returns the number of bytes read. Bounded by a
/// generous timeout so that a missing close fails the test instead of hanging it.
pub async fn read_to_close(stream: &mut TcpStream) -> usize {
    let mut total = 0;
    let mut buf = vec![0u8; 65536];
    let read = async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => total += n,
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), read)
        .await
        .expect("the gateway must close the connection");
    total
}
