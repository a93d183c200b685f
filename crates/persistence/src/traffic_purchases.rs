//! The record of every change of purchased traffic: a customer's purchase (its plan and price)
//! or an operator's grant or removal. `traffic_balances` holds the totals; this table says when
//! and why they moved, for the operator's sales figures and the customer's detail page.
//! Write a row in the same transaction as the balance change it records.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::traffic_purchases;
use diesel::prelude::*;
use domain::{Cents, PlanId, ProxyKind, UserId};

/// Why purchased traffic changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A customer bought a plan: `bytes` > 0, `price` what they paid.
    Purchase,
    /// An operator granted (`bytes` > 0) or removed (`bytes` < 0) traffic; price 0.
    Admin,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Purchase => "purchase",
            Source::Admin => "admin",
        }
    }
}

#[derive(Debug, Clone)]
pub struct NewTrafficPurchase {
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub plan_id: Option<PlanId>,
    pub bytes: i64,
    pub price: Cents,
    pub source: Source,
}

pub fn record(conn: &mut DbConnection, row: &NewTrafficPurchase) -> DbResult<i64> {
    Ok(diesel::insert_into(traffic_purchases::table)
        .values((
            traffic_purchases::user_id.eq(row.user_id),
            traffic_purchases::kind.eq(row.kind.as_str()),
            traffic_purchases::plan_id.eq(row.plan_id),
            traffic_purchases::bytes.eq(row.bytes),
            traffic_purchases::price_cents.eq(row.price),
            traffic_purchases::source.eq(row.source.as_str()),
            traffic_purchases::created_at.eq(now()),
        ))
        .returning(traffic_purchases::id)
        .get_result(conn)?)
}

/// Notes the kind's used bytes right after purchase `id` was added (in its transaction).
pub fn set_used_before(conn: &mut DbConnection, id: i64, used: i64) -> DbResult<()> {
    diesel::update(traffic_purchases::table.find(id))
        .set(traffic_purchases::used_before.eq(used))
        .execute(conn)?;
    Ok(())
}

/// How many times the plan `plan_id` was bought as traffic.
pub fn times_sold(conn: &mut DbConnection, plan_id: PlanId) -> DbResult<i64> {
    Ok(traffic_purchases::table
        .filter(traffic_purchases::plan_id.eq(plan_id))
        .filter(traffic_purchases::source.eq(Source::Purchase.as_str()))
        .count()
        .get_result(conn)?)
}
