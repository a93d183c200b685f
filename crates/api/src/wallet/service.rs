//! Applying a payment report (a verified callback, a local checkout action or a reconciliation
//! answer) to the books: credit the wallet at most once, with the referral bonus, in one
//! transaction; record other statuses; refuse reports that do not match our payment.

use crate::error::ApiError;
use domain::{Cents, messages as msg};
use persistence::wallet::{self, EntryKind};
use persistence::{DbConnection, payments, referrals, users};
use upstream::PaymentReport;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    /// This report credited the wallet.
    Credited,
    /// The status was recorded; the wallet is unchanged.
    Recorded,
    /// The payment was credited before; nothing changed.
    AlreadySettled,
}

/// Call inside a write transaction. Refusals (unknown payment, wrong amount) write nothing.
pub fn apply_report(
    conn: &mut DbConnection,
    report: &PaymentReport,
    referral_percent: u32,
) -> Result<Applied, ApiError> {
    let Some(payment) = payments::find(conn, &report.order_id)? else {
        tracing::warn!(order_id = %report.order_id, "payment report for an unknown payment");
        return Err(ApiError::NotFoundWith(msg::PAYMENT_NOT_FOUND));
    };
    let amount = Cents::new(payment.amount_cents);
    if report.amount != Some(amount) {
        tracing::warn!(order_id = %payment.id, reported = ?report.amount, expected = %amount,
            "payment report amount does not match");
        return Err(ApiError::BadRequest(
            "The reported amount does not match the payment".into(),
        ));
    }
    if !report.credits_wallet() {
        // "paid" before the provider calls it final is still money on its way: keep it pending
        // rather than show a payment as paid that has not reached the wallet.
        let status = match report.status.as_str() {
            "paid" | "paid_over" => payments::PENDING,
            other => other,
        };
        let recorded = payments::record_status(conn, &payment.id, status, Some(&report.raw))?;
        return Ok(if recorded {
            Applied::Recorded
        } else {
            Applied::AlreadySettled
        });
    }
    if !payments::mark_credited(conn, &payment.id, &report.status, &report.raw)? {
        return Ok(Applied::AlreadySettled);
    }
    let note = format!("Top-up in {}", payment.currency);
    wallet::credit(
        conn,
        payment.user_id,
        amount.get(),
        EntryKind::Topup,
        &payment.id,
        Some(&note),
    )?;
    let referrer = users::find_by_id(conn, payment.user_id)?.and_then(|u| u.referred_by);
    let bonus = amount.percent(referral_percent);
    if let Some(referrer) = referrer
        && bonus > Cents::ZERO
        && referrals::insert(conn, referrer, payment.user_id, &payment.id, bonus.get())?
    {
        let note = "Referral bonus";
        wallet::credit(
            conn,
            referrer,
            bonus.get(),
            EntryKind::ReferralBonus,
            &payment.id,
            Some(note),
        )?;
    }
    tracing::info!(order_id = %payment.id, user_id = payment.user_id, %amount, "top-up credited");
    Ok(Applied::Credited)
}
