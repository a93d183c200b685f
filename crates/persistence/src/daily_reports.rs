//! The daily usage report (docs/notifications.md#daily-usage-report): which opted-in customers
//! still await the report of a UTC day (`due`), the mark whose primary key lets one of several
//! instances report each (customer, day) once (`claim`), and the day's figures, summed from the
//! daily usage rollup only, never the connection records (`figures`).

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::schema::{alert_settings, daily_reports, usage_daily_rollup as daily, users};
use diesel::dsl::{exists, not, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::UserId;
use domain::usage::Outcome;

/// Most hosts a report lists (those with the most bytes).
pub const TOP_HOSTS: i64 = 5;

/// Opted-in customers (not disabled) whose report of `day` (its start, unix seconds) is not
/// marked yet, lowest id first, at most `limit`: (customer, email).
pub fn due(conn: &mut DbConnection, day: i64, limit: i64) -> DbResult<Vec<(UserId, String)>> {
    let marked = daily_reports::table
        .filter(daily_reports::user_id.eq(alert_settings::user_id))
        .filter(daily_reports::day.eq(day));
    // Disabled accounts are left out before the limit: they never get a mark, and must not
    // take the places of the batch run after run.
    let enabled = users::table
        .filter(users::disabled.eq(false))
        .select(users::id);
    let opted_in: Vec<i64> = alert_settings::table
        .filter(alert_settings::daily_report.eq(true))
        .filter(alert_settings::user_id.eq_any(enabled))
        .filter(not(exists(marked)))
        .order(alert_settings::user_id.asc())
        .limit(limit)
        .select(alert_settings::user_id)
        .load(conn)?;
    let rows: Vec<(i64, String)> = users::table
        .filter(users::id.eq_any(&opted_in))
        .order(users::id.asc())
        .select((users::id, users::email))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, email)| (UserId::new(id), email))
        .collect())
}

/// Inserts the mark of (`user`, `day`): true when this call made it, false when it was there
/// already (reported before, or by another instance just now). `sent`: whether a report goes
/// out (false for a day without traffic). Run it in the transaction that writes the report.
pub fn claim(
    conn: &mut DbConnection,
    user: UserId,
    day: i64,
    sent: bool,
    now: i64,
) -> DbResult<bool> {
    // A savepoint: on PostgreSQL a failed insert would otherwise abort the caller's transaction.
    let inserted = conn
        .transaction(|c| {
            diesel::insert_into(daily_reports::table)
                .values((
                    daily_reports::user_id.eq(user.get()),
                    daily_reports::day.eq(day),
                    daily_reports::reported_at.eq(now),
                    daily_reports::sent.eq(sent),
                ))
                .execute(c)
        })
        .map_err(DbError::from);
    match inserted {
        Ok(_) => Ok(true),
        Err(DbError::UniqueViolation(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Deletes the marks of days before `day`: only the day just ended is ever reported, so older
/// marks guard nothing. How many went.
pub fn purge_before(conn: &mut DbConnection, day: i64) -> DbResult<usize> {
    Ok(diesel::delete(daily_reports::table.filter(daily_reports::day.lt(day))).execute(conn)?)
}

/// One kind, outcome and reason's sums over a day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutcomeSums {
    pub kind: String,
    pub outcome: Outcome,
    /// Empty when the record gave none.
    pub reason: String,
    pub connections: i64,
    /// Bytes up and down.
    pub bytes: i64,
    pub charged_bytes: i64,
}

/// A host's sums over a day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostSums {
    pub host: String,
    pub connections: i64,
    /// Bytes up and down.
    pub bytes: i64,
}

/// A customer's day from the daily rollup.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DayFigures {
    /// Per kind, outcome and reason, by kind then outcome then reason.
    pub outcomes: Vec<OutcomeSums>,
    /// The `TOP_HOSTS` hosts with the most bytes (ties by name).
    pub top_hosts: Vec<HostSums>,
}

/// `SUM(expr)` as a BIGINT, 0 for no rows.
fn sum_of(expr: &str) -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>(&format!("CAST(COALESCE(SUM({expr}), 0) AS BIGINT)"))
}

/// `user`'s figures of the UTC day starting at `day`, from `usage_daily_rollup` (two grouped
/// reads of that customer and day's rows).
pub fn figures(conn: &mut DbConnection, user: UserId, day: i64) -> DbResult<DayFigures> {
    let rows = || {
        daily::table
            .filter(daily::user_id.eq(user.get()))
            .filter(daily::day.eq(day))
    };
    let outcomes = rows()
        .group_by((daily::kind, daily::outcome, daily::reason))
        .select((
            daily::kind,
            daily::outcome,
            daily::reason,
            sum_of("connections"),
            sum_of("bytes_up + bytes_down"),
            sum_of("charged_bytes"),
        ))
        .order((daily::kind, daily::outcome, daily::reason))
        .load::<(String, Outcome, String, i64, i64, i64)>(conn)?
        .into_iter()
        .map(
            |(kind, outcome, reason, connections, bytes, charged_bytes)| OutcomeSums {
                kind,
                outcome,
                reason,
                connections,
                bytes,
                charged_bytes,
            },
        )
        .collect();
    let top_hosts = rows()
        .group_by(daily::host)
        .select((
            daily::host,
            sum_of("connections"),
            sum_of("bytes_up + bytes_down"),
        ))
        .order((sum_of("bytes_up + bytes_down").desc(), daily::host.asc()))
        .limit(TOP_HOSTS)
        .load::<(String, i64, i64)>(conn)?
        .into_iter()
        .map(|(host, connections, bytes)| HostSums {
            host,
            connections,
            bytes,
        })
        .collect();
    Ok(DayFigures {
        outcomes,
        top_hosts,
    })
}
