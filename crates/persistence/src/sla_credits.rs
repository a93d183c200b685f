//! SLA credits (docs/status.md#sla-credits): who is owed one for a kind and month, what they
//! spent on it, and the one credit per customer, kind and month: the `sla_credits` primary key
//! decides it across instances and reruns, and the wallet's ledger row (kind `sla_credit`) is
//! written in the same transaction.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::schema::{refunds, sla_credits, traffic_purchases, usage_daily};
use crate::wallet::{self, WalletError};
use diesel::prelude::*;
use domain::ledger::EntryKind;
use domain::{Cents, ProxyKind, UserId};

/// The customers with traffic of `kind` on the days `from_day..=to_day`, by id.
pub fn customers_with_traffic(
    conn: &mut DbConnection,
    kind: ProxyKind,
    from_day: &str,
    to_day: &str,
) -> DbResult<Vec<i64>> {
    Ok(usage_daily::table
        .filter(usage_daily::kind.eq(kind.as_str()))
        .filter(usage_daily::day.ge(from_day))
        .filter(usage_daily::day.le(to_day))
        .filter(usage_daily::bytes.gt(0))
        .select(usage_daily::user_id)
        .distinct()
        .order(usage_daily::user_id)
        .load(conn)?)
}

/// What `user` paid for `kind` traffic bought in `[from, until)` (unix seconds), less what was
/// refunded of those purchases.
pub fn spend(
    conn: &mut DbConnection,
    user: i64,
    kind: ProxyKind,
    from: i64,
    until: i64,
) -> DbResult<i64> {
    let bought: Vec<(i64, i64)> = traffic_purchases::table
        .filter(traffic_purchases::user_id.eq(user))
        .filter(traffic_purchases::kind.eq(kind.as_str()))
        .filter(traffic_purchases::created_at.ge(from))
        .filter(traffic_purchases::created_at.lt(until))
        .select((traffic_purchases::id, traffic_purchases::price_cents))
        .load(conn)?;
    let ids: Vec<i64> = bought.iter().map(|(id, _)| *id).collect();
    let refunded: Vec<i64> = refunds::table
        .filter(refunds::user_id.eq(user))
        .filter(refunds::purchase_id.eq_any(&ids))
        .select(refunds::amount_cents)
        .load(conn)?;
    Ok(bought.iter().map(|(_, price)| price).sum::<i64>() - refunded.iter().sum::<i64>())
}

/// Credits `cents` to `user` for `kind` in `month` (`YYYY-MM`): the credit's row and its
/// ledger row; the new balance, or none when this customer, kind and month was credited before
/// (nothing written). Call in a transaction.
pub fn credit(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    month: &str,
    cents: Cents,
    now: i64,
) -> Result<Option<Cents>, WalletError> {
    let inserted = conn.transaction(|c| {
        diesel::insert_into(sla_credits::table)
            .values((
                sla_credits::user_id.eq(user.get()),
                sla_credits::kind.eq(kind.as_str()),
                sla_credits::month.eq(month),
                sla_credits::amount_cents.eq(cents.get()),
                sla_credits::created_at.eq(now),
            ))
            .execute(c)
            .map_err(DbError::from)
    });
    match inserted {
        Ok(_) => {}
        Err(DbError::UniqueViolation(_)) => return Ok(None),
        Err(e) => return Err(e.into()),
    }
    let note = format!("SLA credit: {} in {month}", kind.label());
    let balance = wallet::credit(
        conn,
        user,
        cents,
        EntryKind::SlaCredit,
        &format!("sla:{}:{}:{month}", user.get(), kind.as_str()),
        Some(&note),
    )?;
    Ok(Some(balance))
}

/// The credits of `month` per kind: (kind, customers, cents).
pub fn month_totals(conn: &mut DbConnection, month: &str) -> DbResult<Vec<(String, i64, i64)>> {
    let rows: Vec<(String, i64)> = sla_credits::table
        .filter(sla_credits::month.eq(month))
        .order(sla_credits::kind)
        .select((sla_credits::kind, sla_credits::amount_cents))
        .load(conn)?;
    let mut totals: Vec<(String, i64, i64)> = Vec::new();
    for (kind, cents) in rows {
        match totals.last_mut() {
            Some(last) if last.0 == kind => {
                last.1 += 1;
                last.2 += cents;
            }
            _ => totals.push((kind, 1, cents)),
        }
    }
    Ok(totals)
}
