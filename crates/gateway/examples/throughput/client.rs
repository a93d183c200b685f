//! The client: the same transfers directly to the sink, through the gateway's CONNECT tunnel
//! and through the plain relay, interleaved run by run; counts every byte that crossed the
//! gateway so the caller can check the meter.

use crate::args::Args;
use crate::cpu;
use crate::gateway_role::{PASSWORD, USER};
use crate::sink::{self, PING};
use base64::Engine;
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    Direct,
    Gateway,
    Relay,
}

impl Path {
    fn label(self) -> &'static str {
        match self {
            Path::Direct => "direct",
            Path::Gateway => "gateway CONNECT",
            Path::Relay => "plain splice relay",
        }
    }
}

struct Client {
    sink: SocketAddr,
    proxy: Option<SocketAddr>,
    relay: Option<SocketAddr>,
    /// Bytes both ways through the gateway, tunnel handshakes excluded (as the meter counts).
    gateway_bytes: u64,
    /// Processes whose CPU time is sampled around each measured transfer (this one first).
    pids: Vec<u32>,
    /// Per path: CPU ticks (machine, then each process) and bytes, over the measured runs.
    cpu: Vec<(Vec<u64>, u64)>,
}

impl Client {
    fn paths(&self) -> Vec<Path> {
        let mut paths = vec![Path::Direct];
        if self.proxy.is_some() {
            paths.push(Path::Gateway);
        }
        if self.relay.is_some() {
            paths.push(Path::Relay);
        }
        paths
    }

    fn open(&self, path: Path) -> TcpStream {
        let s = match path {
            Path::Direct => TcpStream::connect(self.sink).unwrap(),
            Path::Relay => TcpStream::connect(self.relay.unwrap()).unwrap(),
            Path::Gateway => tunnel(self.proxy.unwrap(), self.sink),
        };
        s.set_nodelay(true).unwrap();
        s
    }

    fn count(&mut self, path: Path, bytes: u64) {
        if path == Path::Gateway {
            self.gateway_bytes += bytes;
        }
    }

    /// Sends `bytes` and waits for the sink's count; returns bytes per second.
    fn bulk(&mut self, path: Path, bytes: u64) -> f64 {
        let mut s = self.open(path);
        let before = cpu::sample(&self.pids);
        let start = Instant::now();
        s.write_all(b"B").unwrap();
        sink::send(&mut s, bytes);
        s.shutdown(Shutdown::Write).unwrap();
        let mut count = [0u8; 8];
        s.read_exact(&mut count).unwrap();
        let elapsed = start.elapsed().as_secs_f64();
        let after = cpu::sample(&self.pids);
        assert_eq!(u64::from_be_bytes(count), bytes, "the sink got everything");
        let (ticks, total) = &mut self.cpu[path as usize];
        for (t, (a, b)) in ticks.iter_mut().zip(after.iter().zip(&before)) {
            *t += a - b;
        }
        *total += bytes;
        self.count(path, 1 + bytes + 8);
        bytes as f64 / elapsed
    }

    /// `bytes` each way at once; returns bytes per second, both directions together.
    fn duplex(&mut self, path: Path, bytes: u64) -> f64 {
        let mut s = self.open(path);
        let start = Instant::now();
        let mut head = vec![b'D'];
        head.extend_from_slice(&bytes.to_be_bytes());
        s.write_all(&head).unwrap();
        let mut writer = s.try_clone().unwrap();
        let sender = std::thread::spawn(move || {
            sink::send(&mut writer, bytes);
            writer.shutdown(Shutdown::Write).unwrap();
        });
        let got = std::io::copy(&mut s, &mut std::io::sink()).unwrap();
        sender.join().unwrap();
        let elapsed = start.elapsed().as_secs_f64();
        assert_eq!(got, bytes, "the sink sent everything");
        self.count(path, 9 + 2 * bytes);
        2.0 * bytes as f64 / elapsed
    }

    /// Round trips of PING bytes on one connection.
    fn pings(&mut self, path: Path, n: usize) -> Vec<Duration> {
        let mut s = self.open(path);
        s.write_all(b"P").unwrap();
        let mut msg = [7u8; PING];
        let rtts = (0..n)
            .map(|_| {
                let start = Instant::now();
                s.write_all(&msg).unwrap();
                s.read_exact(&mut msg).unwrap();
                start.elapsed()
            })
            .collect();
        self.count(path, 1 + 2 * (PING * n) as u64);
        rtts
    }

    /// From connect (and tunnel set-up) to the first answered ping, on `n` new connections.
    fn first_bytes(&mut self, path: Path, n: usize) -> Vec<Duration> {
        (0..n)
            .map(|_| {
                let start = Instant::now();
                let mut s = self.open(path);
                let mut msg = [b'P'; 1 + PING];
                s.write_all(&msg).unwrap();
                s.read_exact(&mut msg[..PING]).unwrap();
                let took = start.elapsed();
                self.count(path, 1 + 2 * PING as u64);
                took
            })
            .collect()
    }
}

fn tunnel(proxy: SocketAddr, target: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(proxy).unwrap();
    let auth = base64::engine::general_purpose::STANDARD.encode(format!("{USER}:{PASSWORD}"));
    let request = format!(
        "CONNECT {target} HTTP/1.1\r\nHost: {target}\r\nProxy-Authorization: Basic {auth}\r\n\r\n"
    );
    s.write_all(request.as_bytes()).unwrap();
    // The sink never speaks first, so nothing follows the response head yet: read in chunks.
    let mut head = Vec::new();
    let mut buf = [0u8; 512];
    while !head.ends_with(b"\r\n\r\n") {
        let n = s.read(&mut buf).unwrap();
        assert!(
            n > 0,
            "the gateway closed: {}",
            String::from_utf8_lossy(&head)
        );
        head.extend_from_slice(&buf[..n]);
    }
    assert!(
        head.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    s
}

pub struct Report {
    paths: Vec<Path>,
    /// Bytes per second, one per run, per path.
    rates: Vec<Vec<f64>>,
    /// Both directions at once, bytes per second summed.
    duplex: Vec<Vec<f64>>,
    pings: Vec<Vec<Duration>>,
    first: Vec<Vec<Duration>>,
    pub gateway_bytes: u64,
    cpu: Vec<(Vec<u64>, u64)>,
}

pub fn run(args: &Args) -> Report {
    let mut client = Client {
        sink: args.sink.expect("--sink ADDR"),
        proxy: args.proxy,
        relay: args.relay,
        gateway_bytes: 0,
        pids: std::iter::once(std::process::id())
            .chain(args.pids.iter().map(|p| p.1))
            .collect(),
        cpu: vec![(vec![0; 2 + args.pids.len()], 0); 3],
    };
    let paths = client.paths();
    for &p in &paths {
        client.bulk(p, args.bytes / 20);
    }
    for c in &mut client.cpu {
        *c = (vec![0; 2 + args.pids.len()], 0);
    }
    let mut rates = vec![Vec::new(); paths.len()];
    for _ in 0..args.runs {
        for (i, &p) in paths.iter().enumerate() {
            rates[i].push(client.bulk(p, args.bytes));
        }
    }
    let mut duplex = vec![Vec::new(); paths.len()];
    for _ in 0..args.runs.div_ceil(2) {
        for (i, &p) in paths.iter().enumerate() {
            duplex[i].push(client.duplex(p, args.bytes / 2));
        }
    }
    let pings = paths.iter().map(|&p| client.pings(p, args.pings)).collect();
    let first = paths
        .iter()
        .map(|&p| client.first_bytes(p, args.connects))
        .collect();
    Report {
        paths,
        rates,
        duplex,
        pings,
        first,
        gateway_bytes: client.gateway_bytes,
        cpu: client.cpu,
    }
}

fn median<T: PartialOrd + Copy>(values: &[T]) -> T {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn micros(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

impl Report {
    pub fn print(&self, args: &Args) {
        let gbit = |r: f64| r * 8.0 / 1e9;
        println!(
            "bytes per run:        {} ({} runs, median; min–max)",
            args.bytes, args.runs
        );
        for (path, rates) in self.paths.iter().zip(&self.rates) {
            let (lo, hi) = rates
                .iter()
                .fold((f64::MAX, 0f64), |(lo, hi), &r| (lo.min(r), hi.max(r)));
            println!(
                "{:<21} {:6.2} Gbit/s ({:.2}–{:.2})",
                format!("{}:", path.label()),
                gbit(median(rates)),
                gbit(lo),
                gbit(hi)
            );
        }
        for i in 1..self.paths.len() {
            let ratios: Vec<f64> = self.rates[i]
                .iter()
                .zip(&self.rates[0])
                .map(|(r, d)| r / d)
                .collect();
            let shown: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
            println!(
                "ratio {:<15} {:.2} (per run: {})",
                format!("{}:", self.paths[i].label().split(' ').next().unwrap_or("")),
                median(&ratios),
                shown.join(" ")
            );
        }
        let parts: Vec<String> = self
            .paths
            .iter()
            .zip(&self.duplex)
            .map(|(p, r)| format!("{} {:.2}", p.label(), gbit(median(r))))
            .collect();
        println!(
            "duplex ({} B each way, both summed, Gbit/s, median): {}",
            args.bytes / 2,
            parts.join(", ")
        );
        for (title, samples) in [
            ("ping round trip, 64 B, median", &self.pings),
            ("connect to first byte, median", &self.first),
        ] {
            let parts: Vec<String> = self
                .paths
                .iter()
                .zip(samples)
                .map(|(p, s)| format!("{} {}", p.label(), micros(median(s))))
                .collect();
            println!("{title}: {}", parts.join(", "));
        }
        let names: Vec<String> = ["machine", "client"]
            .into_iter()
            .map(str::to_owned)
            .chain(args.pids.iter().map(|p| p.0.clone()))
            .collect();
        println!(
            "CPU seconds per GB (machine = all busy time incl. softirq): {}",
            names.join(" / ")
        );
        for &path in &self.paths {
            let (ticks, bytes) = &self.cpu[path as usize];
            let per_gb: Vec<String> = ticks
                .iter()
                .map(|&t| {
                    format!(
                        "{:.3}",
                        t as f64 / cpu::TICKS_PER_SECOND / (*bytes as f64 / 1e9)
                    )
                })
                .collect();
            println!("  {:<19} {}", path.label(), per_gb.join(" / "));
        }
    }
}
