//! The gateway as the server runs it (a multi-thread runtime of two workers, default config
//! but loopback allowed and no per-customer connection cap, since one customer holds all the
//! benchmark's tunnels) over a fresh SQLite database with one customer who has plenty of
//! premium traffic. It prints `listening <HTTP addr>`, then `socks <SOCKS5 addr>`. When stdin
//! closes it stops, which flushes the meter, and prints `metered <used bytes>`. `BENCH_PURCHASED` (bytes) and `BENCH_EXPECTED_NODES` set the
//! purchase and the fleet size the lease rule divides by: small leases mean more lease
//! top-ups from the database during the run. With `BENCH_UPSTREAM=ADDR` its Premium traffic goes
//! through one upstream pool at ADDR (an HTTP proxy: the chained rows). With
//! `BENCH_BLOCKLIST_RULES=N` it starts with N of the operator's blocked destinations loaded
//! (names, subdomain wildcards and ranges, none matching the sink): the blocklist row.

use domain::upstream_pool::PoolProtocol;
use gateway::{Gateway, GatewayConfig};
use persistence::ip_allowlist::{self, NewEntry};
use persistence::testing::TestDatabase;
use persistence::upstream_pools::{self, NewPool};
use persistence::users::NewUser;
use persistence::{Backend, blocklist, now, traffic, users, write_transaction};

pub const USER: &str = "bench";
pub const PASSWORD: &str = "benchpw";

pub fn run() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(serve());
}

async fn serve() {
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
            proxy_username: USER,
            proxy_password: PASSWORD,
            created_at: now(),
            updated_at: now(),
        },
    )
    .unwrap();
    write_transaction(&mut conn, |c| {
        traffic::add_purchased(c, user.id, domain::ProxyKind::Premium, purchased(), None)
    })
    .unwrap();
    // The benchmark's own address is allowlisted, so connections without credentials are served
    // too (metered to the same customer): the handshake the peers are measured with.
    let entry = NewEntry {
        user_id: user.id,
        network: domain::network::Network::parse("127.0.0.1").unwrap(),
        kind: domain::ProxyKind::Premium,
        piece_id: None,
        country: None,
        state: None,
        city: None,
        rotation: "random".into(),
    };
    write_transaction(&mut conn, |c| ip_allowlist::insert(c, &entry, 1))
        .unwrap()
        .unwrap();
    if let Ok(addr) = std::env::var("BENCH_UPSTREAM") {
        let addr: std::net::SocketAddr = addr.parse().expect("BENCH_UPSTREAM: an address");
        let pool = NewPool {
            name: "bench upstream".into(),
            kinds: "premium".into(),
            protocol: PoolProtocol::Http,
            host: addr.ip().to_string(),
            port: i32::from(addr.port()),
            username: "provider".into(),
            password: "providerpw".into(),
            username_template: "{username}".into(),
            password_template: "{password}".into(),
            cost_per_gb_cents: domain::Cents::new(100),
            weight: 1,
            countries: String::new(),
            active: true,
        };
        write_transaction(&mut conn, |c| upstream_pools::create(c, &pool)).unwrap();
    }
    if let Some(rules) = env_number("BENCH_BLOCKLIST_RULES") {
        write_transaction(&mut conn, |c| {
            for i in 0..rules {
                let pattern = match i % 3 {
                    0 => format!("blocked-{i}.example.net"),
                    1 => format!("*.blocked-{i}.test"),
                    // 198.18.0.0/15, the benchmarking range: never the sink's 127.0.0.1.
                    _ => format!(
                        "198.{}.{}.{}/32",
                        18 + (i >> 16) % 2,
                        (i >> 8) % 256,
                        i % 256
                    ),
                };
                let canonical = domain::blocklist::Pattern::parse(&pattern)
                    .expect("a valid pattern")
                    .canonical();
                blocklist::create(c, &canonical, "premium,budget", "benchmark", true)?;
            }
            Ok::<_, persistence::DbError>(())
        })
        .unwrap();
    }
    drop(conn);
    let config = GatewayConfig {
        http_addr: "127.0.0.1:0".parse().unwrap(),
        socks_addr: "127.0.0.1:0".parse().unwrap(),
        allow_private: true,
        expected_nodes: env_number("BENCH_EXPECTED_NODES").map_or(1, |n| n as u32),
        max_connections_per_user: usize::MAX,
        ..GatewayConfig::default()
    };
    let gateway = Gateway::bind(config, db.pool.clone()).await.unwrap();
    println!("listening {}", gateway.http_addr());
    println!("socks {}", gateway.socks_addr());
    gateway
        .run(async {
            let _ = tokio::task::spawn_blocking(crate::stdin::wait_for_stdin_eof).await;
        })
        .await
        .unwrap();
    let mut conn = db.pool.get().unwrap();
    let (_, used) = traffic::balance(&mut conn, user.id, domain::ProxyKind::Premium).unwrap();
    println!("metered {used}");
}

fn env_number(key: &str) -> Option<i64> {
    std::env::var(key).ok().map(|v| {
        v.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{key}: not a number"))
    })
}

fn purchased() -> i64 {
    env_number("BENCH_PURCHASED").unwrap_or(i64::MAX / 2)
}
