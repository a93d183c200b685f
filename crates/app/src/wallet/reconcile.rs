//! `proxyshop payments reconcile`: asks the gateway about payments still pending after their
//! invoice expired, and settles them. A report fetched from the provider is authentic (we asked
//! it); an invoice the provider does not know, or a local one, is marked expired.

use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::wallet::service::{Applied, ReferralTerms};
use crate::wallet::settle::settle;
use domain::PaymentStatus;
use persistence::{DbPool, payments};
use upstream::PaymentGateway;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub credited: usize,
    pub recorded: usize,
    pub expired: usize,
    pub failed: usize,
}

pub async fn run(
    pool: &DbPool,
    gateway: &dyn PaymentGateway,
    terms: ReferralTerms,
) -> Result<Outcome, AppError> {
    let now = persistence::now();
    let stale = in_transaction(pool, move |conn| Ok(payments::pending_expired(conn, now)?)).await?;
    let mut outcome = Outcome::default();
    for payment in stale {
        if payment.provider != gateway.kind() {
            // Its gateway is no longer configured, so nobody can pay or confirm it any more.
            expire(pool, payment.id).await?;
            outcome.expired += 1;
            continue;
        }
        match gateway.payment_info(&payment.id).await {
            Ok(Some(report)) => {
                match settle::<_, _, AppError>(pool, report, terms, |_, _, _| Ok(())).await {
                    Ok((Applied::Credited, ())) => outcome.credited += 1,
                    Ok(_) => outcome.recorded += 1,
                    Err(err) => {
                        tracing::warn!(payment = %payment.id, %err, "could not settle payment");
                        outcome.failed += 1;
                    }
                }
            }
            Ok(None) => {
                expire(pool, payment.id).await?;
                outcome.expired += 1;
            }
            Err(err) => {
                // Never guess: leave it pending for the next run.
                tracing::warn!(payment = %payment.id, %err, "gateway did not answer for payment");
                outcome.failed += 1;
            }
        }
    }
    Ok(outcome)
}

/// Marks a pending payment that nobody can pay any more as expired.
async fn expire(pool: &DbPool, id: String) -> Result<(), AppError> {
    in_transaction(pool, move |conn| {
        Ok(payments::record_status(
            conn,
            &id,
            PaymentStatus::Expired,
            None,
        )?)
    })
    .await?;
    metrics::counter!("proxyshop_payments_expired_total").increment(1);
    Ok(())
}
