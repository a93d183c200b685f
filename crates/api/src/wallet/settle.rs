//! The one path an authentic payment report takes to the books, whoever brought it: the
//! gateway's verified webhook, a reconciliation answer, or an operator's check. The report is
//! applied by `service::apply_report` (credit at most once, other statuses recorded, mismatches
//! refused) in one transaction, together with whatever the caller must write with it.

use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::wallet::service::{Applied, ReferralTerms, apply_report};
use persistence::payments::{self, PaymentRow};
use persistence::{DbConnection, DbPool};
use upstream::PaymentReport;

/// Applies `report` and then runs `with` (given the payment as it was before, and the
/// outcome) in the same transaction; an error from either writes nothing.
pub async fn settle<T, F>(
    pool: &DbPool,
    report: PaymentReport,
    terms: ReferralTerms,
    with: F,
) -> Result<(Applied, T), ApiError>
where
    F: FnOnce(&mut DbConnection, Option<PaymentRow>, Applied) -> Result<T, ApiError>
        + Send
        + 'static,
    T: Send + 'static,
{
    let status = domain::PaymentStatus::parse(&report.status);
    let settled = in_transaction(pool, move |conn| {
        let before = payments::find(conn, &report.order_id)?;
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
