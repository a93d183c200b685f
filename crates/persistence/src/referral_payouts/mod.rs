//! Referral payouts: a customer's request to be paid referral money in a coin, the operator's
//! decision, and the provider's reports on a payout it took. Every status change is one
//! conditional UPDATE on the status it leaves (and on the approval's claim), so of two operators
//! acting at once exactly one wins, a retried approval never sends a payout twice at the same
//! time, and of several provider reports (callbacks replayed, on several instances, and the
//! status check) exactly one makes each change. Each change writes its `payout_events` row. The
//! money moves (the hold at the request, the return at a refusal or a final failure) are
//! `referral_balance` rows the caller writes in the same transaction.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::payout_events::{self, PayoutSource};
use crate::schema::{payout_tracking, referral_payouts, users};
use diesel::prelude::*;
pub use domain::payout::PayoutStatus;
use domain::{Cents, UserId};

mod provider;
mod row;
pub use provider::{
    ProviderReport, Tracking, apply_provider, due_for_check, find_by_order, mark_checked, tracking,
};
pub use row::PayoutRow;

/// A payout with its customer's email and its tracking, for the operator's list.
#[derive(Debug, Clone)]
pub struct PayoutListRow {
    pub payout: PayoutRow,
    pub email: String,
    pub tracking: Tracking,
}

/// A new payout in `requested`; returns it. The caller holds the amount in the same
/// transaction.
pub fn insert(
    conn: &mut DbConnection,
    order_id: &str,
    user_id: UserId,
    amount: Cents,
    currency: &str,
    address: &str,
    at: i64,
) -> DbResult<PayoutRow> {
    let id: i64 = diesel::insert_into(referral_payouts::table)
        .values((
            referral_payouts::order_id.eq(order_id),
            referral_payouts::user_id.eq(user_id),
            referral_payouts::amount_cents.eq(amount),
            referral_payouts::currency.eq(currency),
            referral_payouts::address.eq(address),
            referral_payouts::status.eq(PayoutStatus::Requested),
            referral_payouts::outcome_unknown.eq(false),
            referral_payouts::created_at.eq(at),
        ))
        .returning(referral_payouts::id)
        .get_result(conn)?;
    diesel::insert_into(payout_tracking::table)
        .values(payout_tracking::payout_id.eq(id))
        .execute(conn)?;
    payout_events::record(
        conn,
        id,
        PayoutStatus::Requested,
        None,
        PayoutSource::Request,
    )?;
    Ok(referral_payouts::table
        .find(id)
        .select(PayoutRow::as_select())
        .first(conn)?)
}

pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Option<PayoutRow>> {
    Ok(referral_payouts::table
        .find(id)
        .select(PayoutRow::as_select())
        .first(conn)
        .optional()?)
}

/// The customer's payouts, newest first.
pub fn for_user(conn: &mut DbConnection, user_id: UserId, limit: i64) -> DbResult<Vec<PayoutRow>> {
    Ok(referral_payouts::table
        .filter(referral_payouts::user_id.eq(user_id))
        .order(referral_payouts::id.desc())
        .limit(limit)
        .select(PayoutRow::as_select())
        .load(conn)?)
}

/// One page of every payout (of one status, when given), newest first, and the number of them.
pub fn list(
    conn: &mut DbConnection,
    status: Option<PayoutStatus>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<PayoutListRow>, i64)> {
    let mut query = referral_payouts::table
        .inner_join(users::table.on(users::id.eq(referral_payouts::user_id)))
        .into_boxed();
    let mut count = referral_payouts::table.into_boxed();
    if let Some(status) = status {
        query = query.filter(referral_payouts::status.eq(status));
        count = count.filter(referral_payouts::status.eq(status));
    }
    let rows: Vec<(PayoutRow, String)> = query
        .order(referral_payouts::id.desc())
        .limit(limit)
        .offset(offset)
        .select((PayoutRow::as_select(), users::email))
        .load(conn)?;
    let total = count.count().get_result(conn)?;
    let ids: Vec<i64> = rows.iter().map(|(p, _)| p.id).collect();
    let mut tracked: std::collections::HashMap<i64, Tracking> = payout_tracking::table
        .filter(payout_tracking::payout_id.eq_any(&ids))
        .select((payout_tracking::payout_id, Tracking::as_select()))
        .load::<(i64, Tracking)>(conn)?
        .into_iter()
        .collect();
    Ok((
        rows.into_iter()
            .map(|(payout, email)| PayoutListRow {
                tracking: tracked.remove(&payout.id).unwrap_or_default(),
                payout,
                email,
            })
            .collect(),
        total,
    ))
}

/// What an approval found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// `requested` became `approved`, claimed by this caller until the given time.
    Approved,
    /// Already `approved` (an earlier call failed): claimed again by this caller for a retry.
    Retry,
    /// Another call holds the claim right now.
    InFlight,
    /// The provider took it: its reports decide the rest.
    WithProvider,
    /// Paid, failed or refused: nothing to do.
    Settled,
    NotFound,
}

/// The one step that decides who sends payout `id`: `requested` → `approved`, or an approved
/// payout whose claim ran out claimed again, each with the claim until `claim_until`. Whoever
/// gets `Approved` or `Retry` calls the provider; everyone else gets the reason they may not.
/// The claim marks the outcome unknown until the call's answer is written (`apply_provider`,
/// `mark_failed`): a process that dies during the call leaves a payout that may be paid, which
/// is never refused.
pub fn claim(
    conn: &mut DbConnection,
    id: i64,
    actor: UserId,
    now: i64,
    claim_until: i64,
) -> DbResult<Claim> {
    let approved = diesel::update(
        referral_payouts::table
            .find(id)
            .filter(referral_payouts::status.eq(PayoutStatus::Requested)),
    )
    .set((
        referral_payouts::status.eq(PayoutStatus::Approved),
        referral_payouts::claimed_until.eq(Some(claim_until)),
        referral_payouts::outcome_unknown.eq(true),
        referral_payouts::decided_by.eq(Some(actor.get())),
        referral_payouts::decided_at.eq(Some(now)),
    ))
    .execute(conn)?;
    if approved == 1 {
        payout_events::record(
            conn,
            id,
            PayoutStatus::Approved,
            None,
            PayoutSource::Approval,
        )?;
        return Ok(Claim::Approved);
    }
    let retried = diesel::update(
        referral_payouts::table
            .find(id)
            .filter(referral_payouts::status.eq(PayoutStatus::Approved))
            .filter(
                referral_payouts::claimed_until
                    .is_null()
                    .or(referral_payouts::claimed_until.lt(now)),
            ),
    )
    .set((
        referral_payouts::claimed_until.eq(Some(claim_until)),
        referral_payouts::outcome_unknown.eq(true),
    ))
    .execute(conn)?;
    if retried == 1 {
        return Ok(Claim::Retry);
    }
    Ok(match find(conn, id)?.map(|p| p.status) {
        None => Claim::NotFound,
        Some(PayoutStatus::Approved) => Claim::InFlight,
        Some(PayoutStatus::Processing) => Claim::WithProvider,
        Some(_) => Claim::Settled,
    })
}

/// The provider call failed: the payout stays `approved`, the claim released, with the error
/// and whether the provider may have paid it anyway (`outcome_unknown`: timeouts, lost
/// connections).
pub fn mark_failed(
    conn: &mut DbConnection,
    id: i64,
    error: &str,
    outcome_unknown: bool,
) -> DbResult<bool> {
    let changed = diesel::update(
        referral_payouts::table
            .find(id)
            .filter(referral_payouts::status.eq(PayoutStatus::Approved)),
    )
    .set((
        referral_payouts::claimed_until.eq(None::<i64>),
        referral_payouts::outcome_unknown.eq(outcome_unknown),
        referral_payouts::last_error.eq(Some(error)),
    ))
    .execute(conn)?;
    Ok(changed == 1)
}

/// What a refusal found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Refused now: the caller returns the amount to the referral balance.
    Refused,
    /// An approval is calling the provider right now.
    InFlight,
    /// The provider's answer to the last call was lost: it may have paid.
    OutcomeUnknown,
    /// The provider took it: its reports decide the rest.
    WithProvider,
    Settled,
    NotFound,
}

/// `requested` → `refused`, or `approved` → `refused` when the last call was a refusal by the
/// provider (never while a call is in flight or when its outcome is unknown: `claim` marks it
/// unknown until the answer is written).
pub fn refuse(
    conn: &mut DbConnection,
    id: i64,
    actor: UserId,
    reason: &str,
    now: i64,
) -> DbResult<Refusal> {
    let changed = diesel::update(
        referral_payouts::table.find(id).filter(
            referral_payouts::status
                .eq(PayoutStatus::Requested)
                .or(referral_payouts::status
                    .eq(PayoutStatus::Approved)
                    .and(referral_payouts::outcome_unknown.eq(false))
                    .and(
                        referral_payouts::claimed_until
                            .is_null()
                            .or(referral_payouts::claimed_until.lt(now)),
                    )),
        ),
    )
    .set((
        referral_payouts::status.eq(PayoutStatus::Refused),
        referral_payouts::reason.eq(Some(reason)),
        referral_payouts::claimed_until.eq(None::<i64>),
        referral_payouts::decided_by.eq(Some(actor.get())),
        referral_payouts::decided_at.eq(Some(now)),
    ))
    .execute(conn)?;
    if changed == 1 {
        payout_events::record(conn, id, PayoutStatus::Refused, None, PayoutSource::Refusal)?;
        return Ok(Refusal::Refused);
    }
    Ok(match find(conn, id)? {
        None => Refusal::NotFound,
        Some(p) if p.status == PayoutStatus::Processing => Refusal::WithProvider,
        Some(p) if p.status != PayoutStatus::Approved => Refusal::Settled,
        Some(p) if p.claimed_until.is_some_and(|until| until >= now) => Refusal::InFlight,
        Some(_) => Refusal::OutcomeUnknown,
    })
}
