//! A connection of a credential already checked is served from memory: the cached account,
//! the source remembered as signed in and the meter's lease answer it on the connection's own
//! thread, without a database task (which would wake a blocking thread and come back).

use super::*;
use base64::Engine;
use persistence::testing::TestDatabase;
use persistence::users::NewUser;
use persistence::{Backend, now, traffic, users, write_transaction};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const USER: &str = "carol1";
const PASSWORD: &str = "carolpw1";

/// A gateway served on this test's runtime (`workers` 0), so that everything it does for a
/// connection happens on this thread and is counted by `store::BLOCKING_CALLS`.
async fn gateway(db: &TestDatabase) -> (SocketAddr, SocketAddr, watch::Sender<bool>) {
    let mut conn = db.pool.get().unwrap();
    let user = users::insert(
        &mut conn,
        &NewUser {
            email: "carol@example.com",
            password_hash: None,
            google_sub: None,
            name: "Carol",
            avatar_url: None,
            role: "user",
            ref_code: "RCAROL",
            referred_by: None,
            proxy_username: USER,
            proxy_password: PASSWORD,
            created_at: now(),
            updated_at: now(),
        },
    )
    .unwrap();
    write_transaction(&mut conn, |c| {
        traffic::add_purchased(c, user.id, domain::ProxyKind::Premium, 1 << 30, None)
    })
    .unwrap();
    let config = GatewayConfig {
        http_addr: "127.0.0.1:0".parse().unwrap(),
        socks_addr: "127.0.0.1:0".parse().unwrap(),
        allow_private: true,
        flush_interval: std::time::Duration::from_secs(3600),
        workers: 0,
        ..GatewayConfig::default()
    };
    let gateway = Gateway::bind(config, db.pool.clone()).await.unwrap();
    let (http, socks) = (gateway.http_addr(), gateway.socks_addr());
    let (stop, mut stopped) = watch::channel(false);
    tokio::spawn(gateway.run(async move {
        let _ = stopped.wait_for(|s| *s).await;
    }));
    (http, socks, stop)
}

async fn echo() -> SocketAddr {
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

/// A CONNECT tunnel to `target` carrying 100 bytes each way.
async fn connect_tunnel(proxy: SocketAddr, target: SocketAddr) {
    open_tunnel(proxy, target).await;
}

/// A CONNECT tunnel to `target` that carried 100 bytes each way, still open.
async fn open_tunnel(proxy: SocketAddr, target: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let token = base64::engine::general_purpose::STANDARD.encode(format!("{USER}:{PASSWORD}"));
    let request = format!(
        "CONNECT {target} HTTP/1.1\r\nHost: {target}\r\nProxy-Authorization: Basic {token}\r\n\r\n"
    );
    s.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        s.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 200"));
    exchange(&mut s).await;
    s
}

/// A SOCKS5 tunnel to `target` (the whole handshake in one write) carrying 100 bytes each way.
async fn socks_tunnel(proxy: SocketAddr, target: SocketAddr) {
    let SocketAddr::V4(target) = target else {
        panic!("an IPv4 destination")
    };
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let mut all = vec![5, 1, 2, 1, USER.len() as u8];
    all.extend_from_slice(USER.as_bytes());
    all.push(PASSWORD.len() as u8);
    all.extend_from_slice(PASSWORD.as_bytes());
    all.extend_from_slice(&[5, 1, 0, 1]);
    all.extend_from_slice(&target.ip().octets());
    all.extend_from_slice(&target.port().to_be_bytes());
    s.write_all(&all).await.unwrap();
    let mut replies = [0u8; 14];
    s.read_exact(&mut replies).await.unwrap();
    assert_eq!(replies[..6], [5, 2, 1, 0, 5, 0]);
    exchange(&mut s).await;
}

async fn exchange(s: &mut TcpStream) {
    s.write_all(&[9u8; 100]).await.unwrap();
    let mut back = [0u8; 100];
    s.read_exact(&mut back).await.unwrap();
    assert_eq!(back, [9u8; 100]);
}

fn blocking_calls() -> usize {
    store::BLOCKING_CALLS.with(std::cell::Cell::get)
}

#[tokio::test]
async fn a_checked_credential_connects_again_without_a_database_task() {
    let db = TestDatabase::new(Backend::Sqlite).unwrap();
    let (http, socks, stop) = gateway(&db).await;
    let target = echo().await;
    let before = blocking_calls();
    connect_tunnel(http, target).await;
    assert!(
        blocking_calls() > before,
        "the first connection reads the account and takes a lease"
    );
    let before = blocking_calls();
    for _ in 0..3 {
        connect_tunnel(http, target).await;
        socks_tunnel(socks, target).await;
    }
    assert_eq!(
        blocking_calls(),
        before,
        "later connections are answered from memory"
    );
    stop.send_replace(true);
}

/// A customer's connection slots come from the database in blocks (`slots.rs`): a hundred
/// tunnels held open at once cost a few slot takes, not one each.
#[tokio::test]
async fn live_connections_take_their_slots_in_blocks() {
    let db = TestDatabase::new(Backend::Sqlite).unwrap();
    let (http, _, stop) = gateway(&db).await;
    let target = echo().await;
    connect_tunnel(http, target).await;
    let before = blocking_calls();
    let mut open = Vec::new();
    for _ in 0..100 {
        open.push(open_tunnel(http, target).await);
    }
    let takes = blocking_calls() - before;
    assert!(
        (1..=6).contains(&takes),
        "{takes} database tasks for 100 live connections"
    );
    stop.send_replace(true);
}
