//! Settling leases: a node's flush (what its credentials moved becomes used, the rest goes
//! back), keeping its leases alive, and settling the leases of nodes that stopped.

use super::rows::{LeaseKey, lock_balance, settle_subuser};
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{gateway_leases, traffic_balances};
use crate::traffic::record_daily_usage;
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

/// Settles part of a lease: `moved` bytes become used (balance, sub-user and `day`'s bucket),
/// `returned` go back to the balance (and the sub-user's cap). False, with nothing written,
/// when the node no longer holds that much: its lease expired and was settled as used whole
/// (so the moved bytes are counted).
pub fn settle(
    conn: &mut DbConnection,
    node: &str,
    lease: LeaseKey,
    moved: i64,
    returned: i64,
    day: &str,
) -> DbResult<bool> {
    debug_assert!(moved >= 0 && returned >= 0);
    let LeaseKey { user_id, kind, .. } = lease;
    lock_balance(conn, user_id, kind)?;
    let out = moved + returned;
    let key = (node, user_id, kind, lease.subuser_id());
    let changed = diesel::update(
        gateway_leases::table
            .find(key)
            .filter(gateway_leases::bytes.ge(out)),
    )
    .set(gateway_leases::bytes.eq(gateway_leases::bytes - out))
    .execute(conn)?;
    if changed == 0 {
        return Ok(false);
    }
    diesel::delete(
        gateway_leases::table
            .find(key)
            .filter(gateway_leases::bytes.eq(0)),
    )
    .execute(conn)?;
    diesel::update(traffic_balances::table.find((user_id, kind)))
        .set((
            traffic_balances::used_bytes.eq(traffic_balances::used_bytes + moved),
            traffic_balances::leased_bytes.eq(traffic_balances::leased_bytes - out),
            traffic_balances::updated_at.eq(now()),
        ))
        .execute(conn)?;
    if let Some(id) = lease.subuser {
        settle_subuser(conn, id, moved, returned)?;
    }
    if moved > 0 {
        record_daily_usage(conn, user_id, kind, day, moved)?;
    }
    Ok(true)
}

/// What a node settles of one credential's use at a flush.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settlement {
    pub key: LeaseKey,
    /// Out of the node's lease (traffic kinds: `settle`); false for kinds sold by the piece,
    /// whose use goes to the day's bucket only.
    pub leased: bool,
    /// Bytes the credential moved.
    pub moved: i64,
    /// Unmoved bytes of the lease given back.
    pub returned: i64,
}

/// A node's flush: settles `settlements` in key order (the lock order of `gateway_leases`: two
/// nodes flushing the same customers at once, or a flush and a take, never deadlock), then keeps
/// every lease of `node` alive until `expires_at`. Returns the keys whose lease the node no longer
/// holds (expired and settled by another node). Run it in a write transaction.
pub fn flush(
    conn: &mut DbConnection,
    node: &str,
    settlements: &[Settlement],
    expires_at: i64,
    day: &str,
) -> DbResult<Vec<LeaseKey>> {
    let mut ordered: Vec<&Settlement> = settlements.iter().collect();
    ordered.sort_unstable_by_key(|s| s.key);
    let mut lost = Vec::new();
    for s in ordered {
        if !s.leased {
            record_daily_usage(conn, s.key.user_id, s.key.kind, day, s.moved)?;
        } else if !settle(conn, node, s.key, s.moved, s.returned, day)? {
            lost.push(s.key);
        }
    }
    renew(conn, node, expires_at)?;
    Ok(lost)
}

/// Keeps every lease of `node` alive until `expires_at`; returns how many it holds.
pub fn renew(conn: &mut DbConnection, node: &str, expires_at: i64) -> DbResult<usize> {
    Ok(
        diesel::update(gateway_leases::table.filter(gateway_leases::node_id.eq(node)))
            .set(gateway_leases::expires_at.eq(expires_at))
            .execute(conn)?,
    )
}

/// Settles every lease that expired before `at` as used whole (its node stopped: what it moved
/// is in there, what it did not is the customer's bounded loss). Each row is deleted by one
/// conditional DELETE first, so two nodes doing this at once settle it once; the rows go in
/// key order, each balance locked first (the lock order of `gateway_leases`). Returns the bytes
/// settled. Run it in a write transaction of its own: a node's `flush` holds balances in an order
/// of its own.
pub fn settle_expired(conn: &mut DbConnection, at: i64, day: &str) -> DbResult<i64> {
    let mut expired = gateway_leases::table
        .filter(gateway_leases::expires_at.lt(at))
        .select((
            gateway_leases::user_id,
            gateway_leases::kind,
            gateway_leases::subuser_id,
            gateway_leases::node_id,
        ))
        .load::<(UserId, ProxyKind, i64, String)>(conn)?;
    // In `LeaseKey` order, as `flush` goes (the database would order kinds by their names).
    expired.sort_unstable();
    let mut settled = 0;
    for (user_id, kind, subuser, node) in expired {
        lock_balance(conn, user_id, kind)?;
        let key = (node.as_str(), user_id, kind, subuser);
        let gone = diesel::delete(
            gateway_leases::table
                .find(key)
                .filter(gateway_leases::expires_at.lt(at)),
        )
        .returning(gateway_leases::bytes)
        .get_result::<i64>(conn)
        .optional()?;
        let Some(bytes) = gone else { continue };
        diesel::update(traffic_balances::table.find((user_id, kind)))
            .set((
                traffic_balances::used_bytes.eq(traffic_balances::used_bytes + bytes),
                traffic_balances::leased_bytes.eq(traffic_balances::leased_bytes - bytes),
                traffic_balances::updated_at.eq(at),
            ))
            .execute(conn)?;
        if subuser != 0 {
            settle_subuser(conn, subuser, bytes, 0)?;
        }
        if bytes > 0 {
            record_daily_usage(conn, user_id, kind, day, bytes)?;
        }
        settled += bytes;
    }
    Ok(settled)
}
