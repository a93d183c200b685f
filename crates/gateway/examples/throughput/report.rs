//! The Markdown table of the comparison (`compare::run` measures, this writes): one row per
//! target, one column per measurement, with the figures' units and the setup's CPU split; and
//! what is measured of each target ([`Results`]), which `compare.rs` fills in.

use crate::args::Args;
use crate::targets::{Chain, Proto, Target};
use std::time::Duration;

/// Connections per second over a sequential series, and the p50 and p99 of one connection.
pub(crate) struct Setup {
    pub(crate) per_second: f64,
    pub(crate) p50: Duration,
    pub(crate) p99: Duration,
    /// Connections per second with `SETUP_CLIENTS` clients connecting at once (capacity, where
    /// `per_second` one after another is bound by the machine's wake-up latency).
    pub(crate) at_once: f64,
    /// The proxy's own CPU time per connection over both runs, all its processes: (user,
    /// system). What the proxy itself costs, apart from the client and the sink; its system
    /// time is mostly the kernel's TCP work for the two connections of a tunnel, which every
    /// relay does. None without a process to account.
    pub(crate) cpu_per_connection: Option<(Duration, Duration)>,
}

/// Clients making new connections at the same time in the setup's capacity measurement.
pub(crate) const SETUP_CLIENTS: usize = 8;

#[derive(Default)]
pub(crate) struct Results {
    pub(crate) single: Vec<f64>,
    pub(crate) single_ratio: Vec<f64>,
    pub(crate) streams: Vec<f64>,
    pub(crate) streams_ratio: Vec<f64>,
    pub(crate) setup: Vec<(Proto, Setup)>,
    pub(crate) cpu_ticks: u64,
    pub(crate) cpu_bytes: u64,
    pub(crate) idle_per_tunnel: Option<f64>,
    /// RSS before the churn, its highest sample while tunnels were open, and after they closed.
    pub(crate) churn: Option<(u64, u64, u64)>,
    /// Why a peer failed the churn.
    pub(crate) churn_failed: Option<String>,
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn thousands(n: f64) -> String {
    let s = format!("{n:.0}");
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn micros(d: Duration) -> String {
    format!("{} µs", thousands(d.as_secs_f64() * 1e6))
}

fn mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

pub(crate) fn table(args: &Args, targets: &[Target], results: &[Results]) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "| | single stream | {} streams | CONNECT setup | SOCKS5 setup | per idle tunnel | CPU s/GB | RSS after {} tunnels closed ({} open at once) |\n",
        args.streams,
        thousands(args.churn as f64),
        thousands(args.hold.min(args.churn) as f64)
    ));
    out.push_str("|---|---|---|---|---|---|---|---|\n");
    for (t, r) in targets.iter().zip(results) {
        if let Some(why) = &t.missing {
            out.push_str(&format!(
                "| {} | not available: {why} | | | | | | |\n",
                t.name
            ));
            continue;
        }
        let rate = |rates: &[f64], ratios: &[f64]| {
            if rates.is_empty() {
                return "—".to_owned();
            }
            format!(
                "{:.2}× · {} MB/s",
                median(ratios),
                thousands(median(rates) / 1e6)
            )
        };
        let setup = |proto: Proto| {
            let plain = r.setup.iter().find(|(p, _)| *p == Proto::Plain);
            let (s, note) = match (r.setup.iter().find(|(p, _)| *p == proto), plain) {
                (Some((_, s)), _) => (s, ""),
                (None, Some((_, s))) if proto == Proto::Connect => (s, " (plain TCP)"),
                _ => return "—".to_owned(),
            };
            let cpu = s
                .cpu_per_connection
                .map_or(String::new(), |(user, system)| {
                    format!(
                        " · CPU {} per connection (user {})",
                        micros(user + system),
                        micros(user)
                    )
                });
            format!(
                "{}/s · p50 {} · p99 {} · {SETUP_CLIENTS} at once {}/s{cpu}{note}",
                thousands(s.per_second),
                micros(s.p50),
                micros(s.p99),
                thousands(s.at_once)
            )
        };
        let cpu = if t.pid.is_some() && r.cpu_bytes > 0 {
            format!(
                "{:.2}",
                r.cpu_ticks as f64 / crate::cpu::TICKS_PER_SECOND / (r.cpu_bytes as f64 / 1e9)
            )
        } else {
            "—".to_owned()
        };
        let idle = r
            .idle_per_tunnel
            .map_or("—".to_owned(), |b| format!("{:.1} KB", b / 1e3));
        let churn = match (&r.churn, &r.churn_failed) {
            (Some((start, peak, after)), _) => {
                format!("{} (start {}, peak {})", mb(*after), mb(*start), mb(*peak))
            }
            (None, Some(why)) => format!("failed: {why}"),
            (None, None) => "—".to_owned(),
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {idle} | {cpu} | {churn} |\n",
            t.name,
            rate(&r.single, &r.single_ratio),
            rate(&r.streams, &r.streams_ratio),
            setup(Proto::Connect),
            setup(Proto::Socks5),
        ));
    }
    out.push_str(&chained(targets, results));
    out
}

/// The chained rows side by side: the gateway through its pool over the bare relay chained to
/// the same upstream (targets: bulk at least 0.9×, CONNECT setup p50 at most 1.2×).
fn chained(targets: &[Target], results: &[Results]) -> String {
    let find = |chain| {
        targets
            .iter()
            .zip(results)
            .find(|(t, _)| t.chain == Some(chain))
            .map(|(_, r)| r)
    };
    let (Some(relay), Some(gateway)) = (find(Chain::Relay), find(Chain::Gateway)) else {
        return String::new();
    };
    let ratio = |g: &[f64], r: &[f64]| {
        if g.is_empty() || r.is_empty() {
            return "—".to_owned();
        }
        format!("{:.2}×", median(g) / median(r))
    };
    let p50 = |r: &Results| {
        r.setup
            .iter()
            .find(|(p, _)| *p == Proto::Connect)
            .map(|(_, s)| s.p50.as_secs_f64())
    };
    let setup = match (p50(gateway), p50(relay)) {
        (Some(g), Some(r)) if r > 0.0 => format!("{:.2}×", g / r),
        _ => "—".to_owned(),
    };
    format!(
        "\nThrough an upstream, the gateway against the bare relay chained to the same upstream: \
         single stream {} (target ≥ 0.9×), parallel streams {} (target ≥ 0.9×), CONNECT setup \
         p50 {} (target ≤ 1.2×).\n",
        ratio(&gateway.single, &relay.single),
        ratio(&gateway.streams, &relay.streams),
        setup
    )
}
