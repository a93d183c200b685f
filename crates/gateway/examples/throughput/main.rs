//! Gateway vs direct on loopback (target: gateway/direct >= 0.9), with the client, the sink and
//! the gateway in separate processes as in a deployment. Without `--role` it starts the sink, the
//! gateway and a plain splice relay (the ceiling of relaying without tokio, auth or metering) as
//! child processes of this binary, then runs the client here and prints the medians of several
//! runs.
//! With `--compare` it measures the gateway, the relay and the proxies named by `--peer` (started
//! by bench/run.sh) side by side and prints one Markdown table.
//! Run by bench/gateway/run.sh and bench/run.sh; `--help` lists the options.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod args;
mod client;
mod compare;
mod cpu;
mod gateway_role;
mod procs;
#[cfg(target_os = "linux")]
mod relay_role;
mod report;
mod sink;
mod stdin;
mod targets;

use args::{Args, USAGE, parse_args};
use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, ChildStdout, Command, Stdio};

/// A role running as a child process: its address, and its stdout for the final report.
struct Role {
    child: Child,
    stdout: BufReader<ChildStdout>,
    addr: SocketAddr,
}

impl Role {
    fn spawn(args: &[&str], cpu: Option<&str>) -> Role {
        Role::spawn_with(args, cpu, &[])
    }

    /// `spawn` with these environment variables set for the child.
    fn spawn_with(args: &[&str], cpu: Option<&str>, env: &[(&str, &str)]) -> Role {
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
            .envs(env.iter().copied())
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
        Some("relay") => relay_role::run(relay_role::Mode::Plain(args.to.expect("--to SINK"))),
        #[cfg(target_os = "linux")]
        Some("upstream") => relay_role::run(relay_role::Mode::Upstream),
        #[cfg(target_os = "linux")]
        Some("chained") => {
            relay_role::run(relay_role::Mode::Chained(args.to.expect("--to UPSTREAM")))
        }
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
    let socks = socks_line(&mut gateway);
    let relay = Role::spawn(&["--role", "relay", "--to", &sink.addr.to_string()], None);
    // The chained rows: a provider's stand-in, the gateway relaying through it as a pool (a
    // second gateway process, so that the first one's rows stay direct), and the bare relay
    // chained to the same stand-in.
    let upstream = Role::spawn(&["--role", "upstream"], None);
    let upstream_addr = upstream.addr.to_string();
    let chained = Role::spawn(&["--role", "chained", "--to", &upstream_addr], None);
    let mut pooled = Role::spawn_with(
        &["--role", "gateway"],
        None,
        &[("BENCH_UPSTREAM", &upstream_addr)],
    );
    let pooled_socks = socks_line(&mut pooled);
    let mut blocking = Role::spawn_with(
        &["--role", "gateway"],
        None,
        &[("BENCH_BLOCKLIST_RULES", BLOCKLIST_RULES)],
    );
    let blocking_socks = socks_line(&mut blocking);
    args.sink = Some(sink.addr);
    let mut targets = vec![
        targets::Target::direct(sink.addr),
        targets::Target::relay(relay.addr, relay.child.id()),
        targets::Target::gateway(gateway.addr, socks, gateway.child.id()),
        targets::Target::gateway_allowlisted(gateway.addr, socks, gateway.child.id()),
        targets::Target::chained_relay(chained.addr, chained.child.id()),
        targets::Target::chained_gateway(pooled.addr, pooled_socks, pooled.child.id()),
        targets::Target::gateway_blocklisted(blocking.addr, blocking_socks, blocking.child.id()),
    ];
    targets.extend(args.peers.iter().map(|p| targets::Target::parse(p)));
    let (table, crossed) = compare::run(&args, &targets);
    let metered =
        metered(&gateway.finish()) + metered(&pooled.finish()) + metered(&blocking.finish());
    relay.finish();
    chained.finish();
    upstream.finish();
    sink.finish();
    print!("{table}");
    assert_eq!(metered, crossed, "the gateway's meter must be exact");
    println!();
    println!("The gateway metered {crossed} bytes, exactly what crossed it.");
}

/// The blocked destinations the blocklist row's gateway starts with.
#[cfg(target_os = "linux")]
const BLOCKLIST_RULES: &str = "100000";

/// The SOCKS5 address a gateway role prints after its HTTP one.
fn socks_line(gateway: &mut Role) -> SocketAddr {
    gateway
        .line()
        .strip_prefix("socks ")
        .and_then(|a| a.parse().ok())
        .expect("the gateway's SOCKS5 address")
}

/// The bytes a gateway role said it metered when it stopped.
fn metered(said: &str) -> u64 {
    said.lines()
        .find_map(|l| l.strip_prefix("metered "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("the gateway said {said:?}"))
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
    let metered = metered(&said);
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
