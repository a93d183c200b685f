//! The fleet tests' harness (`fleet.rs`, `fleet_traffic.rs`): real `proxyshop` processes on one
//! fresh PostgreSQL database per test (two API instances, gateway nodes), their clients and the
//! readings the tests take of them.
#![cfg(unix)]

use crate::common::*;
use domain::{ProxyKind, UserId};
use persistence::testing::TestDatabase;
use persistence::users::NewUser;
use persistence::{Backend, DbConnection, gateway_leases, job_runs, now, traffic, users, wallet};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::time::{Duration, Instant};

pub(crate) const MB: i64 = 1_000_000;
pub(crate) const ADMIN_EMAIL: &str = "fleet-admin@example.com";
pub(crate) const ADMIN_PASSWORD: &str = "Fl33tAdminPassw0rd!";
/// Every instance of one shop shares the session secret (docs/operations.md).
pub(crate) const SESSION_SECRET: &str =
    "fleet-test-session-secret-0123456789abcdef0123456789abcdef";
/// The gateway nodes of the fleet, as `PROXYSHOP_GATEWAY_EXPECTED_NODES` tells each of them.
pub(crate) const NODES: i64 = 2;
/// The lease rule's floor: all nodes together lease `max(1 % of the purchase, 16 MB)` of a
/// customer's traffic (docs/operations.md, "Gateway fleet"; `gateway::store::LeaseRule`).
pub(crate) const FLEET_FLOOR: i64 = 16 * MB;

/// The most all nodes together hold leased for one customer: `nodes × lease`, where a lease is
/// `max(1 % of the purchase, 16 MB) / PROXYSHOP_GATEWAY_EXPECTED_NODES`.
pub(crate) fn lease_bound(purchased: i64) -> i64 {
    NODES * ((purchased / 100).max(FLEET_FLOOR) / NODES)
}

/// One test's fleet: its own PostgreSQL database (dropped at the end), a folder for the
/// members' data dirs, and an admin made with `proxyshop create-admin`.
pub(crate) struct Fleet {
    pub(crate) db: TestDatabase,
    pub(crate) root: tempfile::TempDir,
}

/// An API instance (`proxyshop serve --no-gateway`).
pub(crate) struct Api {
    pub(crate) proc: Proc,
    pub(crate) addr: SocketAddr,
}

/// A gateway node (`proxyshop gateway`).
pub(crate) struct Node {
    pub(crate) proc: Proc,
    pub(crate) socks: SocketAddr,
}

impl Fleet {
    /// None (after the skip message) when `TEST_DATABASE_URL` is unset.
    pub(crate) fn new() -> Option<Fleet> {
        let Some(db) = TestDatabase::new(Backend::Postgres) else {
            eprintln!("TEST_DATABASE_URL unset: the fleet test runs on PostgreSQL only; skipped");
            return None;
        };
        let fleet = Fleet {
            db,
            root: tempfile::tempdir().unwrap(),
        };
        let out = fleet
            .command("create-admin", &[])
            .args(["--email", ADMIN_EMAIL, "--password", ADMIN_PASSWORD])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "create-admin: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        Some(fleet)
    }

    pub(crate) fn conn(&self) -> impl std::ops::DerefMut<Target = DbConnection> {
        self.db.pool.get().unwrap()
    }

    /// `proxyshop <subcommand>` on the fleet's database with its own data dir.
    pub(crate) fn command(&self, subcommand: &str, env: &[(&str, &str)]) -> Command {
        let data = self
            .root
            .path()
            .join(format!("{subcommand}-{}", rand_suffix()));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_proxyshop"));
        cmd.arg(subcommand)
            .env_clear()
            .env("PROXYSHOP_DATABASE_URL", &self.db.url)
            .env("PROXYSHOP_DATA_DIR", &data)
            .env("PROXYSHOP_METRICS_ADDR", "off")
            .env("PROXYSHOP_SESSION_SECRET", SESSION_SECRET)
            .env(
                "PROXYSHOP_STATIC_DIR",
                self.root.path().join("no-front-end"),
            )
            .env("RUST_LOG", "info,actix_server=warn,actix_web=warn")
            .env("NO_COLOR", "1")
            // Hashing at normal priority, as the browser tests run the server: at the idle
            // priority a sign-in waits for a core nothing else wants, and beside the other
            // tests, the browser and the fuzzer in CI one fleet sign-in test took 223 s.
            .env("PROXYSHOP_PASSWORD_HASHING_NORMAL_PRIORITY", "true")
            .current_dir(self.root.path());
        for (key, value) in env {
            cmd.env(key, value);
        }
        cmd
    }

    /// An API instance on a free loopback port with the local checkout on (so that payments
    /// exist to reconcile), ready when `/healthz` answers.
    pub(crate) fn api(&self, name: &str, env: &[(&str, &str)]) -> Api {
        let mut cmd = self.command("serve", env);
        cmd.arg("--no-gateway")
            .env("PROXYSHOP_ADDR", "127.0.0.1:0")
            .env("PROXYSHOP_LOCAL_CHECKOUT", "true");
        let mut proc = Proc::spawn(name, cmd);
        let line = proc.wait_for_line("proxyshop listening on", START_TIMEOUT);
        let addr = addr_after(&line, "(bound ");
        let deadline = Instant::now() + START_TIMEOUT;
        while Client::new(addr).get("/healthz").0 != 200 {
            assert!(Instant::now() < deadline, "{name} never became healthy");
            std::thread::sleep(Duration::from_millis(50));
        }
        Api { proc, addr }
    }

    /// A gateway node of a two-node fleet on free loopback ports.
    pub(crate) fn node(&self, name: &str, drain_secs: u32) -> Node {
        let drain = drain_secs.to_string();
        let nodes = NODES.to_string();
        let cmd = self.command(
            "gateway",
            &[
                ("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0"),
                ("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0"),
                ("PROXYSHOP_GATEWAY_ALLOW_PRIVATE", "true"),
                ("PROXYSHOP_GATEWAY_EXPECTED_NODES", &nodes),
                ("PROXYSHOP_GATEWAY_DRAIN_SECS", &drain),
            ],
        );
        let mut proc = Proc::spawn(name, cmd);
        let (_, socks) = gateway_ports(&mut proc);
        Node { proc, socks }
    }

    /// A customer (role user) with a proxy credential `u<tag>` / `secretpw` and, when
    /// `password_hash` is given, a password to sign in with.
    pub(crate) fn customer(&self, tag: &str, password_hash: Option<&str>) -> UserId {
        let t = now();
        users::insert(
            &mut self.conn(),
            &NewUser {
                email: &format!("{tag}@example.com"),
                password_hash,
                google_sub: None,
                name: tag,
                avatar_url: None,
                role: "user",
                ref_code: &format!("R{tag}"),
                referred_by: None,
                proxy_username: &format!("u{tag}"),
                proxy_password: CUSTOMER_PROXY_PASSWORD,
                created_at: t,
                updated_at: t,
            },
        )
        .unwrap()
        .id
    }

    /// Premium traffic bought, as the purchase writes it.
    pub(crate) fn give_traffic(&self, user: UserId, bytes: i64) {
        persistence::write_transaction(&mut self.conn(), |c| {
            traffic::add_purchased(c, user, ProxyKind::Premium, bytes, None)
        })
        .unwrap();
    }

    pub(crate) fn usage(&self, user: UserId) -> (i64, i64) {
        traffic::balance(&mut self.conn(), user, ProxyKind::Premium).unwrap()
    }

    pub(crate) fn leased(&self, user: UserId) -> i64 {
        gateway_leases::leased(&mut self.conn(), user, ProxyKind::Premium).unwrap()
    }
}

pub(crate) const CUSTOMER_PROXY_PASSWORD: &str = "secretpw";

pub(crate) fn rand_suffix() -> String {
    format!("{:x}", rand_u64())
}

pub(crate) fn rand_u64() -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut h = RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos(),
    );
    h.finish()
}

/// A password's argon2 hash, made by the product's own function.
pub(crate) fn password_hash(password: &str) -> String {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(app::accounts::hash_password(password.to_owned()))
        .unwrap()
}

/// A minimal HTTP/1.1 JSON client (one connection per request) that keeps the cookies it is
/// given, like a browser would for the session.
pub(crate) struct Client {
    pub(crate) addr: SocketAddr,
    pub(crate) cookies: Vec<(String, String)>,
    /// Sent as `X-Forwarded-For`: the client address, as a load balancer in front reports it.
    pub(crate) forwarded_for: Option<String>,
}

impl Client {
    pub(crate) fn new(addr: SocketAddr) -> Client {
        Client {
            addr,
            cookies: Vec::new(),
            forwarded_for: None,
        }
    }

    /// The same session cookies sent to another instance.
    pub(crate) fn to(&self, addr: SocketAddr) -> Client {
        Client {
            addr,
            cookies: self.cookies.clone(),
            forwarded_for: self.forwarded_for.clone(),
        }
    }

    pub(crate) fn get(&mut self, path: &str) -> (u16, Value) {
        self.request("GET", path, None)
    }

    pub(crate) fn post(&mut self, path: &str, body: Value) -> (u16, Value) {
        self.request("POST", path, Some(body))
    }

    /// `(status, JSON body or Null)`; status 0 when the connection failed.
    pub(crate) fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let Ok(mut s) = TcpStream::connect(self.addr) else {
            return (0, Value::Null);
        };
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if let Some(client) = &self.forwarded_for {
            head.push_str(&format!("X-Forwarded-For: {client}\r\n"));
        }
        if !self.cookies.is_empty() {
            let cookies: Vec<String> = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            head.push_str(&format!("Cookie: {}\r\n", cookies.join("; ")));
        }
        head.push_str("\r\n");
        if s.write_all(head.as_bytes()).is_err() || s.write_all(body.as_bytes()).is_err() {
            return (0, Value::Null);
        }
        let mut raw = Vec::new();
        if s.read_to_end(&mut raw).is_err() || raw.is_empty() {
            return (0, Value::Null);
        }
        let text = String::from_utf8_lossy(&raw).into_owned();
        let Some((head, body)) = text.split_once("\r\n\r\n") else {
            return (0, Value::Null);
        };
        let mut lines = head.lines();
        let status: u16 = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        for line in lines {
            let Some((name, value)) = line.split_once(':') else {
                continue;
            };
            if name.eq_ignore_ascii_case("set-cookie") {
                let pair = value.trim().split(';').next().unwrap_or_default();
                if let Some((k, v)) = pair.split_once('=') {
                    self.cookies.retain(|(name, _)| name != k);
                    self.cookies.push((k.to_owned(), v.to_owned()));
                }
            }
        }
        (status, serde_json::from_str(body).unwrap_or(Value::Null))
    }

    /// Signs in; panics unless it worked.
    pub(crate) fn sign_in(&mut self, email: &str, password: &str) {
        let (status, body) = self.post("/api/login", json!({"email": email, "password": password}));
        assert_eq!(status, 200, "sign-in of {email}: {body}");
    }
}

// 1. Sign-in limits are shared.

/// The login limits `serve` runs with: it keeps those of `api::RateLimits::default()`
/// (crates/server/src/bootstrap/services.rs).
pub(crate) fn login_limits() -> (usize, usize) {
    let limits = api::RateLimits::default();
    (
        limits.login_per_account_network as usize,
        limits.login_per_ip as usize,
    )
}

/// Failed sign-ins from the client address `client` through `instances` in turn until the
/// first 429: its attempt number (1-based). `email(n)` is attempt n's account.
pub(crate) fn first_refusal(
    instances: &[SocketAddr],
    client: &str,
    email: impl Fn(usize) -> String,
    limit: usize,
) -> usize {
    for attempt in 1..=limit + 5 {
        let addr = instances[(attempt - 1) % instances.len()];
        let mut c = Client::new(addr);
        c.forwarded_for = Some(client.to_owned());
        let (status, body) = c.post(
            "/api/login",
            json!({"email": email(attempt), "password": "Wr0ngPassw0rd!"}),
        );
        match status {
            401 => {}
            429 => return attempt,
            other => panic!("attempt {attempt} on {addr}: {other} {body}"),
        }
    }
    panic!("{client} was never refused in {} attempts", limit + 5)
}

pub(crate) const RECONCILE: &str = "payments_reconcile";

/// The job's current `(period, runs)` row, if it has one yet.
pub(crate) fn job_row(fleet: &Fleet) -> Option<(i64, i64)> {
    job_runs::find(&mut fleet.conn(), RECONCILE)
        .unwrap()
        .map(|r| (r.period, r.runs))
}

/// `name{labels} value` summed over the lines of a Prometheus text that match.
pub(crate) fn metric(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|l| l.starts_with(name) && labels.iter().all(|lab| l.contains(lab)))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

pub(crate) fn metrics_of(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: m\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text
}

pub(crate) fn assert_wallets_match_ledgers(conn: &mut DbConnection, ids: &[UserId]) {
    for &id in ids {
        let balance = users::find_by_id(conn, id).unwrap().unwrap().balance_cents;
        let ledger = wallet::ledger_sum(conn, id).unwrap();
        assert_eq!(
            balance, ledger,
            "user {id}: balance {balance:?}, ledger {ledger:?}"
        );
    }
}
