//! The Markdown table of the comparison (`compare::run` measures, this writes): one row per
//! target, one column per measurement, with the figures' units and the setup's CPU split.

use crate::Args;
use crate::compare::{Results, SETUP_CLIENTS};
use crate::targets::{Proto, Target};
use std::time::Duration;

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
    out
}
