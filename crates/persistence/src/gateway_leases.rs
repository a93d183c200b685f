//! Traffic leases of the gateway nodes: a node moves only bytes it has taken out of a
//! customer's balance into a lease row of its own (`take`), and settles them at each flush
//! (`settle`): what it moved becomes used, what it gives back returns to the balance. A lease
//! whose node stopped renewing it (`renew`) is settled as used by any node (`settle_expired`),
//! once. docs/operations.md ("Gateway fleet") states the rule and its bounds.
//!
//! `traffic_balances.leased_bytes` is the sum of a balance's lease rows, so what is left to
//! lease is `purchased_bytes - used_bytes - leased_bytes`; every function here changes a lease
//! row and that sum in the caller's transaction.
//!
//! Lock order (PostgreSQL, where writers of different rows run at once): a transaction locks a
//! balance row before the lease, sub-user and day rows that belong to it, and several balances
//! in `LeaseKey` order, so that a node's flush, its lease takes and other nodes' flushes never
//! wait on each other in a circle (`lock_balance`, `flush`). SQLite needs none of it: a write
//! transaction there holds the whole database from its start (`BEGIN IMMEDIATE`).
//!
//! A lease is held per credential: the main one (`subuser_id` 0 in the row) or a sub-user's.
//! A sub-user's lease comes out of the parent's balance and the sub-user's own cap together
//! (`subusers.leased_bytes` is the sum of its lease rows), and settles into both.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{gateway_leases, subusers, traffic_balances, users};
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
    fn subuser_id(&self) -> i64 {
        self.subuser.unwrap_or(0)
    }
}

/// What a sub-user's own cap leaves to lease: None for no cap, Some(0) when it may not be used
/// (missing, disabled, of another customer or kind).
fn subuser_left(conn: &mut DbConnection, key: &LeaseKey, id: i64) -> DbResult<Option<i64>> {
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
            limit.map(|limit| limit - used - leased)
        }
        _ => Some(0),
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

/// Moves settled bytes of a sub-user's lease: `moved` become its used bytes, `moved + returned`
/// leave its leased bytes (nothing if it was deleted meanwhile).
fn settle_subuser(conn: &mut DbConnection, id: i64, moved: i64, returned: i64) -> DbResult<()> {
    diesel::update(subusers::table.find(id))
        .set((
            subusers::used_bytes.eq(subusers::used_bytes + moved),
            subusers::leased_bytes.eq(subusers::leased_bytes - (moved + returned)),
        ))
        .execute(conn)?;
    Ok(())
}

/// Locks the balance row of (`user_id`, `kind`) until the transaction ends: the first step of
/// every function here that writes a lease (see the lock order above). Nothing on SQLite.
fn lock_balance(conn: &mut DbConnection, user_id: UserId, kind: ProxyKind) -> DbResult<()> {
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
            });
        };
        let lease = size(purchased);
        let mut left = purchased - used - leased;
        if let Some(id) = key.subuser
            && let Some(cap) = subuser_left(conn, &key, id)?
        {
            left = left.min(cap);
        }
        let grant = (lease - held).min(left);
        if disabled || expires_at.is_some_and(|end| end <= at) || grant <= 0 {
            return Ok(Taken {
                granted: 0,
                size: lease,
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
        });
    }
}

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

/// A node's flush: settles `settlements` in key order (the lock order above: two nodes
/// flushing the same customers at once, or a flush and a take, never deadlock), then keeps every
/// lease of `node` alive until `expires_at`. Returns the keys whose lease the node no longer
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
/// key order, each balance locked first (the lock order above). Returns the bytes settled.
/// Run it in a write transaction of its own: a node's `flush` holds balances in an order of its
/// own.
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
