//! The wire shape of `GET /api/admin/summary` (docs/admin-api/summary.md): money in USD, traffic
//! in GB (10^9 bytes), days `YYYY-MM-DD` (UTC), every per-day list one entry per day of the
//! window, oldest first.

use domain::units::gb;
use domain::{Cents, ProxyKind};
use persistence::stats::{self, DayFigures, LOW_STOCK_THRESHOLD};
use serde::Serialize;
use utoipa::ToSchema;

const PIECE_KINDS: [ProxyKind; 4] = [
    ProxyKind::Static,
    ProxyKind::Lte,
    ProxyKind::Ipv4,
    ProxyKind::Ipv6,
];

#[derive(Debug, Serialize, ToSchema)]
pub struct SummaryDayCount {
    pub day: String,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryCustomers {
    /// Every customer account (operators not counted).
    pub total: i64,
    pub disabled: i64,
    pub new_per_day: Vec<SummaryDayCount>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SummaryDayAmount {
    pub day: String,
    #[schema(value_type = f64)]
    pub amount: Cents,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryTopups {
    /// Credited in the window, USD.
    #[schema(value_type = f64)]
    pub total: Cents,
    pub per_day: Vec<SummaryDayAmount>,
}

/// One day's sales per kind, USD.
#[derive(Debug, Serialize, ToSchema)]
pub struct SummaryDaySales {
    pub day: String,
    #[schema(value_type = f64)]
    pub premium: Cents,
    #[schema(value_type = f64)]
    pub budget: Cents,
    #[serde(rename = "static")]
    #[schema(value_type = f64)]
    pub static_: Cents,
    #[schema(value_type = f64)]
    pub lte: Cents,
    #[schema(value_type = f64)]
    pub ipv4: Cents,
    #[schema(value_type = f64)]
    pub ipv6: Cents,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummarySales {
    /// Sold in the window, all kinds, USD.
    #[schema(value_type = f64)]
    pub total: Cents,
    pub per_day: Vec<SummaryDaySales>,
}

/// One day's traffic in GB (10^9 bytes): bought in plans and metered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryDayTraffic {
    pub day: String,
    pub premium_sold: f64,
    pub premium_used: f64,
    pub budget_sold: f64,
    pub budget_used: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryTraffic {
    pub per_day: Vec<SummaryDayTraffic>,
}

/// Pieces working now, per kind.
#[derive(Debug, Serialize, ToSchema)]
pub struct SummaryPiecesLive {
    #[serde(rename = "static")]
    pub static_: i64,
    pub lte: i64,
    pub ipv4: i64,
    pub ipv6: i64,
}

/// The active stock of one piece kind, summed over its entries.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryStock {
    #[serde(rename = "type")]
    #[schema(value_type = String, example = "static")]
    pub kind: ProxyKind,
    pub capacity: i64,
    pub sold: i64,
    pub available: i64,
    /// Some entry has fewer than `lowStockThreshold` available.
    pub low: bool,
    pub low_entries: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminSummary {
    pub days: u16,
    /// First day of the window, `YYYY-MM-DD` (UTC).
    pub from: String,
    /// Last day of the window (today, UTC).
    pub to: String,
    pub customers: SummaryCustomers,
    pub topups: SummaryTopups,
    pub sales: SummarySales,
    pub traffic: SummaryTraffic,
    pub pieces_live: SummaryPiecesLive,
    /// One row per piece kind.
    pub stock: Vec<SummaryStock>,
    pub low_stock_threshold: i32,
    pub payments_pending: i64,
    pub orders_pending: i64,
    pub orders_unknown: i64,
}

/// The figures of `s` (a window of `days` days) as the API shows them.
pub fn to_wire(days: u16, s: stats::Summary) -> AdminSummary {
    let sales = |d: &DayFigures, kind| d.sales.get(&kind).copied().unwrap_or_default();
    let sold = |d: &DayFigures, kind| gb(d.sold_bytes.get(&kind).copied().unwrap_or_default());
    let used = |d: &DayFigures, kind| gb(d.used_bytes.get(&kind).copied().unwrap_or_default());
    let stock = PIECE_KINDS
        .iter()
        .map(|&kind| {
            let row = s.stock.iter().find(|t| t.kind == kind);
            let low_entries = row.map_or(0, |t| t.low_entries);
            SummaryStock {
                kind,
                capacity: row.map_or(0, |t| t.capacity),
                sold: row.map_or(0, |t| t.sold),
                available: row.map_or(0, |t| t.available),
                low: low_entries > 0,
                low_entries,
            }
        })
        .collect();
    let live = |kind| {
        s.live_pieces
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |(_, n)| *n)
    };
    AdminSummary {
        days,
        from: stats::label(s.range.first()),
        to: stats::label(s.range.last()),
        customers: SummaryCustomers {
            total: s.customers,
            disabled: s.disabled_customers,
            new_per_day: s
                .days
                .iter()
                .map(|d| SummaryDayCount {
                    day: stats::label(d.day),
                    count: d.new_customers,
                })
                .collect(),
        },
        topups: SummaryTopups {
            total: s.days.iter().map(|d| d.topups).sum(),
            per_day: s
                .days
                .iter()
                .map(|d| SummaryDayAmount {
                    day: stats::label(d.day),
                    amount: d.topups,
                })
                .collect(),
        },
        sales: SummarySales {
            total: s.days.iter().flat_map(|d| d.sales.values().copied()).sum(),
            per_day: s
                .days
                .iter()
                .map(|d| SummaryDaySales {
                    day: stats::label(d.day),
                    premium: sales(d, ProxyKind::Premium),
                    budget: sales(d, ProxyKind::Budget),
                    static_: sales(d, ProxyKind::Static),
                    lte: sales(d, ProxyKind::Lte),
                    ipv4: sales(d, ProxyKind::Ipv4),
                    ipv6: sales(d, ProxyKind::Ipv6),
                })
                .collect(),
        },
        traffic: SummaryTraffic {
            per_day: s
                .days
                .iter()
                .map(|d| SummaryDayTraffic {
                    day: stats::label(d.day),
                    premium_sold: sold(d, ProxyKind::Premium),
                    premium_used: used(d, ProxyKind::Premium),
                    budget_sold: sold(d, ProxyKind::Budget),
                    budget_used: used(d, ProxyKind::Budget),
                })
                .collect(),
        },
        pieces_live: SummaryPiecesLive {
            static_: live(ProxyKind::Static),
            lte: live(ProxyKind::Lte),
            ipv4: live(ProxyKind::Ipv4),
            ipv6: live(ProxyKind::Ipv6),
        },
        stock,
        low_stock_threshold: LOW_STOCK_THRESHOLD,
        payments_pending: s.payments_pending,
        orders_pending: s.orders_pending,
        orders_unknown: s.orders_unknown,
    }
}
