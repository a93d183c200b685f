//! The comparison printed by bench/run.sh: direct, the plain splice relay, the gateway and the
//! proxies the script started (`--peer`), measured in one run; `report.rs` writes the Markdown table.
//! Bulk runs go target by target within each round, so every ratio compares transfers made
//! moments apart on the same machine. Progress goes to stderr, the table to stdout.

use crate::args::Args;
use crate::procs;
use crate::report::{Results, SETUP_CLIENTS, Setup};
use crate::sink::{self, PING};
use crate::targets::{Proto, Target};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

/// The message a panic carried.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("panicked")
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

struct Bench {
    sink: SocketAddr,
    /// Bytes that crossed the gateway (tunnel handshakes excluded), to check its meter.
    gateway_bytes: Arc<AtomicU64>,
}

impl Bench {
    fn count(&self, t: &Target, bytes: u64) {
        if t.metered {
            self.gateway_bytes.fetch_add(bytes, Ordering::Relaxed);
        }
    }

    /// One stream of `bytes` to the sink; bytes per second.
    fn single(&self, t: &Target, bytes: u64, cpu: &mut (u64, u64)) -> f64 {
        let mut s = t.open(t.main_proto(), self.sink);
        let before = t.pid.map_or(0, procs::ticks);
        let start = Instant::now();
        let count = sized(&mut s, bytes);
        let elapsed = start.elapsed().as_secs_f64();
        let after = t.pid.map_or(0, procs::ticks);
        assert_eq!(count, bytes, "{}: bytes lost", t.name);
        cpu.0 += after - before;
        cpu.1 += bytes;
        self.count(t, 9 + bytes + 8);
        bytes as f64 / elapsed
    }

    /// `n` streams at once, `bytes` in all; bytes per second, all streams together, from the
    /// first stream's start to the last one's end. Each stream times itself: a start taken by
    /// this thread after the barrier would come late whenever the scheduler runs the streams
    /// first (on two cores with a hundred threads it often did, and a fast host's 10 MB streams
    /// were half done by then: 100 direct streams measured at 12 GB/s).
    fn streams(&self, t: &Target, n: usize, bytes: u64) -> f64 {
        let each = bytes / n as u64;
        let barrier = Arc::new(Barrier::new(n));
        let workers: Vec<_> = (0..n)
            .map(|_| {
                let mut s = t.open(t.main_proto(), self.sink);
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    let start = Instant::now();
                    assert_eq!(sized(&mut s, each), each, "bytes lost");
                    (start, Instant::now())
                })
            })
            .collect();
        let spans: Vec<(Instant, Instant)> =
            workers.into_iter().map(|w| w.join().unwrap()).collect();
        let start = spans.iter().map(|s| s.0).min().unwrap();
        let end = spans.iter().map(|s| s.1).max().unwrap();
        let elapsed = (end - start).as_secs_f64();
        self.count(t, n as u64 * (9 + each + 8));
        (each * n as u64) as f64 / elapsed
    }

    /// A tunnel that has carried one ping both ways (so the proxy has connected onwards).
    fn tunnel(&self, t: &Target, proto: Proto) -> TcpStream {
        let mut s = t.open(proto, self.sink);
        let mut msg = [b'P'; 1 + PING];
        s.write_all(&msg).unwrap();
        s.read_exact(&mut msg[..PING]).unwrap();
        self.count(t, 1 + 2 * PING as u64);
        s
    }

    /// `n` new connections one after another, each up to its first answered ping.
    fn setup(&self, t: &Target, proto: Proto, n: usize) -> Setup {
        for _ in 0..n.div_ceil(10) {
            drop(self.tunnel(t, proto));
        }
        let mut times = Vec::with_capacity(n);
        let times_before = t.pid.map(procs::times);
        let start = Instant::now();
        for _ in 0..n {
            let one = Instant::now();
            let s = self.tunnel(t, proto);
            times.push(one.elapsed());
            drop(s);
        }
        let total = start.elapsed().as_secs_f64();
        times.sort();
        let each = n.div_ceil(SETUP_CLIENTS);
        let start = Instant::now();
        std::thread::scope(|scope| {
            for _ in 0..SETUP_CLIENTS {
                scope.spawn(|| {
                    for _ in 0..each {
                        drop(self.tunnel(t, proto));
                    }
                });
            }
        });
        let at_once = (each * SETUP_CLIENTS) as f64 / start.elapsed().as_secs_f64();
        let connections = (n + each * SETUP_CLIENTS) as f64;
        let per_connection = |ticks: u64| {
            Duration::from_secs_f64(ticks as f64 / crate::cpu::TICKS_PER_SECOND / connections)
        };
        let cpu_per_connection = times_before
            .zip(t.pid.map(procs::times))
            .map(|(b, a)| (per_connection(a.0 - b.0), per_connection(a.1 - b.1)));
        Setup {
            per_second: n as f64 / total,
            p50: times[times.len() / 2],
            p99: times[(times.len() * 99 / 100).min(times.len() - 1)],
            at_once,
            cpu_per_connection,
        }
    }

    /// RSS added per idle tunnel while `n` are open.
    fn idle(&self, t: &Target, pid: u32, n: usize) -> f64 {
        let before = procs::rss(pid);
        let open: Vec<TcpStream> = (0..n).map(|_| self.tunnel(t, t.main_proto())).collect();
        // Let the proxy finish whatever it does after a tunnel's first exchange.
        std::thread::sleep(Duration::from_millis(200));
        let after = procs::rss(pid);
        drop(open);
        (after as f64 - before as f64) / n as f64
    }

    /// `total` tunnels, at most `hold` open at once, then all closed: RSS before, peak, after.
    fn churn(&self, t: &Target, pid: u32, total: usize, hold: usize) -> (u64, u64, u64) {
        let start = procs::rss(pid);
        let mut peak = start;
        let mut done = 0;
        while done < total {
            let wave = hold.min(total - done);
            let open: Vec<TcpStream> = (0..wave).map(|_| self.tunnel(t, t.main_proto())).collect();
            peak = peak.max(procs::rss(pid));
            drop(open);
            done += wave;
        }
        // The proxy sees the closes a moment later; give it time to tear the tunnels down and
        // to act on it: the gateway gives memory back at its next flush, every 3 s (7 s covers
        // two of them, whenever the last close fell).
        std::thread::sleep(Duration::from_secs(7));
        (start, peak, procs::rss(pid))
    }
}

/// A sized bulk transfer (the sink's `N`): no half-close, which some proxies turn into a full
/// close. Returns the count the sink answered.
fn sized(s: &mut TcpStream, bytes: u64) -> u64 {
    let mut head = vec![b'N'];
    head.extend_from_slice(&bytes.to_be_bytes());
    s.write_all(&head).unwrap();
    sink::send(s, bytes);
    let mut count = [0u8; 8];
    s.read_exact(&mut count).unwrap();
    u64::from_be_bytes(count)
}

fn progress(what: &str) {
    eprintln!("[bench] {what}");
}

/// Measures every target; returns the table (Markdown) and the bytes that crossed the gateway.
pub fn run(args: &Args, targets: &[Target]) -> (String, u64) {
    let bench = Bench {
        sink: args.sink.expect("sink"),
        gateway_bytes: Arc::new(AtomicU64::new(0)),
    };
    let live: Vec<usize> = (0..targets.len())
        .filter(|&i| targets[i].missing.is_none())
        .collect();
    // Bulk transfers, idle tunnels and churn once per proxy, not per way in.
    let bulk: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&i| !targets[i].setup_only)
        .collect();
    let mut results: Vec<Results> = targets.iter().map(|_| Results::default()).collect();
    let mut cpu = vec![(0u64, 0u64); targets.len()];
    for &i in &bulk {
        progress(&format!("warm-up: {}", targets[i].name));
        bench.single(&targets[i], (args.bytes / 20).max(1), &mut (0, 0));
    }
    for run in 0..args.runs {
        progress(&format!(
            "single stream, run {}/{} ({} bytes each)",
            run + 1,
            args.runs,
            args.bytes
        ));
        for &i in &bulk {
            let rate = bench.single(&targets[i], args.bytes, &mut cpu[i]);
            results[i].single.push(rate);
        }
        let direct = results[0].single[run];
        for &i in &bulk {
            let r = results[i].single[run] / direct;
            results[i].single_ratio.push(r);
        }
    }
    let stream_runs = args.runs.div_ceil(2);
    for run in 0..stream_runs {
        progress(&format!(
            "{} parallel streams, run {}/{}",
            args.streams,
            run + 1,
            stream_runs
        ));
        for &i in &bulk {
            let rate = bench.streams(&targets[i], args.streams, args.bytes);
            results[i].streams.push(rate);
        }
        let direct = results[0].streams[run];
        for &i in &bulk {
            let r = results[i].streams[run] / direct;
            results[i].streams_ratio.push(r);
        }
    }
    for &i in &live {
        let t = &targets[i];
        (results[i].cpu_ticks, results[i].cpu_bytes) = cpu[i];
        for proto in t.protos() {
            progress(&format!(
                "connection setup: {} {proto:?}, {} connections",
                t.name, args.connects
            ));
            let s = bench.setup(t, proto, args.connects);
            results[i].setup.push((proto, s));
        }
        if let Some(pid) = t.pid.filter(|_| !t.setup_only) {
            progress(&format!("idle tunnels: {}, {} open", t.name, args.idle));
            results[i].idle_per_tunnel = Some(bench.idle(t, pid, args.idle));
            progress(&format!(
                "tunnel churn: {}, {} tunnels, {} at once",
                t.name, args.churn, args.hold
            ));
            let churn = || bench.churn(t, pid, args.churn, args.hold);
            if t.metered {
                results[i].churn = Some(churn());
            } else {
                // A peer that gives up under the churn is reported, not the end of the run (dante
                // did, out of ports, until bench/run.sh moved its outgoing side to 127.0.0.2).
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(churn)) {
                    Ok(churn) => results[i].churn = Some(churn),
                    Err(panic) => results[i].churn_failed = Some(panic_text(&*panic)),
                }
            }
        }
    }
    let table = crate::report::table(args, targets, &results);
    (table, bench.gateway_bytes.load(Ordering::Relaxed))
}
