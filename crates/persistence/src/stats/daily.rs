//! The operator's figures per UTC day of a [`DayRange`]. Each is one grouped query (`GROUP BY`
//! the day), so the cost does not grow with the number of days or rows loaded: only one row per
//! (day, kind) that has anything comes back. Days without rows are absent; the caller fills them.

use super::range::{DAY_OF_CREATED_AT, DayRange};
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::pieces::renewals::RenewalStatus;
use crate::schema::{
    piece_orders, piece_proxies, piece_renewals, traffic_purchases, usage_daily, users,
    wallet_ledger,
};
use crate::sums::sum_of;
use crate::traffic_purchases::Source;
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use domain::{Cents, EntryKind, OrderStatus, ProxyKind, Role};

fn day_of_created_at() -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>(DAY_OF_CREATED_AT)
}

/// Accounts created per day (operators left out): (day number, count).
pub fn new_customers(conn: &mut DbConnection, range: DayRange) -> DbResult<Vec<(i64, i64)>> {
    Ok(users::table
        .filter(users::role.ne(Role::Admin.as_str()))
        .filter(users::created_at.ge(range.start()))
        .filter(users::created_at.lt(range.end()))
        .group_by(day_of_created_at())
        .select((day_of_created_at(), count_star()))
        .load(conn)?)
}

/// Top-ups credited per day (ledger rows of kind `topup`): (day number, amount).
pub fn topups(conn: &mut DbConnection, range: DayRange) -> DbResult<Vec<(i64, Cents)>> {
    Ok(wallet_ledger::table
        .filter(wallet_ledger::kind.eq(EntryKind::Topup))
        .filter(wallet_ledger::created_at.ge(range.start()))
        .filter(wallet_ledger::created_at.lt(range.end()))
        .group_by(day_of_created_at())
        .select((day_of_created_at(), sum_of("amount_cents")))
        .load(conn)?)
}

/// What one kind did on one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindDay {
    /// The day number.
    pub day: i64,
    pub kind: ProxyKind,
    /// Money taken (sales rows).
    pub amount: Cents,
    /// Traffic sold or used, in bytes (0 where it does not apply).
    pub bytes: i64,
}

/// Traffic plans bought by customers per day and kind (`traffic_purchases` with source
/// `purchase`; an operator's grants are not sales): the price paid and the bytes sold.
pub fn traffic_sales(conn: &mut DbConnection, range: DayRange) -> DbResult<Vec<KindDay>> {
    let rows: Vec<(i64, ProxyKind, Cents, i64)> = traffic_purchases::table
        .filter(traffic_purchases::source.eq(Source::Purchase.as_str()))
        .filter(traffic_purchases::created_at.ge(range.start()))
        .filter(traffic_purchases::created_at.lt(range.end()))
        .group_by((day_of_created_at(), sql::<Text>("kind")))
        .select((
            day_of_created_at(),
            sql::<Text>("kind"),
            sum_of("price_cents"),
            sum_of("bytes"),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(day, kind, amount, bytes)| KindDay {
            day,
            kind,
            amount,
            bytes,
        })
        .collect())
}

/// Piece orders per day and kind, every status but `failed` (a failed order was refunded): the
/// orders' prices.
pub fn piece_sales(conn: &mut DbConnection, range: DayRange) -> DbResult<Vec<KindDay>> {
    let rows: Vec<(i64, ProxyKind, Cents)> = piece_orders::table
        .filter(piece_orders::status.ne(OrderStatus::Failed))
        .filter(piece_orders::created_at.ge(range.start()))
        .filter(piece_orders::created_at.lt(range.end()))
        .group_by((day_of_created_at(), sql::<Text>("kind")))
        .select((
            day_of_created_at(),
            sql::<Text>("kind"),
            sum_of("price_cents"),
        ))
        .load(conn)?;
    Ok(money_only(rows))
}

/// Renewals of pieces per day and kind, manual and automatic, every status but `refunded` (the
/// provider refused and the price went back): the price paid, on the day it was taken.
pub fn renewal_sales(conn: &mut DbConnection, range: DayRange) -> DbResult<Vec<KindDay>> {
    let day = || sql::<BigInt>("piece_renewals.created_at / 86400");
    let kind = || sql::<Text>("piece_proxies.kind");
    let rows: Vec<(i64, ProxyKind, Cents)> = piece_renewals::table
        .inner_join(piece_proxies::table)
        .filter(piece_renewals::status.ne(RenewalStatus::Refunded.as_str()))
        .filter(piece_renewals::created_at.ge(range.start()))
        .filter(piece_renewals::created_at.lt(range.end()))
        .group_by((day(), kind()))
        .select((day(), kind(), sum_of("piece_renewals.price_cents")))
        .load(conn)?;
    Ok(money_only(rows))
}

/// Sales rows that carry money and no traffic.
fn money_only(rows: Vec<(i64, ProxyKind, Cents)>) -> Vec<KindDay> {
    rows.into_iter()
        .map(|(day, kind, amount)| KindDay {
            day,
            kind,
            amount,
            bytes: 0,
        })
        .collect()
}

/// Metered bytes per day of the traffic kinds (premium, budget), from `usage_daily`.
pub fn traffic_used(conn: &mut DbConnection, range: DayRange) -> DbResult<Vec<KindDay>> {
    let labels = range.labels();
    let (Some(from), Some(to)) = (labels.first(), labels.last()) else {
        return Ok(Vec::new());
    };
    let rows: Vec<(String, ProxyKind, i64)> = usage_daily::table
        .filter(usage_daily::kind.eq_any([ProxyKind::Premium, ProxyKind::Budget]))
        .filter(usage_daily::day.ge(from))
        .filter(usage_daily::day.le(to))
        .group_by((usage_daily::day, usage_daily::kind))
        .select((usage_daily::day, usage_daily::kind, sum_of("bytes")))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(day, kind, bytes)| {
            let index = labels.iter().position(|l| *l == day)?;
            Some(KindDay {
                day: range.first() + i64::try_from(index).ok()?,
                kind,
                amount: Cents::ZERO,
                bytes,
            })
        })
        .collect())
}
