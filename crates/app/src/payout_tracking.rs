//! What the payout provider says of the payouts it took (docs/admin-api/payouts.md#status): its
//! status callbacks, the `payout_checks` job asking `/v1/payout/info` about payouts it has been
//! quiet on, and the answer to the approval's own call all go through [`apply_report`]. Each
//! change is one conditional UPDATE (`persistence::referral_payouts::apply_provider`), so
//! replayed callbacks, several instances and the job make it once; a final failure returns the
//! held amount to the referral balance in that same transaction (a `payout_failed` row, unique
//! per payout), so it is credited once. A payout is never sent again from here: only an
//! operator's approval sends.

use crate::blocking::{in_transaction, with_conn};
use crate::error::AppError;
use domain::messages as msg;
use domain::payout::{PayoutStatus, ReferralEntryKind, provider_outcome};
use persistence::payout_events::PayoutSource;
use persistence::referral_payouts::{self, PayoutRow, ProviderReport};
use persistence::{DbConnection, DbPool, referral_balance};
use upstream::{PayoutReport, PayoutSender};

/// A payout processing this long without news from the provider (or since its last check) is
/// asked about.
pub const CHECK_AFTER_SECS: i64 = 600;
/// The most payouts one run of the job asks about.
const CHECK_BATCH: i64 = 50;

/// Applies the provider's `status` (with `is_final`) to `payout`, in the caller's transaction:
/// true when it changed the payout. A payout this moves to `failed` gets its amount back on the
/// referral balance here.
pub fn apply_report(
    conn: &mut DbConnection,
    payout: &PayoutRow,
    provider_ref: Option<&str>,
    status: &str,
    is_final: bool,
    source: PayoutSource,
) -> Result<bool, AppError> {
    let target = provider_outcome(status, is_final);
    let changed = referral_payouts::apply_provider(
        conn,
        payout.id,
        &ProviderReport {
            target,
            provider_ref,
            provider_status: status,
            source,
            at: persistence::now(),
        },
    )?;
    if changed && target == PayoutStatus::Failed {
        referral_balance::credit(
            conn,
            payout.user_id,
            payout.amount_cents,
            ReferralEntryKind::PayoutFailed,
            &payout.order_id,
            Some("Payout failed at the provider"),
        )?;
        tracing::warn!(payout = payout.id, %status, "payout failed at the provider; amount returned");
    }
    if !changed && target == PayoutStatus::Paid {
        let now = referral_payouts::find(conn, payout.id)?.map(|p| p.status);
        if matches!(now, Some(PayoutStatus::Failed | PayoutStatus::Refused)) {
            // The amount is back on the referral balance and the provider says it paid: the
            // operator must settle this by hand.
            tracing::error!(payout = payout.id, order_id = %payout.order_id, ?now,
                "the provider reports paid a payout whose amount was returned");
        }
    }
    Ok(changed)
}

/// A verified callback's report applied to the payout it names: true when it changed it. 404
/// when no payout has that order id.
pub async fn record_callback(pool: &DbPool, report: PayoutReport) -> Result<bool, AppError> {
    in_transaction(pool, move |conn| {
        let payout = referral_payouts::find_by_order(conn, &report.order_id)?
            .ok_or(AppError::NotFoundWith(msg::PAYOUT_NOT_FOUND))?;
        if let (Some(ours), Some(theirs)) = (&payout.provider_ref, &report.provider_ref)
            && ours != theirs
        {
            tracing::warn!(payout = payout.id, %ours, %theirs,
                "a payout callback names another provider id than the one we hold");
        }
        apply_report(
            conn,
            &payout,
            report.provider_ref.as_deref(),
            &report.status,
            report.is_final,
            PayoutSource::Callback,
        )
    })
    .await
}

/// What one run of the check did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CheckRun {
    pub asked: usize,
    pub changed: usize,
    pub failed: usize,
}

/// Asks the provider about the payouts it has been quiet on (processing for
/// [`CHECK_AFTER_SECS`] since it took them or since their last check, and approved ones whose
/// call's answer was lost) and applies each answer. A payout the provider does not know, or a
/// failed question, is only marked checked: asked again a period later.
pub async fn check_payouts(
    pool: &DbPool,
    sender: &dyn PayoutSender,
    now: i64,
) -> Result<CheckRun, AppError> {
    let due = with_conn(pool, move |conn| {
        Ok(referral_payouts::due_for_check(
            conn,
            now - CHECK_AFTER_SECS,
            now,
            CHECK_BATCH,
        )?)
    })
    .await?;
    let mut run = CheckRun::default();
    for payout in due {
        run.asked += 1;
        let answer = sender.payout_info(&payout.order_id).await;
        let report = match answer {
            Ok(Some(report)) => Some(report),
            Ok(None) => {
                tracing::warn!(
                    payout = payout.id,
                    status = payout.status.as_str(),
                    "the payout provider knows no such payout"
                );
                None
            }
            Err(error) => {
                run.failed += 1;
                tracing::warn!(payout = payout.id, %error, "payout status check failed");
                None
            }
        };
        let changed = in_transaction(pool, move |conn| {
            referral_payouts::mark_checked(conn, payout.id, now)?;
            match &report {
                Some(report) => apply_report(
                    conn,
                    &payout,
                    report.provider_ref.as_deref(),
                    &report.status,
                    report.is_final,
                    PayoutSource::Check,
                ),
                None => Ok(false),
            }
        })
        .await?;
        if changed {
            run.changed += 1;
        }
    }
    Ok(run)
}
