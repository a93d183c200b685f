//! The refund of the unused part of the latest traffic purchase of a kind: eligibility (what
//! the dashboard shows) and the refund itself, which removes the GB, credits the wallet and
//! records the refund in one transaction. Only the first of two concurrent refunds of one
//! purchase gets through: the refund row's unique `purchase_id` decides it in the database.

use super::paused::paused;
use crate::blocking::{in_transaction, with_conn};
use crate::error::AppError;
use domain::refund::{PurchaseFacts, RefundPolicy, Verdict};
use domain::units::GB;
use domain::{Cents, EntryKind, ProxyKind, UserId, messages as msg};
use persistence::refunds::{self, NewRefund};
use persistence::{DbConnection, DbPool, wallet};

/// What a refund gave back, and the wallet after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refunded {
    pub bytes: i64,
    pub amount: Cents,
    pub balance: Cents,
}

/// The rules' answer for the latest purchase of `kind` now, and that purchase's id.
fn assess(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    policy: RefundPolicy,
) -> Result<(Verdict, Option<i64>), AppError> {
    if paused(conn, user)? {
        return Ok((Verdict::Refused(msg::REFUND_PAUSED), None));
    }
    let Some(purchase) = refunds::latest_purchase(conn, user, kind)? else {
        return Ok((Verdict::Refused(msg::REFUND_NO_PURCHASE), None));
    };
    let (used, left) = refunds::usage_now(conn, user, kind)?;
    // Purchases older than the `used_before` note: what is missing of it from what is left.
    let used_since = match purchase.used_before {
        Some(before) => used - before,
        None => purchase.bytes - purchase.bytes.min(left),
    };
    let facts = PurchaseFacts {
        bytes: purchase.bytes,
        price: purchase.price_cents,
        bought_at: purchase.created_at,
        used_since: used_since.max(0),
        left,
        refunded: refunds::purchase_refunded(conn, purchase.id)?,
    };
    Ok((policy.assess(&facts, persistence::now()), Some(purchase.id)))
}

/// Whether the latest purchase of `kind` can be refunded now: the verdict (its amount and
/// bytes, or why not).
pub async fn eligibility(
    pool: &DbPool,
    user: UserId,
    kind: ProxyKind,
    policy: RefundPolicy,
) -> Result<Verdict, AppError> {
    with_conn(pool, move |conn| Ok(assess(conn, user, kind, policy)?.0)).await
}

/// Refunds the unused part of the latest purchase of `kind`, or `Conflict` with the reason
/// and nothing written.
pub async fn refund(
    pool: &DbPool,
    user: UserId,
    kind: ProxyKind,
    policy: RefundPolicy,
) -> Result<Refunded, AppError> {
    in_transaction(pool, move |conn| {
        let (verdict, purchase) = assess(conn, user, kind, policy)?;
        let (Verdict::Refund { bytes, amount }, Some(purchase)) = (verdict, purchase) else {
            return Err(AppError::Conflict(verdict.reason()));
        };
        let claim = NewRefund {
            user_id: user,
            kind,
            purchase_id: Some(purchase),
            piece_id: None,
            bytes,
            amount,
        };
        if refunds::claim(conn, &claim)?.is_none() {
            return Err(AppError::Conflict(msg::REFUND_ALREADY));
        }
        if !refunds::take_back(conn, user, kind, bytes)? {
            return Err(AppError::Conflict(msg::REFUND_NOTHING_LEFT));
        }
        let note = format!(
            "Refund of {} purchase #{purchase}: {} GB unused",
            kind.label(),
            gb_text(bytes)
        );
        let balance = wallet::credit(
            conn,
            user,
            amount,
            EntryKind::Refund,
            &format!("refund_purchase_{purchase}"),
            Some(&note),
        )?;
        Ok(Refunded {
            bytes,
            amount,
            balance,
        })
    })
    .await
}

/// Bytes as GB with two decimals, rounded down (never more than was given back).
pub(crate) fn gb_text(bytes: i64) -> String {
    let hundredths = bytes / (GB / 100);
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}
