//! The operator's refusal window: a customer's refunds refused until a time, with the reason
//! (e.g. abuse); one per customer, replaced by the next, written with its audit row.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::refund_refusals;
use diesel::prelude::*;
use domain::UserId;

/// An operator's refusal of a customer's refunds until `refused_until`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = refund_refusals)]
pub struct RefusalRow {
    pub user_id: UserId,
    pub refused_until: i64,
    pub reason: String,
    pub created_by: Option<i64>,
    pub created_at: i64,
}

/// The refusal of `user_id`'s refunds in force at `at`, if any.
pub fn refusal_at(
    conn: &mut DbConnection,
    user_id: UserId,
    at: i64,
) -> DbResult<Option<RefusalRow>> {
    Ok(refund_refusals::table
        .find(user_id)
        .filter(refund_refusals::refused_until.gt(at))
        .select(RefusalRow::as_select())
        .first(conn)
        .optional()?)
}

/// The refusal of `user_id`'s refunds as stored (in force or not).
pub fn refusal(conn: &mut DbConnection, user_id: UserId) -> DbResult<Option<RefusalRow>> {
    Ok(refund_refusals::table
        .find(user_id)
        .select(RefusalRow::as_select())
        .first(conn)
        .optional()?)
}

/// Refuses `user_id`'s refunds until `until` (replacing any refusal before); `until` at or
/// before now lifts it.
pub fn set_refusal(
    conn: &mut DbConnection,
    user_id: UserId,
    until: i64,
    reason: &str,
    by: UserId,
) -> DbResult<RefusalRow> {
    let t = now();
    crate::upsert::update_or_insert(
        conn,
        |c| {
            diesel::update(refund_refusals::table.find(user_id))
                .set((
                    refund_refusals::refused_until.eq(until),
                    refund_refusals::reason.eq(reason),
                    refund_refusals::created_by.eq(Some(by.get())),
                    refund_refusals::created_at.eq(t),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(refund_refusals::table)
                .values((
                    refund_refusals::user_id.eq(user_id),
                    refund_refusals::refused_until.eq(until),
                    refund_refusals::reason.eq(reason),
                    refund_refusals::created_by.eq(Some(by.get())),
                    refund_refusals::created_at.eq(t),
                ))
                .execute(c)
        },
    )?;
    Ok(refund_refusals::table
        .find(user_id)
        .select(RefusalRow::as_select())
        .first(conn)?)
}
