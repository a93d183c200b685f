//! Limits the operator sets on a plan (`plan_limits`), and the ones a customer holds: those of
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

/// The most live connections of the plan's kind a customer on the plan may hold across the
/// gateway fleet; None: no limit of the plan's own.
pub fn get(conn: &mut DbConnection, plan: PlanId) -> DbResult<Option<i32>> {
    Ok(plan_limits::table
        .find(plan)
        .select(plan_limits::max_connections)
        .first(conn)
        .optional()?)
}

/// Every plan's limit, for the catalogue's lists.
pub fn all(conn: &mut DbConnection) -> DbResult<HashMap<PlanId, i32>> {
    Ok(plan_limits::table
        .select((plan_limits::plan_id, plan_limits::max_connections))
        .load::<(PlanId, i32)>(conn)?
        .into_iter()
        .collect())
}

/// Sets the plan's limit (None removes it); run it in the edit's transaction. The gateway
/// nodes are told in the same transaction (they forget the limits they hold, within the
/// change-event delay); a customer's purchase of another plan takes effect as the nodes' cache
/// of it expires (5 seconds).
pub fn set(conn: &mut DbConnection, plan: PlanId, max_connections: Option<i32>) -> DbResult<()> {
    crate::gateway_events::emit(conn, Reason::CredentialChanged, None, None)?;
    match max_connections {
        None => {
            diesel::delete(plan_limits::table.find(plan)).execute(conn)?;
        }
        Some(max) => {
            update_or_insert(
                conn,
                |c| {
                    diesel::update(plan_limits::table.find(plan))
                        .set(plan_limits::max_connections.eq(max))
                        .execute(c)
                },
                |c| {
                    diesel::insert_into(plan_limits::table)
                        .values((
                            plan_limits::plan_id.eq(plan),
                            plan_limits::max_connections.eq(max),
                        ))
                        .execute(c)
                },
            )?;
        }
    }
    Ok(())
}

/// The connection limit `user` holds for `kind`: that of the plan of their latest purchase of
/// the kind that named a plan, if that plan has one.
pub fn for_customer(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
) -> DbResult<Option<i32>> {
    let plan: Option<Option<PlanId>> = traffic_purchases::table
        .filter(traffic_purchases::user_id.eq(user))
        .filter(traffic_purchases::kind.eq(kind))
        .filter(traffic_purchases::plan_id.is_not_null())
        .order(traffic_purchases::id.desc())
        .select(traffic_purchases::plan_id)
        .first(conn)
        .optional()?;
    match plan.flatten() {
        Some(plan) => get(conn, plan),
        None => Ok(None),
    }
}

/// The gateway's key of a customer's kind in its row cache: `<user id>:<kind>`.
pub fn gateway_key(user: UserId, kind: ProxyKind) -> String {
    format!("{}:{}", user.get(), kind.as_str())
}

/// `for_customer` by the gateway's key (`gateway_key`); a key of no shape is no limit.
pub fn for_gateway(conn: &mut DbConnection, key: &str) -> DbResult<Option<i32>> {
    let parsed = key
        .split_once(':')
        .and_then(|(user, kind)| Some((user.parse::<i64>().ok()?, ProxyKind::parse(kind)?)));
    match parsed {
        Some((user, kind)) => for_customer(conn, UserId::new(user), kind),
        None => Ok(None),
    }
}
