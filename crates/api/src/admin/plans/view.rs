//! `AdminPlan`: a plan as the operator sees it (inactive ones too, with how often it sold).

use crate::view::TierView;
use domain::Cents;
use domain::pricing::Tier;
use persistence::plan_limits::PlanLimits;
use persistence::plans::PlanRow;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPlan {
    pub id: i64,
    /// premium, budget, static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    pub kind: String,
    pub name: String,
    pub tag: Option<String>,
    pub note: Option<String>,
    /// USD.
    #[schema(value_type = f64)]
    pub price: Cents,
    /// GB for traffic plans, proxies for piece plans.
    pub amount: i64,
    pub validity_days: i32,
    /// Region codes, e.g. `US`.
    pub regions: Vec<String>,
    /// Display features (country selection, protocols, IP duration, availability).
    #[schema(value_type = Object)]
    pub features: Map<String, Value>,
    pub active: bool,
    pub sort: i32,
    /// Unix seconds; null = no end.
    pub available_until: Option<i64>,
    /// Purchases and orders made with this plan.
    pub sold: i64,
    /// Traffic plans: the most live connections of a customer on the plan across the gateway
    /// fleet; null = no limit of the plan's own.
    pub max_connections: Option<i32>,
    /// Traffic plans: the most requests per second of a customer on the plan across the gateway
    /// fleet; null = no limit of the plan's own.
    pub max_requests_per_second: Option<i32>,
    /// Traffic plans: the most megabits per second a customer's connections on the plan move
    /// together across the gateway fleet; null = no limit of the plan's own.
    pub bandwidth_mbps: Option<i32>,
    /// Traffic plans: volume prices for custom amounts, smallest `minGb` first.
    pub tiers: Vec<TierView>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl AdminPlan {
    pub fn new(row: PlanRow, sold: i64, limits: PlanLimits, tiers: Vec<Tier>) -> Self {
        let features = serde_json::from_str::<Value>(&row.features)
            .ok()
            .and_then(|v| v.as_object().cloned())
            .unwrap_or_default();
        AdminPlan {
            id: row.id.get(),
            kind: row.kind.as_str().to_owned(),
            name: row.name,
            tag: row.tag,
            note: row.note,
            price: row.price_cents,
            amount: row.amount,
            validity_days: row.validity_days,
            regions: row
                .regions
                .split(',')
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .map(str::to_owned)
                .collect(),
            features,
            active: row.active,
            sort: row.sort,
            available_until: row.available_until,
            sold,
            max_connections: limits.max_connections,
            max_requests_per_second: limits.max_requests_per_second,
            bandwidth_mbps: limits.bandwidth_mbps,
            tiers: tiers.into_iter().map(TierView::from).collect(),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// `GET /api/admin/plans`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminPlanList {
    pub items: Vec<AdminPlan>,
}

/// `DELETE /api/admin/plans/{id}`: deleted when never sold, otherwise deactivated (`plan`).
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanDeleted {
    pub deleted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<AdminPlan>,
}
