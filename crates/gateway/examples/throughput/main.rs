//! Gateway vs direct on loopback (target: gateway/direct >= 0.9), with the client, the sink and
//! the gateway in separate processes as in a deployment. Without `--role` it starts the sink, the
//! gateway and a plain splice relay (the ceiling of relaying without tokio, auth or metering) as
//! child processes of this binary, then runs the client here and prints the medians of several
//! runs.
//! With `--compare` it measures the gateway, the relay and the proxies named by `--peer` (started
//! by bench/run.sh) side by side and prints one Markdown table.
//! Run by bench/gateway/run.sh and bench/run.sh; `--help` lists the options.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod client;
mod compare;
mod cpu;
mod gateway_role;
mod procs;
#[cfg(target_os = "linux")]
mod relay_role;
mod report;
mod sink;
mod targets;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, ChildStdout, Command, Stdio};

const USAGE: &str = "\
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

fn parse_args() -> Args {
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

/// Blocks until the parent closes our stdin (how the roles are told to stop).
pub fn wait_for_stdin_eof() {
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
}

/// A role running as a child process: its address, and its stdout for the final report.
struct Role {
    child: Child,
    stdout: BufReader<ChildStdout>,
    addr: SocketAddr,
}

impl Role {
    fn spawn(args: &[&str], cpu: Option<&str>) -> Role {
        let exe = std::env::current_exe().unwrap();
        // THROUGHPUT_GATEWAY_WRAPPER="valgrind --tool=callgrind" runs the gateway role under
        // that command (instruction counts per connection, where no CPU counters are exposed).
        let wrapper: Vec<String> = std::env::var("THROUGHPUT_GATEWAY_WRAPPER")
            .ok()
            .filter(|_| args.contains(&"gateway"))
            .map(|w| w.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default();
        let mut command = match (cpu, wrapper.split_first()) {
            (Some(cpu), _) => {
                let mut c = Command::new("taskset");
                c.args(["-c", cpu]).arg(exe);
                c
            }
            (None, Some((program, rest))) => {
                let mut c = Command::new(program);
                c.args(rest).arg(exe);
                c
            }
            (None, None) => Command::new(exe),
        };
        let mut child = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening ")
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("{args:?} said {line:?}"));
        Role {
            child,
            stdout,
            addr,
        }
    }

    /// The next line it printed after `listening`.
    fn line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        line.trim().to_owned()
    }

    /// Closes its stdin, waits for it to exit and returns what else it printed.
    fn finish(mut self) -> String {
        drop(self.child.stdin.take());
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).unwrap();
        assert!(self.child.wait().unwrap().success());
        rest
    }
}

fn main() {
    let args = parse_args();
    match args.role.as_deref() {
        Some("sink") => sink::run(),
        Some("gateway") => gateway_role::run(),
        #[cfg(target_os = "linux")]
        Some("relay") => relay_role::run(args.to.expect("--to SINK")),
        Some("client") => {
            let report = client::run(&args);
            report.print(&args);
        }
        None if args.compare => compare_all(args),
        None => orchestrate(args),
        Some(other) => panic!("unknown role {other}\n{USAGE}"),
    }
}

/// Spawns the sink, the gateway and the relay, measures them with the peers and prints the
/// table; fails if the gateway's meter disagrees with the bytes that crossed it.
#[cfg(target_os = "linux")]
fn compare_all(mut args: Args) {
    let sink = Role::spawn(&["--role", "sink"], None);
    let mut gateway = Role::spawn(&["--role", "gateway"], None);
    let socks: SocketAddr = gateway
        .line()
        .strip_prefix("socks ")
        .and_then(|a| a.parse().ok())
        .expect("the gateway's SOCKS5 address");
    let relay = Role::spawn(&["--role", "relay", "--to", &sink.addr.to_string()], None);
    args.sink = Some(sink.addr);
    let mut targets = vec![
        targets::Target::direct(sink.addr),
        targets::Target::relay(relay.addr, relay.child.id()),
        targets::Target::gateway(gateway.addr, socks, gateway.child.id()),
        targets::Target::gateway_allowlisted(gateway.addr, socks, gateway.child.id()),
    ];
    targets.extend(args.peers.iter().map(|p| targets::Target::parse(p)));
    let (table, crossed) = compare::run(&args, &targets);
    let said = gateway.finish();
    relay.finish();
    sink.finish();
    print!("{table}");
    let metered: u64 = said
        .lines()
        .find_map(|l| l.strip_prefix("metered "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("the gateway said {said:?}"));
    assert_eq!(metered, crossed, "the gateway's meter must be exact");
    println!();
    println!("The gateway metered {crossed} bytes, exactly what crossed it.");
}

#[cfg(not(target_os = "linux"))]
fn compare_all(_: Args) {
    panic!("--compare reads /proc and runs the splice relay: Linux only");
}

fn orchestrate(mut args: Args) {
    let cpu = args.gateway_cpu.as_deref();
    let sink = Role::spawn(&["--role", "sink"], None);
    let gateway = Role::spawn(&["--role", "gateway"], cpu);
    #[cfg(target_os = "linux")]
    let relay = Role::spawn(&["--role", "relay", "--to", &sink.addr.to_string()], cpu);
    args.pids.push(("sink".into(), sink.child.id()));
    args.pids.push(("gateway".into(), gateway.child.id()));
    #[cfg(target_os = "linux")]
    args.pids.push(("relay".into(), relay.child.id()));
    args.sink = Some(sink.addr);
    args.proxy = Some(gateway.addr);
    #[cfg(target_os = "linux")]
    {
        args.relay = Some(relay.addr);
    }
    let report = client::run(&args);
    let said = gateway.finish();
    #[cfg(target_os = "linux")]
    relay.finish();
    sink.finish();
    report.print(&args);
    let metered: u64 = said
        .lines()
        .find_map(|l| l.strip_prefix("metered "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("the gateway said {said:?}"));
    println!(
        "metered bytes:        {metered} (expected {}: {})",
        report.gateway_bytes,
        if metered == report.gateway_bytes {
            "exact"
        } else {
            "MISMATCH"
        }
    );
    assert_eq!(metered, report.gateway_bytes, "the meter must be exact");
}
