//! The operator's margins over a window of UTC days (docs/admin-api/margins.md): per traffic
//! kind, what customers used (`usage_daily`) and paid for it, at each customer's weighted
//! average price per byte of that kind (`traffic_purchases` that added bytes; an operator's
//! free grant counts at its price of zero), against what the pools carried and cost
//! (`upstream_daily`); per pool, what it carried and cost, and its share of the kind's revenue
//! for the bytes it carried (`Figures::share_of_revenue`). Four reads, summed here.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{traffic_purchases, upstream_pools, usage_daily};
use crate::stats::DayRange;
use crate::sums::sum_of;
use crate::upstream_daily;
use diesel::prelude::*;
use domain::margins::{Figures, Paid};
use domain::{ProxyKind, UserId};
use std::collections::HashMap;

/// The kinds sold by the GB, in the order they are shown.
pub const TRAFFIC_KINDS: [ProxyKind; 2] = [ProxyKind::Premium, ProxyKind::Budget];

/// One pool's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolMargins {
    pub id: i64,
    pub name: String,
    pub active: bool,
    /// One per day of the range, oldest first, its kinds together.
    pub days: Vec<Figures>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Margins {
    pub range: DayRange,
    /// Each of `TRAFFIC_KINDS` with one entry per day of the range, oldest first.
    pub kinds: Vec<(ProxyKind, Vec<Figures>)>,
    /// Every stored pool, oldest first.
    pub pools: Vec<PoolMargins>,
}

/// Each customer's purchases per traffic kind (rows that added bytes).
fn paid(conn: &mut DbConnection) -> DbResult<HashMap<(UserId, ProxyKind), Paid>> {
    let rows: Vec<(UserId, ProxyKind, i64, i64)> = traffic_purchases::table
        .filter(traffic_purchases::kind.eq_any(TRAFFIC_KINDS))
        .filter(traffic_purchases::bytes.gt(0))
        .group_by((traffic_purchases::user_id, traffic_purchases::kind))
        .select((
            traffic_purchases::user_id,
            traffic_purchases::kind,
            sum_of("price_cents"),
            sum_of("bytes"),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(user, kind, price_cents, bytes)| ((user, kind), Paid { price_cents, bytes }))
        .collect())
}

/// The margins of the days of `range`.
pub fn margins(conn: &mut DbConnection, range: DayRange) -> DbResult<Margins> {
    let labels = range.labels();
    let (from, to) = (labels[0].clone(), labels[labels.len() - 1].clone());
    let index: HashMap<&str, usize> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| (l.as_str(), i))
        .collect();
    let mut kinds: Vec<(ProxyKind, Vec<Figures>)> = TRAFFIC_KINDS
        .iter()
        .map(|k| (*k, vec![Figures::default(); labels.len()]))
        .collect();
    let prices = paid(conn)?;
    let used: Vec<(UserId, ProxyKind, String, i64)> = usage_daily::table
        .filter(usage_daily::kind.eq_any(TRAFFIC_KINDS))
        .filter(usage_daily::day.ge(&from))
        .filter(usage_daily::day.le(&to))
        .select((
            usage_daily::user_id,
            usage_daily::kind,
            usage_daily::day,
            usage_daily::bytes,
        ))
        .load(conn)?;
    for (user, kind, day, bytes) in used {
        let Some(cell) = figures_at(&mut kinds, &index, kind, &day) else {
            continue;
        };
        let paid = prices.get(&(user, kind)).copied().unwrap_or_default();
        cell.add(Figures {
            sold_bytes: bytes,
            revenue: paid.revenue_nanocents(bytes),
            ..Figures::default()
        });
    }

    let carried = upstream_daily::between(conn, &from, &to)?;
    let mut pools: Vec<PoolMargins> = upstream_pools::table
        .order(upstream_pools::id.asc())
        .select((
            upstream_pools::id,
            upstream_pools::name,
            upstream_pools::active,
        ))
        .load::<(i64, String, bool)>(conn)?
        .into_iter()
        .map(|(id, name, active)| PoolMargins {
            id,
            name,
            active,
            days: vec![Figures::default(); labels.len()],
        })
        .collect();
    // The pools' shares are of the kind-day's revenue, so every usage row is in first.
    let kind_days = kinds.clone();
    for row in carried {
        let Some(&at) = index.get(row.day.as_str()) else {
            continue;
        };
        let Some(day) = kind_days
            .iter()
            .find(|(k, _)| *k == row.kind)
            .and_then(|(_, days)| days.get(at))
        else {
            continue;
        };
        let cost = i128::from(row.cost_nanocents);
        if let Some(cell) = figures_at(&mut kinds, &index, row.kind, &row.day) {
            cell.add(Figures {
                carried_bytes: row.bytes,
                cost,
                ..Figures::default()
            });
        }
        if let Some(pool) = pools.iter_mut().find(|p| p.id == row.pool_id) {
            pool.days[at].add(Figures {
                sold_bytes: row.bytes,
                revenue: day.share_of_revenue(row.bytes),
                carried_bytes: row.bytes,
                cost,
            });
        }
    }
    Ok(Margins {
        range,
        kinds,
        pools,
    })
}

/// The cell of `kind` on `day`, when both are in the window.
fn figures_at<'a>(
    kinds: &'a mut [(ProxyKind, Vec<Figures>)],
    index: &HashMap<&str, usize>,
    kind: ProxyKind,
    day: &str,
) -> Option<&'a mut Figures> {
    let at = *index.get(day)?;
    let (_, days) = kinds.iter_mut().find(|(k, _)| *k == kind)?;
    days.get_mut(at)
}
