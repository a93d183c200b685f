//! `GET /api/admin/payouts?status=&page=&perPage=`: every referral payout, newest first, with
//! its customer and what the provider last said of it; `status` (requested, approved,
//! processing, paid, failed, refused) keeps one status.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::query_text::given;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::Cents;
use domain::messages as msg;
use domain::payout::PayoutStatus;
use persistence::referral_payouts::{self, PayoutRow, Tracking};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
pub struct PayoutFilter {
    /// requested, approved, processing, paid, failed or refused; absent or blank: all.
    #[param(schema_with = crate::openapi::rules::payout_status_filter)]
    pub status: Option<String>,
}

/// One payout as the operator sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPayout {
    pub id: i64,
    /// The id the provider is given (unique: a payout is never sent as two).
    pub order_id: String,
    pub user_id: i64,
    pub email: String,
    /// US dollars.
    #[schema(value_type = f64)]
    pub amount: Cents,
    pub currency: String,
    pub address: String,
    /// requested (held, waiting for an operator), approved (being sent, or its call failed),
    /// processing (the provider took it), paid, failed (the provider failed it for good: the
    /// amount is back on the referral balance) or refused.
    #[schema(schema_with = crate::openapi::rules::payout_status)]
    pub status: PayoutStatus,
    /// The last provider call failed with this (the payout stays approved).
    pub last_error: Option<String>,
    /// The last call's answer was lost: the provider may have paid; approve again to find out,
    /// it cannot be refused.
    pub outcome_unknown: bool,
    /// The provider's id of the payout (Cryptomus: its uuid).
    pub provider_ref: Option<String>,
    /// The provider's last status word (Cryptomus: process, check, paid, fail, cancel,
    /// system_fail).
    pub provider_status: Option<String>,
    /// When the provider took it.
    pub sent_at: Option<i64>,
    /// When its status was last asked of the provider.
    pub checked_at: Option<i64>,
    /// The refusal's reason.
    pub reason: Option<String>,
    /// The operator who approved or refused it.
    pub decided_by: Option<i64>,
    pub created_at: i64,
    pub decided_at: Option<i64>,
    pub paid_at: Option<i64>,
}

impl AdminPayout {
    pub fn new(row: PayoutRow, email: String, tracking: Tracking) -> Self {
        AdminPayout {
            id: row.id,
            order_id: row.order_id,
            user_id: row.user_id.get(),
            email,
            amount: row.amount_cents,
            currency: row.currency,
            address: row.address,
            status: row.status,
            last_error: row.last_error,
            outcome_unknown: row.outcome_unknown,
            provider_ref: row.provider_ref,
            provider_status: tracking.provider_status,
            sent_at: tracking.sent_at,
            checked_at: tracking.checked_at,
            reason: row.reason,
            decided_by: row.decided_by,
            created_at: row.created_at,
            decided_at: row.decided_at,
            paid_at: row.paid_at,
        }
    }
}

#[utoipa::path(tag = "admin", params(PayoutFilter, PageQuery),
    responses((status = 200, body = Paged<AdminPayout>), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 422, body = ErrorResponse, description = "status, page or perPage invalid")))]
#[get("/admin/payouts")]
pub async fn list_payouts(
    _admin: AdminUser,
    state: web::Data<AppState>,
    filter: web::Query<PayoutFilter>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let status = match given("status", filter.status.as_deref())? {
        None => None,
        Some(text) => Some(
            PayoutStatus::parse(text)
                .ok_or_else(|| ApiError::field("status", msg::PAYOUT_STATUS_FILTER))?,
        ),
    };
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(referral_payouts::list(
            conn,
            status,
            at.per_page,
            at.offset,
        )?)
    })
    .await?;
    let items = rows
        .into_iter()
        .map(|r| AdminPayout::new(r.payout, r.email, r.tracking))
        .collect();
    Ok(HttpResponse::Ok().json(Paged::new(items, total, at)))
}
