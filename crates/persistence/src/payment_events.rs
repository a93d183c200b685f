//! The status history of each payment: one row per status a payment moved to, written by
//! `payments` in the transaction that moves it, so the operator sees how a payment got where it
//! is.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::payment_events;
use diesel::prelude::*;
use domain::PaymentStatus;

/// Records that payment `id` moved to `status` (call in the transaction that moves it).
pub fn record(conn: &mut DbConnection, id: &str, status: PaymentStatus) -> DbResult<()> {
    diesel::insert_into(payment_events::table)
        .values((
            payment_events::payment_id.eq(id),
            payment_events::status.eq(status.as_str()),
            payment_events::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// The statuses of payment `id` in the order it went through them, each with its time.
pub fn history(conn: &mut DbConnection, id: &str) -> DbResult<Vec<(String, i64)>> {
    Ok(payment_events::table
        .filter(payment_events::payment_id.eq(id))
        .order(payment_events::id.asc())
        .select((payment_events::status, payment_events::created_at))
        .load(conn)?)
}
