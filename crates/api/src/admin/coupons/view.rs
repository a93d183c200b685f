//! `AdminCoupon`: a coupon as the operator sees it, with what it did.

use domain::Cents;
use domain::pricing::Discount;
use persistence::coupons::CouponRow;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCoupon {
    pub id: i64,
    /// Upper-case; customers may type it in any case.
    pub code: String,
    /// Per cent off (1 to 90), or null when `amountOff` is set.
    pub percent_off: Option<i32>,
    /// USD off a price above it, or null when `percentOff` is set.
    #[schema(value_type = Option<f64>)]
    pub amount_off: Option<Cents>,
    /// The proxy types it applies to; empty: every type.
    pub kinds: Vec<String>,
    /// The plans it applies to; empty: every plan.
    pub plan_ids: Vec<i64>,
    /// USD: the least price (after the customer's own price) it applies to.
    #[schema(value_type = Option<f64>)]
    pub min_spend: Option<Cents>,
    pub max_uses: Option<i32>,
    pub max_uses_per_customer: i32,
    pub first_purchase_only: bool,
    /// Unix seconds; null: from its creation.
    pub valid_from: Option<i64>,
    /// Unix seconds; null: no end.
    pub valid_until: Option<i64>,
    pub active: bool,
    /// Purchases that used it (an order that failed and was refunded gives its use back).
    pub uses: i32,
    /// USD the purchases that used it paid.
    #[schema(value_type = f64)]
    pub revenue: Cents,
    /// USD it took off them.
    #[schema(value_type = f64)]
    pub discount_given: Cents,
    pub created_at: i64,
    pub updated_at: i64,
}

impl AdminCoupon {
    pub fn new(row: CouponRow, (revenue, discount_given): (Cents, Cents)) -> Self {
        let terms = row.rules();
        let (percent_off, amount_off) = match terms.discount {
            Discount::Percent(p) => (Some(p), None),
            Discount::Amount(a) => (None, Some(a)),
        };
        AdminCoupon {
            id: row.id,
            code: row.code,
            percent_off,
            amount_off,
            kinds: terms.kinds.iter().map(|k| k.as_str().to_owned()).collect(),
            plan_ids: terms.plan_ids.iter().map(|p| p.get()).collect(),
            min_spend: row.min_spend_cents,
            max_uses: row.max_uses,
            max_uses_per_customer: row.max_uses_per_customer,
            first_purchase_only: row.first_purchase_only,
            valid_from: row.valid_from,
            valid_until: row.valid_until,
            active: row.active,
            uses: row.uses,
            revenue,
            discount_given,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// `GET /api/admin/coupons`: newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCouponList {
    pub items: Vec<AdminCoupon>,
}
