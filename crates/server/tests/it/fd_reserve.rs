//! `proxyshop serve` (API and gateway in one process) under a small open-file limit (soft
//! 256, hard 512, set by the shell that starts it): it raises the soft limit to the hard one,
//! and idle, unauthenticated connections to the gateway (from many sources, so that no
//! per-source or per-network cap stops them first) are closed at once once the gateway holds
//! the limit less `PROXYSHOP_GATEWAY_FD_RESERVE`; meanwhile `/healthz`, `/readyz` and the metrics page
//! answer, the refusals are counted and logged once, and the gateway serves again when the
//! idle connections go.
#![cfg(target_os = "linux")]

use crate::common::{Proc, gateway_ports};
use socket2::{Domain, Socket, Type};
use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::process::Command;
use std::time::{Duration, Instant};

const SOFT: usize = 256;
const HARD: usize = 512;
const RESERVE: usize = 192;
/// The descriptors the gateway may hold: one per idle connection.
const BUDGET: usize = HARD - RESERVE;
/// More idle connections than the budget (fewer than the listener's backlog).
const IDLE: usize = BUDGET + 200;

fn free_port() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

/// The answer to `GET path`, or None when nothing answers within a few seconds.
fn get(addr: SocketAddr, path: &str) -> Option<String> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).ok()?;
    let mut reply = String::new();
    stream.read_to_string(&mut reply).ok()?;
    Some(reply)
}

fn status(addr: SocketAddr, path: &str) -> Option<u16> {
    get(addr, path)?.split(' ').nth(1)?.parse().ok()
}

/// A connection to `to` from the loopback address `from` (Linux routes all of 127/8 there).
fn connect_from(from: Ipv4Addr, to: SocketAddr) -> TcpStream {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    // Today's connections are taken at once (or closed); a full backlog means the gateway
    // stopped accepting, out of descriptors.
    if let Err(e) = socket.connect_timeout(&to.into(), Duration::from_secs(10)) {
        panic!("connecting to the gateway from {from}: {e} (it no longer accepts)");
    }
    let stream: TcpStream = socket.into();
    stream.set_nonblocking(true).unwrap();
    stream
}

/// Whether the gateway closed this (idle, non-blocking) connection.
fn closed(mut stream: &TcpStream) -> bool {
    let mut byte = [0u8; 1];
    match stream.read(&mut byte) {
        Ok(0) => true,
        Ok(_) => panic!("an idle connection got bytes"),
        Err(e) if e.kind() == ErrorKind::WouldBlock => false,
        Err(_) => true,
    }
}

fn descriptors_of(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .count()
}

#[test]
fn idle_gateway_connections_leave_the_api_its_descriptors() {
    let root = tempfile::tempdir().unwrap();
    let (api, metrics) = (free_port(), free_port());
    let mut cmd = Command::new("/bin/sh");
    cmd.args([
        "-c",
        &format!("ulimit -Sn {SOFT} && ulimit -Hn {HARD} && exec \"$0\" serve"),
        env!("CARGO_BIN_EXE_proxyshop"),
    ])
    .env_clear()
    .env("PROXYSHOP_DATA_DIR", root.path().join("var"))
    .env("PROXYSHOP_ADDR", api.to_string())
    .env("PROXYSHOP_METRICS_ADDR", metrics.to_string())
    .env("PROXYSHOP_STATIC_DIR", root.path().join("no-front-end"))
    .env("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0")
    .env("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
    .env("PROXYSHOP_GATEWAY_FD_RESERVE", RESERVE.to_string())
    // The idle connections stay until the test closes them.
    .env("PROXYSHOP_GATEWAY_HANDSHAKE_TIMEOUT_SECS", "3600")
    .env("RUST_LOG", "info")
    .env("NO_COLOR", "1")
    .current_dir(root.path());
    let mut shop = Proc::spawn("serve", cmd);
    let (http, _) = gateway_ports(&mut shop);
    let deadline = Instant::now() + crate::common::START_TIMEOUT;
    while status(api, "/healthz") != Some(200) {
        assert!(shop.running(), "exited:\n{}", shop.log_text());
        assert!(
            Instant::now() < deadline,
            "no /healthz:\n{}",
            shop.log_text()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let raised = shop
        .logged("raised to the hard limit")
        .expect("the raise is logged");
    assert!(
        raised.contains(&format!("from={SOFT}")) && raised.contains(&format!("to={HARD}")),
        "{raised}"
    );
    let baseline = descriptors_of(shop.pid());
    eprintln!("descriptors before the idle connections: {baseline} (reserve {RESERVE})");

    // One connection per source address, at most 200 per /24.
    let idle: Vec<TcpStream> = (0..IDLE)
        .map(|i| {
            let from = Ipv4Addr::new(127, 1 + (i / 200) as u8, 1, 1 + (i % 200) as u8);
            connect_from(from, http)
        })
        .collect();
    // Those past the budget are closed at once; the rest stay open.
    let deadline = Instant::now() + Duration::from_secs(30);
    let open = loop {
        let open = idle.iter().filter(|s| !closed(s)).count();
        if open <= BUDGET {
            break open;
        }
        assert!(
            Instant::now() < deadline,
            "{open} of {IDLE} idle connections still open (budget {BUDGET}):\n{}",
            shop.log_text()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let held = descriptors_of(shop.pid());
    eprintln!(
        "{open} idle connections held, {} closed; the process holds {held} descriptors of {HARD}",
        IDLE - open
    );
    assert!(held < HARD, "the process ran out of descriptors");

    // The API answers while the gateway holds all it may.
    assert_eq!(status(api, "/healthz"), Some(200), "{}", shop.log_text());
    assert_eq!(status(api, "/readyz"), Some(200), "{}", shop.log_text());
    let page = get(metrics, "/metrics").expect("the metrics page answers");
    let refused: f64 = page
        .lines()
        .find_map(|l| l.strip_prefix(r#"proxyshop_gateway_refused_total{reason="fd_reserve"} "#))
        .unwrap_or_else(|| panic!("no refusal count:\n{page}"))
        .trim()
        .parse()
        .unwrap();
    assert!(
        refused >= (IDLE - BUDGET) as f64,
        "{refused} refusals counted"
    );
    assert_eq!(
        shop.count_lines("gateway at its descriptor budget"),
        1,
        "logged once, not per refusal:\n{}",
        shop.log_text()
    );
    assert_eq!(
        shop.count_lines("Too many open files"),
        0,
        "{}",
        shop.log_text()
    );

    // Once the idle connections go, the gateway serves again: a request without credentials
    // gets its answer (407).
    drop(idle);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mut s = TcpStream::connect(http).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.write_all(b"GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n")
            .unwrap();
        let mut reply = [0u8; 12];
        if s.read_exact(&mut reply).is_ok() {
            assert_eq!(&reply, b"HTTP/1.1 407");
            break;
        }
        assert!(Instant::now() < deadline, "the gateway never served again");
        std::thread::sleep(Duration::from_millis(50));
    }
}
