//! The operator's overview: customers, money in and out, traffic and stock, computed by the
//! database (grouped per UTC day in `daily`, current totals in `totals`) with a fixed number of
//! queries whatever the window or the size of the shop. [`summary`] gathers them and fills the
//! days without activity with zeros.

mod daily;
mod range;
mod totals;

pub use daily::{
    KindDay, new_customers, piece_sales, renewal_sales, topups, traffic_sales, traffic_used,
};
pub use range::{DayRange, SECONDS_PER_DAY, label};
pub use totals::{
    LOW_STOCK_THRESHOLD, StockTotal, customers, live_pieces, orders_open, payments_pending, stock,
};

use crate::connection::DbConnection;
use crate::error::DbResult;
use domain::{Cents, ProxyKind};
use std::collections::BTreeMap;

/// The figures of one day of the window; kinds without activity are absent from the maps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DayFigures {
    /// The day number (days since 1970-01-01, UTC); [`label`] gives `YYYY-MM-DD`.
    pub day: i64,
    pub new_customers: i64,
    pub topups: Cents,
    /// Sales per kind: traffic plans bought (by hand or by automatic top-up), piece orders not
    /// failed and piece renewals not refunded.
    pub sales: BTreeMap<ProxyKind, Cents>,
    /// Bytes of traffic plans bought, per traffic kind.
    pub sold_bytes: BTreeMap<ProxyKind, i64>,
    /// Bytes metered, per traffic kind.
    pub used_bytes: BTreeMap<ProxyKind, i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub range: DayRange,
    pub customers: i64,
    pub disabled_customers: i64,
    /// One entry per day of the range, oldest first.
    pub days: Vec<DayFigures>,
    pub live_pieces: Vec<(ProxyKind, i64)>,
    pub stock: Vec<StockTotal>,
    pub payments_pending: i64,
    pub orders_pending: i64,
    pub orders_unknown: i64,
}

fn day_of(days: &mut [DayFigures], range: DayRange, day: i64) -> Option<&mut DayFigures> {
    range.index(day).and_then(|i| days.get_mut(i))
}

/// Every figure of the overview for the days of `range`, the live and pending ones as of `at`.
pub fn summary(conn: &mut DbConnection, range: DayRange, at: i64) -> DbResult<Summary> {
    let mut days: Vec<DayFigures> = (range.first()..=range.last())
        .map(|day| DayFigures {
            day,
            ..DayFigures::default()
        })
        .collect();
    for (day, count) in new_customers(conn, range)? {
        if let Some(d) = day_of(&mut days, range, day) {
            d.new_customers += count;
        }
    }
    for (day, amount) in topups(conn, range)? {
        if let Some(d) = day_of(&mut days, range, day) {
            d.topups = Cents::new(d.topups.get() + amount.get());
        }
    }
    for row in traffic_sales(conn, range)?
        .into_iter()
        .chain(piece_sales(conn, range)?)
        .chain(renewal_sales(conn, range)?)
    {
        if let Some(d) = day_of(&mut days, range, row.day) {
            let sale = d.sales.entry(row.kind).or_default();
            *sale = Cents::new(sale.get() + row.amount.get());
            if row.kind.is_traffic() {
                *d.sold_bytes.entry(row.kind).or_default() += row.bytes;
            }
        }
    }
    for row in traffic_used(conn, range)? {
        if let Some(d) = day_of(&mut days, range, row.day) {
            *d.used_bytes.entry(row.kind).or_default() += row.bytes;
        }
    }
    let (customers, disabled_customers) = customers(conn)?;
    let (orders_pending, orders_unknown) = orders_open(conn)?;
    Ok(Summary {
        range,
        customers,
        disabled_customers,
        days,
        live_pieces: live_pieces(conn, at)?,
        stock: stock(conn)?,
        payments_pending: payments_pending(conn, at)?,
        orders_pending,
        orders_unknown,
    })
}
