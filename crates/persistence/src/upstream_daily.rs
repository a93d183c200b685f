//! What each upstream pool carried per traffic kind and UTC day, and what it cost
//! (`upstream_daily`): the gateway's flush adds the bytes of the connection records it writes
//! that name a pool (`add`, in the flush's transaction), at the pool's cost per GB of that
//! moment, so a price change applies from then on; several nodes' flushes add up. The
//! operator's margins read it back (`crate::margins`).

use crate::connection::DbConnection;
use crate::connection_records::NewRecord;
use crate::error::DbResult;
use crate::schema::{upstream_daily as ud, upstream_pools};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::margins::cost_nanocents;
use domain::{Cents, ProxyKind};
use std::collections::{BTreeMap, HashMap};

/// One (pool, kind, day) row.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = ud)]
pub struct PoolDay {
    pub pool_id: i64,
    pub kind: ProxyKind,
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    pub bytes: i64,
    /// Bytes times the pool's cost per GB in cents when they were flushed, in 10^-9 cent.
    pub cost_nanocents: i64,
}

/// Bytes per (pool, kind) of the `records` that name a pool, in key order (so that concurrent
/// flushes of several nodes lock the rows in one order).
fn carried(records: &[NewRecord]) -> BTreeMap<(i64, ProxyKind), i64> {
    let mut carried: BTreeMap<(i64, ProxyKind), i64> = BTreeMap::new();
    for record in records {
        let Some(pool) = record.upstream_id else {
            continue;
        };
        let bytes = record.bytes_up.saturating_add(record.bytes_down);
        if bytes > 0 {
            let sum = carried.entry((pool, record.kind)).or_default();
            *sum = sum.saturating_add(bytes);
        }
    }
    carried
}

/// Adds what the pools carried in `records` to `day` (`domain::calendar::utc_day` of the
/// flush), costed at each pool's current cost per GB. Run it in the flush's transaction. A pool
/// no longer stored (deleted meanwhile: it had carried nothing yet) has no price and is left
/// out.
pub fn add(conn: &mut DbConnection, records: &[NewRecord], day: &str) -> DbResult<()> {
    let carried = carried(records);
    if carried.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = carried.keys().map(|(pool, _)| *pool).collect();
    let prices: HashMap<i64, Cents> = upstream_pools::table
        .filter(upstream_pools::id.eq_any(&ids))
        .select((upstream_pools::id, upstream_pools::cost_per_gb_cents))
        .load::<(i64, Cents)>(conn)?
        .into_iter()
        .collect();
    for ((pool, kind), bytes) in carried {
        let Some(price) = prices.get(&pool) else {
            continue;
        };
        let cost = cost_nanocents(bytes, *price);
        update_or_insert(
            conn,
            |c| {
                diesel::update(ud::table.find((pool, kind, day)))
                    .set((
                        ud::bytes.eq(ud::bytes + bytes),
                        ud::cost_nanocents.eq(ud::cost_nanocents + cost),
                    ))
                    .execute(c)
            },
            |c| {
                diesel::insert_into(ud::table)
                    .values((
                        ud::pool_id.eq(pool),
                        ud::kind.eq(kind),
                        ud::day.eq(day),
                        ud::bytes.eq(bytes),
                        ud::cost_nanocents.eq(cost),
                    ))
                    .execute(c)
            },
        )?;
    }
    Ok(())
}

/// The rows of the days `from..=to` (`YYYY-MM-DD`).
pub fn between(conn: &mut DbConnection, from: &str, to: &str) -> DbResult<Vec<PoolDay>> {
    Ok(ud::table
        .filter(ud::day.ge(from))
        .filter(ud::day.le(to))
        .order((ud::day.asc(), ud::pool_id.asc(), ud::kind.asc()))
        .select(PoolDay::as_select())
        .load(conn)?)
}

/// The names of the pools `ids` (for the operator's connection records); a pool no longer
/// stored is absent.
pub fn pool_names(conn: &mut DbConnection, ids: &[i64]) -> DbResult<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(upstream_pools::table
        .filter(upstream_pools::id.eq_any(ids))
        .select((upstream_pools::id, upstream_pools::name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect())
}
