//! A window's sums per group from the running totals: `total(b) - total(a)` for every group of
//! the customer that the filter takes and that had records on or after the window's first day.

use super::totals::{KEY, Totals, columns};
use crate::connection::DbConnection;
use crate::connection_records::RecordFilter;
use crate::error::DbResult;
use crate::usage_rollups::sums::{DAY, HOUR, ceil, floor};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use domain::ProxyKind;
use domain::usage::{CredentialKind, Outcome};

/// One group's sums over a window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summed {
    pub kind: ProxyKind,
    pub credential_kind: CredentialKind,
    pub credential_label: String,
    pub host: String,
    /// Empty when the records targeted none.
    pub country: String,
    pub outcome: Outcome,
    /// Empty when the records have none.
    pub reason: String,
    pub totals: Totals,
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    credential_kind: String,
    #[diesel(sql_type = Text)]
    credential_label: String,
    #[diesel(sql_type = Text)]
    host: String,
    #[diesel(sql_type = Text)]
    country: String,
    #[diesel(sql_type = Text)]
    outcome: String,
    #[diesel(sql_type = Text)]
    reason: String,
    #[diesel(sql_type = BigInt)]
    connections: i64,
    #[diesel(sql_type = BigInt)]
    bytes_up: i64,
    #[diesel(sql_type = BigInt)]
    bytes_down: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt10: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt18: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt32: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt56: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt100: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt178: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt316: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt562: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt1000: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt1778: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt3162: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt5623: i64,
    #[diesel(sql_type = BigInt)]
    connect_lt10000: i64,
    #[diesel(sql_type = BigInt)]
    connect_ge10000: i64,
}

impl Row {
    /// The group, unless a stored name is unknown (never written so) or it had no connection
    /// in the window.
    fn summed(self) -> Option<Summed> {
        let totals = Totals {
            connections: self.connections,
            bytes_up: self.bytes_up,
            bytes_down: self.bytes_down,
            connect: [
                self.connect_lt10,
                self.connect_lt18,
                self.connect_lt32,
                self.connect_lt56,
                self.connect_lt100,
                self.connect_lt178,
                self.connect_lt316,
                self.connect_lt562,
                self.connect_lt1000,
                self.connect_lt1778,
                self.connect_lt3162,
                self.connect_lt5623,
                self.connect_lt10000,
                self.connect_ge10000,
            ],
        };
        (totals.connections > 0).then_some(())?;
        Some(Summed {
            kind: ProxyKind::parse(&self.kind)?,
            credential_kind: CredentialKind::parse(&self.credential_kind)?,
            credential_label: self.credential_label,
            host: self.host,
            country: self.country,
            outcome: Outcome::parse(&self.outcome)?,
            reason: self.reason,
            totals,
        })
    }
}

/// The running rows giving `total(t)`, the sums before `t` (a whole hour; `None`: everything),
/// under `alias`: the SQL joining them to the group `g`, and the aliases whose columns hold
/// them, the first one found counting.
/// - At a day's start (or for everything): the newest daily row before it.
/// - Inside a day: the newest hourly row before `t` (the hourly rows run from the group's first
///   record, so it is the total wherever it lies); only where the hourly tier was purged (no
///   hourly row before `t`), the newest daily row before `t`'s day.
fn total_at(t: Option<i64>, alias: &str, postgres: bool) -> (String, Vec<String>) {
    let cols = columns().collect::<Vec<_>>().join(", ");
    let day = t.map(|t| floor(t, DAY));
    // A lookup's condition: the group's rows before `before` (`extra` added).
    let before = |time: &str, before: Option<i64>, extra: &str| {
        let before = before
            .map(|b| format!(" AND x.{time} < {b}"))
            .unwrap_or_default();
        format!("x.group_id = g.id{before}{extra}")
    };
    if t == day {
        let days = before("day", day, "");
        let join = if postgres {
            format!(
                "LEFT JOIN LATERAL (SELECT {cols} FROM usage_running_daily x WHERE {days} \
                 ORDER BY x.day DESC LIMIT 1) {alias} ON TRUE"
            )
        } else {
            format!(
                "LEFT JOIN usage_running_daily {alias} ON {alias}.group_id = g.id AND \
                 {alias}.day = (SELECT MAX(x.day) FROM usage_running_daily x WHERE {days})"
            )
        };
        return (join, vec![alias.to_owned()]);
    }
    let hours = before("hour", t, "");
    if postgres {
        // The append stops at the first row: the daily branch runs only without an hourly row.
        let days = before("day", day, "");
        let join = format!(
            "LEFT JOIN LATERAL ((SELECT {cols} FROM usage_running_hourly x WHERE {hours} \
             ORDER BY x.hour DESC LIMIT 1) UNION ALL (SELECT {cols} FROM usage_running_daily x \
             WHERE {days} ORDER BY x.day DESC LIMIT 1) LIMIT 1) {alias} ON TRUE"
        );
        return (join, vec![alias.to_owned()]);
    }
    // SQLite tests a subquery's condition on the outer row alone before its loop: with an
    // hourly row found, the daily lookup does not run.
    let (h, d) = (format!("{alias}h"), format!("{alias}d"));
    let days = before("day", day, &format!(" AND {h}.group_id IS NULL"));
    let join = format!(
        "LEFT JOIN usage_running_hourly {h} ON {h}.group_id = g.id AND {h}.hour = \
         (SELECT MAX(x.hour) FROM usage_running_hourly x WHERE {hours}) \
         LEFT JOIN usage_running_daily {d} ON {d}.group_id = g.id AND {d}.day = \
         (SELECT MAX(x.day) FROM usage_running_daily x WHERE {days})"
    );
    (join, vec![h, d])
}

/// The SQL of the window `[from, to)` for `filter`, with `p1` and `p2` the placeholders of the
/// host pattern and the credential's label.
fn window_sql(filter: &RecordFilter, postgres: bool) -> String {
    let from = filter.start().map(|t| floor(t, HOUR));
    let to = filter.to.map(|t| ceil(t, HOUR));
    let mut ends = vec![("+", total_at(to, "b", postgres))];
    if from.is_some() {
        ends.push(("-", total_at(from, "a", postgres)));
    }
    let (p1, p2) = if postgres { ("$1", "$2") } else { ("?", "?") };
    let joins: Vec<&str> = ends.iter().map(|(_, (join, _))| join.as_str()).collect();
    let values: Vec<String> = columns()
        .map(|c| {
            let terms: String = ends
                .iter()
                .map(|(sign, (_, aliases))| {
                    let found: String = aliases.iter().map(|a| format!("{a}.{c}, ")).collect();
                    format!(" {sign} COALESCE({found}0)")
                })
                .collect();
            format!("CAST(0{terms} AS BIGINT) AS {c}")
        })
        .collect();
    let mut conditions = vec![format!("g.user_id = {}", filter.user_id.get())];
    if let Some(kind) = filter.kind {
        conditions.push(format!("g.kind = '{}'", kind.as_str()));
    }
    if let Some(outcome) = filter.outcome {
        conditions.push(format!("g.outcome = '{}'", outcome.as_str()));
    }
    conditions.push(format!("lower(g.host) LIKE {p1} ESCAPE '\\'"));
    match &filter.credential {
        Some((kind, _)) => conditions.push(format!(
            "g.credential_kind = '{}' AND g.credential_label = {p2}",
            kind.as_str()
        )),
        None => conditions.push(format!("{p2} = ''")),
    }
    if let Some(a) = from {
        conditions.push(format!("g.last_day >= {}", floor(a, DAY)));
    }
    if let Some(b) = to {
        conditions.push(format!("g.first_day < {b}"));
    }
    format!(
        "SELECT {}, {} FROM usage_groups g {} WHERE {}",
        KEY.map(|k| format!("g.{k}")).join(", "),
        values.join(", "),
        joins.join(" "),
        conditions.join(" AND ")
    )
}

/// The sums of every group `filter` takes over its window (in whole hours: the start rounded
/// down, the end up), from the running totals; groups without a connection in it are left out.
pub fn window(conn: &mut DbConnection, filter: &RecordFilter) -> DbResult<Vec<Summed>> {
    let pattern = crate::like::contains(filter.host.as_deref().unwrap_or(""));
    let label = filter
        .credential
        .as_ref()
        .map(|(_, label)| label.clone())
        .unwrap_or_default();
    let rows: Vec<Row> = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(window_sql(filter, false))
            .bind::<Text, _>(&pattern)
            .bind::<Text, _>(&label)
            .load(c)?,
        DbConnection::Postgres(c) => diesel::sql_query(window_sql(filter, true))
            .bind::<Text, _>(&pattern)
            .bind::<Text, _>(&label)
            .load(c)?,
    };
    Ok(rows.into_iter().filter_map(Row::summed).collect())
}
