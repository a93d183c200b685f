//! Buying a traffic plan from the wallet: the debit, the traffic it buys and the record of the
//! sale, written together in the caller's transaction. A customer's purchase (api) and an
//! automatic top-up (`auto_topup.rs`, run by the gateway too) both go through here, so the two
//! never differ in what a purchase writes.

use crate::connection::DbConnection;
use crate::now;
use crate::plans::PlanRow;
use crate::traffic;
use crate::traffic_purchases::{self, NewTrafficPurchase, Source};
use crate::wallet::{self, EntryKind, WalletError};
use domain::units::GB;
use domain::{Cents, UserId};

/// One purchase of `gb` GB of `plan` (its kind and validity) for `price`.
#[derive(Debug, Clone, Copy)]
pub struct PlanPurchase<'a> {
    pub user_id: UserId,
    pub plan: &'a PlanRow,
    pub gb: i64,
    pub price: Cents,
    /// The ledger reference: unique, so a repeated purchase fails instead of applying twice.
    pub reference: &'a str,
    /// The ledger note the customer sees in their wallet history.
    pub note: &'a str,
}

/// Debits the wallet (`Insufficient` with nothing written when it does not cover the price),
/// adds the traffic valid for the plan's days and records the sale; returns the bytes bought.
/// Run it inside a write transaction.
pub fn buy(conn: &mut DbConnection, purchase: &PlanPurchase<'_>) -> Result<i64, WalletError> {
    let PlanPurchase {
        user_id, plan, gb, ..
    } = *purchase;
    wallet::debit(
        conn,
        user_id,
        purchase.price,
        EntryKind::Purchase,
        purchase.reference,
        Some(purchase.note),
    )?;
    let expires_at = now() + i64::from(plan.validity_days) * 86_400;
    let bytes = gb.saturating_mul(GB);
    traffic::add_purchased(conn, user_id, plan.kind, bytes, Some(expires_at))?;
    // Read after the add, which forfeits expired traffic first: what is used from here on
    // counts against this purchase (its refund, `refunds.rs`).
    let (_, used_before) = traffic::balance(conn, user_id, plan.kind)?;
    let purchase_id = traffic_purchases::record(
        conn,
        &NewTrafficPurchase {
            user_id,
            kind: plan.kind,
            plan_id: Some(plan.id),
            bytes,
            price: purchase.price,
            source: Source::Purchase,
        },
    )?;
    traffic_purchases::set_used_before(conn, purchase_id, used_before)?;
    Ok(bytes)
}
