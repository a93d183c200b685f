//! The in-app notification centre: one row per thing a customer should know about (an alert, a
//! renewal done or failed, a payment credited, an order delivered), newest first. Written in the
//! transaction of what it reports, so a notification exists exactly when its event does; so is
//! its webhook delivery, when the customer has a webhook (`webhook_deliveries`).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::notifications;
use crate::webhook_deliveries;
use diesel::prelude::*;
use domain::UserId;

/// What a notification is about; its `kind` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A traffic, expiry or balance threshold was crossed.
    Alert,
    /// A piece was renewed (by hand or automatically), or traffic was topped up automatically.
    Renewed,
    /// An automatic renewal or top-up could not be paid or done.
    RenewalFailed,
    /// A top-up was credited to the wallet.
    PaymentCredited,
    /// Bought pieces were delivered.
    OrderDelivered,
    /// The abuse desk warned the customer about a report on their traffic.
    AbuseWarning,
    /// An incident or maintenance was opened on the status page, updated, or resolved
    /// (`incident.opened`, `incident.updated`, `incident.resolved`).
    IncidentOpened,
    IncidentUpdated,
    IncidentResolved,
    /// A month's SLA credit was added to the wallet.
    SlaCredit,
    /// The report of the previous UTC day's usage (opt-in, `crate::daily_reports`).
    DailyReport,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Alert => "alert",
            Kind::Renewed => "renewed",
            Kind::RenewalFailed => "renewal_failed",
            Kind::PaymentCredited => "payment_credited",
            Kind::OrderDelivered => "order_delivered",
            Kind::AbuseWarning => "abuse_warning",
            Kind::IncidentOpened => "incident.opened",
            Kind::IncidentUpdated => "incident.updated",
            Kind::IncidentResolved => "incident.resolved",
            Kind::SlaCredit => "sla_credit",
            Kind::DailyReport => "usage.daily_report",
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = notifications)]
pub struct NotificationRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub title: String,
    pub body: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

/// Adds a notification for `user`, and queues its webhook call when they have a webhook; its
/// id. Call it in the transaction of what it reports.
pub fn add(
    conn: &mut DbConnection,
    user: UserId,
    kind: Kind,
    title: &str,
    body: &str,
    now: i64,
) -> DbResult<i64> {
    add_with_data(conn, user, kind, title, body, None, now)
}

/// As [`add`], with figures for machines: the webhook's body carries `data` beside the
/// envelope every notification has (the notification centre shows the title and text only).
pub fn add_with_data(
    conn: &mut DbConnection,
    user: UserId,
    kind: Kind,
    title: &str,
    body: &str,
    data: Option<&serde_json::Value>,
    now: i64,
) -> DbResult<i64> {
    conn.transaction(|conn| {
        let id: i64 = diesel::insert_into(notifications::table)
            .values((
                notifications::user_id.eq(user.get()),
                notifications::kind.eq(kind.as_str()),
                notifications::title.eq(title),
                notifications::body.eq(body),
                notifications::created_at.eq(now),
            ))
            .returning(notifications::id)
            .get_result(conn)?;
        let mut payload = serde_json::json!({
            "id": id,
            "type": kind.as_str(),
            "title": title,
            "body": body,
            "createdAt": now,
        });
        if let (Some(data), Some(envelope)) = (data, payload.as_object_mut()) {
            envelope.insert("data".to_owned(), data.clone());
        }
        webhook_deliveries::enqueue(conn, user, id, &payload.to_string(), now)?;
        Ok(id)
    })
}

/// One page of `user`'s notifications, newest first, and how many there are in all.
pub fn page(
    conn: &mut DbConnection,
    user: UserId,
    offset: i64,
    limit: i64,
) -> DbResult<(Vec<NotificationRow>, i64)> {
    let rows = notifications::table
        .filter(notifications::user_id.eq(user.get()))
        .order(notifications::id.desc())
        .offset(offset)
        .limit(limit)
        .select(NotificationRow::as_select())
        .load(conn)?;
    let total = notifications::table
        .filter(notifications::user_id.eq(user.get()))
        .count()
        .get_result(conn)?;
    Ok((rows, total))
}

/// How many of `user`'s notifications are unread.
pub fn unread(conn: &mut DbConnection, user: UserId) -> DbResult<i64> {
    Ok(notifications::table
        .filter(notifications::user_id.eq(user.get()))
        .filter(notifications::read_at.is_null())
        .count()
        .get_result(conn)?)
}

/// Marks `user`'s notifications read: those of `ids`, or all of them when `ids` is None.
/// Another customer's ids are left alone.
pub fn mark_read(
    conn: &mut DbConnection,
    user: UserId,
    ids: Option<&[i64]>,
    now: i64,
) -> DbResult<usize> {
    let mine = notifications::table
        .filter(notifications::user_id.eq(user.get()))
        .filter(notifications::read_at.is_null());
    let updated = match ids {
        Some(ids) => diesel::update(mine.filter(notifications::id.eq_any(ids)))
            .set(notifications::read_at.eq(now))
            .execute(conn)?,
        None => diesel::update(mine)
            .set(notifications::read_at.eq(now))
            .execute(conn)?,
    };
    Ok(updated)
}

/// Marks the alert notification `id` as announcing `stated_at` about `subject` (an alert
/// subject such as `expiry:traffic:premium`), so that `outdated` finds it once that date moved.
pub fn state_date(conn: &mut DbConnection, id: i64, subject: &str, stated_at: i64) -> DbResult<()> {
    diesel::update(notifications::table.find(id))
        .set((
            notifications::subject.eq(subject),
            notifications::stated_at.eq(stated_at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Notifications that announce a date still ahead of `now`: (id, user, subject, stated date).
/// A date already past is history and is left alone.
pub fn dated_ahead(conn: &mut DbConnection, now: i64) -> DbResult<Vec<(i64, i64, String, i64)>> {
    let rows: Vec<(i64, i64, Option<String>, Option<i64>)> = notifications::table
        .filter(notifications::stated_at.gt(now))
        .select((
            notifications::id,
            notifications::user_id,
            notifications::subject,
            notifications::stated_at,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, user, subject, at)| Some((id, user, subject?, at?)))
        .collect())
}

/// Deletes the notifications `ids` (their date was made false); how many went.
pub fn delete(conn: &mut DbConnection, ids: &[i64]) -> DbResult<usize> {
    if ids.is_empty() {
        return Ok(0);
    }
    Ok(diesel::delete(notifications::table.filter(notifications::id.eq_any(ids))).execute(conn)?)
}
