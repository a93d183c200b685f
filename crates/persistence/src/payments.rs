//! Top-up payments: a pending row is written before the invoice is created, the provider's
//! reports move its status, and `mark_credited` lets exactly one report credit the wallet.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::payment_events;
use crate::schema::payments;
use diesel::prelude::*;
use domain::{Cents, PaymentStatus, UserId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = payments)]
pub struct PaymentRow {
    pub id: String,
    pub user_id: UserId,
    pub amount_cents: Cents,
    pub currency: String,
    pub provider: String,
    pub provider_uuid: Option<String>,
    pub status: PaymentStatus,
    pub pay_url: Option<String>,
    pub raw_callback: Option<String>,
    pub expires_at: Option<i64>,
    pub credited_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn insert_pending(
    conn: &mut DbConnection,
    id: &str,
    user_id: UserId,
    amount_cents: Cents,
    currency: &str,
    provider: &str,
) -> DbResult<()> {
    let t = now();
    diesel::insert_into(payments::table)
        .values((
            payments::id.eq(id),
            payments::user_id.eq(user_id),
            payments::amount_cents.eq(amount_cents),
            payments::currency.eq(currency),
            payments::provider.eq(provider),
            payments::status.eq(PaymentStatus::Pending),
            payments::created_at.eq(t),
            payments::updated_at.eq(t),
        ))
        .execute(conn)?;
    payment_events::record(conn, id, PaymentStatus::Pending)
}

pub fn find(conn: &mut DbConnection, id: &str) -> DbResult<Option<PaymentRow>> {
    Ok(payments::table
        .find(id)
        .select(PaymentRow::as_select())
        .first(conn)
        .optional()?)
}

pub fn find_for_user(
    conn: &mut DbConnection,
    id: &str,
    user_id: UserId,
) -> DbResult<Option<PaymentRow>> {
    Ok(payments::table
        .find(id)
        .filter(payments::user_id.eq(user_id))
        .select(PaymentRow::as_select())
        .first(conn)
        .optional()?)
}

/// Stores what the provider answered when the invoice was created.
pub fn set_invoice(
    conn: &mut DbConnection,
    id: &str,
    provider_uuid: Option<&str>,
    pay_url: &str,
    expires_at: Option<i64>,
) -> DbResult<()> {
    diesel::update(payments::table.find(id))
        .set((
            payments::provider_uuid.eq(provider_uuid),
            payments::pay_url.eq(pay_url),
            payments::expires_at.eq(expires_at),
            payments::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Moves the payment to `paid`/`paid_over` and marks it credited, only if it never was:
/// true for exactly one caller however many reports arrive, concurrently or not.
pub fn mark_credited(
    conn: &mut DbConnection,
    id: &str,
    status: PaymentStatus,
    raw: &str,
) -> DbResult<bool> {
    let t = now();
    let n = diesel::update(
        payments::table
            .find(id)
            .filter(payments::credited_at.is_null()),
    )
    .set((
        payments::status.eq(status),
        payments::raw_callback.eq(raw),
        payments::credited_at.eq(t),
        payments::updated_at.eq(t),
    ))
    .execute(conn)?;
    if n == 1 {
        payment_events::record(conn, id, status)?;
    }
    Ok(n == 1)
}

/// Records a status that does not credit (waiting, cancelled, failed, underpaid). A payment
/// already credited, or closed, keeps its status: a late or out-of-order report cannot undo it
/// (a credit still can, through `mark_credited`: money that arrives is never ignored).
/// A status different from the one stored is added to the payment's history.
pub fn record_status(
    conn: &mut DbConnection,
    id: &str,
    status: PaymentStatus,
    raw: Option<&str>,
) -> DbResult<bool> {
    let previous: Option<PaymentStatus> = payments::table
        .find(id)
        .select(payments::status)
        .first(conn)
        .optional()?;
    let open = payments::table
        .find(id)
        .filter(payments::credited_at.is_null())
        .filter(payments::status.ne_all(PaymentStatus::CLOSED));
    let n = diesel::update(open)
        .set((
            payments::status.eq(status),
            payments::raw_callback.eq(raw),
            payments::updated_at.eq(now()),
        ))
        .execute(conn)?;
    if n == 1 && previous != Some(status) {
        payment_events::record(conn, id, status)?;
    }
    Ok(n == 1)
}

/// A user's most recent payments.
pub fn recent_for_user(
    conn: &mut DbConnection,
    user_id: UserId,
    limit: i64,
) -> DbResult<Vec<PaymentRow>> {
    Ok(payments::table
        .filter(payments::user_id.eq(user_id))
        .order((payments::created_at.desc(), payments::id.desc()))
        .limit(limit)
        .select(PaymentRow::as_select())
        .load(conn)?)
}

/// Payments still pending after their invoice expired (to reconcile with the provider).
pub fn pending_expired(conn: &mut DbConnection, now: i64) -> DbResult<Vec<PaymentRow>> {
    Ok(payments::table
        .filter(payments::credited_at.is_null())
        .filter(payments::status.ne_all(PaymentStatus::CLOSED))
        .filter(payments::expires_at.le(now))
        .select(PaymentRow::as_select())
        .load(conn)?)
}
