//! Connection slots leased by the gateway nodes, the way traffic is (`gateway_leases`): a cap
//! on a customer's live connections holds across the fleet because a node serves a connection
//! only on a slot it holds in a row of its own here, and `take` never lets the unexpired rows
//! of a customer's limit add up past the cap. A node takes slots in blocks and uses them
//! without the database; each flush gives back the ones it no longer uses and renews the rest
//! (`flush`); the rows of a node that stopped renewing them stop counting at their expiry and
//! are deleted by any node (`release_expired`).
//!
//! A row is (limit, customer, node) → slots: the limit names which cap the slots count against
//! (`CUSTOMER`: the per-customer connection cap), so another cap on a customer's connections
//! across the fleet is the same rows under another name, with its own cap value passed to
//! `take`.
//!
//! Lock order (PostgreSQL): `take` locks the customer's `users` row (FOR NO KEY UPDATE, which
//! foreign-key checks of other tables do not wait for) before it reads and writes the slot
//! rows, so two takes for one customer run one after the other and the second sees the first's
//! row. `flush` and `release_expired` write slot rows only, never that lock: no circle. SQLite
//! needs none of it (a write transaction holds the whole database).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::gateway_slot_leases as slot_leases;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

/// The per-customer connection cap (`PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER`, the
/// trial's for a customer on a free trial).
pub const CUSTOMER: &str = "customer";

/// Which slots: those of `user_id` counted against the cap `limit` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SlotKey {
    pub limit: &'static str,
    pub user_id: UserId,
}

impl SlotKey {
    /// The customer's slots under the per-customer cap.
    pub fn customer(user_id: UserId) -> SlotKey {
        SlotKey {
            limit: CUSTOMER,
            user_id,
        }
    }

    /// The customer's slots of `kind` under their plan's connection limit
    /// (`plan_limits::for_customer`).
    pub fn plan(user_id: UserId, kind: ProxyKind) -> SlotKey {
        let limit = match kind {
            ProxyKind::Premium => "plan_premium",
            ProxyKind::Budget => "plan_budget",
            ProxyKind::Static => "plan_static",
            ProxyKind::Lte => "plan_lte",
            ProxyKind::Ipv4 => "plan_ipv4",
            ProxyKind::Ipv6 => "plan_ipv6",
        };
        SlotKey { limit, user_id }
    }

    /// Whether these are slots under a plan's limit.
    pub fn is_plan(&self) -> bool {
        self.limit.starts_with("plan_")
    }
}

/// Slots of `key` held by all nodes in rows unexpired at `at`.
pub fn in_use(conn: &mut DbConnection, key: SlotKey, at: i64) -> DbResult<i64> {
    Ok(slot_leases::table
        .filter(slot_leases::limit_name.eq(key.limit))
        .filter(slot_leases::user_id.eq(key.user_id))
        .filter(slot_leases::expires_at.ge(at))
        .select(slot_leases::slots)
        .load::<i64>(conn)?
        .into_iter()
        .sum())
}

/// Slots of `key` the row of `node` holds (0 without one).
pub fn held(conn: &mut DbConnection, node: &str, key: SlotKey) -> DbResult<i64> {
    Ok(slot_leases::table
        .find((key.limit, key.user_id, node))
        .select(slot_leases::slots)
        .first::<i64>(conn)
        .optional()?
        .unwrap_or(0))
}

/// Adds slots of `key` to the row of `node` (renewed until `expires_at`): `size(headroom)`
/// of them, where the headroom is `cap` less what all nodes hold in rows unexpired at `at`,
/// and never more than the headroom. Returns how many (0: the cap is reached across the
/// fleet). Run it in a write transaction.
pub fn take(
    conn: &mut DbConnection,
    node: &str,
    key: SlotKey,
    cap: i64,
    size: &dyn Fn(i64) -> i64,
    at: i64,
    expires_at: i64,
) -> DbResult<i64> {
    crate::users::lock_row(conn, key.user_id)?;
    let headroom = cap - in_use(conn, key, at)?;
    let grant = size(headroom).min(headroom);
    if grant <= 0 {
        return Ok(0);
    }
    let row = (key.limit, key.user_id, node);
    update_or_insert(
        conn,
        |c| {
            diesel::update(slot_leases::table.find(row))
                .set((
                    slot_leases::slots.eq(slot_leases::slots + grant),
                    slot_leases::expires_at.eq(expires_at),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(slot_leases::table)
                .values((
                    slot_leases::limit_name.eq(key.limit),
                    slot_leases::user_id.eq(key.user_id),
                    slot_leases::node_id.eq(node),
                    slot_leases::slots.eq(grant),
                    slot_leases::expires_at.eq(expires_at),
                ))
                .execute(c)
        },
    )?;
    Ok(grant)
}

/// What a node's flush does to one of its rows: gives back `returned` slots and renews the
/// rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotReturn {
    pub key: SlotKey,
    pub returned: i64,
}

/// A node's flush: gives back what each of `returns` names and renews the row until
/// `expires_at` (a row left with no slot is deleted), in key order. Returns the keys whose row
/// the node no longer holds (it expired and was deleted). Run it in a write transaction.
pub fn flush(
    conn: &mut DbConnection,
    node: &str,
    returns: &[SlotReturn],
    expires_at: i64,
) -> DbResult<Vec<SlotKey>> {
    let mut ordered: Vec<&SlotReturn> = returns.iter().collect();
    ordered.sort_unstable_by_key(|r| r.key);
    let mut lost = Vec::new();
    for r in ordered {
        let row = (r.key.limit, r.key.user_id, node);
        let changed = diesel::update(
            slot_leases::table
                .find(row)
                .filter(slot_leases::slots.ge(r.returned)),
        )
        .set((
            slot_leases::slots.eq(slot_leases::slots - r.returned),
            slot_leases::expires_at.eq(expires_at),
        ))
        .execute(conn)?;
        if changed == 0 {
            lost.push(r.key);
            continue;
        }
        diesel::delete(
            slot_leases::table
                .find(row)
                .filter(slot_leases::slots.eq(0)),
        )
        .execute(conn)?;
    }
    Ok(lost)
}

/// Deletes every row that expired before `at` (its node stopped); returns how many slots they
/// held. Two nodes doing it at once delete each row once.
pub fn release_expired(conn: &mut DbConnection, at: i64) -> DbResult<i64> {
    Ok(
        diesel::delete(slot_leases::table.filter(slot_leases::expires_at.lt(at)))
            .returning(slot_leases::slots)
            .load::<i64>(conn)?
            .into_iter()
            .sum(),
    )
}
