//! SLA credits (docs/status.md#sla-credits): a month's availability of each traffic kind is its
//! gateway component's minutes (`status_days`); below the promise (`PROXYSHOP_SLA_PERCENT`,
//! 99.96 by default), each customer with traffic of that kind that month is credited the
//! share of their month's spend on it (net of refunds) that matches the downtime, at least the
//! minimum (`PROXYSHOP_SLA_MIN_CREDIT`) and at most what they ever paid for the kind net of
//! refunds (nothing for a customer who paid nothing: no free money), with a notification. One credit per customer, kind and month,
//! whichever instance or rerun gets there first (`persistence::sla_credits::credit`).

use super::components::gateway_id;
use crate::blocking::{in_transaction, with_conn};
use crate::error::AppError;
use domain::{Cents, ProxyKind, UserId};
use persistence::notifications::{self, Kind};
use persistence::{DbPool, sla_credits, status_minutes};

/// The promise and the smallest credit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlaTerms {
    /// Availability promised per kind and month, in percent.
    pub percent: f64,
    pub minimum: Cents,
}

impl Default for SlaTerms {
    fn default() -> Self {
        SlaTerms {
            percent: 99.96,
            minimum: Cents::new(100),
        }
    }
}

/// One kind's month.
#[derive(Debug, Clone, PartialEq)]
pub struct KindMonth {
    pub kind: ProxyKind,
    pub up_minutes: i64,
    pub down_minutes: i64,
    /// Customers credited by this run (not those credited before).
    pub credited: usize,
}

/// Credits `month` (`YYYY-MM`); what each traffic kind's month was. A month that does not
/// parse is a 422-like `Validation` error on `month`.
pub async fn credit_month(
    pool: &DbPool,
    month: &str,
    terms: SlaTerms,
    now: i64,
) -> Result<Vec<KindMonth>, AppError> {
    let (start, end) = domain::calendar::month_bounds(month)
        .ok_or_else(|| AppError::field("month", domain::messages::MONTH_FORMAT))?;
    let (first_day, last_day) = (
        domain::calendar::utc_day(start),
        domain::calendar::utc_day(end - 1),
    );
    let mut months = Vec::new();
    for kind in ProxyKind::ALL.into_iter().filter(|k| k.is_traffic()) {
        let (from, to) = (first_day.clone(), last_day.clone());
        let ((up, down), customers) = with_conn(pool, move |conn| {
            Ok((
                status_minutes::minutes_between(conn, &gateway_id(kind), &from, &to)?,
                sla_credits::customers_with_traffic(conn, kind, &from, &to)?,
            ))
        })
        .await?;
        let mut credited = 0;
        if domain::status::below_promise(up, down, terms.percent) {
            for user in customers {
                let month = month.to_owned();
                let done = in_transaction(pool, move |conn| {
                    let spend = sla_credits::spend(conn, user, kind, start, end)?;
                    let paid = sla_credits::spend(conn, user, kind, 0, i64::MAX)?;
                    let cents = Cents::new(domain::status::sla_credit_cents(
                        spend,
                        up,
                        down,
                        terms.minimum.get(),
                        paid,
                    ));
                    if cents.get() == 0 {
                        // Nothing ever paid for the kind (net of refunds): no credit, no row.
                        return Ok(false);
                    }
                    let id = UserId::new(user);
                    let Some(_) = sla_credits::credit(conn, id, kind, &month, cents, now)? else {
                        return Ok(false);
                    };
                    let availability =
                        domain::status::uptime_percent(up, down).unwrap_or(100.0);
                    notifications::add(
                        conn,
                        id,
                        Kind::SlaCredit,
                        &format!("SLA credit for {month}"),
                        &format!(
                            "{} was available {availability}% of {month}, below the {}% we promise: {} was added to your balance.",
                            kind.label(),
                            terms.percent,
                            cents
                        ),
                        now,
                    )?;
                    Ok(true)
                })
                .await?;
                credited += usize::from(done);
            }
        }
        months.push(KindMonth {
            kind,
            up_minutes: up,
            down_minutes: down,
            credited,
        });
    }
    Ok(months)
}
