//! What a running row sums, and the names of the running tables' columns.

use crate::usage_rollups::sums::CONNECT_COLUMNS;
use domain::traffic_health::Histogram;

/// The sums a running row keeps: what the health and the breakdowns by group need.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub connections: i64,
    pub bytes_up: i64,
    pub bytes_down: i64,
    pub connect: Histogram,
}

impl Totals {
    pub(super) fn add(&mut self, other: &Totals) {
        self.connections += other.connections;
        self.bytes_up += other.bytes_up;
        self.bytes_down += other.bytes_down;
        for (mine, theirs) in self.connect.iter_mut().zip(&other.connect) {
            *mine += theirs;
        }
    }

    pub(super) fn of(sums: &crate::usage_rollups::sums::Sums) -> Totals {
        Totals {
            connections: sums.connections,
            bytes_up: sums.bytes_up,
            bytes_down: sums.bytes_down,
            connect: sums.connect,
        }
    }
}

/// The value columns of both running tables, in `Totals`' order (the SQL of `read.rs` and the
/// rebuild name them): the connections, the bytes, the connect-time histogram.
pub(super) fn columns() -> impl Iterator<Item = &'static str> {
    ["connections", "bytes_up", "bytes_down"]
        .into_iter()
        .chain(CONNECT_COLUMNS)
}

/// The key columns of `usage_groups` beside the customer, in the unique index's order.
pub(super) const KEY: [&str; 7] = [
    "kind",
    "credential_kind",
    "credential_label",
    "host",
    "country",
    "outcome",
    "reason",
];
