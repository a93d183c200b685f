//! Alerts: each customer's thresholds and channels (`alert_settings`, defaults without a row),
//! and the marks that make each threshold fire once per crossing (`alert_marks`). A mark is
//! inserted in the transaction that records the alert; its primary key lets exactly one of
//! several instances insert it. A mark whose figure has moved back is deleted (re-armed).

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::schema::{alert_marks, alert_settings, piece_proxies, traffic_balances, users};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;

/// The defaults (largest first, as saved lists are): traffic at 95 % and 80 %, expiry 3 days and 1 day ahead, no balance alert,
/// email on, no webhook, no daily report.
pub const DEFAULT_TRAFFIC_PERCENT: [i64; 2] = [95, 80];
pub const DEFAULT_EXPIRY_DAYS: [i64; 2] = [3, 1];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlertSettings {
    pub traffic_percent: Vec<i64>,
    pub expiry_days: Vec<i64>,
    pub balance_below_cents: Option<i64>,
    pub email: bool,
    pub webhook_url: Option<String>,
    /// Sealed (the API seals and opens it).
    pub webhook_secret: Option<String>,
    /// Alert when a traffic kind runs out within this many days at the recent pace
    /// (`domain::forecast`); `None`: off (the default).
    pub runs_out_within_days: Option<i64>,
    /// The daily usage report (`crate::daily_reports`): off by default.
    pub daily_report: bool,
}

impl Default for AlertSettings {
    fn default() -> Self {
        AlertSettings {
            traffic_percent: DEFAULT_TRAFFIC_PERCENT.to_vec(),
            expiry_days: DEFAULT_EXPIRY_DAYS.to_vec(),
            balance_below_cents: None,
            email: true,
            webhook_url: None,
            webhook_secret: None,
            runs_out_within_days: None,
            daily_report: false,
        }
    }
}

type SettingsColumns = (
    String,
    String,
    Option<i64>,
    bool,
    Option<String>,
    Option<String>,
    Option<i64>,
    bool,
);

fn list(text: &str) -> Vec<i64> {
    serde_json::from_str(text).unwrap_or_default()
}

fn encode(values: &[i64]) -> String {
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(","))
}

fn from_columns(c: SettingsColumns) -> AlertSettings {
    AlertSettings {
        traffic_percent: list(&c.0),
        expiry_days: list(&c.1),
        balance_below_cents: c.2,
        email: c.3,
        webhook_url: c.4,
        webhook_secret: c.5,
        runs_out_within_days: c.6,
        daily_report: c.7,
    }
}

const COLUMNS: (
    alert_settings::traffic_percent,
    alert_settings::expiry_days,
    alert_settings::balance_below_cents,
    alert_settings::email,
    alert_settings::webhook_url,
    alert_settings::webhook_secret,
    alert_settings::runs_out_within_days,
    alert_settings::daily_report,
) = (
    alert_settings::traffic_percent,
    alert_settings::expiry_days,
    alert_settings::balance_below_cents,
    alert_settings::email,
    alert_settings::webhook_url,
    alert_settings::webhook_secret,
    alert_settings::runs_out_within_days,
    alert_settings::daily_report,
);

/// `user`'s settings, or the defaults.
pub fn settings(conn: &mut DbConnection, user: UserId) -> DbResult<AlertSettings> {
    let row: Option<SettingsColumns> = alert_settings::table
        .find(user.get())
        .select(COLUMNS)
        .first(conn)
        .optional()?;
    Ok(row.map(from_columns).unwrap_or_default())
}

/// Stores `user`'s settings whole.
pub fn save(conn: &mut DbConnection, user: UserId, s: &AlertSettings, now: i64) -> DbResult<()> {
    let (traffic, expiry) = (encode(&s.traffic_percent), encode(&s.expiry_days));
    let values = (
        alert_settings::traffic_percent.eq(&traffic),
        alert_settings::expiry_days.eq(&expiry),
        alert_settings::balance_below_cents.eq(s.balance_below_cents),
        alert_settings::email.eq(s.email),
        alert_settings::webhook_url.eq(&s.webhook_url),
        alert_settings::webhook_secret.eq(&s.webhook_secret),
        alert_settings::runs_out_within_days.eq(s.runs_out_within_days),
        alert_settings::daily_report.eq(s.daily_report),
        alert_settings::updated_at.eq(now),
    );
    update_or_insert(
        conn,
        |c| {
            diesel::update(alert_settings::table.find(user.get()))
                .set(values)
                .execute(c)
        },
        |c| {
            diesel::insert_into(alert_settings::table)
                .values((alert_settings::user_id.eq(user.get()), values))
                .execute(c)
        },
    )?;
    Ok(())
}

/// Every customer's settings that differ from the defaults, by customer id.
pub fn all_settings(conn: &mut DbConnection) -> DbResult<Vec<(i64, AlertSettings)>> {
    let rows: Vec<(i64, SettingsColumns)> = alert_settings::table
        .select((alert_settings::user_id, COLUMNS))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, c)| (id, from_columns(c)))
        .collect())
}

/// Inserts the mark of (`user`, `subject`, `threshold`): true when this call fired it, false
/// when it was already there (fired before, or by another instance just now).
pub fn fire(
    conn: &mut DbConnection,
    user: UserId,
    subject: &str,
    threshold: i64,
    now: i64,
) -> DbResult<bool> {
    let inserted = conn
        .transaction(|c| {
            diesel::insert_into(alert_marks::table)
                .values((
                    alert_marks::user_id.eq(user.get()),
                    alert_marks::subject.eq(subject),
                    alert_marks::threshold.eq(threshold),
                    alert_marks::fired_at.eq(now),
                ))
                .execute(c)
        })
        .map_err(DbError::from);
    match inserted {
        Ok(_) => Ok(true),
        Err(DbError::UniqueViolation(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Deletes the mark of (`user`, `subject`, `threshold`): the threshold may fire again.
pub fn rearm(conn: &mut DbConnection, user: UserId, subject: &str, threshold: i64) -> DbResult<()> {
    diesel::delete(alert_marks::table.find((user.get(), subject, threshold))).execute(conn)?;
    Ok(())
}

/// A traffic balance: (customer, kind, purchased, used, expires_at, valid_from).
pub type TrafficFigures = (i64, String, i64, i64, Option<i64>, Option<i64>);
/// A live piece: (customer, piece id, kind, host, expires_at).
pub type PieceFigures = (i64, i64, String, String, i64);

/// Every customer's traffic balances with bytes bought.
pub fn traffic_figures(conn: &mut DbConnection) -> DbResult<Vec<TrafficFigures>> {
    Ok(traffic_balances::table
        .filter(traffic_balances::purchased_bytes.gt(0))
        .select((
            traffic_balances::user_id,
            traffic_balances::kind,
            traffic_balances::purchased_bytes,
            traffic_balances::used_bytes,
            traffic_balances::expires_at,
            traffic_balances::valid_from,
        ))
        .load(conn)?)
}

/// Live pieces (not released, not expired at `now`).
pub fn live_pieces(conn: &mut DbConnection, now: i64) -> DbResult<Vec<PieceFigures>> {
    Ok(piece_proxies::table
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::expires_at.gt(now))
        .select((
            piece_proxies::user_id,
            piece_proxies::id,
            piece_proxies::kind,
            piece_proxies::host,
            piece_proxies::expires_at,
        ))
        .load(conn)?)
}

/// The wallet balances of the customers in `ids`: (customer, cents).
pub fn balances(conn: &mut DbConnection, ids: &[i64]) -> DbResult<Vec<(i64, i64)>> {
    Ok(users::table
        .filter(users::id.eq_any(ids))
        .select((users::id, users::balance_cents))
        .load(conn)?)
}

/// Every mark: (customer, subject, threshold).
pub fn all_marks(conn: &mut DbConnection) -> DbResult<Vec<(i64, String, i64)>> {
    Ok(alert_marks::table
        .select((
            alert_marks::user_id,
            alert_marks::subject,
            alert_marks::threshold,
        ))
        .load(conn)?)
}
