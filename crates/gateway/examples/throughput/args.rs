//! The command line: `--help` prints [`USAGE`], [`parse_args`] reads the rest into [`Args`].

use std::net::SocketAddr;

pub const USAGE: &str = "\
throughput [--bytes N] [--runs N] [--pings N] [--connects N] [--gateway-cpu N]
    starts sink, gateway and plain relay as child processes and runs the client;
    --gateway-cpu runs gateway and relay under `taskset -c N` (start the rest under
    `taskset -c M` to give the gateway a core of its own)
throughput --role sink|gateway             print `listening ADDR`, serve until stdin closes
throughput --role relay --to SINK          plain splice relay (Linux)
throughput --role client --sink ADDR [--proxy GATEWAY] [--relay ADDR] [--bytes N] ...
throughput --compare [--peer NAME=http|socks:ADDR:PID]... [--peer NAME=missing:WHY]...
           [--bytes N] [--runs N] [--streams N] [--connects N] [--idle N] [--churn N] [--hold N]
    direct, relay, gateway and the peers in one Markdown table (stdout; progress on stderr):
    single stream and --streams parallel streams of --bytes in all, --connects sequential
    new connections per protocol, RSS per tunnel with --idle open, RSS after --churn tunnels
    (--hold open at once) have closed, CPU seconds per GB of the proxy's processes
THROUGHPUT_GATEWAY_WRAPPER=\"valgrind --tool=callgrind\" runs the gateway role under that command
defaults: --bytes $BYTES or 1000000000, --runs 5, --pings 1000, --connects 200,
    --streams 100, --idle 1000, --churn 10000, --hold 2000";

#[derive(Debug, Clone)]
pub struct Args {
    pub role: Option<String>,
    pub bytes: u64,
    pub runs: usize,
    pub pings: usize,
    pub connects: usize,
    pub sink: Option<SocketAddr>,
    pub proxy: Option<SocketAddr>,
    pub relay: Option<SocketAddr>,
    pub to: Option<SocketAddr>,
    /// Pin the gateway and the relay to this CPU (with taskset).
    pub gateway_cpu: Option<String>,
    /// Role processes to account CPU time for (set when this binary started them).
    pub pids: Vec<(String, u32)>,
    pub compare: bool,
    /// Proxies started by bench/run.sh, as `--peer` gave them.
    pub peers: Vec<String>,
    pub streams: usize,
    pub idle: usize,
    pub churn: usize,
    pub hold: usize,
}

pub fn parse_args() -> Args {
    let mut args = Args {
        role: None,
        bytes: std::env::var("BYTES")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(1_000_000_000),
        runs: 5,
        pings: 1000,
        connects: 200,
        sink: None,
        proxy: None,
        relay: None,
        to: None,
        gateway_cpu: None,
        pids: Vec::new(),
        compare: false,
        peers: Vec::new(),
        streams: 100,
        idle: 1000,
        churn: 10_000,
        hold: 2000,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            println!("{USAGE}");
            std::process::exit(0);
        }
        if flag == "--compare" {
            args.compare = true;
            continue;
        }
        let value = it
            .next()
            .unwrap_or_else(|| panic!("{flag} needs a value\n{USAGE}"));
        match flag.as_str() {
            "--role" => args.role = Some(value),
            "--bytes" => args.bytes = value_of(&flag, &value),
            "--runs" => args.runs = value_of(&flag, &value),
            "--pings" => args.pings = value_of(&flag, &value),
            "--connects" => args.connects = value_of(&flag, &value),
            "--sink" => args.sink = Some(value_of(&flag, &value)),
            "--proxy" => args.proxy = Some(value_of(&flag, &value)),
            "--relay" => args.relay = Some(value_of(&flag, &value)),
            "--to" => args.to = Some(value_of(&flag, &value)),
            "--gateway-cpu" => args.gateway_cpu = Some(value),
            "--peer" => args.peers.push(value),
            "--streams" => args.streams = value_of(&flag, &value),
            "--idle" => args.idle = value_of(&flag, &value),
            "--churn" => args.churn = value_of(&flag, &value),
            "--hold" => args.hold = value_of(&flag, &value),
            _ => panic!("unknown option {flag}\n{USAGE}"),
        }
    }
    args
}

fn value_of<T: std::str::FromStr>(flag: &str, value: &str) -> T {
    value
        .parse()
        .unwrap_or_else(|_| panic!("bad value for {flag}: {value}"))
}
