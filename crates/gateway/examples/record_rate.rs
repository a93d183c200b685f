//! The rate at which one gateway node records connections, sustained (bench/usage/run.sh runs
//! it; issue figures in bench/results). A client opens short connections at `--rate` a second
//! for `--seconds`: each one plain GET through the HTTP port with the customer's credentials,
//! answered by a local destination that closes after its answer. Then the gateway stops (its
//! last flush) and the report compares what the client saw served with what the database holds:
//! the connection records and the hourly rollups' connections (written in the flush's
//! transaction, they must both equal the connections served), and the bytes the meter charged
//! with the records' bytes. It also gives the client's request time (p50, p99: a flush must
//! not slow the relay) and the process's peak RSS.
//!
//! `cargo run --release -p gateway --example record_rate -- --backend sqlite --rate 5000
//! --seconds 30` (`--backend postgresql` uses a fresh database beside `TEST_DATABASE_URL`).
//! Prints one Markdown table row; `--header` prints the table's head first.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use base64::Engine;
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use gateway::{Gateway, GatewayConfig};
use persistence::schema::{connection_records as cr, usage_hourly as uh};
use persistence::testing::{TestDatabase, insert_user};
use persistence::{Backend, traffic, write_transaction};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Connections in flight at most: past this the client counts the connection as not offered
/// rather than piling up tasks (a gateway that stalls shows as a shortfall, not as memory).
const IN_FLIGHT_MAX: u64 = 20_000;
/// The client's pacing step: `rate / 1000` connections every millisecond (in bigger steps its
/// bursts from one address meet the gateway's cap on handshakes per source, 32).
const STEP: Duration = Duration::from_millis(1);

struct Args {
    backend: Backend,
    rate: u64,
    seconds: u64,
    header: bool,
    /// The gateway's flush interval (`GatewayConfig::flush_interval`, 3 s by default).
    flush: Duration,
}

fn parse_args() -> Args {
    let mut args = Args {
        backend: Backend::Sqlite,
        rate: 5_000,
        seconds: 30,
        header: false,
        flush: GatewayConfig::default().flush_interval,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--header" => args.header = true,
            "--backend" => {
                args.backend = match it.next().as_deref() {
                    Some("sqlite") => Backend::Sqlite,
                    Some("postgresql") => Backend::Postgres,
                    other => panic!("--backend sqlite|postgresql, not {other:?}"),
                }
            }
            "--rate" => args.rate = it.next().and_then(|v| v.parse().ok()).expect("--rate N"),
            "--flush-ms" => {
                args.flush = Duration::from_millis(
                    it.next()
                        .and_then(|v| v.parse().ok())
                        .expect("--flush-ms N"),
                )
            }
            "--seconds" => {
                args.seconds = it.next().and_then(|v| v.parse().ok()).expect("--seconds N")
            }
            _ => panic!(
                "usage: record_rate [--backend sqlite|postgresql] [--rate N] [--seconds N] [--flush-ms N] [--header]"
            ),
        }
    }
    args
}

fn main() {
    let args = parse_args();
    if std::env::var_os("RUST_LOG").is_some() {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .init();
    }
    if args.header {
        println!(
            "| backend | offered /s | served /s | failed | records | rollups' connections | records lost | bytes charged = records' | request p50 | p99 | peak RSS |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|");
    }
    let db = TestDatabase::new(args.backend)
        .expect("PostgreSQL needs TEST_DATABASE_URL (--backend postgresql)");
    let mut conn = db.pool.get().unwrap();
    let user = insert_user(&mut conn, "rate");
    write_transaction(&mut conn, |c| {
        traffic::add_purchased(c, user, domain::ProxyKind::Premium, i64::MAX / 4, None)
    })
    .unwrap();
    drop(conn);

    // The gateway on a runtime of its own, as the server runs it (two workers).
    let gateway_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let config = GatewayConfig {
        http_addr: "127.0.0.1:0".parse().unwrap(),
        socks_addr: "127.0.0.1:0".parse().unwrap(),
        allow_private: true,
        max_connections_per_user: usize::MAX,
        flush_interval: args.flush,
        ..GatewayConfig::default()
    };
    let gateway = gateway_rt
        .block_on(Gateway::bind(config, db.pool.clone()))
        .unwrap();
    let proxy = gateway.http_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = gateway_rt.spawn(gateway.run(async {
        let _ = stopped.await;
    }));

    // The client and the destination on another runtime (one worker).
    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let run = client_rt.block_on(drive(proxy, args.rate, args.seconds));
    let _ = stop.send(());
    gateway_rt.block_on(running).unwrap().unwrap();

    let mut conn = db.pool.get().unwrap();
    // PostgreSQL sums BIGINT as NUMERIC: cast back.
    let total =
        |column: &str| sql::<BigInt>(&format!("CAST(COALESCE(SUM({column}), 0) AS BIGINT)"));
    let (records, recorded_bytes): (i64, i64) = cr::table
        .filter(cr::user_id.eq(user.get()))
        .select((count_star(), total("bytes_up + bytes_down")))
        .first(&mut conn)
        .unwrap();
    let rolled: i64 = uh::table
        .filter(uh::user_id.eq(user.get()))
        .select(total("connections"))
        .first(&mut conn)
        .unwrap();
    let (_, charged) = traffic::balance(&mut conn, user, domain::ProxyKind::Premium).unwrap();
    let seconds = args.seconds as f64;
    println!(
        "| {} | {} | {:.0} | {} | {} | {} | {} | {} | {:.1} ms | {:.1} ms | {} MB |",
        match args.backend {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        },
        args.rate,
        run.served as f64 / seconds,
        run.failed + run.not_offered,
        records,
        rolled,
        run.served as i64 - records,
        if charged == recorded_bytes {
            format!("yes ({charged})")
        } else {
            format!("**no**: {charged} charged, {recorded_bytes} recorded")
        },
        run.percentile(0.50),
        run.percentile(0.99),
        peak_rss_mb(),
    );
    for (kind, count) in &run.failures {
        eprintln!("[record_rate] {count} failed: {kind}");
    }
    if run.not_offered > 0 {
        eprintln!(
            "[record_rate] {} not offered ({IN_FLIGHT_MAX} in flight)",
            run.not_offered
        );
    }
}

/// What the client saw.
struct Run {
    served: u64,
    failed: u64,
    /// Each failure's kind (`one`'s error) and how many.
    failures: std::collections::BTreeMap<String, u64>,
    not_offered: u64,
    /// Request times in microseconds, sorted.
    times: Vec<u32>,
}

impl Run {
    fn percentile(&self, p: f64) -> f64 {
        if self.times.is_empty() {
            return 0.0;
        }
        let i = ((self.times.len() - 1) as f64 * p).round() as usize;
        f64::from(self.times[i]) / 1000.0
    }
}

/// Opens `rate` connections a second for `seconds` through `proxy` and waits for them all.
async fn drive(proxy: SocketAddr, rate: u64, seconds: u64) -> Run {
    let destination = destination().await;
    let request = Arc::new(format!(
        "GET http://{destination}/ HTTP/1.1\r\nHost: {destination}\r\n\
         Proxy-Authorization: Basic {}\r\nConnection: close\r\n\r\n",
        base64::engine::general_purpose::STANDARD.encode("urate:secretpw")
    ));
    let in_flight = Arc::new(AtomicU64::new(0));
    let (done, mut results) = tokio::sync::mpsc::unbounded_channel::<Result<u32, String>>();
    let mut not_offered = 0;
    let steps = seconds * 1000 / STEP.as_millis() as u64;
    let per_step = rate * STEP.as_millis() as u64 / 1000;
    let mut tick = tokio::time::interval(STEP);
    for _ in 0..steps {
        tick.tick().await;
        for _ in 0..per_step {
            if in_flight.load(Ordering::Relaxed) >= IN_FLIGHT_MAX {
                not_offered += 1;
                continue;
            }
            in_flight.fetch_add(1, Ordering::Relaxed);
            let (request, in_flight, done) = (request.clone(), in_flight.clone(), done.clone());
            tokio::spawn(async move {
                let _ = done.send(one(proxy, &request).await);
                in_flight.fetch_sub(1, Ordering::Relaxed);
            });
        }
    }
    drop(done);
    let (mut served, mut failed, mut times) = (0, 0, Vec::new());
    let mut failures = std::collections::BTreeMap::new();
    while let Some(result) = results.recv().await {
        match result {
            Ok(micros) => {
                served += 1;
                times.push(micros);
            }
            Err(kind) => {
                failed += 1;
                *failures.entry(kind).or_insert(0) += 1;
            }
        }
    }
    times.sort_unstable();
    Run {
        served,
        failed,
        failures,
        not_offered,
        times,
    }
}

/// One request through the gateway: its time in microseconds when the answer came whole, or
/// what failed (the step, or the answer's status line).
async fn one(proxy: SocketAddr, request: &str) -> Result<u32, String> {
    let start = Instant::now();
    let mut stream = TcpStream::connect(proxy)
        .await
        .map_err(|e| format!("connect: {}", e.kind()))?;
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| format!("send: {}", e.kind()))?;
    let mut answer = Vec::with_capacity(256);
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut answer))
        .await
        .map_err(|_| "no answer in 30 s".to_owned())?
        .map_err(|e| format!("read: {}", e.kind()))?;
    if answer.starts_with(b"HTTP/1.1 200") {
        return Ok(start.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
    }
    let line = answer.split(|&b| b == b'\r').next().unwrap_or_default();
    Err(if line.is_empty() {
        "closed without an answer".to_owned()
    } else {
        String::from_utf8_lossy(line).into_owned()
    })
}

/// A destination that answers every request with a short page and closes.
async fn destination() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 2048];
                let mut seen = Vec::new();
                while !seen.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => seen.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = s
                    .write_all(
                        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok",
                    )
                    .await;
            });
        }
    });
    addr
}

/// The process's peak resident set (VmHWM) in MB; 0 where /proc is not there.
fn peak_rss_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1024)
}
