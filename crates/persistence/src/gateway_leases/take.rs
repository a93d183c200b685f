//! Taking a lease: a node moves bytes of a balance (and of a sub-user's cap) into a lease row
//! of its own, and reads what it and all nodes hold.

use super::rows::{LeaseKey, lock_balance};
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{gateway_leases, subusers, traffic_balances, users};
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
    /// Nothing was granted because the sub-user's own cap is spent (used or leased) while the
    /// balance still has traffic left: the gateway names this refusal apart from "no traffic
    /// left".
    pub capped: bool,
}

/// What a sub-user's own cap leaves to lease.
enum SubuserRoom {
    /// No cap of its own.
    Unlimited,
    /// What its cap leaves (0 or less: spent).
    Cap(i64),
    /// It may not be used: missing, disabled, of another customer or kind.
    Unusable,
}

fn subuser_left(conn: &mut DbConnection, key: &LeaseKey, id: i64) -> DbResult<SubuserRoom> {
    let row = subusers::table
        .find(id)
        .select((
            subusers::user_id,
            subusers::kind,
            subusers::enabled,
            subusers::limit_bytes,
            subusers::used_bytes,
            subusers::leased_bytes,
        ))
        .first::<(UserId, ProxyKind, bool, Option<i64>, i64, i64)>(conn)
        .optional()?;
    Ok(match row {
        Some((owner, kind, true, limit, used, leased))
            if owner == key.user_id && kind == key.kind =>
        {
            limit.map_or(SubuserRoom::Unlimited, |limit| {
                SubuserRoom::Cap(limit - used - leased)
            })
        }
        _ => SubuserRoom::Unusable,
    })
}

/// Adds `delta` to the sub-user's leased bytes; with `within_cap`, only if its cap leaves that
/// much. Whether the row changed.
fn lease_subuser(conn: &mut DbConnection, id: i64, delta: i64, within_cap: bool) -> DbResult<bool> {
    let set = subusers::leased_bytes.eq(subusers::leased_bytes + delta);
    let changed = if within_cap {
        diesel::update(
            subusers::table.find(id).filter(
                subusers::limit_bytes
                    .is_null()
                    .or((subusers::limit_bytes.assume_not_null()
                        - subusers::used_bytes
                        - subusers::leased_bytes)
                        .ge(delta)),
            ),
        )
        .set(set)
        .execute(conn)?
    } else {
        diesel::update(subusers::table.find(id))
            .set(set)
            .execute(conn)?
    };
    Ok(changed == 1)
}

/// Tops the lease of `node` on `key` up to `size(purchased_bytes)` unmoved bytes, of which the
/// node says it still holds `held`: one conditional decrement of what is left (of the balance,
/// and of a sub-user's cap), so two nodes never lease the same byte. Nothing for a disabled
/// customer or sub-user, or expired traffic. Run it in a write transaction.
pub fn take(
    conn: &mut DbConnection,
    node: &str,
    key: LeaseKey,
    held: i64,
    size: &dyn Fn(i64) -> i64,
    lease_expires_at: i64,
) -> DbResult<Taken> {
    let LeaseKey { user_id, kind, .. } = key;
    lock_balance(conn, user_id, kind)?;
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
                capped: false,
            });
        };
        let lease = size(purchased);
        let balance_left = purchased - used - leased;
        let mut left = balance_left;
        let mut capped = false;
        if let Some(id) = key.subuser {
            match subuser_left(conn, &key, id)? {
                SubuserRoom::Cap(cap) => {
                    capped = cap <= 0 && balance_left > 0;
                    left = left.min(cap);
                }
                SubuserRoom::Unlimited => {}
                SubuserRoom::Unusable => left = 0,
            }
        }
        let grant = (lease - held).min(left);
        if disabled || expires_at.is_some_and(|end| end <= at) || grant <= 0 {
            return Ok(Taken {
                granted: 0,
                size: lease,
                capped: capped && !disabled && expires_at.is_none_or(|end| end > at),
            });
        }
        if let Some(id) = key.subuser
            && !lease_subuser(conn, id, grant, true)?
        {
            // Another node leased from the cap meanwhile: read again.
            continue;
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
        if changed != 1 {
            if let Some(id) = key.subuser {
                lease_subuser(conn, id, -grant, false)?;
            }
            continue;
        }
        let row = (node, user_id, kind, key.subuser_id());
        update_or_insert(
            conn,
            |c| {
                diesel::update(gateway_leases::table.find(row))
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
                        gateway_leases::subuser_id.eq(row.3),
                        gateway_leases::bytes.eq(grant),
                        gateway_leases::expires_at.eq(lease_expires_at),
                    ))
                    .execute(c)
            },
        )?;
        return Ok(Taken {
            granted: grant,
            size: lease,
            capped: false,
        });
    }
}

/// Bytes `node` holds on `key`: 0 without a lease.
pub fn held(conn: &mut DbConnection, node: &str, key: LeaseKey) -> DbResult<i64> {
    Ok(gateway_leases::table
        .find((node, key.user_id, key.kind, key.subuser_id()))
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
