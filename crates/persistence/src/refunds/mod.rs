//! Refunds (docs/refunds.md): the facts the rules read (the latest traffic purchase of a kind,
//! what was used since and what is left), the claim that makes a purchase or a piece refunded
//! once (the unique `purchase_id` / `piece_id`, whichever instance inserts first), the taking
//! back of the traffic and the operator's list; `pieces.rs` what a piece's refund reads and
//! does, `refusals.rs` the operator's refusal window. Run the writes in
//! the refund's transaction, beside its ledger row.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::now;
use crate::schema::{refunds, traffic_balances, traffic_purchases, users};
use crate::traffic_purchases::Source;
use diesel::prelude::*;
use domain::{Cents, ProxyKind, UserId};

pub mod pieces;
pub mod refusals;

/// The latest purchase of a kind, as the refund rules read it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = traffic_purchases)]
pub struct PurchaseRow {
    pub id: i64,
    pub bytes: i64,
    pub price_cents: Cents,
    pub created_at: i64,
    /// The kind's used bytes right after it was added; None for purchases older than refunds.
    pub used_before: Option<i64>,
}

/// The customer's latest purchase (not a grant) of `kind`.
pub fn latest_purchase(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
) -> DbResult<Option<PurchaseRow>> {
    Ok(traffic_purchases::table
        .filter(traffic_purchases::user_id.eq(user_id))
        .filter(traffic_purchases::kind.eq(kind.as_str()))
        .filter(traffic_purchases::source.eq(Source::Purchase.as_str()))
        .filter(traffic_purchases::bytes.gt(0))
        .order(traffic_purchases::id.desc())
        .select(PurchaseRow::as_select())
        .first(conn)
        .optional()?)
}

/// Whether purchase `id` was refunded.
pub fn purchase_refunded(conn: &mut DbConnection, id: i64) -> DbResult<bool> {
    Ok(diesel::select(diesel::dsl::exists(
        refunds::table.filter(refunds::purchase_id.eq(id)),
    ))
    .get_result(conn)?)
}

/// Whether piece `id` was refunded.
pub fn piece_refunded(conn: &mut DbConnection, id: i64) -> DbResult<bool> {
    Ok(diesel::select(diesel::dsl::exists(
        refunds::table.filter(refunds::piece_id.eq(id)),
    ))
    .get_result(conn)?)
}

/// (used bytes, unused bytes that may be taken away) of the kind now: the unexpired purchased
/// bytes less the used and those leased to gateway nodes, which stay theirs to meter.
pub fn usage_now(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
) -> DbResult<(i64, i64)> {
    let row: Option<(i64, i64, i64, Option<i64>)> = traffic_balances::table
        .find((user_id, kind))
        .select((
            traffic_balances::purchased_bytes,
            traffic_balances::used_bytes,
            traffic_balances::leased_bytes,
            traffic_balances::expires_at,
        ))
        .first(conn)
        .optional()?;
    Ok(match row {
        Some((purchased, used, leased, expires)) => {
            let live = expires.is_none_or(|end| end > now());
            let left = if live { purchased - used - leased } else { 0 };
            (used, left.max(0))
        }
        None => (0, 0),
    })
}

/// What one refund gives back.
#[derive(Debug, Clone, Copy)]
pub struct NewRefund {
    pub user_id: UserId,
    pub kind: ProxyKind,
    /// The purchase or the piece refunded: exactly one.
    pub purchase_id: Option<i64>,
    pub piece_id: Option<i64>,
    pub bytes: i64,
    pub amount: Cents,
}

/// Claims the refund: `Some(id)` when this call is the first for its purchase or piece,
/// `None` when it was refunded before (or concurrently, by another instance). On `None` the
/// caller's transaction must roll back without another statement (PostgreSQL aborted it).
pub fn claim(conn: &mut DbConnection, refund: &NewRefund) -> DbResult<Option<i64>> {
    let inserted = diesel::insert_into(refunds::table)
        .values((
            refunds::user_id.eq(refund.user_id),
            refunds::kind.eq(refund.kind.as_str()),
            refunds::purchase_id.eq(refund.purchase_id),
            refunds::piece_id.eq(refund.piece_id),
            refunds::bytes.eq(refund.bytes),
            refunds::amount_cents.eq(refund.amount),
            refunds::created_at.eq(now()),
        ))
        .returning(refunds::id)
        .get_result::<i64>(conn);
    match inserted.map_err(DbError::from) {
        Ok(id) => Ok(Some(id)),
        Err(DbError::UniqueViolation(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Takes `bytes` (> 0) of unused traffic of `kind` away, never below the used and leased bytes
/// nor from expired traffic: one conditional UPDATE, `false` (nothing written) when it does not
/// hold any more (the gateway settled usage meanwhile).
pub fn take_back(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    bytes: i64,
) -> DbResult<bool> {
    let t = now();
    let changed = diesel::update(
        traffic_balances::table
            .find((user_id, kind))
            .filter(
                traffic_balances::expires_at
                    .is_null()
                    .or(traffic_balances::expires_at.gt(t)),
            )
            .filter(
                (traffic_balances::purchased_bytes - bytes)
                    .ge(traffic_balances::used_bytes + traffic_balances::leased_bytes),
            ),
    )
    .set((
        traffic_balances::purchased_bytes.eq(traffic_balances::purchased_bytes - bytes),
        traffic_balances::updated_at.eq(t),
    ))
    .execute(conn)?;
    Ok(changed == 1)
}

/// One refund in the operator's list.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct RefundListRow {
    pub id: i64,
    pub user_id: UserId,
    pub email: String,
    pub kind: String,
    pub purchase_id: Option<i64>,
    pub piece_id: Option<i64>,
    pub bytes: i64,
    pub amount_cents: Cents,
    pub created_at: i64,
}

/// One page of every refund, newest first, and how many there are; only `user`'s with one.
pub fn list(
    conn: &mut DbConnection,
    user: Option<UserId>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<RefundListRow>, i64)> {
    let mut page = refunds::table
        .inner_join(users::table)
        .select((
            refunds::id,
            refunds::user_id,
            users::email,
            refunds::kind,
            refunds::purchase_id,
            refunds::piece_id,
            refunds::bytes,
            refunds::amount_cents,
            refunds::created_at,
        ))
        .order(refunds::id.desc())
        .limit(limit)
        .offset(offset)
        .into_boxed();
    let mut total = refunds::table.count().into_boxed();
    if let Some(user) = user {
        page = page.filter(refunds::user_id.eq(user));
        total = total.filter(refunds::user_id.eq(user));
    }
    Ok((page.load(conn)?, total.get_result(conn)?))
}
