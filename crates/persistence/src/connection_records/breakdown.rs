//! One customer's records summed per host, credential, UTC day or hour, in SQL.

use super::filter::RecordFilter;
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::connection_records as cr;
use crate::sums::sum_of;
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::usage::CredentialKind;

/// What the records are summed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupBy {
    /// The target host: the `HOST_TOP` with the most bytes.
    Host,
    /// The credential (kind and label): main account, each sub-user, allowlist entry, piece.
    Credential,
    /// The UTC day (`YYYY-MM-DD`), oldest first.
    Day,
    /// The UTC hour (`YYYY-MM-DDTHH:00:00Z`), oldest first.
    Hour,
}

/// How many hosts a breakdown by host lists.
pub const HOST_TOP: i64 = 50;
/// How many credentials a breakdown by credential lists.
pub const CREDENTIAL_TOP: i64 = 500;

/// One group of a breakdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub key: String,
    /// Set when grouped by credential.
    pub credential_kind: Option<CredentialKind>,
    pub requests: i64,
    pub bytes_up: i64,
    pub bytes_down: i64,
    /// Of `requests`, those not charged (`domain::usage::charged`).
    pub not_charged: i64,
}

/// An SQL expression: `count` for a row of a connection the shop's own failure ended (not
/// charged, `domain::usage::NOT_CHARGED_REASONS`), else 0. `count` is `1` for a record, the
/// `connections` column for a rollup (where no reason is the empty string).
pub(crate) fn not_charged_sql(count: &str) -> String {
    let reasons: Vec<String> = domain::usage::NOT_CHARGED_REASONS
        .iter()
        .map(|r| format!("'{r}'"))
        .collect();
    format!(
        "CASE WHEN outcome = '{}' AND reason IN ({}) THEN {count} ELSE 0 END",
        domain::usage::Outcome::UpstreamError.as_str(),
        reasons.join(", ")
    )
}

fn most_bytes() -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>("SUM(bytes_up) + SUM(bytes_down)")
}

/// The records `filter` matches, summed per group (in SQL: one row per group comes back).
pub fn breakdown(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    by: GroupBy,
) -> DbResult<Vec<Group>> {
    let plain =
        |(key, requests, bytes_up, bytes_down, not_charged): (String, i64, i64, i64, i64)| Group {
            key,
            credential_kind: None,
            requests,
            bytes_up,
            bytes_down,
            not_charged,
        };
    Ok(match by {
        GroupBy::Host => cr::table
            .filter(matching!(filter))
            .group_by(cr::host)
            .select((
                cr::host,
                count_star(),
                sum_of("bytes_up"),
                sum_of("bytes_down"),
                sum_of(&not_charged_sql("1")),
            ))
            .order((most_bytes().desc(), cr::host.asc()))
            .limit(HOST_TOP)
            .load::<(String, i64, i64, i64, i64)>(conn)?
            .into_iter()
            .map(plain)
            .collect(),
        GroupBy::Credential => cr::table
            .filter(matching!(filter))
            .group_by((cr::credential_kind, cr::credential_label))
            .select((
                cr::credential_kind,
                cr::credential_label,
                count_star(),
                sum_of("bytes_up"),
                sum_of("bytes_down"),
                sum_of(&not_charged_sql("1")),
            ))
            .order((
                most_bytes().desc(),
                cr::credential_kind.asc(),
                cr::credential_label.asc(),
            ))
            .limit(CREDENTIAL_TOP)
            .load::<(CredentialKind, String, i64, i64, i64, i64)>(conn)?
            .into_iter()
            .map(
                |(kind, key, requests, bytes_up, bytes_down, not_charged)| Group {
                    key,
                    credential_kind: Some(kind),
                    requests,
                    bytes_up,
                    bytes_down,
                    not_charged,
                },
            )
            .collect(),
        GroupBy::Day | GroupBy::Hour => {
            let seconds: i64 = if by == GroupBy::Day { 86_400 } else { 3_600 };
            // Integer division truncates alike on both backends: the floor for every time
            // since 1970 (as `stats::range` buckets days).
            let bucket = || sql::<BigInt>(&format!("started_at / {seconds}"));
            cr::table
                .filter(matching!(filter))
                .group_by(bucket())
                .select((
                    bucket(),
                    count_star(),
                    sum_of("bytes_up"),
                    sum_of("bytes_down"),
                    sum_of(&not_charged_sql("1")),
                ))
                .order(bucket().asc())
                .load::<(i64, i64, i64, i64, i64)>(conn)?
                .into_iter()
                .map(|(bucket, requests, bytes_up, bytes_down, not_charged)| {
                    let start = bucket * seconds;
                    let day = domain::calendar::utc_day(start);
                    let key = if by == GroupBy::Day {
                        day
                    } else {
                        format!("{day}T{:02}:00:00Z", start.rem_euclid(86_400) / 3_600)
                    };
                    plain((key, requests, bytes_up, bytes_down, not_charged))
                })
                .collect()
        }
    })
}
