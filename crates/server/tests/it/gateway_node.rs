//! `proxyshop gateway` run as a service manager runs it, over SQLite: a customer's SOCKS5
//! tunnel works; at the first SIGTERM the node stops accepting while the tunnel goes on
//! (drain); at the second it closes the tunnel and exits 0, having settled every byte moved
//! and given its lease back. Its metrics show the gateway's own database pool.
#![cfg(unix)]

use crate::common::{Proc, addr_after, echo_server, echo_through, gateway_ports, socks_tunnel};
use domain::ProxyKind;
use persistence::users::NewUser;
use persistence::{PoolOptions, gateway_leases, now, traffic, users, write_transaction};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

const USER: &str = "nodeuser1";
const PASSWORD: &str = "n0depassw0rd";

#[test]
fn a_gateway_node_drains_at_the_first_sigterm_and_settles_at_the_second() {
    let root = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", root.path().join("shop.db").display());
    let pool = persistence::connect(&url, &PoolOptions::default()).unwrap();
    let mut conn = pool.get().unwrap();
    persistence::run_migrations(&mut conn).unwrap();
    let user_id = users::insert(
        &mut conn,
        &NewUser {
            email: "node@example.com",
            password_hash: None,
            google_sub: None,
            name: "Node",
            avatar_url: None,
            role: "user",
            ref_code: "RNODE1",
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
        traffic::add_purchased(c, user_id, ProxyKind::Premium, 1_000_000_000, None)
    })
    .unwrap();

    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proxyshop"));
    cmd.arg("gateway")
        .env_clear()
        .env("PROXYSHOP_DATABASE_URL", &url)
        .env("PROXYSHOP_DATA_DIR", root.path().join("var"))
        .env("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_ALLOW_PRIVATE", "true")
        .env("PROXYSHOP_GATEWAY_DRAIN_SECS", "3600")
        .env("PROXYSHOP_METRICS_ADDR", "127.0.0.1:0")
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .current_dir(root.path());
    let mut node = Proc::spawn("gateway", cmd);
    let (_, socks) = gateway_ports(&mut node);

    let echo = echo_server();
    let mut tunnel = socks_tunnel(socks, USER, PASSWORD, echo);
    echo_through(&mut tunnel, 200_000);
    // The gateway's own pool is on the metrics page.
    let metrics = addr_after(
        &node
            .logged("metrics on")
            .expect("the metrics endpoint is logged"),
        "http://",
    );
    let mut scrape = TcpStream::connect(metrics).unwrap();
    scrape
        .write_all(b"GET /metrics HTTP/1.1\r\nhost: x\r\n\r\n")
        .unwrap();
    let mut page = String::new();
    scrape.read_to_string(&mut page).unwrap();
    assert!(
        page.contains(r#"proxyshop_db_pool_max_connections{pool="gateway"}"#),
        "{page}"
    );
    node.signal("TERM");
    // The listener closes at once; the tunnel goes on.
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(socks).is_ok() {
        assert!(Instant::now() < deadline, "the node kept accepting");
        std::thread::sleep(Duration::from_millis(20));
    }
    echo_through(&mut tunnel, 300_000);
    assert!(node.running(), "the live tunnel holds the node");
    node.signal("TERM");
    let mut rest = Vec::new();
    let _ = tunnel.read_to_end(&mut rest);
    assert!(rest.is_empty(), "closed by the second signal");
    let status = node.wait_exit(Duration::from_secs(30));
    assert!(status.success(), "exit {status}");
    let (_, used) = traffic::balance(&mut conn, user_id, ProxyKind::Premium).unwrap();
    assert_eq!(used, 2 * 500_000, "every byte moved, once");
    assert_eq!(
        gateway_leases::leased(&mut conn, user_id, ProxyKind::Premium).unwrap(),
        0,
        "the lease was given back"
    );
}
