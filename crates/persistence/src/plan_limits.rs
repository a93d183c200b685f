//! Limits the operator sets on a plan (`plan_limits`: live connections, requests per second and
//! bandwidth of the plan's kind, across the gateway fleet), and the ones a customer holds: those of
//! the plan of their latest purchase of a kind that named a plan (a custom amount bought at a
//! plan's price names it too). Read by the gateway per customer and kind (`for_customer`), by
//! the plan screens, and written in the transaction of the plan's edit.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::gateway_events::Reason;
use crate::schema::{plan_limits, traffic_purchases};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::{PlanId, ProxyKind, UserId};
use std::collections::HashMap;

/// A plan's limits; None: no limit of the plan's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlanLimits {
    /// The most live connections of the plan's kind a customer on the plan may hold across the
    /// gateway fleet.
    pub max_connections: Option<i32>,
    /// The most requests (connections opened) of the plan's kind per second a customer on the
    /// plan may make across the fleet.
    pub max_requests_per_second: Option<i32>,
    /// The most megabits per second the customer's connections of the plan's kind move
    /// together (both directions), across the fleet.
    pub bandwidth_mbps: Option<i32>,
}

impl PlanLimits {
    /// No limit at all (the plan needs no row).
    pub fn is_empty(&self) -> bool {
        self.max_connections.is_none()
            && self.max_requests_per_second.is_none()
            && self.bandwidth_mbps.is_none()
    }
}

/// A form's change of a plan's limits: each `Some` replaces that limit (`Some(None)` removes
/// it), each `None` leaves it as it is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LimitsChange {
    pub max_connections: Option<Option<i32>>,
    pub max_requests_per_second: Option<Option<i32>>,
    pub bandwidth_mbps: Option<Option<i32>>,
}

impl LimitsChange {
    /// Whether the form names any limit.
    pub fn is_empty(&self) -> bool {
        self.max_connections.is_none()
            && self.max_requests_per_second.is_none()
            && self.bandwidth_mbps.is_none()
    }

    /// `limits` with this change applied.
    pub fn apply(&self, limits: PlanLimits) -> PlanLimits {
        PlanLimits {
            max_connections: self.max_connections.unwrap_or(limits.max_connections),
            max_requests_per_second: self
                .max_requests_per_second
                .unwrap_or(limits.max_requests_per_second),
            bandwidth_mbps: self.bandwidth_mbps.unwrap_or(limits.bandwidth_mbps),
        }
    }
}

type Row = (PlanId, Option<i32>, Option<i32>, Option<i32>);

fn limits((_, max_connections, max_requests_per_second, bandwidth_mbps): Row) -> PlanLimits {
    PlanLimits {
        max_connections,
        max_requests_per_second,
        bandwidth_mbps,
    }
}

const COLUMNS: (
    plan_limits::plan_id,
    plan_limits::max_connections,
    plan_limits::max_requests_per_second,
    plan_limits::bandwidth_mbps,
) = (
    plan_limits::plan_id,
    plan_limits::max_connections,
    plan_limits::max_requests_per_second,
    plan_limits::bandwidth_mbps,
);

/// The plan's limits (empty without a row).
pub fn get(conn: &mut DbConnection, plan: PlanId) -> DbResult<PlanLimits> {
    Ok(plan_limits::table
        .find(plan)
        .select(COLUMNS)
        .first::<Row>(conn)
        .optional()?
        .map(limits)
        .unwrap_or_default())
}

/// Every plan's limits, for the catalogue's lists (plans without any are absent).
pub fn all(conn: &mut DbConnection) -> DbResult<HashMap<PlanId, PlanLimits>> {
    Ok(plan_limits::table
        .select(COLUMNS)
        .load::<Row>(conn)?
        .into_iter()
        .map(|row| (row.0, limits(row)))
        .collect())
}

/// Sets the plan's limits (empty ones remove its row); run it in the edit's transaction. The
/// gateway nodes are told in the same transaction (they forget the limits they hold, within the
/// change-event delay); a customer's purchase of another plan takes effect as the nodes' cache
/// of it expires (5 seconds).
pub fn set(conn: &mut DbConnection, plan: PlanId, limits: PlanLimits) -> DbResult<()> {
    crate::gateway_events::emit(conn, Reason::CredentialChanged, None, None)?;
    if limits.is_empty() {
        diesel::delete(plan_limits::table.find(plan)).execute(conn)?;
        return Ok(());
    }
    let values = (
        plan_limits::max_connections.eq(limits.max_connections),
        plan_limits::max_requests_per_second.eq(limits.max_requests_per_second),
        plan_limits::bandwidth_mbps.eq(limits.bandwidth_mbps),
    );
    update_or_insert(
        conn,
        |c| {
            diesel::update(plan_limits::table.find(plan))
                .set(values)
                .execute(c)
        },
        |c| {
            diesel::insert_into(plan_limits::table)
                .values((plan_limits::plan_id.eq(plan), values))
                .execute(c)
        },
    )?;
    Ok(())
}

/// The limits `user` holds for `kind`: those of the plan of their latest purchase of the kind
/// that named a plan; None when that plan (or no plan) has none.
pub fn for_customer(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
) -> DbResult<Option<PlanLimits>> {
    let plan: Option<Option<PlanId>> = traffic_purchases::table
        .filter(traffic_purchases::user_id.eq(user))
        .filter(traffic_purchases::kind.eq(kind))
        .filter(traffic_purchases::plan_id.is_not_null())
        .order(traffic_purchases::id.desc())
        .select(traffic_purchases::plan_id)
        .first(conn)
        .optional()?;
    match plan.flatten() {
        Some(plan) => Ok(Some(get(conn, plan)?).filter(|limits| !limits.is_empty())),
        None => Ok(None),
    }
}

/// The gateway's key of a customer's kind in its row cache: `<user id>:<kind>`.
pub fn gateway_key(user: UserId, kind: ProxyKind) -> String {
    format!("{}:{}", user.get(), kind.as_str())
}

/// `for_customer` by the gateway's key (`gateway_key`); a key of no shape is no limit.
pub fn for_gateway(conn: &mut DbConnection, key: &str) -> DbResult<Option<PlanLimits>> {
    let parsed = key
        .split_once(':')
        .and_then(|(user, kind)| Some((user.parse::<i64>().ok()?, ProxyKind::parse(kind)?)));
    match parsed {
        Some((user, kind)) => for_customer(conn, UserId::new(user), kind),
        None => Ok(None),
    }
}
