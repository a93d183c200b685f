//! The customer's breakdowns (by host, credential, day or hour) from the rollups: by host and
//! credential from the running totals (`running`: each group's sums over the window, whatever
//! its length); by day and hour, the whole days of the window from the daily tier and the hours
//! beside them from the hourly tier, merged per group (from the tiers' totals without the
//! target, `totals`, when no host or credential is asked for). The window is taken in whole hours (its
//! start rounded down, its end up): the rollups know no finer time.

use super::sums::{DAY, HOUR, ceil, floor};
use crate::connection::DbConnection;
use crate::connection_records::{CREDENTIAL_TOP, Group, GroupBy, HOST_TOP, RecordFilter};
use crate::error::DbResult;
use crate::schema::{
    usage_daily_rollup as daily, usage_daily_totals as daily_totals, usage_hourly as hourly,
    usage_hourly_totals as hourly_totals,
};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::ProxyKind;
use domain::usage::{CredentialKind, Outcome};
use std::collections::HashMap;

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// Which part of a filter's time range each tier answers: unix seconds, the start inclusive and
/// the end exclusive, `None` for no bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The whole days, from the daily tier.
    pub days: Option<(Option<i64>, Option<i64>)>,
    /// The hours, from the hourly tier (none, one or two ranges).
    pub hours: [Option<(Option<i64>, Option<i64>)>; 2],
}

impl Window {
    /// Splits the range `[from, to)` (whole hours: the start rounded down, the end up) into
    /// whole days and the hours beside them; grouped by hour, every part is read by the hour.
    pub fn of(from: Option<i64>, to: Option<i64>, by: GroupBy) -> Window {
        let from = from.map(|t| floor(t, HOUR));
        let to = to.map(|t| ceil(t, HOUR));
        let all_hours = Window {
            days: None,
            hours: [Some((from, to)), None],
        };
        if by == GroupBy::Hour {
            return all_hours;
        }
        let day_from = from.map(|t| ceil(t, DAY));
        let day_to = to.map(|t| floor(t, DAY));
        if let (Some(a), Some(b)) = (day_from, day_to)
            && a >= b
        {
            return all_hours;
        }
        let before = match (from, day_from) {
            (Some(f), Some(d)) if f < d => Some((Some(f), Some(d))),
            _ => None,
        };
        let after = match (day_to, to) {
            (Some(d), Some(t)) if d < t => Some((Some(d), Some(t))),
            _ => None,
        };
        Window {
            days: Some((day_from, day_to)),
            hours: [before, after],
        }
    }
}

/// What a group is known by while the parts are merged.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Host(String),
    Credential(CredentialKind, String),
    /// The bucket's start, unix seconds.
    Start(i64),
}

/// A group's sums so far, added up over the tiers.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    requests: i64,
    bytes_up: i64,
    bytes_down: i64,
    not_charged: i64,
}

impl Tally {
    /// Adds one row of sums: connections, bytes up, bytes down, connections not charged.
    fn add(&mut self, (requests, up, down, not_charged): (i64, i64, i64, i64)) {
        self.requests += requests;
        self.bytes_up += up;
        self.bytes_down += down;
        self.not_charged += not_charged;
    }

    fn bytes(&self) -> i64 {
        self.bytes_up + self.bytes_down
    }
}

type Totals = HashMap<Key, Tally>;

/// `SUM(column)` as a BIGINT, 0 for no rows.
fn sum_of(column: &str) -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>(&format!("CAST(COALESCE(SUM({column}), 0) AS BIGINT)"))
}

/// The rows of tier `$t` (bucket column `$time`) in `[lo, hi)` that `$f` matches (its
/// conditions other than time), as one query of fixed type: what the breakdowns and the health
/// (`health.rs`) group.
macro_rules! rollup_rows {
    ($t:ident, $time:ident, $f:expr, $range:expr) => {{
        let f: &RecordFilter = $f;
        let (lo, hi): (Option<i64>, Option<i64>) = $range;
        let kinds: Vec<ProxyKind> = f.kind.map_or_else(|| ProxyKind::ALL.to_vec(), |k| vec![k]);
        let outcomes: Vec<Outcome> = f.outcome.map_or_else(|| Outcome::ALL.to_vec(), |o| vec![o]);
        let pattern = crate::like::contains(f.host.as_deref().unwrap_or(""));
        let (credential_kinds, label, any_label) = crate::connection_records::credential_terms(f);
        $t::table
            .filter($t::user_id.eq(f.user_id))
            .filter($t::$time.ge(lo.unwrap_or(i64::MIN)))
            .filter($t::$time.lt(hi.unwrap_or(i64::MAX)))
            .filter($t::kind.eq_any(kinds))
            .filter($t::outcome.eq_any(outcomes))
            .filter(lower($t::host).like(pattern).escape('\\'))
            .filter($t::credential_kind.eq_any(credential_kinds))
            .filter($t::credential_label.eq(label).or(any_label))
    }};
}

/// Adds to `totals` the groups of tier `$t` (bucket column `$time`) in `$range` that `$f`
/// matches (its conditions other than time).
macro_rules! add_tier {
    ($t:ident, $time:ident, $conn:expr, $f:expr, $range:expr, $by:expr, $totals:expr) => {{
        let f: &RecordFilter = $f;
        let (lo, hi): (Option<i64>, Option<i64>) = $range;
        let totals: &mut Totals = $totals;
        let matching = || rollup_rows!($t, $time, f, (lo, hi));
        let mut add =
            |key: Key, sums: (i64, i64, i64, i64)| totals.entry(key).or_default().add(sums);
        let not_charged = || sum_of(&crate::connection_records::not_charged_sql("connections"));
        match $by {
            GroupBy::Host => {
                for (host, n, up, down, free) in matching()
                    .group_by($t::host)
                    .select((
                        $t::host,
                        sum_of("connections"),
                        sum_of("bytes_up"),
                        sum_of("bytes_down"),
                        not_charged(),
                    ))
                    .load::<(String, i64, i64, i64, i64)>($conn)?
                {
                    add(Key::Host(host), (n, up, down, free));
                }
            }
            GroupBy::Credential => {
                for (kind, label, n, up, down, free) in matching()
                    .group_by(($t::credential_kind, $t::credential_label))
                    .select((
                        $t::credential_kind,
                        $t::credential_label,
                        sum_of("connections"),
                        sum_of("bytes_up"),
                        sum_of("bytes_down"),
                        not_charged(),
                    ))
                    .load::<(CredentialKind, String, i64, i64, i64, i64)>($conn)?
                {
                    add(Key::Credential(kind, label), (n, up, down, free));
                }
            }
            GroupBy::Day | GroupBy::Hour => {
                let seconds = if $by == GroupBy::Day { DAY } else { HOUR };
                // Integer division truncates alike on both backends: the floor for every time
                // since 1970.
                let bucket = || sql::<BigInt>(&format!("{} / {seconds}", stringify!($time)));
                for (b, n, up, down, free) in matching()
                    .group_by(bucket())
                    .select((
                        bucket(),
                        sum_of("connections"),
                        sum_of("bytes_up"),
                        sum_of("bytes_down"),
                        not_charged(),
                    ))
                    .load::<(i64, i64, i64, i64, i64)>($conn)?
                {
                    add(Key::Start(b * seconds), (n, up, down, free));
                }
            }
        }
    }};
}

/// The records `filter` matches, summed per group, from the rollups: the `HOST_TOP` hosts or
/// `CREDENTIAL_TOP` credentials with the most bytes (ties by name), or every day or hour,
/// oldest first. The answer of `connection_records::breakdown` over the same records, its
/// window taken in whole hours.
pub fn breakdown(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    by: GroupBy,
) -> DbResult<Vec<Group>> {
    let mut totals = Totals::new();
    if matches!(by, GroupBy::Host | GroupBy::Credential) {
        for g in super::running::window(conn, filter)? {
            let key = match by {
                GroupBy::Host => Key::Host(g.host),
                _ => Key::Credential(g.credential_kind, g.credential_label),
            };
            let t = &g.totals;
            let reason = Some(g.reason.as_str()).filter(|r| !r.is_empty());
            let not_charged = if domain::usage::charged(g.outcome, reason) {
                0
            } else {
                t.connections
            };
            totals.entry(key).or_default().add((
                t.connections,
                t.bytes_up,
                t.bytes_down,
                not_charged,
            ));
        }
    } else {
        let window = Window::of(filter.start(), filter.to, by);
        // Without a host or credential asked for, the totals without them: a few rows a bucket.
        let whole = super::totals::answer(filter);
        if let Some(range) = window.days {
            if whole {
                add_tier!(daily_totals, day, conn, filter, range, by, &mut totals);
            } else {
                add_tier!(daily, day, conn, filter, range, by, &mut totals);
            }
        }
        for range in window.hours.into_iter().flatten() {
            if whole {
                add_tier!(hourly_totals, hour, conn, filter, range, by, &mut totals);
            } else {
                add_tier!(hourly, hour, conn, filter, range, by, &mut totals);
            }
        }
    }
    let mut groups: Vec<(Key, Tally)> = totals.into_iter().collect();
    let bytes = Tally::bytes;
    let limit = match by {
        GroupBy::Host => {
            groups.sort_by(|(ka, a), (kb, b)| {
                bytes(b)
                    .cmp(&bytes(a))
                    .then_with(|| name(ka).cmp(&name(kb)))
            });
            HOST_TOP
        }
        GroupBy::Credential => {
            groups.sort_by(|(ka, a), (kb, b)| {
                bytes(b)
                    .cmp(&bytes(a))
                    .then_with(|| name(ka).cmp(&name(kb)))
            });
            CREDENTIAL_TOP
        }
        GroupBy::Day | GroupBy::Hour => {
            groups.sort_by_key(|(k, _)| match k {
                Key::Start(s) => *s,
                _ => 0,
            });
            i64::MAX
        }
    };
    Ok(groups
        .into_iter()
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .map(|(key, tally)| {
            let (key, credential_kind) = match key {
                Key::Host(host) => (host, None),
                Key::Credential(kind, label) => (label, Some(kind)),
                Key::Start(start) => {
                    let day = domain::calendar::utc_day(start);
                    let key = if by == GroupBy::Day {
                        day
                    } else {
                        format!("{day}T{:02}:00:00Z", start.rem_euclid(DAY) / HOUR)
                    };
                    (key, None)
                }
            };
            Group {
                key,
                credential_kind,
                requests: tally.requests,
                bytes_up: tally.bytes_up,
                bytes_down: tally.bytes_down,
                not_charged: tally.not_charged,
            }
        })
        .collect())
}

/// A group's name for ties: the host, or the credential's kind then label.
fn name(key: &Key) -> (&str, &str) {
    match key {
        Key::Host(host) => ("", host.as_str()),
        Key::Credential(kind, label) => (kind.as_str(), label.as_str()),
        Key::Start(_) => ("", ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: i64 = 1_796_083_200; // 2026-12-01T00:00:00Z

    #[test]
    fn a_window_is_whole_days_and_the_hours_beside_them() {
        let w = Window::of(
            Some(T + 5 * HOUR + 10),
            Some(T + 3 * DAY + 2 * HOUR + 1),
            GroupBy::Host,
        );
        assert_eq!(w.days, Some((Some(T + DAY), Some(T + 3 * DAY))));
        assert_eq!(
            w.hours,
            [
                Some((Some(T + 5 * HOUR), Some(T + DAY))),
                Some((Some(T + 3 * DAY), Some(T + 3 * DAY + 3 * HOUR)))
            ]
        );
        let days = Window::of(Some(T), Some(T + 2 * DAY), GroupBy::Day);
        assert_eq!(
            days,
            Window {
                days: Some((Some(T), Some(T + 2 * DAY))),
                hours: [None, None]
            }
        );
        let open = Window::of(None, None, GroupBy::Credential);
        assert_eq!(
            open,
            Window {
                days: Some((None, None)),
                hours: [None, None]
            }
        );
        let to = Window::of(None, Some(T + 90), GroupBy::Host);
        assert_eq!(
            to,
            Window {
                days: Some((None, Some(T))),
                hours: [None, Some((Some(T), Some(T + HOUR)))]
            }
        );
        let short = Window::of(Some(T + HOUR), Some(T + 3 * HOUR), GroupBy::Day);
        assert_eq!(
            short,
            Window {
                days: None,
                hours: [Some((Some(T + HOUR), Some(T + 3 * HOUR))), None]
            }
        );
        let by_hour = Window::of(None, None, GroupBy::Hour);
        assert_eq!(
            by_hour,
            Window {
                days: None,
                hours: [Some((None, None)), None]
            }
        );
    }
}
