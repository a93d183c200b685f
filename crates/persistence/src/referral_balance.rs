//! The referral balance, apart from the wallet: every change is a `referral_ledger` row written
//! in the same transaction as the balance update, so the balance always equals the sum of the
//! customer's rows. A debit is one conditional UPDATE, which no interleaving can take below
//! zero: on PostgreSQL the row lock makes concurrent debits of one customer decide one after
//! the other, each re-reading the balance the other left; SQLite's write transaction is
//! exclusive. The unique (kind, reference) makes a repeated operation fail instead of applying
//! twice.
//!
//! Run these inside the caller's transaction (`write_transaction`).

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::now;
use crate::schema::{referral_balances, referral_ledger};
use crate::upsert::update_or_insert;
use crate::wallet::WalletError;
use diesel::prelude::*;
pub use domain::payout::ReferralEntryKind;
use domain::{Cents, UserId};

/// One row of a customer's referral ledger.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = referral_ledger)]
pub struct ReferralLedgerRow {
    pub id: i64,
    pub user_id: UserId,
    pub kind: ReferralEntryKind,
    pub amount_cents: Cents,
    pub balance_after: Cents,
    pub reference: String,
    pub note: Option<String>,
    pub created_at: i64,
}

fn positive(cents: Cents) -> Result<(), WalletError> {
    if cents > Cents::ZERO {
        Ok(())
    } else {
        Err(WalletError::NotPositive(cents))
    }
}

fn record(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ReferralEntryKind,
    amount: Cents,
    balance_after: Cents,
    reference: &str,
    note: Option<&str>,
) -> Result<(), WalletError> {
    let inserted = diesel::insert_into(referral_ledger::table)
        .values((
            referral_ledger::user_id.eq(user_id),
            referral_ledger::kind.eq(kind),
            referral_ledger::amount_cents.eq(amount),
            referral_ledger::balance_after.eq(balance_after),
            referral_ledger::reference.eq(reference),
            referral_ledger::note.eq(note),
            referral_ledger::created_at.eq(now()),
        ))
        .execute(conn);
    match inserted.map_err(DbError::from) {
        Ok(_) => Ok(()),
        Err(DbError::UniqueViolation(_)) => {
            Err(WalletError::Duplicate(format!("{kind}:{reference}")))
        }
        Err(e) => Err(e.into()),
    }
}

/// The customer's referral balance (zero when they never had one).
pub fn balance(conn: &mut DbConnection, user_id: UserId) -> DbResult<Cents> {
    Ok(referral_balances::table
        .find(user_id)
        .select(referral_balances::balance_cents)
        .first::<Cents>(conn)
        .optional()?
        .unwrap_or(Cents::ZERO))
}

/// Adds `cents` (> 0) to the referral balance and writes its ledger row; returns the new
/// balance. `Duplicate` when this (kind, reference) was applied before: the caller's
/// transaction must then roll back.
pub fn credit(
    conn: &mut DbConnection,
    user_id: UserId,
    cents: Cents,
    kind: ReferralEntryKind,
    reference: &str,
    note: Option<&str>,
) -> Result<Cents, WalletError> {
    positive(cents)?;
    let at = now();
    update_or_insert(
        conn,
        |c| {
            diesel::update(referral_balances::table.find(user_id))
                .set((
                    referral_balances::balance_cents.eq(referral_balances::balance_cents + cents),
                    referral_balances::updated_at.eq(at),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(referral_balances::table)
                .values((
                    referral_balances::user_id.eq(user_id),
                    referral_balances::balance_cents.eq(cents),
                    referral_balances::updated_at.eq(at),
                ))
                .execute(c)
        },
    )?;
    // The row is ours until commit (written above), so this is the balance our change left.
    let after = balance(conn, user_id)?;
    record(conn, user_id, kind, cents, after, reference, note)?;
    Ok(after)
}

/// Takes `cents` (> 0) from the referral balance if it covers them and writes the ledger row;
/// returns the new balance, or `Insufficient` with nothing written.
pub fn debit(
    conn: &mut DbConnection,
    user_id: UserId,
    cents: Cents,
    kind: ReferralEntryKind,
    reference: &str,
    note: Option<&str>,
) -> Result<Cents, WalletError> {
    positive(cents)?;
    let after: Option<Cents> = diesel::update(
        referral_balances::table
            .find(user_id)
            .filter(referral_balances::balance_cents.ge(cents)),
    )
    .set((
        referral_balances::balance_cents.eq(referral_balances::balance_cents - cents),
        referral_balances::updated_at.eq(now()),
    ))
    .returning(referral_balances::balance_cents)
    .get_result(conn)
    .optional()?;
    let after = after.ok_or(WalletError::Insufficient)?;
    record(conn, user_id, kind, -cents, after, reference, note)?;
    Ok(after)
}

/// Takes the whole referral balance (nothing when it is zero): returns what was taken. The
/// balance row is locked by the UPDATE that empties it, so a concurrent debit sees zero.
pub fn debit_all(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ReferralEntryKind,
    reference: &str,
    note: Option<&str>,
) -> Result<Cents, WalletError> {
    // Lock the row first (a no-op update), then read what it holds: on PostgreSQL a read
    // before the lock could see a balance a concurrent debit is about to take.
    let locked = diesel::update(referral_balances::table.find(user_id))
        .set(referral_balances::updated_at.eq(referral_balances::updated_at))
        .execute(conn)?;
    if locked == 0 {
        return Ok(Cents::ZERO);
    }
    let held = balance(conn, user_id)?;
    if held <= Cents::ZERO {
        return Ok(Cents::ZERO);
    }
    debit(conn, user_id, held, kind, reference, note)?;
    Ok(held)
}

/// One page of the customer's referral ledger, newest first, and the number of rows.
pub fn history(
    conn: &mut DbConnection,
    user_id: UserId,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<ReferralLedgerRow>, i64)> {
    let rows = referral_ledger::table
        .filter(referral_ledger::user_id.eq(user_id))
        .order(referral_ledger::id.desc())
        .limit(limit)
        .offset(offset)
        .select(ReferralLedgerRow::as_select())
        .load(conn)?;
    let total = referral_ledger::table
        .filter(referral_ledger::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    Ok((rows, total))
}

/// The sum of the customer's referral ledger rows (what the balance must equal).
pub fn ledger_sum(conn: &mut DbConnection, user_id: UserId) -> DbResult<Cents> {
    let amounts: Vec<Cents> = referral_ledger::table
        .filter(referral_ledger::user_id.eq(user_id))
        .select(referral_ledger::amount_cents)
        .load(conn)?;
    Ok(amounts.into_iter().sum())
}
