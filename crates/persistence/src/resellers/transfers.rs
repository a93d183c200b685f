//! The ledger of traffic moved between a reseller and its clients: one row per move, written in
//! the move's transaction (`moves`), never changed afterwards. Both sides read it: the reseller
//! all of its moves (or one client's), the client the moves to and from its own account.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::reseller_transfers;
use diesel::prelude::*;
use domain::resellers::Direction;
use domain::{ProxyKind, UserId};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = reseller_transfers)]
pub struct TransferRow {
    pub id: i64,
    pub reseller_id: UserId,
    pub client_id: UserId,
    pub kind: ProxyKind,
    pub direction: Direction,
    pub bytes: i64,
    /// The client's traffic of the kind ends then (after the move); None: no end.
    pub expires_at: Option<i64>,
    /// The reseller's API key that asked; None: the reseller's session.
    pub api_key_id: Option<i64>,
    pub created_at: i64,
}

/// One move to record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewTransfer {
    pub reseller_id: UserId,
    pub client_id: UserId,
    pub kind: ProxyKind,
    pub direction: Direction,
    pub bytes: i64,
    pub expires_at: Option<i64>,
    pub api_key_id: Option<i64>,
}

/// Writes the move's row; run it in the move's transaction.
pub fn record(conn: &mut DbConnection, new: &NewTransfer) -> DbResult<TransferRow> {
    let id: i64 = diesel::insert_into(reseller_transfers::table)
        .values((
            reseller_transfers::reseller_id.eq(new.reseller_id),
            reseller_transfers::client_id.eq(new.client_id),
            reseller_transfers::kind.eq(new.kind),
            reseller_transfers::direction.eq(new.direction),
            reseller_transfers::bytes.eq(new.bytes),
            reseller_transfers::expires_at.eq(new.expires_at),
            reseller_transfers::api_key_id.eq(new.api_key_id),
            reseller_transfers::created_at.eq(now()),
        ))
        .returning(reseller_transfers::id)
        .get_result(conn)?;
    Ok(reseller_transfers::table
        .find(id)
        .select(TransferRow::as_select())
        .first(conn)?)
}

/// Whose moves a list reads: a reseller's, perhaps only those of one of its clients (what the
/// client itself reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Reseller {
        reseller: UserId,
        client: Option<UserId>,
    },
}

/// One page of the moves of `owner`, newest first, and how many there are.
pub fn list(
    conn: &mut DbConnection,
    owner: Owner,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<TransferRow>, i64)> {
    let query = || {
        let mut q = reseller_transfers::table.into_boxed();
        match owner {
            Owner::Reseller { reseller, client } => {
                q = q.filter(reseller_transfers::reseller_id.eq(reseller));
                if let Some(client) = client {
                    q = q.filter(reseller_transfers::client_id.eq(client));
                }
            }
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(reseller_transfers::id.desc())
        .limit(limit)
        .offset(offset)
        .select(TransferRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}
