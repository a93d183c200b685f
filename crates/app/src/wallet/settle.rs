//! The one path an authentic payment report takes to the books, whoever brought it: the
//! gateway's verified webhook, a reconciliation answer, or an operator's check. The report is
//! applied by `service::apply_report` (credit at most once, other statuses recorded, mismatches
//! refused) in one transaction, together with whatever the caller must write with it.

use crate::blocking::in_transaction_as;
use crate::error::AppError;
use crate::wallet::service::{Applied, ReferralTerms, apply_report};
use persistence::payments::{self, PaymentRow};
use persistence::{DbConnection, DbPool};
use upstream::PaymentReport;

/// Applies `report` and then runs `with` (given the payment as it was before, and the
/// outcome) in the same transaction; an error from either writes nothing. The caller chooses
/// the error type (`with` answers it; the report's refusals convert into it).
pub async fn settle<T, F, E>(
    pool: &DbPool,
    report: PaymentReport,
    terms: ReferralTerms,
    with: F,
) -> Result<(Applied, T), E>
where
    F: FnOnce(&mut DbConnection, Option<PaymentRow>, Applied) -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: From<AppError> + From<diesel::result::Error> + Send + 'static,
{
    let status = domain::PaymentStatus::parse(&report.status);
    let settled = in_transaction_as::<_, _, E>(pool, move |conn| {
        let before = payments::find(conn, &report.order_id).map_err(AppError::from)?;
        let applied = apply_report(conn, &report, terms)?;
        let extra = with(conn, before, applied)?;
        Ok((applied, extra))
    })
    .await?;
    let outcome = match settled.0 {
        Applied::Credited => "credited",
        Applied::Recorded => "recorded",
        Applied::AlreadySettled => "already_settled",
    };
    // Counted once committed.
    metrics::counter!(
        "proxyshop_payment_reports_total",
        "status" => status.map_or("unknown", |s| s.as_str()),
        "outcome" => outcome
    )
    .increment(1);
    Ok(settled)
}
