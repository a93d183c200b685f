//! The daily usage report (the `daily_reports` job, docs/notifications.md#daily-usage-report):
//! for each customer who turned it on, once a day, the figures of the UTC day just ended, from
//! the daily usage rollup. Each (customer, day) is first marked in `daily_reports`, whose
//! primary key lets one of several instances win it; the winner writes the report as a
//! notification (so its webhook call is queued with it, through the `webhooks` job's signed,
//! retried deliveries) in the same transaction, and mails it after the commit when the
//! customer has mail on. A day without connections is marked and not reported.

mod report;

pub use report::{Left, Report, Sums};

use crate::blocking::with_conn;
use crate::error::AppError;
use domain::UserId;
use persistence::notifications::{self, Kind};
use persistence::{DbConnection, DbPool, alerts, daily_reports, traffic, write_transaction};
use std::sync::Arc;
use upstream::{Mailer, OutgoingMail};

const DAY: i64 = 86_400;
/// How long after midnight (UTC) the day before is reported: the gateways flush their last
/// records of the day (into the rollup) within this.
pub const AFTER_MIDNIGHT_SECS: i64 = 1_800;
/// Customers looked at per run: a shop with many opted in is served over several runs (every
/// 10 minutes: 500 a run is 3000 an hour) rather than in one long one.
pub const BATCH: i64 = 500;
/// Marks are kept this long (only the day just ended is ever reported).
const KEEP_DAYS: i64 = 7;

/// What one run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReportRun {
    /// Reports written (notification, webhook call queued, mail when on).
    pub sent: usize,
    /// Days marked without a report: no connection that day.
    pub quiet: usize,
}

/// The day (its start, unix seconds) that is reported at `now`: the UTC day before, once
/// `AFTER_MIDNIGHT_SECS` of today have passed.
pub fn report_day(now: i64) -> Option<i64> {
    let today = now.div_euclid(DAY) * DAY;
    (now - today >= AFTER_MIDNIGHT_SECS).then_some(today - DAY)
}

/// Reports the day before `now` to at most `BATCH` opted-in customers not reported yet.
pub async fn send_daily_reports(
    pool: &DbPool,
    mailer: Arc<dyn Mailer>,
    now: i64,
) -> Result<ReportRun, AppError> {
    send_daily_reports_up_to(pool, mailer, now, BATCH).await
}

/// [`send_daily_reports`] for at most `limit` customers.
pub async fn send_daily_reports_up_to(
    pool: &DbPool,
    mailer: Arc<dyn Mailer>,
    now: i64,
    limit: i64,
) -> Result<ReportRun, AppError> {
    let Some(day) = report_day(now) else {
        return Ok(ReportRun::default());
    };
    let (run, mails) =
        with_conn(pool, move |conn| Ok(report_batch(conn, day, now, limit)?)).await?;
    for (user, mail) in mails {
        if let Err(err) = mailer.send(mail).await {
            tracing::warn!(%err, user = user.get(), "daily report mail not sent");
        }
    }
    Ok(run)
}

fn report_batch(
    conn: &mut DbConnection,
    day: i64,
    now: i64,
    limit: i64,
) -> persistence::DbResult<(ReportRun, Vec<(UserId, OutgoingMail)>)> {
    daily_reports::purge_before(conn, day - KEEP_DAYS * DAY)?;
    let mut run = ReportRun::default();
    let mut mails = Vec::new();
    for (user, email) in daily_reports::due(conn, day, limit)? {
        let figures = daily_reports::figures(conn, user, day)?;
        let left = traffic::balances_of(conn, &[user])?
            .into_iter()
            .map(|b| Left {
                kind: b.kind,
                remaining_bytes: (b.purchased_bytes - b.used_bytes).max(0),
                expires_at: b.expires_at,
            })
            .collect();
        let report = Report::of(domain::calendar::utc_day(day), &figures, left);
        let won = write_transaction(conn, |tx| -> persistence::DbResult<bool> {
            if !daily_reports::claim(tx, user, day, report.is_some(), now)? {
                return Ok(false);
            }
            if let Some(r) = &report {
                let data = r.json();
                notifications::add_with_data(
                    tx,
                    user,
                    Kind::DailyReport,
                    &r.title(),
                    &r.summary(),
                    Some(&data),
                    now,
                )?;
            }
            Ok(true)
        })?;
        match (won, report) {
            (false, _) => {}
            (true, None) => run.quiet += 1,
            (true, Some(r)) => {
                run.sent += 1;
                // Read after the commit: the channel is the one set when the report went out.
                if alerts::settings(conn, user)?.email {
                    mails.push((
                        user,
                        OutgoingMail {
                            to: email,
                            subject: r.subject(),
                            text: r.mail_text(),
                        },
                    ));
                }
            }
        }
    }
    Ok((run, mails))
}
