//! The fleet test: real `proxyshop` processes on one fresh PostgreSQL database, as
//! docs/operations.md ("Several instances on PostgreSQL", "Gateway fleet") runs them: two API
//! instances (`serve --no-gateway`, A and B) and two gateway nodes (`gateway`, G1 and G2).
//! Each test starts the members it needs on its own database and shows one promise:
//!
//! 1. sign-in limits are shared: failed sign-ins for one account, and from one client address,
//!    alternated between A and B are refused at exactly the attempt one instance refuses;
//! 2. a background job runs once per period across A and B;
//! 3. a customer disabled through the admin API on A is refused by G2 within 2 s;
//! 4. twenty parallel downloads over G1 and G2 never move more than the plan plus the lease
//!    bound, and every byte is settled with no lease stranded;
//! 5. SIGKILL of A in the middle of purchases leaves every wallet equal to its ledger;
//! 6. a SIGTERMed gateway node drains, then settles exactly the bytes it moved and returns its
//!    lease.
//!
//! PostgreSQL only: without `TEST_DATABASE_URL` every test prints a skip message and returns.
//! `TEST_DATABASE_URL=postgres://... cargo nextest run -p server -E 'test(fleet::)' --no-capture`
#![cfg(unix)]

use crate::common::*;
use domain::{Cents, EntryKind, ProxyKind, UserId};
use persistence::testing::TestDatabase;
use persistence::users::NewUser;
use persistence::{Backend, DbConnection, gateway_leases, job_runs, now, traffic, users, wallet};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

const MB: i64 = 1_000_000;
const ADMIN_EMAIL: &str = "fleet-admin@example.com";
const ADMIN_PASSWORD: &str = "Fl33tAdminPassw0rd!";
/// Every instance of one shop shares the session secret (docs/operations.md).
const SESSION_SECRET: &str = "fleet-test-session-secret-0123456789abcdef0123456789abcdef";
/// The gateway nodes of the fleet, as `PROXYSHOP_GATEWAY_EXPECTED_NODES` tells each of them.
const NODES: i64 = 2;
/// The lease rule's floor: all nodes together lease `max(1 % of the purchase, 16 MB)` of a
/// customer's traffic (docs/operations.md, "Gateway fleet"; `gateway::store::LeaseRule`).
const FLEET_FLOOR: i64 = 16 * MB;

/// The most all nodes together hold leased for one customer: `nodes × lease`, where a lease is
/// `max(1 % of the purchase, 16 MB) / PROXYSHOP_GATEWAY_EXPECTED_NODES`.
fn lease_bound(purchased: i64) -> i64 {
    NODES * ((purchased / 100).max(FLEET_FLOOR) / NODES)
}

/// One test's fleet: its own PostgreSQL database (dropped at the end), a folder for the
/// members' data dirs, and an admin made with `proxyshop create-admin`.
struct Fleet {
    db: TestDatabase,
    root: tempfile::TempDir,
}

/// An API instance (`proxyshop serve --no-gateway`).
struct Api {
    proc: Proc,
    addr: SocketAddr,
}

/// A gateway node (`proxyshop gateway`).
struct Node {
    proc: Proc,
    socks: SocketAddr,
}

impl Fleet {
    /// None (after the skip message) when `TEST_DATABASE_URL` is unset.
    fn new() -> Option<Fleet> {
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

    fn conn(&self) -> impl std::ops::DerefMut<Target = DbConnection> {
        self.db.pool.get().unwrap()
    }

    /// `proxyshop <subcommand>` on the fleet's database with its own data dir.
    fn command(&self, subcommand: &str, env: &[(&str, &str)]) -> Command {
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
            .current_dir(self.root.path());
        for (key, value) in env {
            cmd.env(key, value);
        }
        cmd
    }

    /// An API instance on a free loopback port with the local checkout on (so that payments
    /// exist to reconcile), ready when `/healthz` answers.
    fn api(&self, name: &str, env: &[(&str, &str)]) -> Api {
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
    fn node(&self, name: &str, drain_secs: u32) -> Node {
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
    fn customer(&self, tag: &str, password_hash: Option<&str>) -> UserId {
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
    fn give_traffic(&self, user: UserId, bytes: i64) {
        persistence::write_transaction(&mut self.conn(), |c| {
            traffic::add_purchased(c, user, ProxyKind::Premium, bytes, None)
        })
        .unwrap();
    }

    fn usage(&self, user: UserId) -> (i64, i64) {
        traffic::balance(&mut self.conn(), user, ProxyKind::Premium).unwrap()
    }

    fn leased(&self, user: UserId) -> i64 {
        gateway_leases::leased(&mut self.conn(), user, ProxyKind::Premium).unwrap()
    }
}

const CUSTOMER_PROXY_PASSWORD: &str = "secretpw";

fn rand_suffix() -> String {
    format!("{:x}", rand_u64())
}

fn rand_u64() -> u64 {
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
fn password_hash(password: &str) -> String {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(app::accounts::hash_password(password.to_owned()))
        .unwrap()
}

/// A minimal HTTP/1.1 JSON client (one connection per request) that keeps the cookies it is
/// given, like a browser would for the session.
struct Client {
    addr: SocketAddr,
    cookies: Vec<(String, String)>,
    /// Sent as `X-Forwarded-For`: the client address, as a load balancer in front reports it.
    forwarded_for: Option<String>,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        Client {
            addr,
            cookies: Vec::new(),
            forwarded_for: None,
        }
    }

    /// The same session cookies sent to another instance.
    fn to(&self, addr: SocketAddr) -> Client {
        Client {
            addr,
            cookies: self.cookies.clone(),
            forwarded_for: self.forwarded_for.clone(),
        }
    }

    fn get(&mut self, path: &str) -> (u16, Value) {
        self.request("GET", path, None)
    }

    fn post(&mut self, path: &str, body: Value) -> (u16, Value) {
        self.request("POST", path, Some(body))
    }

    /// `(status, JSON body or Null)`; status 0 when the connection failed.
    fn request(&mut self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
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
    fn sign_in(&mut self, email: &str, password: &str) {
        let (status, body) = self.post("/api/login", json!({"email": email, "password": password}));
        assert_eq!(status, 200, "sign-in of {email}: {body}");
    }
}

// 1. Sign-in limits are shared.

/// The login limits `serve` runs with: it keeps those of `api::RateLimits::default()`
/// (crates/server/src/bootstrap/services.rs).
fn login_limits() -> (usize, usize) {
    let limits = api::RateLimits::default();
    (
        limits.login_per_account_network as usize,
        limits.login_per_ip as usize,
    )
}

/// Failed sign-ins from the client address `client` through `instances` in turn until the
/// first 429: its attempt number (1-based). `email(n)` is attempt n's account.
fn first_refusal(
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

#[test]
fn failed_sign_ins_alternated_between_two_instances_are_refused_at_the_same_attempt() {
    let Some(fleet) = Fleet::new() else { return };
    // Behind a load balancer on loopback: the client address is its X-Forwarded-For.
    // No sign-in delays: this counts refusals, not how long the slowed-down attempts wait.
    let env = [
        ("PROXYSHOP_TRUSTED_PROXIES", "127.0.0.1"),
        ("PROXYSHOP_LOGIN_DELAY_MS", "0"),
    ];
    let a = fleet.api("A", &env);
    let b = fleet.api("B", &env);
    let (per_email, per_ip) = login_limits();
    // Each scenario from its own client address and accounts, so no count leaks into another.
    let one_account = |email: &'static str| move |_| email.to_owned();
    let every_time_another = |tag: &'static str| move |n| format!("{tag}{n}@example.com");

    // One account: the per-account limit (the address's is higher, not reached).
    assert!(per_ip > per_email);
    let account_on_one = first_refusal(
        &[a.addr],
        "203.0.113.1",
        one_account(ADMIN_EMAIL),
        per_email,
    );
    let account_alternated = first_refusal(
        &[a.addr, b.addr],
        "203.0.113.2",
        one_account("someone-else@example.com"),
        per_email,
    );
    // One client address trying a new account each time: the per-address limit.
    let address_on_one = first_refusal(&[a.addr], "203.0.113.3", every_time_another("one"), per_ip);
    let address_alternated = first_refusal(
        &[a.addr, b.addr],
        "203.0.113.4",
        every_time_another("two"),
        per_ip,
    );
    eprintln!(
        "fleet: sign-ins for one account refused at attempt {account_on_one} on one instance, \
         {account_alternated} alternating A/B (limit {per_email}); from one address at attempt \
         {address_on_one} on one instance, {address_alternated} alternating (limit {per_ip})"
    );
    assert_eq!(account_on_one, per_email + 1);
    assert_eq!(
        account_alternated, account_on_one,
        "two instances allowed more than one"
    );
    assert_eq!(address_on_one, per_ip + 1);
    assert_eq!(
        address_alternated, address_on_one,
        "two instances allowed more than one"
    );
    // The refusal holds on both instances.
    for addr in [a.addr, b.addr] {
        let mut c = Client::new(addr);
        c.forwarded_for = Some("203.0.113.2".to_owned());
        let (status, _) = c.post(
            "/api/login",
            json!({"email": "someone-else@example.com", "password": "Wr0ngPassw0rd!"}),
        );
        assert_eq!(status, 429);
    }
}

// 2. A background job runs once per period across instances.

const RECONCILE: &str = "payments_reconcile";

/// The job's current `(period, runs)` row, if it has one yet.
fn job_row(fleet: &Fleet) -> Option<(i64, i64)> {
    job_runs::find(&mut fleet.conn(), RECONCILE)
        .unwrap()
        .map(|r| (r.period, r.runs))
}

/// `name{labels} value` summed over the lines of a Prometheus text that match.
fn metric(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|l| l.starts_with(name) && labels.iter().all(|lab| l.contains(lab)))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

fn metrics_of(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: m\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text
}

#[test]
fn a_background_job_runs_once_per_period_across_two_instances() {
    let Some(fleet) = Fleet::new() else { return };
    // Reconciliation every second (its period is the setting; docs/configuration.md).
    let period_secs = 1;
    let every = period_secs.to_string();
    let env = [
        ("PROXYSHOP_RECONCILE_INTERVAL_SECS", every.as_str()),
        ("PROXYSHOP_METRICS_ADDR", "127.0.0.1:0"),
    ];
    let mut a = fleet.api("A", &env);
    let mut b = fleet.api("B", &env);
    // Logged before the API's own line.
    let metrics_at = |api: &Api| addr_after(&api.proc.logged("metrics on").unwrap(), "http://");
    let (metrics_a, metrics_b) = (metrics_at(&a), metrics_at(&b));

    // From the first run on, watch the row for a window of periods with both instances up.
    let deadline = Instant::now() + Duration::from_secs(30);
    let first = loop {
        if let Some(row) = job_row(&fleet) {
            break row;
        }
        assert!(Instant::now() < deadline, "the job never ran");
        std::thread::sleep(Duration::from_millis(20));
    };
    let window = 8;
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut last = first;
    loop {
        let row = job_row(&fleet).unwrap();
        let (periods, runs) = (row.0 - last.0, row.1 - last.1);
        // A new run only ever comes with a new period.
        assert!(
            runs <= periods,
            "{runs} runs in {periods} periods (from {last:?} to {row:?})"
        );
        last = row;
        if row.0 - first.0 >= window {
            break;
        }
        assert!(Instant::now() < deadline, "the job stopped at {row:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(a.proc.running() && b.proc.running());
    let (periods, runs) = (last.0 - first.0, last.1 - first.1);
    eprintln!("fleet: {runs} runs of {RECONCILE} in {periods} periods of {period_secs} s");
    // Never twice in a period (checked at every step above); and the job kept running. A
    // period both instances' ticks missed on a loaded machine is a skipped period, not a
    // duplicate, so this is not an equality.
    assert!(
        runs >= periods / 2,
        "{runs} runs in {periods} periods: the job stalled"
    );

    // Both instances tick every period; together they ran it as often as the row says (a run
    // claimed but not finished yet is not counted in the metrics).
    let text_a = metrics_of(metrics_a);
    let text_b = metrics_of(metrics_b);
    let job = format!("job=\"{RECONCILE}\"");
    let count = |text: &str, outcome: &str| {
        metric(
            text,
            "proxyshop_job_runs_total",
            &[&job, &format!("outcome=\"{outcome}\"")],
        ) as i64
    };
    let after = job_row(&fleet).unwrap().1;
    let (ok_a, ok_b) = (count(&text_a, "ok"), count(&text_b, "ok"));
    let (skipped_a, skipped_b) = (count(&text_a, "skipped"), count(&text_b, "skipped"));
    eprintln!(
        "fleet: A ran {ok_a} and skipped {skipped_a}, B ran {ok_b} and skipped {skipped_b}; \
         {after} runs recorded"
    );
    assert!(ok_a + skipped_a >= window / 2, "A did not tick");
    assert!(ok_b + skipped_b >= window / 2, "B did not tick");
    assert!(
        ok_a + ok_b <= after && ok_a + ok_b + 2 >= after,
        "{ok_a} + {ok_b} runs on the instances, {after} claims"
    );
    assert_eq!(count(&text_a, "failed") + count(&text_b, "failed"), 0);
}

// 3. A disable on A reaches gateway node G2 within 2 s.

#[test]
fn a_customer_disabled_on_one_instance_is_refused_by_another_gateway_node_within_two_seconds() {
    let Some(fleet) = Fleet::new() else { return };
    let a = fleet.api("A", &[]);
    let _g1 = fleet.node("G1", 30);
    let g2 = fleet.node("G2", 30);
    let customer = fleet.customer("disableme", None);
    fleet.give_traffic(customer, 1_000 * MB);
    let user = "udisableme";

    let echo = echo_server();
    let mut tunnel = socks_tunnel(g2.socks, user, CUSTOMER_PROXY_PASSWORD, echo);
    echo_through(&mut tunnel, 10_000);
    // G2 has the credential cached and a live tunnel.
    socks_auth(g2.socks, user, CUSTOMER_PROXY_PASSWORD).unwrap();

    let mut admin = Client::new(a.addr);
    admin.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD);
    // The tunnel's end, watched apart.
    let mut watched = tunnel.try_clone().unwrap();
    let cut = std::thread::spawn(move || {
        read_until_closed(&mut watched);
        Instant::now()
    });
    let started = Instant::now();
    let (status, body) = admin.post(
        &format!("/api/admin/users/{customer}/disable"),
        json!({"reason": "fleet test: disable reaches every node"}),
    );
    let answered = started.elapsed();
    assert_eq!(status, 200, "{body}");
    let deadline = started + Duration::from_secs(10);
    let refused = loop {
        match socks_auth(g2.socks, user, CUSTOMER_PROXY_PASSWORD) {
            Err(refusal) if refusal.starts_with("auth reply") => break started.elapsed(),
            Err(other) => panic!("G2 failed otherwise: {other}"),
            Ok(_) => {
                assert!(Instant::now() < deadline, "G2 still accepts the customer");
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    };
    let cut_after = cut.join().unwrap().saturating_duration_since(started);
    eprintln!(
        "fleet: disable answered by A in {:.2} s; reached the other node in {:.2} s (new \
         authentication refused), live tunnel cut after {:.2} s",
        answered.as_secs_f64(),
        refused.as_secs_f64(),
        cut_after.as_secs_f64()
    );
    assert!(
        refused < Duration::from_secs(2),
        "refused after {refused:?}"
    );
    assert!(
        cut_after < Duration::from_secs(2),
        "cut after {cut_after:?}"
    );
}

// 4. Parallel downloads over two nodes stay within the plan and the lease bound.

#[test]
fn parallel_downloads_over_two_nodes_stay_within_the_lease_bound() {
    let Some(fleet) = Fleet::new() else { return };
    let mut g1 = fleet.node("G1", 30);
    let mut g2 = fleet.node("G2", 30);
    let purchased = 40 * MB;
    let customer = fleet.customer("downloader", None);
    fleet.give_traffic(customer, purchased);
    let downloads = 20;
    // The origin sends once all twenty tunnels are open.
    let origin = endless_server(downloads);
    let start = Arc::new(Barrier::new(downloads));
    let threads: Vec<_> = (0..downloads)
        .map(|i| {
            let proxy = if i % 2 == 0 { g1.socks } else { g2.socks };
            let start = start.clone();
            std::thread::spawn(move || {
                start.wait();
                let mut s = socks_tunnel(proxy, "udownloader", CUSTOMER_PROXY_PASSWORD, origin);
                read_until_closed(&mut s)
            })
        })
        .collect();
    let received: i64 = threads.into_iter().map(|t| t.join().unwrap()).sum();
    // Both nodes stop: they flush and give every lease back.
    for node in [&mut g1, &mut g2] {
        node.proc.signal("TERM");
    }
    for node in [&mut g1, &mut g2] {
        let status = node.proc.wait_exit(Duration::from_secs(30));
        assert!(status.success(), "{} exit {status}", node.proc.name);
    }
    let (bought, used) = fleet.usage(customer);
    let bound = lease_bound(purchased);
    let overrun = received - purchased;
    eprintln!(
        "fleet: {downloads} downloads over G1 and G2, {purchased} bytes purchased: {received} \
         received, {used} used, overrun {overrun} (bound {bound} = {NODES} nodes x {} lease)",
        bound / NODES
    );
    assert_eq!(bought, purchased);
    assert!(overrun <= bound, "overrun {overrun} past the bound {bound}");
    assert!(used <= purchased, "{used} bytes metered of {purchased}");
    assert!(received <= used, "received {received}, metered {used}");
    assert!(
        purchased - used <= bound,
        "{} bytes left unmoved when the downloads were cut",
        purchased - used
    );
    assert_eq!(fleet.leased(customer), 0, "a lease stayed stranded");
}

// 5. SIGKILL of an API instance mid-purchase.

/// Every customer's stored balance equals the sum of their ledger rows.
fn assert_wallets_match_ledgers(conn: &mut DbConnection, ids: &[UserId]) {
    for &id in ids {
        let balance = users::find_by_id(conn, id).unwrap().unwrap().balance_cents;
        let ledger = wallet::ledger_sum(conn, id).unwrap();
        assert_eq!(
            balance, ledger,
            "user {id}: balance {balance:?}, ledger {ledger:?}"
        );
    }
}

#[test]
fn a_sigkill_in_the_middle_of_purchases_leaves_every_wallet_equal_to_its_ledger() {
    let Some(fleet) = Fleet::new() else { return };
    let mut a = fleet.api("A", &[]);
    let b = fleet.api("B", &[]);
    let password = "Cust0merPassw0rd!";
    let hash = password_hash(password);
    let customers: Vec<UserId> = (0..4)
        .map(|i| {
            let id = fleet.customer(&format!("buyer{i}"), Some(&hash));
            let reference = format!("fleet-credit-{i}");
            persistence::write_transaction(&mut fleet.conn(), |c| {
                wallet::credit(
                    c,
                    id,
                    Cents::new(1_000_000),
                    EntryKind::AdminAdjustment,
                    &reference,
                    Some("fleet test"),
                )
            })
            .unwrap();
            id
        })
        .collect();
    let plans = Client::new(a.addr).get("/api/user/plan?type=premium").1;
    let plan_id = plans["plan"]["plans"][0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no premium plan: {plans}"));
    let sessions: Vec<Client> = (0..customers.len())
        .map(|i| {
            let mut c = Client::new(a.addr);
            c.sign_in(&format!("buyer{i}@example.com"), password);
            c
        })
        .collect();

    // Many purchases at once on A; A is killed while they are in flight.
    let per_customer = 12;
    let total = customers.len() * per_customer;
    let (done_send, done) = std::sync::mpsc::channel::<u16>();
    let start = Arc::new(Barrier::new(total + 1));
    let buyers: Vec<_> = (0..total)
        .map(|i| {
            let mut client = sessions[i % customers.len()].to(a.addr);
            let (start, done_send) = (start.clone(), done_send.clone());
            std::thread::spawn(move || {
                start.wait();
                let (status, _) = client.post(
                    "/api/user/get_plan",
                    json!({"type": "premium", "planId": plan_id}),
                );
                let _ = done_send.send(status);
            })
        })
        .collect();
    start.wait();
    // A quarter answered: purchases are being made, most are still in flight.
    let mut statuses: Vec<u16> = (0..total / 4)
        .map(|_| done.recv_timeout(Duration::from_secs(60)).unwrap())
        .collect();
    // SIGKILL (what `Child::kill` sends), without a helper process in between.
    a.proc.child.kill().unwrap();
    let status = a.proc.wait_exit(Duration::from_secs(10));
    for buyer in buyers {
        buyer.join().unwrap();
    }
    drop(done_send);
    statuses.extend(done.iter());
    let ok = statuses.iter().filter(|&&s| s == 200).count();
    let cut = statuses.iter().filter(|&&s| s == 0).count();
    assert_eq!(statuses.len(), total);
    assert_eq!(ok + cut, total, "other answers: {statuses:?}");
    assert!(cut > 0, "A was killed after every purchase had finished");

    let mut conn = fleet.conn();
    assert_wallets_match_ledgers(&mut conn, &customers);
    // Every purchase that was debited added its traffic, and none without.
    let per_plan = plans["plan"]["plans"][0]["amount"].as_i64().unwrap() * domain::units::GB;
    let mut debited = 0;
    for &id in &customers {
        let purchases = wallet::history(&mut conn, id, 1_000, 0)
            .unwrap()
            .0
            .into_iter()
            .filter(|e| e.kind == EntryKind::Purchase)
            .count();
        let (bought, _) = traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap();
        assert_eq!(bought, purchases as i64 * per_plan, "user {id}");
        debited += purchases;
    }
    eprintln!(
        "fleet: A killed ({status}) during {total} purchases: {ok} answered 200, {cut} cut off; \
         {debited} debited in the database, every wallet equal to its ledger"
    );
    assert!(debited >= ok, "{ok} purchases answered, {debited} debited");
    // B goes on serving, and a purchase there keeps the wallet equal to its ledger.
    let mut on_b = sessions[0].to(b.addr);
    let (status, body) = on_b.post(
        "/api/user/get_plan",
        json!({"type": "premium", "planId": plan_id}),
    );
    assert_eq!(status, 200, "{body}");
    assert_wallets_match_ledgers(&mut conn, &customers);
}

// 6. A SIGTERMed node drains and settles exactly.

#[test]
fn a_sigtermed_gateway_node_drains_then_settles_exactly_the_bytes_it_moved() {
    let Some(fleet) = Fleet::new() else { return };
    let mut g1 = fleet.node("G1", 60);
    let mut g2 = fleet.node("G2", 60);
    let customer = fleet.customer("drainer", None);
    fleet.give_traffic(customer, 1_000 * MB);
    let user = "udrainer";
    let echo = echo_server();

    let mut tunnel = socks_tunnel(g1.socks, user, CUSTOMER_PROXY_PASSWORD, echo);
    echo_through(&mut tunnel, 200_000);
    assert!(fleet.leased(customer) > 0, "G1 holds a lease");
    g1.proc.signal("TERM");
    // G1 stops accepting at once; the tunnel goes on; G2 still serves.
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(g1.socks).is_ok() {
        assert!(Instant::now() < deadline, "G1 kept accepting");
        std::thread::sleep(Duration::from_millis(20));
    }
    echo_through(&mut tunnel, 300_000);
    assert!(g1.proc.running(), "the live tunnel holds G1");
    assert!(g2.proc.running());
    // The tunnel ends: G1 has nothing left to drain and exits.
    drop(tunnel);
    let status = g1.proc.wait_exit(Duration::from_secs(30));
    assert!(status.success(), "G1 exit {status}");
    // Both directions of the echo are metered.
    let moved = 2 * (200_000 + 300_000);
    let (_, used) = fleet.usage(customer);
    eprintln!("fleet: G1 drained; {moved} bytes moved, {used} recorded");
    assert_eq!(used, moved, "every byte moved, once");
    assert_eq!(fleet.leased(customer), 0, "G1 gave its lease back");
}
