//! Traffic of the metered kinds (premium, budget): what a customer bought, what the gateway
//! measured, and the per-day usage the dashboard shows. The gateway is the one meter; it adds its
//! counts here in batches through `record_usage`.
//!
//! Writes go through [`update_or_insert`], so callers may run them from any number of
//! transactions at once.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::now;
use crate::schema::{proxy_settings, traffic_balances, usage_daily, users};
use crate::sums::sum_of;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

/// What the gateway needs to authenticate a proxy username.
/// `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq)]
pub struct ProxyUser {
    pub id: UserId,
    pub proxy_password: String,
    pub disabled: bool,
    /// The main credential's concurrent-connection cap (None: the per-customer limit only).
    pub max_connections: Option<i32>,
}

impl std::fmt::Debug for ProxyUser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProxyUser")
            .field("id", &self.id)
            .field("disabled", &self.disabled)
            .finish_non_exhaustive()
    }
}

/// One row of `traffic_balances`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Balance {
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub purchased_bytes: i64,
    pub used_bytes: i64,
    /// When the unused traffic expires; `None` = never.
    pub expires_at: Option<i64>,
    /// Bytes leased to gateway nodes and not yet settled (`gateway_leases`).
    pub leased_bytes: i64,
}

fn bump_balance(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    purchased: i64,
    used: i64,
) -> DbResult<()> {
    update_or_insert(
        conn,
        |c| {
            diesel::update(traffic_balances::table.find((user_id, kind)))
                .set((
                    traffic_balances::purchased_bytes
                        .eq(traffic_balances::purchased_bytes + purchased),
                    traffic_balances::used_bytes.eq(traffic_balances::used_bytes + used),
                    traffic_balances::updated_at.eq(now()),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(traffic_balances::table)
                .values((
                    traffic_balances::user_id.eq(user_id),
                    traffic_balances::kind.eq(kind),
                    traffic_balances::purchased_bytes.eq(purchased),
                    traffic_balances::used_bytes.eq(used),
                    traffic_balances::updated_at.eq(now()),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}

/// Adds bought traffic valid until `expires_at` (run it in the purchase's transaction, beside
/// the wallet debit). Traffic of a kind expires together: a purchase extends the validity of
/// what is left to the later of the two ends, and what was left of traffic that had already
/// expired is forfeited first (it does not come back with a new purchase).
pub fn add_purchased(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    bytes: i64,
    expires_at: Option<i64>,
) -> DbResult<()> {
    debug_assert!(bytes >= 0);
    let t = now();
    diesel::update(
        traffic_balances::table
            .find((user_id, kind))
            .filter(traffic_balances::expires_at.le(t))
            // Overuse (the meter ran past the end) stays owed: only unused bytes are forfeited.
            .filter(traffic_balances::used_bytes.le(traffic_balances::purchased_bytes)),
    )
    .set(traffic_balances::purchased_bytes.eq(traffic_balances::used_bytes))
    .execute(conn)?;
    diesel::update(
        traffic_balances::table
            .find((user_id, kind))
            .filter(traffic_balances::expires_at.le(t)),
    )
    .set(traffic_balances::expires_at.eq(None::<i64>))
    .execute(conn)?;
    bump_balance(conn, user_id, kind, bytes, 0)?;
    if let Some(end) = expires_at {
        diesel::update(
            traffic_balances::table.find((user_id, kind)).filter(
                traffic_balances::expires_at
                    .is_null()
                    .or(traffic_balances::expires_at.lt(end)),
            ),
        )
        .set((
            traffic_balances::expires_at.eq(end),
            traffic_balances::valid_from.eq(t),
        ))
        .execute(conn)?;
    }
    Ok(())
}

/// Purchased bytes as they count now: once the traffic has expired, only what was used.
fn effective_purchased(purchased: i64, used: i64, expires_at: Option<i64>, at: i64) -> i64 {
    match expires_at {
        Some(end) if end <= at => used.min(purchased),
        _ => purchased,
    }
}

/// (purchased, used) bytes of one kind; (0, 0) when the user never had any. Expired traffic
/// counts as used up.
pub fn balance(conn: &mut DbConnection, user_id: UserId, kind: ProxyKind) -> DbResult<(i64, i64)> {
    let row = balance_row(conn, user_id, kind)?;
    Ok(row.map_or((0, 0), |b| (b.purchased_bytes, b.used_bytes)))
}

/// The balance of one kind with its expiry, purchased bytes counted as in [`balance`].
pub fn balance_row(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
) -> DbResult<Option<Balance>> {
    Ok(load_balances(conn, &[user_id], Some(kind))?
        .into_iter()
        .next())
}

/// Every balance row of these users (the gateway refreshes its limits with one query), with
/// purchased bytes counted as in [`balance`].
pub fn balances_of(conn: &mut DbConnection, user_ids: &[UserId]) -> DbResult<Vec<Balance>> {
    load_balances(conn, user_ids, None)
}

fn load_balances(
    conn: &mut DbConnection,
    user_ids: &[UserId],
    kind: Option<ProxyKind>,
) -> DbResult<Vec<Balance>> {
    let mut query = traffic_balances::table
        .filter(traffic_balances::user_id.eq_any(user_ids))
        .into_boxed();
    if let Some(kind) = kind {
        query = query.filter(traffic_balances::kind.eq(kind));
    }
    let rows = query
        .select((
            traffic_balances::user_id,
            traffic_balances::kind,
            traffic_balances::purchased_bytes,
            traffic_balances::used_bytes,
            traffic_balances::expires_at,
            traffic_balances::leased_bytes,
        ))
        .load::<(UserId, ProxyKind, i64, i64, Option<i64>, i64)>(conn)?;
    let at = now();
    Ok(rows
        .into_iter()
        .map(
            |(user_id, kind, purchased, used_bytes, expires_at, leased_bytes)| Balance {
                user_id,
                kind,
                purchased_bytes: effective_purchased(purchased, used_bytes, expires_at, at),
                used_bytes,
                expires_at,
                leased_bytes,
            },
        )
        .collect())
}

/// Adds metered bytes to the balance's `used_bytes` and to the day's bucket (`day` is the UTC
/// date, `YYYY-MM-DD`). Run both in one transaction so that the two never disagree.
pub fn record_usage(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    day: &str,
    bytes: i64,
) -> DbResult<()> {
    debug_assert!(bytes >= 0);
    bump_balance(conn, user_id, kind, 0, bytes)?;
    record_daily_usage(conn, user_id, kind, day, bytes)
}

/// Adds metered bytes to the day's bucket only: for kinds sold by the piece, whose use is
/// recorded but not limited by a traffic balance.
pub fn record_daily_usage(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    day: &str,
    bytes: i64,
) -> DbResult<()> {
    let key = (user_id, kind, day);
    update_or_insert(
        conn,
        |c| {
            diesel::update(usage_daily::table.find(key))
                .set(usage_daily::bytes.eq(usage_daily::bytes + bytes))
                .execute(c)
        },
        |c| {
            diesel::insert_into(usage_daily::table)
                .values((
                    usage_daily::user_id.eq(user_id),
                    usage_daily::kind.eq(kind),
                    usage_daily::day.eq(day),
                    usage_daily::bytes.eq(bytes),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}

/// Bytes per day from `from_day` (inclusive) on, oldest first; days without traffic are absent.
pub fn daily(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    from_day: &str,
) -> DbResult<Vec<(String, i64)>> {
    usage_daily::table
        .filter(usage_daily::user_id.eq(user_id))
        .filter(usage_daily::kind.eq(kind))
        .filter(usage_daily::day.ge(from_day))
        .order(usage_daily::day.asc())
        .select((usage_daily::day, usage_daily::bytes))
        .load(conn)
        .map_err(DbError::from)
}

/// Bytes used per (customer, kind) from `from_day` (`YYYY-MM-DD`, UTC) on: one customer's
/// with `only`, every customer's otherwise (the pace behind `domain::forecast`).
pub fn used_since(
    conn: &mut DbConnection,
    from_day: &str,
    only: Option<UserId>,
) -> DbResult<Vec<(i64, String, i64)>> {
    let mut query = usage_daily::table
        .filter(usage_daily::day.ge(from_day))
        .group_by((usage_daily::user_id, usage_daily::kind))
        .select((
            usage_daily::user_id,
            usage_daily::kind,
            sum_of("usage_daily.bytes"),
        ))
        .into_boxed();
    if let Some(user) = only {
        query = query.filter(usage_daily::user_id.eq(user));
    }
    Ok(query.load(conn)?)
}

/// The account behind a proxy username (the base part, without targeting options).
pub fn find_proxy_user(
    conn: &mut DbConnection,
    proxy_username: &str,
) -> DbResult<Option<ProxyUser>> {
    let row = users::table
        .left_join(proxy_settings::table)
        .filter(users::proxy_username.eq(proxy_username))
        // A sub-user's sign-in is an account row too, with proxy credentials of its own that
        // must carry nothing: its traffic is the sub-user's line, on the owner's account.
        .filter(users::subuser_id.is_null())
        .select((
            users::id,
            users::proxy_password,
            users::disabled,
            proxy_settings::max_connections.nullable(),
        ))
        .first::<(UserId, String, bool, Option<i32>)>(conn)
        .optional()?;
    Ok(row.map(
        |(id, proxy_password, disabled, max_connections)| ProxyUser {
            id,
            proxy_password,
            disabled,
            max_connections,
        },
    ))
}
