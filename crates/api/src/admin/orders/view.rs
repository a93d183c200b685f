//! `AdminOrder`: a piece order as operators see it, with its customer's email.

use domain::Cents;
use persistence::pieces::OrderRow;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrder {
    pub id: i64,
    pub user_id: i64,
    pub user_email: String,
    /// static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    pub kind: String,
    pub plan_id: Option<i64>,
    pub country: Option<String>,
    pub isp: Option<String>,
    pub quantity: i32,
    /// What the customer paid for the whole order, USD.
    #[schema(value_type = f64)]
    pub price: Cents,
    /// pending, placed, delivered, failed or unknown.
    pub status: String,
    /// Who fulfils it: local or the provider's name.
    pub source: String,
    pub upstream_order_id: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl AdminOrder {
    pub fn new(row: OrderRow, user_email: String) -> Self {
        AdminOrder {
            id: row.id,
            user_id: row.user_id.get(),
            user_email,
            kind: row.kind.as_str().to_owned(),
            plan_id: row.plan_id.map(|p| p.get()),
            country: row.country,
            isp: row.isp,
            quantity: row.quantity,
            price: row.price_cents,
            status: row.status.as_str().to_owned(),
            source: row.source,
            upstream_order_id: row.upstream_order_id,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderEnvelope {
    pub order: AdminOrder,
}
