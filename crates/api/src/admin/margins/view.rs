//! The wire shape of `GET /api/admin/margins` (docs/admin-api/margins.md): money in USD (two
//! decimals, rounded once from the exact sums), traffic in GB (10^9 bytes), days `YYYY-MM-DD`
//! (UTC), every per-day list one entry per day of the window, oldest first.

use domain::margins::Figures;
use domain::units::gb;
use domain::{Cents, ProxyKind};
use persistence::margins::Margins;
use persistence::stats;
use serde::Serialize;
use utoipa::ToSchema;

/// Revenue against cost for a kind or a pool, on a day or over the window.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarginFigures {
    /// Traffic customers used (for a pool: the traffic it carried), GB.
    pub gb_sold: f64,
    /// What customers paid for it: each customer's GB used times the weighted average price
    /// per GB of their purchases of the kind (a pool: its share of the kind's revenue of the
    /// day for the GB it carried), USD.
    #[schema(value_type = f64)]
    pub revenue: Cents,
    /// Traffic the pools carried, GB.
    pub gb_carried: f64,
    /// What the pools charged: bytes carried times each pool's cost per GB at the time, USD.
    #[schema(value_type = f64)]
    pub cost: Cents,
    /// Revenue less cost, USD.
    #[schema(value_type = f64)]
    pub margin: Cents,
    /// The margin in percent of the revenue, two decimals; null without revenue.
    pub margin_percent: Option<f64>,
}

impl From<&Figures> for MarginFigures {
    fn from(f: &Figures) -> MarginFigures {
        MarginFigures {
            gb_sold: gb(f.sold_bytes),
            revenue: f.revenue_cents(),
            gb_carried: gb(f.carried_bytes),
            cost: f.cost_cents(),
            margin: f.margin_cents(),
            margin_percent: f.margin_percent(),
        }
    }
}

/// One day's figures.
#[derive(Debug, Serialize, ToSchema)]
pub struct MarginDay {
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    #[serde(flatten)]
    pub figures: MarginFigures,
}

/// A traffic kind's figures: every byte of it, direct or through a pool.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarginKind {
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    pub total: MarginFigures,
    pub per_day: Vec<MarginDay>,
}

/// A pool's figures, its kinds together.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarginPool {
    pub id: i64,
    pub name: String,
    pub active: bool,
    pub total: MarginFigures,
    pub per_day: Vec<MarginDay>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminMargins {
    pub days: u16,
    /// First day of the window, `YYYY-MM-DD` (UTC).
    pub from: String,
    /// Last day of the window (today, UTC).
    pub to: String,
    /// Both kinds over the window.
    pub total: MarginFigures,
    /// `premium` and `budget`, always both.
    pub kinds: Vec<MarginKind>,
    /// Every pool, oldest first (an inactive one too).
    pub pools: Vec<MarginPool>,
}

fn sum(days: &[Figures]) -> Figures {
    let mut total = Figures::default();
    for day in days {
        total.add(*day);
    }
    total
}

/// `days` (oldest first, the first being `first`) as the API lists them.
fn per_day(first: i64, days: &[Figures]) -> Vec<MarginDay> {
    (first..)
        .zip(days)
        .map(|(day, f)| MarginDay {
            day: stats::label(day),
            figures: MarginFigures::from(f),
        })
        .collect()
}

/// The margins `m` of a window of `days` days as the API shows them.
pub fn to_wire(days: u16, m: &Margins) -> AdminMargins {
    let first = m.range.first();
    let kind_totals: Vec<Figures> = m.kinds.iter().map(|(_, d)| sum(d)).collect();
    AdminMargins {
        days,
        from: stats::label(first),
        to: stats::label(m.range.last()),
        total: MarginFigures::from(&sum(&kind_totals)),
        kinds: m
            .kinds
            .iter()
            .zip(&kind_totals)
            .map(|((kind, d), total)| MarginKind {
                kind: *kind,
                total: MarginFigures::from(total),
                per_day: per_day(first, d),
            })
            .collect(),
        pools: m
            .pools
            .iter()
            .map(|p| MarginPool {
                id: p.id,
                name: p.name.clone(),
                active: p.active,
                total: MarginFigures::from(&sum(&p.days)),
                per_day: per_day(first, &p.days),
            })
            .collect(),
    }
}
