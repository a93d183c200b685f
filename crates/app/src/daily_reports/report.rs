//! A day's report made from its figures (`persistence::daily_reports::figures`, the daily usage
//! rollup) and the traffic left now: per kind the bytes, connections and success rate, the top
//! hosts by traffic, the failures by reason; as the webhook's `data` (`json`) and as text
//! (`summary` for the notification centre, `mail_text` for the mail).

use domain::traffic_health;
use domain::units::GB;
use domain::{ProxyKind, plural::plural};
use persistence::daily_reports::{DayFigures, HostSums};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// One kind's (or the whole day's) sums.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sums {
    pub connections: i64,
    /// Served (`ok`), or served until the traffic ran out (`cut_quota`).
    pub succeeded: i64,
    /// Refused or failed (`refused`, `upstream_error`).
    pub failed: i64,
    /// Bytes up and down.
    pub bytes: i64,
    /// Bytes taken off the traffic balance.
    pub charged_bytes: i64,
}

impl Sums {
    /// succeeded / connections, 0 to 1; `None` without connections.
    pub fn success_rate(&self) -> Option<f64> {
        (self.connections > 0).then(|| self.succeeded as f64 / self.connections as f64)
    }

    fn json(&self) -> Value {
        json!({
            "connections": self.connections,
            "succeeded": self.succeeded,
            "failed": self.failed,
            "successRate": self.success_rate(),
            "bytes": self.bytes,
            "gb": gb_number(self.bytes),
            "chargedBytes": self.charged_bytes,
        })
    }
}

/// What is left of a traffic kind when the report is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Left {
    pub kind: ProxyKind,
    pub remaining_bytes: i64,
    pub expires_at: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// `YYYY-MM-DD`, the UTC day reported.
    pub day: String,
    /// Per kind as stored (`premium`, `budget`, …), in that order.
    pub kinds: BTreeMap<String, Sums>,
    pub total: Sums,
    pub top_hosts: Vec<HostSums>,
    /// Failed connections per reason (`traffic_health::failure_key`).
    pub failures_by_reason: BTreeMap<String, i64>,
    pub balances: Vec<Left>,
}

/// Bytes as GB rounded to 2 decimals, for JSON.
fn gb_number(bytes: i64) -> f64 {
    (bytes as f64 / GB as f64 * 100.0).round() / 100.0
}

fn gb(bytes: i64) -> String {
    format!("{:.2} GB", bytes as f64 / GB as f64)
}

fn percent(rate: Option<f64>) -> String {
    rate.map_or_else(|| "-".to_owned(), |r| format!("{:.1} %", r * 100.0))
}

fn kind_label(kind: &str) -> String {
    ProxyKind::parse(kind).map_or_else(|| kind.to_owned(), |k| k.label().to_owned())
}

impl Report {
    /// The report of `day` (`YYYY-MM-DD`), or `None` when the day had no connection.
    pub fn of(day: String, figures: &DayFigures, balances: Vec<Left>) -> Option<Report> {
        let mut kinds: BTreeMap<String, Sums> = BTreeMap::new();
        let mut total = Sums::default();
        let mut failures_by_reason = BTreeMap::new();
        for row in &figures.outcomes {
            let ok = traffic_health::succeeded(row.outcome);
            for sums in [kinds.entry(row.kind.clone()).or_default(), &mut total] {
                sums.connections += row.connections;
                sums.bytes += row.bytes;
                sums.charged_bytes += row.charged_bytes;
                if ok {
                    sums.succeeded += row.connections;
                } else {
                    sums.failed += row.connections;
                }
            }
            if !ok {
                *failures_by_reason
                    .entry(traffic_health::failure_key(row.outcome, &row.reason))
                    .or_default() += row.connections;
            }
        }
        if total.connections == 0 {
            return None;
        }
        Some(Report {
            day,
            kinds,
            total,
            top_hosts: figures.top_hosts.clone(),
            failures_by_reason,
            balances,
        })
    }

    /// The webhook's `data`.
    pub fn json(&self) -> Value {
        let kinds: Vec<Value> = self
            .kinds
            .iter()
            .map(|(kind, sums)| {
                let mut value = sums.json();
                value["kind"] = json!(kind);
                value
            })
            .collect();
        let hosts: Vec<Value> = self
            .top_hosts
            .iter()
            .map(|h| json!({"host": h.host, "connections": h.connections, "bytes": h.bytes}))
            .collect();
        let balances: Vec<Value> = self
            .balances
            .iter()
            .map(|b| {
                json!({
                    "kind": b.kind.as_str(),
                    "remainingBytes": b.remaining_bytes,
                    "remainingGb": gb_number(b.remaining_bytes),
                    "expiresAt": b.expires_at,
                })
            })
            .collect();
        json!({
            "day": self.day,
            "kinds": kinds,
            "total": self.total.json(),
            "topHosts": hosts,
            "failuresByReason": self.failures_by_reason,
            "balances": balances,
        })
    }

    /// The notification's title.
    pub fn title(&self) -> String {
        format!("Usage report for {} (UTC)", self.day)
    }

    /// The mail's subject.
    pub fn subject(&self) -> String {
        format!("ProxyShop usage report for {} (UTC)", self.day)
    }

    /// One line for the notification centre.
    pub fn summary(&self) -> String {
        let mut line = format!(
            "{} over {}, {} succeeded",
            gb(self.total.bytes),
            plural(self.total.connections, "connection", "connections"),
            percent(self.total.success_rate())
        );
        if let Some(top) = self.top_hosts.first() {
            line.push_str(&format!("; most traffic: {}", top.host));
        }
        line.push('.');
        line
    }

    /// The mail's plain text, its lines short enough to be sent as they are (no line
    /// encoding) unless a host name is very long.
    pub fn mail_text(&self) -> String {
        let mut text = format!("Your ProxyShop usage on {} (UTC):\n\n", self.day);
        for (kind, s) in &self.kinds {
            text.push_str(&format!(
                "{}\n  {} ({} charged), {}, {} succeeded\n",
                kind_label(kind),
                gb(s.bytes),
                gb(s.charged_bytes),
                plural(s.connections, "connection", "connections"),
                percent(s.success_rate())
            ));
        }
        if self.kinds.len() > 1 {
            text.push_str(&format!(
                "All kinds\n  {}, {}, {} succeeded\n",
                gb(self.total.bytes),
                plural(self.total.connections, "connection", "connections"),
                percent(self.total.success_rate())
            ));
        }
        text.push_str("\nTop hosts by traffic:\n");
        for h in &self.top_hosts {
            text.push_str(&format!(
                "  {}: {}, {}\n",
                h.host,
                gb(h.bytes),
                plural(h.connections, "connection", "connections")
            ));
        }
        if !self.failures_by_reason.is_empty() {
            text.push_str("\nFailures by reason:\n");
            for (reason, n) in &self.failures_by_reason {
                text.push_str(&format!("  {reason}: {n}\n"));
            }
        }
        if !self.balances.is_empty() {
            text.push_str("\nTraffic left now:\n");
            for b in &self.balances {
                text.push_str(&format!(
                    "  {}: {}\n",
                    b.kind.label(),
                    gb(b.remaining_bytes)
                ));
            }
        }
        text.push_str(
            "\nProxyShop daily usage report: turn it off in your settings\n\
             (Notifications, Alerts).\n",
        );
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::usage::Outcome;
    use persistence::daily_reports::OutcomeSums;

    fn row(kind: &str, outcome: Outcome, reason: &str, n: i64, bytes: i64) -> OutcomeSums {
        OutcomeSums {
            kind: kind.into(),
            outcome,
            reason: reason.into(),
            connections: n,
            bytes,
            charged_bytes: bytes / 2,
        }
    }

    #[test]
    fn a_day_without_connections_has_no_report() {
        assert_eq!(
            Report::of("2026-11-30".into(), &DayFigures::default(), vec![]),
            None
        );
    }

    #[test]
    fn sums_per_kind_and_in_all_with_failures_by_reason() {
        let figures = DayFigures {
            outcomes: vec![
                row("budget", Outcome::Ok, "", 1, 1_000),
                row("premium", Outcome::Ok, "", 6, 2_000_000_000),
                row("premium", Outcome::CutQuota, "", 1, 10),
                row("premium", Outcome::UpstreamError, "connect_failed", 2, 0),
                row("premium", Outcome::Refused, "", 1, 0),
            ],
            top_hosts: vec![HostSums {
                host: "example.com".into(),
                connections: 7,
                bytes: 2_000_000_010,
            }],
        };
        let left = vec![Left {
            kind: ProxyKind::Premium,
            remaining_bytes: 3_000_000_000,
            expires_at: None,
        }];
        let report = Report::of("2026-11-30".into(), &figures, left).unwrap();
        let premium = &report.kinds["premium"];
        assert_eq!(
            (premium.connections, premium.succeeded, premium.failed),
            (10, 7, 3)
        );
        assert_eq!(premium.success_rate(), Some(0.7));
        assert_eq!(report.total.connections, 11);
        assert_eq!(report.total.bytes, 2_000_001_010);
        assert_eq!(
            report.failures_by_reason,
            BTreeMap::from([("connect_failed".into(), 2), ("refused".into(), 1)])
        );
        let data = report.json();
        assert_eq!(data["kinds"][1]["kind"], json!("premium"));
        assert_eq!(data["kinds"][1]["gb"], json!(2.0));
        assert_eq!(data["balances"][0]["remainingGb"], json!(3.0));
        assert_eq!(
            report.summary(),
            "2.00 GB over 11 connections, 72.7 % succeeded; most traffic: example.com."
        );
        let text = report.mail_text();
        assert!(
            text.contains(
                "Premium Residential Proxies\n  2.00 GB (1.00 GB charged), 10 connections, 70.0 % succeeded\n"
            ),
            "{text}"
        );
        assert!(text.lines().all(|line| line.len() <= 76), "{text}");
        assert!(text.contains("  connect_failed: 2\n"), "{text}");
        assert!(
            text.contains("Traffic left now:\n  Premium Residential Proxies: 3.00 GB"),
            "{text}"
        );
    }
}
