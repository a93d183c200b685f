//! What every write of a lease touches: the key of a lease row, the balance lock that comes
//! first (the lock order in `gateway_leases`), and a sub-user's settled bytes.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{subusers, traffic_balances};
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

/// Which lease of a node: the customer's kind, through the main credential (`subuser` None)
/// or a sub-user's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LeaseKey {
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub subuser: Option<i64>,
}

impl LeaseKey {
    /// The main credential's lease on (`user_id`, `kind`).
    pub fn main(user_id: UserId, kind: ProxyKind) -> LeaseKey {
        LeaseKey {
            user_id,
            kind,
            subuser: None,
        }
    }

    /// The `subuser_id` column: 0 for the main credential.
    pub(super) fn subuser_id(&self) -> i64 {
        self.subuser.unwrap_or(0)
    }
}

/// Moves settled bytes of a sub-user's lease: `moved` become its used bytes, `moved + returned`
/// leave its leased bytes (nothing if it was deleted meanwhile).
pub(super) fn settle_subuser(
    conn: &mut DbConnection,
    id: i64,
    moved: i64,
    returned: i64,
) -> DbResult<()> {
    diesel::update(subusers::table.find(id))
        .set((
            subusers::used_bytes.eq(subusers::used_bytes + moved),
            subusers::leased_bytes.eq(subusers::leased_bytes - (moved + returned)),
        ))
        .execute(conn)?;
    Ok(())
}

/// Locks the balance row of (`user_id`, `kind`) until the transaction ends: the first step of
/// every function that writes a lease (the lock order of `gateway_leases`). Nothing on SQLite.
pub(super) fn lock_balance(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
) -> DbResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        traffic_balances::table
            .find((user_id, kind))
            .select(traffic_balances::user_id)
            .for_update()
            .first::<UserId>(pg)
            .optional()?;
    }
    Ok(())
}
