//! Applying a payment report (a verified callback, a local checkout action or a reconciliation
//! answer) to the books: credit the wallet at most once, with the referral bonus, in one
//! transaction; record other statuses; refuse reports that do not match our payment. The bonus
//! goes to the referral balance (apart from the wallet) of a referrer other than the customer
//! (another account and another mailbox), and no referred customer earns their referrer more
//! than the cap in total.

use crate::error::AppError;
use domain::{Cents, PaymentStatus, canonical_email, messages as msg};
use persistence::wallet::{self, EntryKind};
use persistence::{DbConnection, payments, referrals, users};
use upstream::PaymentReport;

/// The referral programme's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReferralTerms {
    /// Share of each credited top-up paid to the referrer.
    pub percent: u32,
    /// The most one referred customer earns their referrer, all top-ups together, in cents.
    pub cap_cents: i64,
}

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
    terms: ReferralTerms,
) -> Result<Applied, AppError> {
    let Some(payment) = payments::find(conn, &report.order_id)? else {
        tracing::warn!(order_id = %report.order_id, "payment report for an unknown payment");
        return Err(AppError::NotFoundWith(msg::PAYMENT_NOT_FOUND));
    };
    let amount = payment.amount_cents;
    if report.amount != Some(amount) {
        tracing::warn!(order_id = %payment.id, reported = ?report.amount, expected = %amount,
            "payment report amount does not match");
        return Err(AppError::BadRequest(
            "The reported amount does not match the payment".into(),
        ));
    }
    let Some(reported) = PaymentStatus::parse(&report.status) else {
        tracing::warn!(order_id = %payment.id, status = %report.status,
            "payment report with an unknown status");
        return Err(AppError::BadRequest("Unknown payment status".into()));
    };
    if !report.credits_wallet() {
        // "paid" before the provider calls it final is still money on its way: keep it pending
        // rather than show a payment as paid that has not reached the wallet.
        let status = match reported {
            PaymentStatus::Paid | PaymentStatus::PaidOver => PaymentStatus::Pending,
            other => other,
        };
        let recorded = payments::record_status(conn, &payment.id, status, Some(&report.raw))?;
        return Ok(if recorded {
            Applied::Recorded
        } else {
            Applied::AlreadySettled
        });
    }
    if !payments::mark_credited(conn, &payment.id, reported, &report.raw)? {
        return Ok(Applied::AlreadySettled);
    }
    let note = format!("Top-up in {}", payment.currency);
    wallet::credit(
        conn,
        payment.user_id,
        amount,
        EntryKind::Topup,
        &payment.id,
        Some(&note),
    )?;
    pay_referral_bonus(conn, &payment, amount, terms)?;
    persistence::notifications::add(
        conn,
        payment.user_id,
        persistence::notifications::Kind::PaymentCredited,
        &format!("Top-up of {amount} credited"),
        &format!(
            "Your top-up of {amount} in {} is in your wallet.",
            payment.currency
        ),
        persistence::now(),
    )?;
    tracing::info!(order_id = %payment.id, user_id = %payment.user_id, %amount, "top-up credited");
    Ok(Applied::Credited)
}

/// Credits the referrer of the payment's customer their share, cut to what the cap leaves for
/// this customer; nothing for a self-referral (the same account or the same mailbox).
fn pay_referral_bonus(
    conn: &mut DbConnection,
    payment: &payments::PaymentRow,
    amount: Cents,
    terms: ReferralTerms,
) -> Result<(), AppError> {
    let Some(customer) = users::find_by_id(conn, payment.user_id)? else {
        return Ok(());
    };
    let Some(referrer_id) = customer.referred_by else {
        return Ok(());
    };
    let wanted = amount.percent(terms.percent);
    if wanted <= Cents::ZERO || referrer_id == customer.id {
        return Ok(());
    }
    let Some(referrer) = users::find_by_id(conn, referrer_id)? else {
        return Ok(());
    };
    if canonical_email(&referrer.email) == canonical_email(&customer.email) {
        tracing::warn!(
            user_id = %customer.id,
            %referrer_id,
            "self-referral: no bonus"
        );
        return Ok(());
    }
    let paid = referrals::insert_capped(
        conn,
        referrer_id,
        customer.id,
        &payment.id,
        wanted,
        Cents::new(terms.cap_cents),
    )?;
    if paid > Cents::ZERO {
        // To the referral balance, apart from the wallet (docs/api.md#referral-payouts).
        crate::referral_payouts::earn(conn, referrer_id, paid, &payment.id)?;
    }
    Ok(())
}
