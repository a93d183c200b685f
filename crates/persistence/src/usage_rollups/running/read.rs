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

/// One lookup of a running row: its alias, table, bucket column, the bucket range it takes the
/// newest row of, and whether it adds or takes away.
struct Lookup {
    alias: &'static str,
    table: &'static str,
    time: &'static str,
    lo: Option<i64>,
    hi: Option<i64>,
    sign: &'static str,
}

/// The lookups giving `total(t)` (the sums before `t`, a whole hour): the newest daily row
/// before `t`'s day, and within `t`'s day the newest hourly row before `t`.
fn total_at(t: i64, daily: &'static str, hourly: &'static str, sign: &'static str) -> Vec<Lookup> {
    let day = floor(t, DAY);
    let mut lookups = vec![Lookup {
        alias: daily,
        table: "usage_running_daily",
        time: "day",
        lo: None,
        hi: Some(day),
        sign,
    }];
    if t > day {
        lookups.push(Lookup {
            alias: hourly,
            table: "usage_running_hourly",
            time: "hour",
            lo: Some(day),
            hi: Some(t),
            sign,
        });
    }
    lookups
}

/// The SQL of the window `[from, to)` for `filter`, with `p1` and `p2` the placeholders of the
/// host pattern and the credential's label.
fn window_sql(filter: &RecordFilter, postgres: bool) -> String {
    let from = filter.start().map(|t| floor(t, HOUR));
    let to = filter.to.map(|t| ceil(t, HOUR));
    let mut lookups = match to {
        Some(b) => total_at(b, "bd", "bh", "+"),
        // Everything: the newest daily row.
        None => vec![Lookup {
            alias: "bd",
            table: "usage_running_daily",
            time: "day",
            lo: None,
            hi: None,
            sign: "+",
        }],
    };
    if let Some(a) = from {
        lookups.extend(total_at(a, "ad", "ah", "-"));
    }
    let (p1, p2) = if postgres { ("$1", "$2") } else { ("?", "?") };
    let joins: Vec<String> = lookups
        .iter()
        .map(|l| {
            let Lookup {
                alias,
                table,
                time,
                lo,
                hi,
                ..
            } = l;
            let mut range = "x.group_id = g.id".to_owned();
            if let Some(lo) = lo {
                range.push_str(&format!(" AND x.{time} >= {lo}"));
            }
            if let Some(hi) = hi {
                range.push_str(&format!(" AND x.{time} < {hi}"));
            }
            if postgres {
                format!(
                    "LEFT JOIN LATERAL (SELECT {} FROM {table} x WHERE {range} \
                     ORDER BY x.{time} DESC LIMIT 1) {alias} ON TRUE",
                    columns().collect::<Vec<_>>().join(", ")
                )
            } else {
                format!(
                    "LEFT JOIN {table} {alias} ON {alias}.group_id = g.id AND {alias}.{time} = \
                     (SELECT MAX(x.{time}) FROM {table} x WHERE {range})"
                )
            }
        })
        .collect();
    let values: Vec<String> = columns()
        .map(|c| {
            let terms: String = lookups
                .iter()
                .map(|l| format!(" {} COALESCE({}.{c}, 0)", l.sign, l.alias))
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
