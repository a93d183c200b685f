//! Traffic leases of the gateway nodes: a node moves only bytes it has taken out of a
//! customer's balance into a lease row of its own (`take`), and settles them at each flush
//! (`settle`): what it moved becomes used, what it gives back returns to the balance. A lease
//! whose node stopped renewing it (`renew`) is settled as used by any node (`settle_expired`),
//! once. docs/operations.md ("Gateway fleet") states the rule and its bounds.
//!
//! `traffic_balances.leased_bytes` is the sum of a balance's lease rows, so what is left to
//! lease is `purchased_bytes - used_bytes - leased_bytes`; every function here changes a lease
//! row and that sum in the caller's transaction.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{gateway_leases, traffic_balances, users};
use crate::traffic::record_daily_usage;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

/// What `take` granted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Taken {
    /// Bytes added to the node's lease (0: nothing left, expired or disabled).
    pub granted: i64,
    /// The lease size the rule gave for this balance.
    pub size: i64,
}

/// Tops the lease of `node` on (`user_id`, `kind`) up to `size(purchased_bytes)` unmoved
/// bytes, of which the node says it still holds `held`: one conditional decrement of what is
/// left, so two nodes never lease the same byte. Nothing for a disabled customer or expired
/// traffic. Run it in a write transaction.
pub fn take(
    conn: &mut DbConnection,
    node: &str,
    user_id: UserId,
    kind: ProxyKind,
    held: i64,
    size: &dyn Fn(i64) -> i64,
    lease_expires_at: i64,
) -> DbResult<Taken> {
    let at = now();
    let disabled = users::table
        .find(user_id)
        .select(users::disabled)
        .first::<bool>(conn)
        .optional()?
        .unwrap_or(true);
    // Another node may take between the read and the update: then read again. Each retry
    // means another take committed (what is left shrank), so this ends: with a grant, or with
    // nothing left.
    loop {
        let Some((purchased, used, leased, expires_at)) = traffic_balances::table
            .find((user_id, kind))
            .select((
                traffic_balances::purchased_bytes,
                traffic_balances::used_bytes,
                traffic_balances::leased_bytes,
                traffic_balances::expires_at,
            ))
            .first::<(i64, i64, i64, Option<i64>)>(conn)
            .optional()?
        else {
            return Ok(Taken {
                granted: 0,
                size: size(0),
            });
        };
        let lease = size(purchased);
        let left = purchased - used - leased;
        let grant = (lease - held).min(left);
        if disabled || expires_at.is_some_and(|end| end <= at) || grant <= 0 {
            return Ok(Taken {
                granted: 0,
                size: lease,
            });
        }
        let changed = diesel::update(
            traffic_balances::table.find((user_id, kind)).filter(
                (traffic_balances::purchased_bytes
                    - traffic_balances::used_bytes
                    - traffic_balances::leased_bytes)
                    .ge(grant),
            ),
        )
        .set(traffic_balances::leased_bytes.eq(traffic_balances::leased_bytes + grant))
        .execute(conn)?;
        if changed == 1 {
            let key = (node, user_id, kind);
            update_or_insert(
                conn,
                |c| {
                    diesel::update(gateway_leases::table.find(key))
                        .set((
                            gateway_leases::bytes.eq(gateway_leases::bytes + grant),
                            gateway_leases::expires_at.eq(lease_expires_at),
                        ))
                        .execute(c)
                },
                |c| {
                    diesel::insert_into(gateway_leases::table)
                        .values((
                            gateway_leases::node_id.eq(node),
                            gateway_leases::user_id.eq(user_id),
                            gateway_leases::kind.eq(kind),
                            gateway_leases::bytes.eq(grant),
                            gateway_leases::expires_at.eq(lease_expires_at),
                        ))
                        .execute(c)
                },
            )?;
            return Ok(Taken {
                granted: grant,
                size: lease,
            });
        }
    }
}

/// Settles part of a lease: `moved` bytes become used (balance and `day`'s bucket), `returned`
/// go back to the balance. False, with nothing written, when the node no longer holds that
/// much: its lease expired and was settled as used whole (so the moved bytes are counted).
pub fn settle(
    conn: &mut DbConnection,
    node: &str,
    user_id: UserId,
    kind: ProxyKind,
    moved: i64,
    returned: i64,
    day: &str,
) -> DbResult<bool> {
    debug_assert!(moved >= 0 && returned >= 0);
    let out = moved + returned;
    let key = (node, user_id, kind);
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
    if moved > 0 {
        record_daily_usage(conn, user_id, kind, day, moved)?;
    }
    Ok(true)
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
/// conditional DELETE first, so two nodes doing this at once settle it once. Returns the bytes
/// settled.
pub fn settle_expired(conn: &mut DbConnection, at: i64, day: &str) -> DbResult<i64> {
    let expired = gateway_leases::table
        .filter(gateway_leases::expires_at.lt(at))
        .select((
            gateway_leases::node_id,
            gateway_leases::user_id,
            gateway_leases::kind,
        ))
        .load::<(String, UserId, ProxyKind)>(conn)?;
    let mut settled = 0;
    for (node, user_id, kind) in expired {
        let key = (node.as_str(), user_id, kind);
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
        if bytes > 0 {
            record_daily_usage(conn, user_id, kind, day, bytes)?;
        }
        settled += bytes;
    }
    Ok(settled)
}

/// Bytes `node` holds on (`user_id`, `kind`): 0 without a lease.
pub fn held(
    conn: &mut DbConnection,
    node: &str,
    user_id: UserId,
    kind: ProxyKind,
) -> DbResult<i64> {
    Ok(gateway_leases::table
        .find((node, user_id, kind))
        .select(gateway_leases::bytes)
        .first::<i64>(conn)
        .optional()?
        .unwrap_or(0))
}

/// Bytes of (`user_id`, `kind`) leased to any node and not yet settled.
pub fn leased(conn: &mut DbConnection, user_id: UserId, kind: ProxyKind) -> DbResult<i64> {
    Ok(traffic_balances::table
        .find((user_id, kind))
        .select(traffic_balances::leased_bytes)
        .first::<i64>(conn)
        .optional()?
        .unwrap_or(0))
}
