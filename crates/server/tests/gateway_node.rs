//! `proxyshop gateway` run as a service manager runs it, over SQLite: a customer's SOCKS5
//! tunnel works; at the first SIGTERM the node stops accepting while the tunnel goes on
//! (drain); at the second it closes the tunnel and exits 0, having settled every byte moved
//! and given its lease back. Its metrics show the gateway's own database pool.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use domain::ProxyKind;
use persistence::users::NewUser;
use persistence::{PoolOptions, gateway_leases, now, traffic, users, write_transaction};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const USER: &str = "nodeuser1";
const PASSWORD: &str = "n0depassw0rd";

/// A destination that echoes every connection.
fn echo_server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            std::thread::spawn(move || {
                let mut buf = [0u8; 16384];
                while let Ok(n) = stream.read(&mut buf) {
                    if n == 0 || stream.write_all(&buf[..n]).is_err() {
                        return;
                    }
                }
            });
        }
    });
    addr
}

/// A SOCKS5 tunnel to `dest` with the customer's credential.
fn socks_tunnel(proxy: SocketAddr, dest: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(proxy).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(&[5, 1, 2]).unwrap();
    let mut reply = [0u8; 2];
    s.read_exact(&mut reply).unwrap();
    assert_eq!(reply, [5, 2]);
    let mut auth = vec![1, USER.len() as u8];
    auth.extend_from_slice(USER.as_bytes());
    auth.push(PASSWORD.len() as u8);
    auth.extend_from_slice(PASSWORD.as_bytes());
    s.write_all(&auth).unwrap();
    s.read_exact(&mut reply).unwrap();
    assert_eq!(reply, [1, 0], "authenticated");
    let SocketAddr::V4(dest) = dest else {
        panic!("IPv4 destination")
    };
    let mut request = vec![5, 1, 0, 1];
    request.extend_from_slice(&dest.ip().octets());
    request.extend_from_slice(&dest.port().to_be_bytes());
    s.write_all(&request).unwrap();
    let mut answer = [0u8; 10];
    s.read_exact(&mut answer).unwrap();
    assert_eq!(answer[1], 0, "connected");
    s
}

fn echo_through(s: &mut TcpStream, len: usize) {
    let payload: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
    let mut writer = s.try_clone().unwrap();
    let sent = payload.clone();
    let write = std::thread::spawn(move || writer.write_all(&sent).unwrap());
    let mut back = vec![0u8; len];
    s.read_exact(&mut back).unwrap();
    write.join().unwrap();
    assert!(back == payload, "the echo comes back unchanged");
}

fn signal(child: &Child) {
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// The text of a log line without its colour codes.
fn plain(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

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

    let mut child = Command::new(env!("CARGO_BIN_EXE_proxyshop"))
        .arg("gateway")
        .env_clear()
        .env("DATABASE_URL", &url)
        .env("PROXYSHOP_DATA_DIR", root.path().join("var"))
        .env("GATEWAY_HTTP_ADDR", "127.0.0.1:0")
        .env("GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
        .env("GATEWAY_ALLOW_PRIVATE", "true")
        .env("GATEWAY_DRAIN_SECONDS", "3600")
        .env("PROXYSHOP_METRICS_ADDR", "127.0.0.1:0")
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .current_dir(root.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (lines, log) = mpsc::channel::<String>();
    // The log goes to standard output.
    let output = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let Ok(line) = line else { return };
            if lines.send(plain(&line)).is_err() {
                return;
            }
        }
    });
    let mut metrics: Option<SocketAddr> = None;
    let socks: SocketAddr = loop {
        let line = log
            .recv_timeout(Duration::from_secs(60))
            .expect("the gateway names its ports");
        if let Some(at) = line.find("metrics on http://") {
            let addr = line[at + 18..].split('/').next().unwrap();
            metrics = Some(addr.parse().unwrap());
        }
        if let Some(at) = line.find("socks=") {
            let addr = line[at + 6..].split_whitespace().next().unwrap();
            break addr.parse().unwrap();
        }
    };

    let echo = echo_server();
    let mut tunnel = socks_tunnel(socks, echo);
    echo_through(&mut tunnel, 200_000);
    let mut scrape = TcpStream::connect(metrics.expect("the metrics endpoint is logged")).unwrap();
    scrape
        .write_all(b"GET /metrics HTTP/1.1\r\nhost: x\r\n\r\n")
        .unwrap();
    let mut page = String::new();
    scrape.read_to_string(&mut page).unwrap();
    assert!(
        page.contains(r#"proxyshop_db_pool_max_connections{pool="gateway"}"#),
        "{page}"
    );
    signal(&child);
    // The listener closes at once; the tunnel goes on.
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(socks).is_ok() {
        assert!(Instant::now() < deadline, "the node kept accepting");
        std::thread::sleep(Duration::from_millis(20));
    }
    echo_through(&mut tunnel, 300_000);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the live tunnel holds the node"
    );
    signal(&child);
    let mut rest = Vec::new();
    let _ = tunnel.read_to_end(&mut rest);
    assert!(rest.is_empty(), "closed by the second signal");
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the node did not exit");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "exit {status}");
    let (_, used) = traffic::balance(&mut conn, user_id, ProxyKind::Premium).unwrap();
    assert_eq!(used, 2 * 500_000, "every byte moved, once");
    assert_eq!(
        gateway_leases::leased(&mut conn, user_id, ProxyKind::Premium).unwrap(),
        0,
        "the lease was given back"
    );
}
