//! What the provider says of the payouts it took: its reports applied (one conditional UPDATE
//! per change, an event for each), the tracking row of each payout, and the payouts whose status
//! to ask it for.

use super::row::PayoutRow;
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::payout_events::{self, PayoutSource};
use crate::schema::{payout_tracking, referral_payouts};
use diesel::prelude::*;
use domain::payout::PayoutStatus;

/// What the provider last said of a payout (`payout_tracking`: one row per payout, written
/// with it).
#[derive(Debug, Clone, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = payout_tracking)]
pub struct Tracking {
    /// The provider's last status word (Cryptomus: process, check, paid, fail, ...).
    pub provider_status: Option<String>,
    /// When the provider took it.
    pub sent_at: Option<i64>,
    /// When its status was last asked of the provider.
    pub checked_at: Option<i64>,
}

/// What the provider last said of payout `id` (the default for a payout without its row).
pub fn tracking(conn: &mut DbConnection, id: i64) -> DbResult<Tracking> {
    Ok(payout_tracking::table
        .find(id)
        .select(Tracking::as_select())
        .first(conn)
        .optional()?
        .unwrap_or_default())
}

/// A status the provider reported for a payout it took (the answer to the approval's call, a
/// callback, or a status check).
#[derive(Debug, Clone, Copy)]
pub struct ProviderReport<'a> {
    /// What the report makes of the payout: `Processing`, `Paid` or `Failed`.
    pub target: PayoutStatus,
    /// The provider's id of the payout, when the report carries it.
    pub provider_ref: Option<&'a str>,
    /// The provider's status word.
    pub provider_status: &'a str,
    pub source: PayoutSource,
    pub at: i64,
}

/// Applies a provider's report to payout `id`, each change one conditional UPDATE:
/// `approved` → `processing` (the provider took it: the claim released, the outcome known),
/// a `processing` payout's new status word, or `approved`/`processing` → `paid` or `failed`.
/// True when this call changed the payout (and wrote its event); false when the payout was
/// elsewhere already (a replayed or stale report, a settled payout): nothing is written then.
/// The caller returns the amount of a payout this moved to `failed`, in the same transaction.
pub fn apply_provider(
    conn: &mut DbConnection,
    id: i64,
    report: &ProviderReport<'_>,
) -> DbResult<bool> {
    let word = report.provider_status;
    let released = (
        referral_payouts::claimed_until.eq(None::<i64>),
        referral_payouts::outcome_unknown.eq(false),
        referral_payouts::last_error.eq(None::<String>),
    );
    let target = match report.target {
        PayoutStatus::Paid | PayoutStatus::Failed => report.target,
        _ => PayoutStatus::Processing,
    };
    let moved = if target == PayoutStatus::Processing {
        diesel::update(
            referral_payouts::table
                .find(id)
                .filter(referral_payouts::status.eq(PayoutStatus::Approved)),
        )
        .set((
            referral_payouts::status.eq(PayoutStatus::Processing),
            released,
        ))
        .execute(conn)?
    } else {
        let paid_at = (target == PayoutStatus::Paid).then_some(report.at);
        diesel::update(referral_payouts::table.find(id).filter(
            referral_payouts::status.eq_any([PayoutStatus::Approved, PayoutStatus::Processing]),
        ))
        .set((
            referral_payouts::status.eq(target),
            released,
            referral_payouts::paid_at.eq(paid_at),
        ))
        .execute(conn)?
    };
    let changed = if moved == 1 {
        if target == PayoutStatus::Processing {
            diesel::update(payout_tracking::table.find(id))
                .set(payout_tracking::sent_at.eq(Some(report.at)))
                .execute(conn)?;
        }
        diesel::update(payout_tracking::table.find(id))
            .set(payout_tracking::provider_status.eq(Some(word)))
            .execute(conn)?;
        true
    } else if target == PayoutStatus::Processing {
        // A new word for a payout still processing. The payout row's lock first (a no-op
        // update), so that a report moving it on concurrently decides before or after this one.
        let locked = diesel::update(
            referral_payouts::table
                .find(id)
                .filter(referral_payouts::status.eq(PayoutStatus::Processing)),
        )
        .set(referral_payouts::claimed_until.eq(None::<i64>))
        .execute(conn)?;
        locked == 1
            && diesel::update(
                payout_tracking::table.find(id).filter(
                    payout_tracking::provider_status
                        .is_null()
                        .or(payout_tracking::provider_status.ne(word)),
                ),
            )
            .set(payout_tracking::provider_status.eq(Some(word)))
            .execute(conn)?
                == 1
    } else {
        false
    };
    if !changed {
        return Ok(false);
    }
    if let Some(reference) = report.provider_ref {
        diesel::update(
            referral_payouts::table
                .find(id)
                .filter(referral_payouts::provider_ref.is_null()),
        )
        .set(referral_payouts::provider_ref.eq(Some(reference)))
        .execute(conn)?;
    }
    payout_events::record(conn, id, target, Some(word), report.source)?;
    Ok(true)
}

/// Notes that payout `id`'s status was asked of the provider at `at`.
pub fn mark_checked(conn: &mut DbConnection, id: i64, at: i64) -> DbResult<()> {
    diesel::update(payout_tracking::table.find(id))
        .set(payout_tracking::checked_at.eq(Some(at)))
        .execute(conn)?;
    Ok(())
}

/// The payouts whose status to ask the provider for, oldest first, at most `limit`: those
/// `processing` not heard of (sent or checked) since `quiet_since`, and the `approved` ones
/// whose last call's answer was lost, no longer claimed at `now`, not checked since
/// `quiet_since`.
pub fn due_for_check(
    conn: &mut DbConnection,
    quiet_since: i64,
    now: i64,
    limit: i64,
) -> DbResult<Vec<PayoutRow>> {
    let not_checked = payout_tracking::checked_at
        .is_null()
        .or(payout_tracking::checked_at.le(quiet_since));
    let processing = referral_payouts::status.eq(PayoutStatus::Processing).and(
        payout_tracking::sent_at
            .is_null()
            .or(payout_tracking::sent_at.le(quiet_since)),
    );
    let lost = referral_payouts::status
        .eq(PayoutStatus::Approved)
        .and(referral_payouts::outcome_unknown.eq(true))
        .and(
            referral_payouts::claimed_until
                .is_null()
                .or(referral_payouts::claimed_until.lt(now)),
        );
    Ok(referral_payouts::table
        .inner_join(payout_tracking::table)
        .filter(not_checked.and(processing.or(lost)))
        .order(referral_payouts::id.asc())
        .limit(limit)
        .select(PayoutRow::as_select())
        .load(conn)?)
}

/// The payout the provider knows by `order_id`.
pub fn find_by_order(conn: &mut DbConnection, order_id: &str) -> DbResult<Option<PayoutRow>> {
    Ok(referral_payouts::table
        .filter(referral_payouts::order_id.eq(order_id))
        .select(PayoutRow::as_select())
        .first(conn)
        .optional()?)
}
