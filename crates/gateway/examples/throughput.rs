//! One stream of BYTES (default 1 GB) to a local sink, directly and through the gateway's
//! CONNECT tunnel, on loopback; prints both rates and their ratio. Run by bench/gateway/run.sh.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use base64::Engine;
use gateway::{Gateway, GatewayConfig};
use persistence::testing::TestDatabase;
use persistence::users::NewUser;
use persistence::{Backend, now, traffic, users, write_transaction};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Reads each connection to its end, then answers with the number of bytes read.
async fn sink() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = vec![0u8; 1 << 20];
                let mut total = 0u64;
                loop {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => total += n as u64,
                    }
                }
                let _ = s.write_all(&total.to_be_bytes()).await;
            });
        }
    });
    addr
}

/// Sends `bytes` and waits for the sink's count; returns bytes per second.
async fn send(mut stream: TcpStream, bytes: u64) -> f64 {
    let chunk = vec![0x5au8; 1 << 20];
    let start = Instant::now();
    let mut left = bytes;
    while left > 0 {
        let n = left.min(chunk.len() as u64) as usize;
        stream.write_all(&chunk[..n]).await.unwrap();
        left -= n as u64;
    }
    stream.shutdown().await.unwrap();
    let received = stream.read_u64().await.unwrap();
    let elapsed = start.elapsed().as_secs_f64();
    assert_eq!(received, bytes, "the sink got everything");
    bytes as f64 / elapsed
}

async fn tunnel(proxy: SocketAddr, target: SocketAddr, user: &str, pass: &str) -> TcpStream {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let auth = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{pass}"));
    let request = format!("CONNECT {target} HTTP/1.1\r\nProxy-Authorization: Basic {auth}\r\n\r\n");
    s.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        head.push(s.read_u8().await.unwrap());
    }
    assert!(
        head.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    s
}

#[tokio::main]
async fn main() {
    let bytes: u64 = std::env::var("BYTES")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(1_000_000_000);
    let db = TestDatabase::new(Backend::Sqlite).unwrap();
    let mut conn = db.pool.get().unwrap();
    let user = users::insert(
        &mut conn,
        &NewUser {
            email: "bench@example.com",
            password_hash: None,
            google_sub: None,
            name: "Bench",
            avatar_url: None,
            role: "user",
            ref_code: "RBENCH",
            referred_by: None,
            proxy_username: "bench",
            proxy_password: "benchpw",
            created_at: now(),
            updated_at: now(),
        },
    )
    .unwrap();
    write_transaction(&mut conn, |c| {
        traffic::add_purchased(c, user.id, "premium", i64::MAX / 2, None)
    })
    .unwrap();
    drop(conn);
    let config = GatewayConfig {
        http_addr: "127.0.0.1:0".parse().unwrap(),
        socks_addr: "127.0.0.1:0".parse().unwrap(),
        allow_private: true,
        idle_timeout: Duration::from_secs(60),
        ..GatewayConfig::default()
    };
    let gateway = Gateway::bind(config, db.pool.clone()).await.unwrap();
    let proxy = gateway.http_addr();
    let handle = gateway.handle();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(gateway.run(async {
        let _ = stopped.await;
    }));
    let target = sink().await;

    // Warm up both paths, then measure each twice and keep the better run.
    let warm = bytes / 20;
    send(TcpStream::connect(target).await.unwrap(), warm).await;
    send(tunnel(proxy, target, "bench", "benchpw").await, warm).await;
    let mut direct: f64 = 0.0;
    let mut via: f64 = 0.0;
    for _ in 0..2 {
        direct = direct.max(send(TcpStream::connect(target).await.unwrap(), bytes).await);
        via = via.max(send(tunnel(proxy, target, "bench", "benchpw").await, bytes).await);
    }
    handle.flush_now().await.unwrap();
    let mut conn = db.pool.get().unwrap();
    let (_, used) = traffic::balance(&mut conn, user.id, "premium").unwrap();
    let _ = stop.send(());
    running.await.unwrap().unwrap();

    let gbit = |r: f64| r * 8.0 / 1e9;
    println!("bytes per run:      {bytes}");
    println!("direct:             {:.2} Gbit/s", gbit(direct));
    println!("through CONNECT:    {:.2} Gbit/s", gbit(via));
    println!("ratio gateway/direct: {:.2}", via / direct);
    println!(
        "metered bytes:      {used} (expected {})",
        warm + 2 * bytes + 24
    );
}
