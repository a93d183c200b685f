//! Moving traffic between a reseller and a client, exactly: in the caller's transaction, one
//! conditional UPDATE takes the bytes from the giver's unused traffic (never below what was used
//! and what gateway nodes hold leased, never from expired traffic: `refunds::take_back`, the
//! same rule a refund takes traffic back by), the receiver's balance gets them
//! (`traffic::add_purchased`), and the ledger its row (`transfers::record`). Any number of
//! moves at once, on any number of instances, never take more than there is: on PostgreSQL
//! both balance rows are locked first, in the order of their keys (`gateway_leases`' lock
//! order, so that a move and a gateway flush never wait on each other in a circle); SQLite's
//! write transaction holds the whole database.
//!
//! The caller locks and checks the client first (`clients::lock`).

use crate::connection::DbConnection;
use crate::error::DbError;
use crate::now;
use crate::refunds::take_back;
use crate::resellers::transfers::{self, NewTransfer, TransferRow};
use crate::schema::traffic_balances;
use crate::traffic::add_purchased;
use diesel::prelude::*;
use domain::resellers::Direction;
use domain::{ProxyKind, UserId};

/// Why a move wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    /// The giver has less unused, unexpired traffic of the kind than the move asks.
    #[error("not enough unused traffic")]
    NotEnough,
    /// The allocation's end is after the end of the reseller's own traffic of the kind.
    #[error("past the end of the reseller's traffic")]
    PastEnd { reseller_end: i64 },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for MoveError {
    fn from(err: diesel::result::Error) -> Self {
        MoveError::Db(err.into())
    }
}

/// One move asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub reseller: UserId,
    pub client: UserId,
    pub kind: ProxyKind,
    pub bytes: i64,
    /// The reseller's API key that asked; None: its session.
    pub api_key_id: Option<i64>,
}

/// (purchased, used, leased, expires_at) of a balance, if there is one.
type BalanceNow = (i64, i64, i64, Option<i64>);

fn balance_now(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
) -> Result<Option<BalanceNow>, MoveError> {
    Ok(traffic_balances::table
        .find((user, kind))
        .select((
            traffic_balances::purchased_bytes,
            traffic_balances::used_bytes,
            traffic_balances::leased_bytes,
            traffic_balances::expires_at,
        ))
        .first(conn)
        .optional()?)
}

/// Unused bytes a balance can give now: none once expired.
fn unused(balance: Option<BalanceNow>, at: i64) -> i64 {
    match balance {
        Some((purchased, used, leased, expires_at)) if expires_at.is_none_or(|end| end > at) => {
            (purchased - used - leased).max(0)
        }
        _ => 0,
    }
}

/// Locks the balance rows of both sides of a move in key order (PostgreSQL only).
fn lock_both(
    conn: &mut DbConnection,
    a: UserId,
    b: UserId,
    kind: ProxyKind,
) -> Result<(), MoveError> {
    if let DbConnection::Postgres(pg) = conn {
        let mut keys = [a, b];
        keys.sort();
        for user in keys {
            traffic_balances::table
                .find((user, kind))
                .select(traffic_balances::user_id)
                .for_update()
                .first::<UserId>(pg)
                .optional()?;
        }
    }
    Ok(())
}

/// Moves `m.bytes` of the reseller's unused traffic of `m.kind` to the client. The client's
/// traffic of the kind then ends at `until` when given (unix seconds; it must not be after the
/// end of the reseller's own traffic of the kind, `PastEnd`), otherwise when the reseller's
/// ends (never, if the reseller's never ends); as for a purchase, a later end already on the
/// client's balance stays. Answers the ledger row.
pub fn allocate(
    conn: &mut DbConnection,
    m: Move,
    until: Option<i64>,
) -> Result<TransferRow, MoveError> {
    lock_both(conn, m.reseller, m.client, m.kind)?;
    let at = now();
    let giver = balance_now(conn, m.reseller, m.kind)?;
    if unused(giver, at) < m.bytes {
        return Err(MoveError::NotEnough);
    }
    let reseller_end = giver.and_then(|(_, _, _, end)| end);
    let end = match (until, reseller_end) {
        (Some(asked), Some(reseller_end)) if asked > reseller_end => {
            return Err(MoveError::PastEnd { reseller_end });
        }
        (Some(asked), _) => Some(asked),
        (None, reseller_end) => reseller_end,
    };
    if !take_back(conn, m.reseller, m.kind, m.bytes)? {
        return Err(MoveError::NotEnough);
    }
    add_purchased(conn, m.client, m.kind, m.bytes, end)?;
    let client_end = balance_now(conn, m.client, m.kind)?.and_then(|(_, _, _, end)| end);
    Ok(transfers::record(
        conn,
        &NewTransfer {
            reseller_id: m.reseller,
            client_id: m.client,
            kind: m.kind,
            direction: Direction::Allocate,
            bytes: m.bytes,
            expires_at: client_end,
            api_key_id: m.api_key_id,
        },
    )?)
}

/// Moves `m.bytes` of the client's unused traffic of `m.kind` back to the reseller. They keep
/// the client's end: the reseller's traffic of the kind ends at the later of its own end and
/// that one, which was never after the reseller's own when the traffic was given. Answers the
/// ledger row.
pub fn reclaim(conn: &mut DbConnection, m: Move) -> Result<TransferRow, MoveError> {
    lock_both(conn, m.reseller, m.client, m.kind)?;
    let at = now();
    let holder = balance_now(conn, m.client, m.kind)?;
    if unused(holder, at) < m.bytes {
        return Err(MoveError::NotEnough);
    }
    let client_end = holder.and_then(|(_, _, _, end)| end);
    if !take_back(conn, m.client, m.kind, m.bytes)? {
        return Err(MoveError::NotEnough);
    }
    add_purchased(conn, m.reseller, m.kind, m.bytes, client_end)?;
    Ok(transfers::record(
        conn,
        &NewTransfer {
            reseller_id: m.reseller,
            client_id: m.client,
            kind: m.kind,
            direction: Direction::Reclaim,
            bytes: m.bytes,
            expires_at: client_end,
            api_key_id: m.api_key_id,
        },
    )?)
}
