//! A `proxyshop gateway` node SIGKILLed in the middle of a download, on SQLite and PostgreSQL:
//! once its lease expired (`PROXYSHOP_GATEWAY_LEASE_TTL_SECS`) and another node settled it, the customer
//! is charged at least every byte the client received (the shop loses nothing) and at most one
//! lease more (the customer's loss bound, docs/operations.md "A crash").
//!
//! `TEST_DATABASE_URL=postgres://... cargo nextest run -p server -E 'test(crash_loss)' --no-capture`
#![cfg(unix)]

use crate::common::{Proc, endless_server, gateway_ports, socks_tunnel};
use domain::ProxyKind;
use persistence::testing::TestDatabase;
use persistence::users::NewUser;
use persistence::{gateway_leases, now, traffic, users, write_transaction};
use std::io::Read;
use std::net::SocketAddr;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

const MB: i64 = 1_000_000;
const USER: &str = "crashuser1";
const PASSWORD: &str = "cr4shpassw0rd";
const PURCHASED: i64 = 1_000 * MB;
/// One node's lease: `max(1 % of the purchase, 16 MB) / PROXYSHOP_GATEWAY_EXPECTED_NODES` (1 node).
const LEASE: i64 = 16 * MB;
/// How much the client receives before the crash: several leases taken and used up.
const BEFORE_CRASH: i64 = 48 * MB;
const LEASE_TTL_SECS: &str = "10";

fn node(db: &TestDatabase, root: &std::path::Path, name: &str) -> (Proc, SocketAddr) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proxyshop"));
    cmd.arg("gateway")
        .env_clear()
        .env("PROXYSHOP_DATABASE_URL", &db.url)
        .env("PROXYSHOP_DATA_DIR", root.join(name))
        .env("PROXYSHOP_METRICS_ADDR", "off")
        .env("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_ALLOW_PRIVATE", "true")
        .env("PROXYSHOP_GATEWAY_LEASE_TTL_SECS", LEASE_TTL_SECS)
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .current_dir(root);
    let mut proc = Proc::spawn(name, cmd);
    let (_, socks) = gateway_ports(&mut proc);
    (proc, socks)
}

persistence::both_backends! {
    fn a_node_killed_mid_transfer_loses_at_most_one_lease(db) {
        let backend = db.backend;
        let root = tempfile::tempdir().unwrap();
        let mut conn = db.pool.get().unwrap();
        let user_id = users::insert(
            &mut conn,
            &NewUser {
                email: "crash@example.com",
                password_hash: None,
                google_sub: None,
                name: "Crash",
                avatar_url: None,
                role: "user",
                ref_code: "RCRASH",
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
            traffic::add_purchased(c, user_id, ProxyKind::Premium, PURCHASED, None)
        })
        .unwrap();

        let (mut crashing, socks) = node(db, root.path(), "crashing");
        let origin = endless_server(1);
        let mut tunnel = socks_tunnel(socks, USER, PASSWORD, origin);
        tunnel
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let received = Arc::new(AtomicI64::new(0));
        let reader = {
            let received = received.clone();
            std::thread::spawn(move || {
                let mut buf = vec![0u8; 1 << 16];
                // Until the node's death closes the tunnel.
                while let Ok(n @ 1..) = tunnel.read(&mut buf) {
                    received.fetch_add(n as i64, Ordering::Relaxed);
                }
            })
        };
        let deadline = Instant::now() + Duration::from_secs(120);
        while received.load(Ordering::Relaxed) < BEFORE_CRASH {
            assert!(
                Instant::now() < deadline,
                "the download stalled at {} bytes:\n{}",
                received.load(Ordering::Relaxed),
                crashing.log_text()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // While bytes flow.
        let at_kill = received.load(Ordering::Relaxed);
        crashing.signal("KILL");
        crashing.wait_exit(Duration::from_secs(30));
        reader.join().unwrap();
        let received = received.load(Ordering::Relaxed);
        let (_, flushed) = traffic::balance(&mut conn, user_id, ProxyKind::Premium).unwrap();
        let leased = gateway_leases::leased(&mut conn, user_id, ProxyKind::Premium).unwrap();
        assert!(leased > 0, "the crashed node's lease is still out");

        // Another node's flush settles the crashed node's lease once it expired.
        let (_survivor, _) = node(db, root.path(), "survivor");
        let deadline = Instant::now() + Duration::from_secs(90);
        while gateway_leases::leased(&mut conn, user_id, ProxyKind::Premium).unwrap() > 0 {
            assert!(
                Instant::now() < deadline,
                "the crashed node's lease was never settled"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let (_, charged) = traffic::balance(&mut conn, user_id, ProxyKind::Premium).unwrap();
        eprintln!(
            "{backend:?}: {received} bytes received ({at_kill} when the SIGKILL was sent), \
             {flushed} flushed before the crash with {leased} leased on top; {charged} charged \
             after the lease expired: the customer lost {} bytes (bound: one lease, {LEASE})",
            charged - received
        );
        assert!(
            charged >= received,
            "the shop gave bytes away: {charged} < {received}"
        );
        assert!(
            charged - received <= LEASE,
            "the customer lost more than a lease: {}",
            charged - received
        );
    }
}
