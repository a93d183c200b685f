//! The wallet: every balance change is a ledger row written in the same transaction as the
//! balance update. `users.balance_cents` always equals the sum of the user's ledger rows; a
//! debit is one conditional UPDATE, so no interleaving can take a balance below zero; the
//! unique (kind, reference) makes a repeated operation fail instead of applying twice.
//!
//! These functions must run inside the caller's transaction (`write_transaction`): the balance
//! update and its ledger row commit together or not at all.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::now;
use crate::schema::{users, wallet_ledger};
use diesel::prelude::*;
pub use domain::EntryKind;
use domain::{Cents, UserId};

#[derive(Debug, thiserror::Error)]
pub enum WalletError {
    #[error("insufficient balance")]
    Insufficient,
    #[error("operation {0} was already applied")]
    Duplicate(String),
    /// A credit or debit of zero or less: a caller's bug, refused before anything is written
    /// (a zero-cent ledger row or a "debit" that adds money must never exist).
    #[error("wallet amounts must be positive, got {0}")]
    NotPositive(Cents),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for WalletError {
    fn from(err: diesel::result::Error) -> Self {
        WalletError::Db(err.into())
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wallet_ledger)]
pub struct LedgerRow {
    pub id: i64,
    pub user_id: UserId,
    pub kind: EntryKind,
    pub amount_cents: Cents,
    pub balance_after: Cents,
    pub reference: String,
    pub note: Option<String>,
    pub created_at: i64,
}

fn record(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: EntryKind,
    amount: Cents,
    balance_after: Cents,
    reference: &str,
    note: Option<&str>,
) -> Result<(), WalletError> {
    let inserted = diesel::insert_into(wallet_ledger::table)
        .values((
            wallet_ledger::user_id.eq(user_id),
            wallet_ledger::kind.eq(kind),
            wallet_ledger::amount_cents.eq(amount),
            wallet_ledger::balance_after.eq(balance_after),
            wallet_ledger::reference.eq(reference),
            wallet_ledger::note.eq(note),
            wallet_ledger::created_at.eq(now()),
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

fn positive(cents: Cents) -> Result<(), WalletError> {
    if cents > Cents::ZERO {
        Ok(())
    } else {
        Err(WalletError::NotPositive(cents))
    }
}

/// Adds `cents` (> 0, otherwise `NotPositive` with nothing written) to the balance; returns the
/// new balance. `Duplicate` when this (kind, reference) was applied before: the caller's
/// transaction must then roll back.
pub fn credit(
    conn: &mut DbConnection,
    user_id: UserId,
    cents: Cents,
    kind: EntryKind,
    reference: &str,
    note: Option<&str>,
) -> Result<Cents, WalletError> {
    positive(cents)?;
    let balance: Cents = diesel::update(users::table.find(user_id))
        .set((
            users::balance_cents.eq(users::balance_cents + cents),
            users::updated_at.eq(now()),
        ))
        .returning(users::balance_cents)
        .get_result(conn)?;
    record(conn, user_id, kind, cents, balance, reference, note)?;
    Ok(balance)
}

/// Takes `cents` (> 0, otherwise `NotPositive`) from the balance if it covers them; returns the
/// new balance, or `Insufficient` with nothing written.
pub fn debit(
    conn: &mut DbConnection,
    user_id: UserId,
    cents: Cents,
    kind: EntryKind,
    reference: &str,
    note: Option<&str>,
) -> Result<Cents, WalletError> {
    positive(cents)?;
    let balance: Option<Cents> = diesel::update(
        users::table
            .find(user_id)
            .filter(users::balance_cents.ge(cents)),
    )
    .set((
        users::balance_cents.eq(users::balance_cents - cents),
        users::updated_at.eq(now()),
    ))
    .returning(users::balance_cents)
    .get_result(conn)
    .optional()?;
    let balance = balance.ok_or(WalletError::Insufficient)?;
    record(conn, user_id, kind, -cents, balance, reference, note)?;
    Ok(balance)
}

/// One page of a user's ledger, newest first, and the total number of rows.
pub fn history(
    conn: &mut DbConnection,
    user_id: UserId,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<LedgerRow>, i64)> {
    let rows = wallet_ledger::table
        .filter(wallet_ledger::user_id.eq(user_id))
        .order(wallet_ledger::id.desc())
        .limit(limit)
        .offset(offset)
        .select(LedgerRow::as_select())
        .load(conn)?;
    let total = wallet_ledger::table
        .filter(wallet_ledger::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    Ok((rows, total))
}

/// Up to `limit` of a user's ledger rows with an id below `before` (from the newest when
/// `None`), newest first: the export walks the ledger in such pages, each a query of its own.
pub fn history_before(
    conn: &mut DbConnection,
    user_id: UserId,
    before: Option<i64>,
    limit: i64,
) -> DbResult<Vec<LedgerRow>> {
    let mut query = wallet_ledger::table
        .filter(wallet_ledger::user_id.eq(user_id))
        .into_boxed();
    if let Some(before) = before {
        query = query.filter(wallet_ledger::id.lt(before));
    }
    Ok(query
        .order(wallet_ledger::id.desc())
        .limit(limit)
        .select(LedgerRow::as_select())
        .load(conn)?)
}

/// One ledger row of `user_id` (None when the row is another customer's or does not exist).
pub fn find_for_user(
    conn: &mut DbConnection,
    id: i64,
    user_id: UserId,
) -> DbResult<Option<LedgerRow>> {
    Ok(wallet_ledger::table
        .find(id)
        .filter(wallet_ledger::user_id.eq(user_id))
        .select(LedgerRow::as_select())
        .first(conn)
        .optional()?)
}

/// The sum of a user's ledger rows (what the balance must equal).
pub fn ledger_sum(conn: &mut DbConnection, user_id: UserId) -> DbResult<Cents> {
    let amounts: Vec<Cents> = wallet_ledger::table
        .filter(wallet_ledger::user_id.eq(user_id))
        .select(wallet_ledger::amount_cents)
        .load(conn)?;
    Ok(amounts.into_iter().sum())
}
