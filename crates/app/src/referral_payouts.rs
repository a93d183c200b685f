//! The referral balance's use cases (docs/api.md#referral-payouts, docs/admin-api/payouts.md):
//! earning (from a referred customer's top-up), moving money to the wallet, asking for a
//! payout (the amount is held at once), and the operator's approval (sent through the payout
//! provider, whose answer and later reports `crate::payout_tracking` applies) or refusal (the
//! amount comes back). Each change is one transaction; an operator's action writes its audit
//! row in the transaction that makes it.

use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::payout_tracking::apply_report;
use domain::payout::{PayoutRequest, PayoutStatus, ReferralEntryKind};
use domain::{Cents, Coin, UserId, messages as msg};
use persistence::audit::{self, AuditEntry};
use persistence::payout_events::PayoutSource;
use persistence::referral_payouts::{self, Claim, PayoutRow, Refusal};
use persistence::wallet::{self, EntryKind, WalletError};
use persistence::{DbConnection, DbPool, referral_balance};
use serde_json::{Value, json};
use upstream::{PayoutOrder, PayoutSender};

/// How long an approval holds its claim on a payout while it calls the provider: longer than
/// the provider client's own time limit, so a claim never runs out under a call still waiting.
pub const CLAIM_SECS: i64 = 120;

/// The referral balance's refusals: too little money is 402, like the wallet's.
fn balance_error(err: WalletError, empty: bool) -> AppError {
    match err {
        WalletError::Insufficient if empty => {
            AppError::PaymentRequired(msg::REFERRAL_BALANCE_EMPTY)
        }
        WalletError::Insufficient => AppError::PaymentRequired(msg::REFERRAL_BALANCE_LOW),
        other => other.into(),
    }
}

/// Credits a referrer's share of payment `payment_id` to their referral balance. Call inside
/// the transaction that credits the payment.
pub fn earn(
    conn: &mut DbConnection,
    referrer: UserId,
    amount: Cents,
    payment_id: &str,
) -> Result<Cents, AppError> {
    Ok(referral_balance::credit(
        conn,
        referrer,
        amount,
        ReferralEntryKind::Earned,
        payment_id,
        Some("Referral bonus"),
    )?)
}

/// What a move to the wallet did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transfer {
    pub moved: Cents,
    pub referral_balance: Cents,
    pub wallet_balance: Cents,
}

/// Moves `amount` (the whole balance when `None`) from the referral balance to the wallet: the
/// referral ledger's debit and the wallet's credit in one transaction.
pub fn transfer_to_wallet(
    conn: &mut DbConnection,
    user: UserId,
    amount: Option<Cents>,
) -> Result<Transfer, AppError> {
    let reference = format!("rt-{}", domain::random::alphanumeric(20));
    let note = Some("Moved to the wallet");
    let moved = match amount {
        Some(cents) => {
            referral_balance::debit(
                conn,
                user,
                cents,
                ReferralEntryKind::ToWallet,
                &reference,
                note,
            )
            .map_err(|e| balance_error(e, false))?;
            cents
        }
        None => {
            let moved = referral_balance::debit_all(
                conn,
                user,
                ReferralEntryKind::ToWallet,
                &reference,
                note,
            )?;
            if moved <= Cents::ZERO {
                return Err(AppError::PaymentRequired(msg::REFERRAL_BALANCE_EMPTY));
            }
            moved
        }
    };
    // The wallet's kind for referral money; the reference tells a move from a bonus paid to the
    // wallet before the referral balance existed.
    let wallet_balance = wallet::credit(
        conn,
        user,
        moved,
        EntryKind::ReferralBonus,
        &reference,
        Some("From the referral balance"),
    )?;
    Ok(Transfer {
        moved,
        referral_balance: referral_balance::balance(conn, user)?,
        wallet_balance,
    })
}

/// Records a payout request and holds its amount (the referral balance's debit), in one
/// transaction. 402 when the balance does not cover it.
pub fn request_payout(
    conn: &mut DbConnection,
    user: UserId,
    request: &PayoutRequest,
) -> Result<PayoutRow, AppError> {
    let order_id = format!("payout-{}", domain::random::alphanumeric(20));
    referral_balance::debit(
        conn,
        user,
        request.amount,
        ReferralEntryKind::PayoutRequested,
        &order_id,
        Some(&format!("Payout in {}", request.coin.as_str())),
    )
    .map_err(|e| balance_error(e, false))?;
    Ok(referral_payouts::insert(
        conn,
        &order_id,
        user,
        request.amount,
        request.coin.as_str(),
        &request.address,
        persistence::now(),
    )?)
}

/// A payout's state as the audit log keeps it.
pub fn audit_state(row: &PayoutRow) -> Value {
    json!({
        "id": row.id,
        "orderId": row.order_id,
        "userId": row.user_id.get(),
        "amount": row.amount_cents.as_dollars(),
        "currency": row.currency,
        "address": row.address,
        "status": row.status.as_str(),
        "outcomeUnknown": row.outcome_unknown,
        "lastError": row.last_error,
        "providerRef": row.provider_ref,
        "reason": row.reason,
    })
}

fn audit_change(
    conn: &mut DbConnection,
    actor: UserId,
    action: &str,
    reason: Option<&str>,
    before: &PayoutRow,
) -> Result<PayoutRow, AppError> {
    let after = referral_payouts::find(conn, before.id)?
        .ok_or(AppError::NotFoundWith(msg::PAYOUT_NOT_FOUND))?;
    audit::record(
        conn,
        &AuditEntry {
            actor,
            action,
            target: &format!("payout:{}", before.id),
            reason,
            before: Some(audit_state(before)),
            after: Some(audit_state(&after)),
        },
    )?;
    Ok(after)
}

/// The operator approves payout `id` (or retries an approved one whose provider call failed):
/// the claim and its audit row commit first, then the provider is called outside any
/// transaction, then its answer is written (with an audit row of its own): the payout the
/// provider took is `processing` (or `paid`/`failed` when the provider says so at once; a
/// callback that came first may have moved it already). A payout is sent
/// under its one order id, so a retry never pays twice; while one call is in flight no other
/// approval or refusal of the payout may start. A failed call leaves the payout `approved`
/// for the operator to retry or (unless its outcome is unknown) refuse: the answer is then a
/// `ProviderUnclear` error saying so.
pub async fn approve(
    pool: &DbPool,
    sender: Option<&dyn PayoutSender>,
    id: i64,
    actor: UserId,
    callback_url: Option<String>,
) -> Result<PayoutRow, AppError> {
    let sender = sender.ok_or(AppError::Unavailable(msg::PAYOUTS_OFF))?;
    let claimed = in_transaction(pool, move |conn| {
        let before = referral_payouts::find(conn, id)?
            .ok_or(AppError::NotFoundWith(msg::PAYOUT_NOT_FOUND))?;
        let now = persistence::now();
        let action = match referral_payouts::claim(conn, id, actor, now, now + CLAIM_SECS)? {
            Claim::Approved => "payout.approve",
            Claim::Retry => "payout.retry",
            Claim::InFlight => return Err(AppError::Conflict(msg::PAYOUT_IN_FLIGHT)),
            Claim::WithProvider => return Err(AppError::Conflict(msg::PAYOUT_WITH_PROVIDER)),
            Claim::Settled => return Err(AppError::Conflict(msg::PAYOUT_SETTLED)),
            Claim::NotFound => return Err(AppError::NotFoundWith(msg::PAYOUT_NOT_FOUND)),
        };
        audit_change(conn, actor, action, None, &before)
    })
    .await?;
    let coin = Coin::parse(&claimed.currency).ok_or_else(|| {
        AppError::internal("payout currency", format!("{:?} stored", claimed.currency))
    })?;
    let order = PayoutOrder {
        order_id: claimed.order_id.clone(),
        amount: claimed.amount_cents,
        coin,
        address: claimed.address.clone(),
        callback_url,
    };
    let sent = sender.send(&order).await;
    let failure = sent
        .as_ref()
        .err()
        .map(|e| (e.to_string(), e.outcome_unknown()));
    let row = in_transaction(pool, move |conn| {
        let before = referral_payouts::find(conn, id)?
            .ok_or(AppError::NotFoundWith(msg::PAYOUT_NOT_FOUND))?;
        match &sent {
            Ok(receipt) => {
                let changed = apply_report(
                    conn,
                    &before,
                    receipt.provider_ref.as_deref(),
                    &receipt.status,
                    receipt.is_final,
                    PayoutSource::Approval,
                )?;
                let now = referral_payouts::find(conn, id)?
                    .ok_or(AppError::NotFoundWith(msg::PAYOUT_NOT_FOUND))?;
                let action = match now.status {
                    PayoutStatus::Paid => "payout.paid",
                    PayoutStatus::Failed => "payout.provider_failed",
                    PayoutStatus::Processing => "payout.sent",
                    _ => {
                        // Only if the claim ran out under a call slower than the client's time
                        // limit and the payout was settled meanwhile: recorded for the operator.
                        tracing::error!(payout = id, provider_ref = ?receipt.provider_ref, changed,
                            "the provider took a payout that was settled meanwhile");
                        "payout.paid_after_settled"
                    }
                };
                audit_change(conn, actor, action, None, &before)
            }
            Err(error) => {
                referral_payouts::mark_failed(
                    conn,
                    id,
                    &error.to_string(),
                    error.outcome_unknown(),
                )?;
                audit_change(conn, actor, "payout.failed", None, &before)
            }
        }
    })
    .await?;
    match failure {
        None => Ok(row),
        Some((cause, unknown)) => {
            tracing::warn!(payout = id, %cause, unknown, "payout not sent");
            Err(AppError::ProviderUnclear(if unknown {
                msg::PAYOUT_OUTCOME_UNKNOWN
            } else {
                msg::PAYOUT_PROVIDER_FAILED
            }))
        }
    }
}

/// The operator refuses payout `id` with `reason`: the held amount returns to the referral
/// balance, with the audit row, in one transaction. 409 when it is paid, failed, refused,
/// being sent, with the provider, or its last call's outcome is unknown (it may be paid).
pub fn refuse(
    conn: &mut DbConnection,
    id: i64,
    actor: UserId,
    reason: &str,
) -> Result<PayoutRow, AppError> {
    let before =
        referral_payouts::find(conn, id)?.ok_or(AppError::NotFoundWith(msg::PAYOUT_NOT_FOUND))?;
    match referral_payouts::refuse(conn, id, actor, reason, persistence::now())? {
        Refusal::Refused => {}
        Refusal::InFlight => return Err(AppError::Conflict(msg::PAYOUT_IN_FLIGHT)),
        Refusal::OutcomeUnknown => return Err(AppError::Conflict(msg::PAYOUT_OUTCOME_UNKNOWN)),
        Refusal::WithProvider => return Err(AppError::Conflict(msg::PAYOUT_WITH_PROVIDER)),
        Refusal::Settled => return Err(AppError::Conflict(msg::PAYOUT_SETTLED)),
        Refusal::NotFound => return Err(AppError::NotFoundWith(msg::PAYOUT_NOT_FOUND)),
    }
    referral_balance::credit(
        conn,
        before.user_id,
        before.amount_cents,
        ReferralEntryKind::PayoutRefused,
        &before.order_id,
        Some("Payout refused"),
    )?;
    audit_change(conn, actor, "payout.refuse", Some(reason), &before)
}
