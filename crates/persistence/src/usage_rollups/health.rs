//! The health of the customer's traffic from the rollups (`GET /api/user/usage/health`): per
//! target host, targeted exit country, credential or UTC hour, the connections, how many
//! succeeded and failed, the failures by reason, the bytes and the connect-time histogram, the
//! groups with the most connections first (at most `traffic_health::TOP`). By host, country and
//! credential from the running totals (`running`: one row per group of the rollups' key, its
//! sums over the window, whatever its length); by hour from the hourly tier (from its totals
//! without the target, `totals`, when no host or credential is asked for). The window is
//! taken in whole hours. The total over every group (not only the listed ones) is summed from
//! the same rows, so it costs no other query.

use super::read::Window;
use super::sums::{CONNECT_COLUMNS, DAY, HOUR};
use crate::connection::DbConnection;
use crate::connection_records::{GroupBy, RecordFilter};
use crate::error::DbResult;
use crate::schema::{usage_hourly as hourly, usage_hourly_totals as hourly_totals};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use domain::ProxyKind;
use domain::traffic_health::{self, HealthGrouping, Histogram};
use domain::usage::{CredentialKind, Outcome};
use std::collections::{BTreeMap, HashMap};

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// One group's health.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HealthGroup {
    /// The host; the country (two letters, empty for none targeted); the credential's label; the
    /// hour `YYYY-MM-DDTHH:00:00Z`.
    pub key: String,
    /// Set when grouped by credential.
    pub credential_kind: Option<CredentialKind>,
    pub connections: i64,
    /// `ok` and `cut_quota` (`traffic_health::succeeded`).
    pub succeeded: i64,
    /// `refused` and `upstream_error`.
    pub failed: i64,
    /// Bytes up and down.
    pub bytes: i64,
    /// The failures per reason (`traffic_health::failure_key`).
    pub failures_by_reason: BTreeMap<String, i64>,
    /// Connect times of the connections that reached their destination and recorded one.
    pub connect: Histogram,
}

impl HealthGroup {
    fn new(key: String, credential_kind: Option<CredentialKind>) -> HealthGroup {
        HealthGroup {
            key,
            credential_kind,
            connections: 0,
            succeeded: 0,
            failed: 0,
            bytes: 0,
            failures_by_reason: BTreeMap::new(),
            connect: Histogram::default(),
        }
    }

    /// Adds the sums of `connections` of `outcome` and `reason`.
    fn add(
        &mut self,
        outcome: Outcome,
        reason: &str,
        connections: i64,
        bytes: i64,
        connect: &Histogram,
    ) {
        self.connections += connections;
        self.bytes += bytes;
        if traffic_health::succeeded(outcome) {
            self.succeeded += connections;
        } else {
            self.failed += connections;
            *self
                .failures_by_reason
                .entry(traffic_health::failure_key(outcome, reason))
                .or_default() += connections;
        }
        for (mine, theirs) in self.connect.iter_mut().zip(connect) {
            *mine += theirs;
        }
    }
}

/// The SQL of a group's key, as text, in tier `time`.
fn key_sql(by: HealthGrouping, time: &str) -> String {
    match by {
        HealthGrouping::Host => "host".to_owned(),
        HealthGrouping::Country => "country".to_owned(),
        // The kind holds no colon: the first one ends it.
        HealthGrouping::Credential => "credential_kind || ':' || credential_label".to_owned(),
        HealthGrouping::Hour => format!("CAST({time} AS TEXT)"),
    }
}

/// The sums a part returns per group, outcome and reason: connections, bytes and the histogram.
fn sums_sql() -> String {
    let mut columns = vec![
        "CAST(SUM(connections) AS BIGINT)".to_owned(),
        "CAST(SUM(bytes_up) + SUM(bytes_down) AS BIGINT)".to_owned(),
    ];
    columns.extend(
        CONNECT_COLUMNS
            .iter()
            .map(|c| format!("CAST(SUM({c}) AS BIGINT)")),
    );
    columns.join(", ")
}

type Sums16 = (
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
);

type SumsSql = (
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
    BigInt,
);

/// One part's rows: key, outcome, reason and the sums.
type Part = Vec<(String, Outcome, String, i64, i64, Histogram)>;

/// A part's row from the SQL sums: connections, bytes and the histogram.
fn row(
    (key, outcome, reason, s): (String, Outcome, String, Sums16),
) -> (String, Outcome, String, i64, i64, Histogram) {
    let histogram = [
        s.2, s.3, s.4, s.5, s.6, s.7, s.8, s.9, s.10, s.11, s.12, s.13, s.14, s.15,
    ];
    (key, outcome, reason, s.0, s.1, histogram)
}

/// The rows of tier `$t` (bucket column `$time`) in `$range` that `$f` matches, grouped by the
/// key of `$by`, outcome and reason.
macro_rules! part {
    ($t:ident, $time:ident, $conn:expr, $f:expr, $range:expr, $by:expr) => {{
        let key = key_sql($by, stringify!($time));
        rollup_rows!($t, $time, $f, $range)
            .group_by(sql::<Text>(&format!("{key}, outcome, reason")))
            .select((
                sql::<Text>(&key),
                sql::<Text>("outcome"),
                sql::<Text>("reason"),
                sql::<SumsSql>(&sums_sql()),
            ))
            .load::<(String, Outcome, String, Sums16)>($conn)?
            .into_iter()
            .map(row)
            .collect::<Part>()
    }};
}

/// The health of the records a filter matches: the busiest groups and the total of them all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// The `traffic_health::TOP` groups with the most connections (ties: the most bytes, then
    /// the key).
    pub groups: Vec<HealthGroup>,
    /// Every matching record, whichever group it is in: the sums and the merged histogram (so
    /// its percentiles are the overall ones, which the groups' cannot give). Empty key, no kind.
    pub total: HealthGroup,
}

/// The records `filter` matches, their health per group of `by` and in total, from the rollups.
pub fn health(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    by: HealthGrouping,
) -> DbResult<Health> {
    let mut parts: Vec<Part> = Vec::new();
    if by == HealthGrouping::Hour {
        let window = Window::of(filter.start(), filter.to, GroupBy::Hour);
        for range in window.hours.into_iter().flatten() {
            // Without a host or credential asked for, the totals without them.
            parts.push(if super::totals::answer(filter) {
                part!(hourly_totals, hour, conn, filter, range, by)
            } else {
                part!(hourly, hour, conn, filter, range, by)
            });
        }
    } else {
        parts.push(
            super::running::window(conn, filter)?
                .into_iter()
                .map(|g| {
                    let t = g.totals;
                    let key = group_key(&g, by);
                    (
                        key,
                        g.outcome,
                        g.reason,
                        t.connections,
                        t.bytes_up + t.bytes_down,
                        t.connect,
                    )
                })
                .collect(),
        );
    }
    let mut groups: HashMap<String, HealthGroup> = HashMap::new();
    let mut total = HealthGroup::new(String::new(), None);
    for (key, outcome, reason, connections, bytes, histogram) in parts.into_iter().flatten() {
        total.add(outcome, &reason, connections, bytes, &histogram);
        groups.entry(key).or_insert_with_key(|k| named(k, by)).add(
            outcome,
            &reason,
            connections,
            bytes,
            &histogram,
        );
    }
    let mut groups: Vec<HealthGroup> = groups.into_values().collect();
    groups.sort_by(|a, b| {
        b.connections
            .cmp(&a.connections)
            .then_with(|| b.bytes.cmp(&a.bytes))
            .then_with(|| {
                a.credential_kind
                    .map(|k| k.as_str())
                    .cmp(&b.credential_kind.map(|k| k.as_str()))
            })
            .then_with(|| a.key.cmp(&b.key))
    });
    groups.truncate(traffic_health::TOP);
    Ok(Health { groups, total })
}

/// A running group's key as `key_sql` gives it.
fn group_key(g: &super::running::Summed, by: HealthGrouping) -> String {
    match by {
        HealthGrouping::Host => g.host.clone(),
        HealthGrouping::Country => g.country.clone(),
        HealthGrouping::Credential => {
            format!("{}:{}", g.credential_kind.as_str(), g.credential_label)
        }
        HealthGrouping::Hour => String::new(),
    }
}

/// An empty group of the part's `key` as `by` shows it.
fn named(key: &str, by: HealthGrouping) -> HealthGroup {
    match by {
        HealthGrouping::Credential => match key.split_once(':') {
            Some((kind, label)) => HealthGroup::new(label.to_owned(), CredentialKind::parse(kind)),
            None => HealthGroup::new(key.to_owned(), None),
        },
        HealthGrouping::Hour => {
            let start = key.parse::<i64>().unwrap_or_default();
            let day = domain::calendar::utc_day(start);
            let hour = format!("{day}T{:02}:00:00Z", start.rem_euclid(DAY) / HOUR);
            HealthGroup::new(hour, None)
        }
        HealthGrouping::Host | HealthGrouping::Country => HealthGroup::new(key.to_owned(), None),
    }
}
