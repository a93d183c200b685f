//! Webhook deliveries: one row per notification of a customer with a webhook URL, written in the
//! notification's transaction (`notifications::add`), so a delivery exists exactly when its
//! notification does. A sender claims a due row with one conditional UPDATE that moves
//! `next_at` past its attempt (`claim`), so two instances never make the same attempt; the
//! outcome is then written only by the claim's holder (`delivered`, `failed`).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{alert_settings, webhook_deliveries as wd};
use diesel::prelude::*;
use domain::UserId;

pub const PENDING: &str = "pending";
pub const DELIVERED: &str = "delivered";
pub const FAILED: &str = "failed";

/// The longest `last_error` kept.
const MAX_ERROR_LEN: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = wd)]
pub struct DeliveryRow {
    pub id: i64,
    pub user_id: i64,
    pub notification_id: i64,
    pub url: String,
    pub body: String,
    pub status: String,
    pub attempts: i32,
    pub next_at: Option<i64>,
    pub last_code: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub delivered_at: Option<i64>,
}

/// Queues the call that reports notification `notification_id` (its JSON `body`) to `user`'s
/// webhook, when they have one; due at once. Call it in the notification's transaction.
pub fn enqueue(
    conn: &mut DbConnection,
    user: UserId,
    notification_id: i64,
    body: &str,
    now: i64,
) -> DbResult<Option<i64>> {
    let url: Option<Option<String>> = alert_settings::table
        .find(user.get())
        .select(alert_settings::webhook_url)
        .first(conn)
        .optional()?;
    let Some(url) = url.flatten() else {
        return Ok(None);
    };
    let id = diesel::insert_into(wd::table)
        .values((
            wd::user_id.eq(user.get()),
            wd::notification_id.eq(notification_id),
            wd::url.eq(&url),
            wd::body.eq(body),
            wd::status.eq(PENDING),
            wd::attempts.eq(0),
            wd::next_at.eq(now),
            wd::created_at.eq(now),
        ))
        .returning(wd::id)
        .get_result(conn)?;
    Ok(Some(id))
}

/// Pending deliveries due at `now`, the longest waiting first, at most `limit`. Reading them
/// claims nothing: see `claim`.
pub fn due(conn: &mut DbConnection, now: i64, limit: i64) -> DbResult<Vec<DeliveryRow>> {
    Ok(wd::table
        .filter(wd::status.eq(PENDING))
        .filter(wd::next_at.le(now))
        .order((wd::next_at.asc(), wd::id.asc()))
        .limit(limit)
        .select(DeliveryRow::as_select())
        .load(conn)?)
}

/// Claims the attempt of `row` (as `due` read it) until `until`: true for exactly one of
/// several callers, since the update matches only while `next_at` is still what was read.
pub fn claim(conn: &mut DbConnection, row: &DeliveryRow, until: i64) -> DbResult<bool> {
    let Some(seen) = row.next_at else {
        return Ok(false);
    };
    let updated = diesel::update(
        wd::table
            .find(row.id)
            .filter(wd::status.eq(PENDING))
            .filter(wd::next_at.eq(seen)),
    )
    .set(wd::next_at.eq(until))
    .execute(conn)?;
    Ok(updated == 1)
}

/// The claim's holder records a 2xx answer. False when the claim was lost (it outlived its
/// lease and another sender took the attempt over).
pub fn delivered(
    conn: &mut DbConnection,
    id: i64,
    claimed_until: i64,
    code: i32,
    now: i64,
) -> DbResult<bool> {
    let updated = diesel::update(
        wd::table
            .find(id)
            .filter(wd::status.eq(PENDING))
            .filter(wd::next_at.eq(claimed_until)),
    )
    .set((
        wd::status.eq(DELIVERED),
        wd::attempts.eq(wd::attempts + 1),
        wd::next_at.eq(None::<i64>),
        wd::last_code.eq(code),
        wd::last_error.eq(None::<String>),
        wd::delivered_at.eq(now),
    ))
    .execute(conn)?;
    Ok(updated == 1)
}

/// The claim's holder records a failed attempt (`code`: the answer's status, if any; `error`:
/// a short reason free of secrets); `retry_at` None fails the delivery for good.
pub fn failed(
    conn: &mut DbConnection,
    id: i64,
    claimed_until: i64,
    code: Option<i32>,
    error: &str,
    retry_at: Option<i64>,
) -> DbResult<bool> {
    let error: String = error.chars().take(MAX_ERROR_LEN).collect();
    let status = if retry_at.is_some() { PENDING } else { FAILED };
    let updated = diesel::update(
        wd::table
            .find(id)
            .filter(wd::status.eq(PENDING))
            .filter(wd::next_at.eq(claimed_until)),
    )
    .set((
        wd::status.eq(status),
        wd::attempts.eq(wd::attempts + 1),
        wd::next_at.eq(retry_at),
        wd::last_code.eq(code),
        wd::last_error.eq(error),
    ))
    .execute(conn)?;
    Ok(updated == 1)
}

/// One page of `user`'s deliveries, newest first, and how many there are in all.
pub fn page(
    conn: &mut DbConnection,
    user: UserId,
    offset: i64,
    limit: i64,
) -> DbResult<(Vec<DeliveryRow>, i64)> {
    let rows = wd::table
        .filter(wd::user_id.eq(user.get()))
        .order(wd::id.desc())
        .offset(offset)
        .limit(limit)
        .select(DeliveryRow::as_select())
        .load(conn)?;
    let total = wd::table
        .filter(wd::user_id.eq(user.get()))
        .count()
        .get_result(conn)?;
    Ok((rows, total))
}
