//! The records summed per group in Rust (`sum_records`), in the buckets of either tier: what the
//! flush adds to the tiers and to the running totals. A leaf the other parts import.

use crate::connection_records::NewRecord;
use domain::traffic_health::{self, BUCKETS, Histogram};
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use std::collections::HashMap;

pub const HOUR: i64 = 3_600;
pub const DAY: i64 = 86_400;

/// What a rollup row sums records by (beside the bucket's start).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GroupKey {
    pub user_id: UserId,
    /// Unix seconds of the hour's or day's start.
    pub start: i64,
    pub kind: ProxyKind,
    pub credential_kind: CredentialKind,
    pub credential_label: String,
    pub host: String,
    /// The exit country the records targeted; empty when they targeted none.
    pub country: String,
    pub outcome: Outcome,
    /// Empty when the records have none.
    pub reason: String,
}

impl GroupKey {
    /// The order the rows are written in, the same on every node (in the primary key's order),
    /// so that two nodes adding to the same rows wait for each other instead of deadlocking.
    fn order(&self) -> impl Ord + '_ {
        (
            self.user_id,
            self.start,
            self.kind.as_str(),
            self.credential_kind.as_str(),
            self.credential_label.as_str(),
            self.host.as_str(),
            self.country.as_str(),
            self.outcome.as_str(),
            self.reason.as_str(),
        )
    }
}

/// The sums of a group's records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sums {
    pub connections: i64,
    pub bytes_up: i64,
    pub bytes_down: i64,
    /// What the balance lost: the bytes of the traffic kinds (pieces are not sold by traffic).
    pub charged_bytes: i64,
    /// Connections by how long they lasted: under 1 s, 10 s, 1 min, and longer.
    pub under_1s: i64,
    pub under_10s: i64,
    pub under_1m: i64,
    pub over_1m: i64,
    /// Connect times of the records that have one, per bucket of
    /// `domain::traffic_health::BOUNDS_MS`.
    pub connect: Histogram,
}

impl Sums {
    /// Adds one record.
    pub fn count(&mut self, record: &NewRecord) {
        self.connections += 1;
        self.bytes_up += record.bytes_up;
        self.bytes_down += record.bytes_down;
        if record.kind.is_traffic() {
            self.charged_bytes += record.bytes_up + record.bytes_down;
        }
        match record.duration_ms {
            ..1_000 => self.under_1s += 1,
            1_000..10_000 => self.under_10s += 1,
            10_000..60_000 => self.under_1m += 1,
            _ => self.over_1m += 1,
        }
        if let Some(ms) = record.connect_ms {
            self.connect[traffic_health::bucket_of(ms)] += 1;
        }
    }
}

impl Sums {
    /// Adds another group's sums.
    pub fn merge(&mut self, other: &Sums) {
        self.connections += other.connections;
        self.bytes_up += other.bytes_up;
        self.bytes_down += other.bytes_down;
        self.charged_bytes += other.charged_bytes;
        self.under_1s += other.under_1s;
        self.under_10s += other.under_10s;
        self.under_1m += other.under_1m;
        self.over_1m += other.over_1m;
        for (mine, theirs) in self.connect.iter_mut().zip(&other.connect) {
            *mine += theirs;
        }
    }
}

/// `groups` summed again without their credential, host and country (the credential kind
/// `main`, the rest empty): the rows of the totals tables (`usage_hourly_totals`,
/// `usage_daily_totals`), in the order they are written.
pub fn without_target(groups: &[(GroupKey, Sums)]) -> Vec<(GroupKey, Sums)> {
    let mut totals: HashMap<GroupKey, Sums> = HashMap::new();
    for (key, sums) in groups {
        let key = GroupKey {
            credential_kind: CredentialKind::Main,
            credential_label: String::new(),
            host: String::new(),
            country: String::new(),
            ..key.clone()
        };
        totals.entry(key).or_default().merge(sums);
    }
    let mut rows: Vec<_> = totals.into_iter().collect();
    rows.sort_by(|(a, _), (b, _)| a.order().cmp(&b.order()));
    rows
}

/// `records` summed per group of buckets of `seconds`, in the order they are written.
pub fn sum_records(records: &[NewRecord], seconds: i64) -> Vec<(GroupKey, Sums)> {
    let mut groups: HashMap<GroupKey, Sums> = HashMap::new();
    for r in records {
        let key = GroupKey {
            user_id: r.user_id,
            start: r.started_at.div_euclid(seconds) * seconds,
            kind: r.kind,
            credential_kind: r.credential_kind,
            credential_label: r.credential_label.clone(),
            host: r.host.clone(),
            country: r.country.clone().unwrap_or_default(),
            outcome: r.outcome,
            reason: r.reason.clone().unwrap_or_default(),
        };
        groups.entry(key).or_default().count(r);
    }
    let mut rows: Vec<_> = groups.into_iter().collect();
    rows.sort_by(|(a, _), (b, _)| a.order().cmp(&b.order()));
    rows
}

pub(crate) fn floor(t: i64, unit: i64) -> i64 {
    t.div_euclid(unit) * unit
}

pub(crate) fn ceil(t: i64, unit: i64) -> i64 {
    floor(t, unit) + if t.rem_euclid(unit) == 0 { 0 } else { unit }
}

/// The rollups' sums beside the histogram, in `Sums`' order (the SQL of the back-fill and the
/// totals' rebuild names them).
pub(crate) const COUNT_COLUMNS: [&str; 8] = [
    "connections",
    "bytes_up",
    "bytes_down",
    "charged_bytes",
    "under_1s",
    "under_10s",
    "under_1m",
    "over_1m",
];

/// The histogram's column names, in bucket order (the SQL of the back-fill, the health and the running totals names them).
pub(crate) const CONNECT_COLUMNS: [&str; BUCKETS] = [
    "connect_lt10",
    "connect_lt18",
    "connect_lt32",
    "connect_lt56",
    "connect_lt100",
    "connect_lt178",
    "connect_lt316",
    "connect_lt562",
    "connect_lt1000",
    "connect_lt1778",
    "connect_lt3162",
    "connect_lt5623",
    "connect_lt10000",
    "connect_ge10000",
];
