//! `GET /api/user/referral/ledger?page=&perPage=`: the customer's own referral ledger, newest
//! first: every change of the referral balance (earned, to_wallet, payout_requested,
//! payout_refused, payout_failed) with the balance after it (docs/api.md#referral-payouts).

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::Cents;
use domain::payout::ReferralEntryKind;
use persistence::referral_balance::{self, ReferralLedgerRow};
use serde::Serialize;
use utoipa::ToSchema;

/// One change of the referral balance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralLedgerEntry {
    pub id: i64,
    /// earned (a referred customer's top-up), to_wallet (moved into the wallet),
    /// payout_requested (held for a payout), payout_refused (an operator refused the payout:
    /// back), payout_failed (the provider failed the payout: back).
    #[schema(schema_with = crate::openapi::rules::referral_entry_kind)]
    pub kind: ReferralEntryKind,
    /// Signed US dollars: positive in, negative out.
    #[schema(value_type = f64)]
    pub amount: Cents,
    /// The referral balance after this change, US dollars.
    #[schema(value_type = f64)]
    pub balance_after: Cents,
    pub note: Option<String>,
    pub created_at: i64,
}

impl From<ReferralLedgerRow> for ReferralLedgerEntry {
    fn from(row: ReferralLedgerRow) -> Self {
        ReferralLedgerEntry {
            id: row.id,
            kind: row.kind,
            amount: row.amount_cents,
            balance_after: row.balance_after,
            note: row.note,
            created_at: row.created_at,
        }
    }
}

#[utoipa::path(tag = "wallet", params(PageQuery),
    responses((status = 200, body = Paged<ReferralLedgerEntry>), (status = 401, body = ErrorResponse),
              (status = 422, body = ErrorResponse, description = "page or perPage invalid")))]
#[get("/user/referral/ledger")]
pub async fn referral_ledger(
    state: web::Data<AppState>,
    user: CurrentUser,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(20)?;
    let id = user.0.id;
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(referral_balance::history(conn, id, at.per_page, at.offset)?)
    })
    .await?;
    let items = rows.into_iter().map(ReferralLedgerEntry::from).collect();
    Ok(HttpResponse::Ok().json(Paged::new(items, total, at)))
}
