//! A payout as stored: what the payouts and the provider's reports both read.

use crate::schema::referral_payouts;
use diesel::prelude::*;
use domain::payout::PayoutStatus;
use domain::{Cents, UserId};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = referral_payouts)]
pub struct PayoutRow {
    pub id: i64,
    pub order_id: String,
    pub user_id: UserId,
    pub amount_cents: Cents,
    pub currency: String,
    pub address: String,
    pub status: PayoutStatus,
    pub claimed_until: Option<i64>,
    pub outcome_unknown: bool,
    pub last_error: Option<String>,
    pub provider_ref: Option<String>,
    pub reason: Option<String>,
    pub decided_by: Option<i64>,
    pub created_at: i64,
    pub decided_at: Option<i64>,
    pub paid_at: Option<i64>,
}
