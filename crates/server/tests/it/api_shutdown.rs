//! `proxyshop serve --no-gateway` stopped as a service manager or a fleet's orchestrator stops
//! it: at the first SIGTERM `/readyz` answers 503 at once while the API keeps answering for
//! `PROXYSHOP_SHUTDOWN_GRACE_SECS` (a load balancer notices before the listener closes); a
//! second SIGTERM stops it at once. Without a grace the first SIGTERM alone stops it. Its
//! metrics page, apart from the public port, counts the signed-in sessions.
#![cfg(unix)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How long a step may take on a loaded machine; no assertion rests on it being short.
const PATIENCE: Duration = Duration::from_secs(60);

struct Api {
    child: Child,
    addr: SocketAddr,
    metrics: SocketAddr,
    _root: tempfile::TempDir,
}

impl Drop for Api {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

fn free_port() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

/// An API instance on a fresh SQLite database, answering `/healthz`.
fn start(grace_seconds: &str) -> Api {
    let root = tempfile::tempdir().unwrap();
    let addr = free_port();
    let metrics = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_proxyshop"))
        .args(["serve", "--no-gateway"])
        .env_clear()
        .env("PROXYSHOP_DATA_DIR", root.path().join("var"))
        .env("PROXYSHOP_ADDR", addr.to_string())
        .env("PROXYSHOP_STATIC_DIR", root.path().join("no-front-end"))
        .env("PROXYSHOP_METRICS_ADDR", metrics.to_string())
        .env("PROXYSHOP_SHUTDOWN_GRACE_SECS", grace_seconds)
        .current_dir(root.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut api = Api {
        child,
        addr,
        metrics,
        _root: root,
    };
    wait_for(&mut api, "the API answers /healthz", |api| {
        status(api.addr, "/healthz") == Some(200)
    });
    api
}

/// The answer to `GET path` (status line, headers, body), or None when nothing answers.
fn get(addr: SocketAddr, path: &str) -> Option<String> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).ok()?;
    let mut reply = String::new();
    stream.read_to_string(&mut reply).ok()?;
    Some(reply)
}

/// The status of `GET path`, or None when nothing answers.
fn status(addr: SocketAddr, path: &str) -> Option<u16> {
    get(addr, path)?.split(' ').nth(1)?.parse().ok()
}

fn sigterm(api: &Api) {
    let sent = Command::new("kill")
        .args(["-TERM", &api.child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Polls `done` until it holds; fails the test after `PATIENCE` or when the process exits.
fn wait_for(api: &mut Api, what: &str, mut done: impl FnMut(&mut Api) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done(api) {
        assert!(
            api.child.try_wait().unwrap().is_none(),
            "exited before: {what}"
        );
        assert!(Instant::now() < deadline, "not within {PATIENCE:?}: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn wait_exit(api: &mut Api) -> ExitStatus {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = api.child.try_wait().unwrap() {
            return status;
        }
        assert!(
            Instant::now() < deadline,
            "still running after {PATIENCE:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_first_sigterm_turns_unready_and_keeps_serving_through_the_grace_the_second_stops() {
    // A grace far longer than the test: only the second signal can end it in time.
    let mut api = start("300");
    assert_eq!(status(api.addr, "/readyz"), Some(200));

    sigterm(&api);
    wait_for(&mut api, "/readyz answers 503", |api| {
        status(api.addr, "/readyz") == Some(503)
    });
    // In the grace: still accepting and answering.
    assert_eq!(status(api.addr, "/healthz"), Some(200));
    assert_eq!(status(api.addr, "/api/config"), Some(200));
    assert!(api.child.try_wait().unwrap().is_none());
    let page = get(api.metrics, "/metrics").expect("metrics are served");
    assert!(page.contains("\nproxyshop_sessions_active 0\n"), "{page}");
    assert!(
        page.contains(r#"proxyshop_db_pool_max_connections{pool="main"}"#),
        "{page}"
    );

    sigterm(&api);
    let exit = wait_exit(&mut api);
    assert!(exit.success(), "{exit:?}");
    assert_eq!(
        status(api.addr, "/healthz"),
        None,
        "nothing listens any more"
    );
}

#[test]
fn without_a_grace_the_first_sigterm_stops_the_api() {
    let mut api = start("0");
    sigterm(&api);
    let exit = wait_exit(&mut api);
    assert!(exit.success(), "{exit:?}");
    assert_eq!(status(api.addr, "/healthz"), None);
}
