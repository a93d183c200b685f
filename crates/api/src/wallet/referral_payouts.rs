//! The customer's referral balance (docs/api.md#referral-payouts): `POST
//! /api/user/referral/transfer` moves it (or part of it) into the wallet at once, `POST
//! /api/user/referral/payouts` asks for a payout in a coin (the amount is held from the balance
//! until an operator approves or refuses it), `GET /api/user/referral/payouts` lists the
//! customer's payouts. The balance itself is in `GET /api/user/referrals`.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, post, web};
use domain::Cents;
use domain::payout::{PayoutRequest, PayoutStatus, transfer_amount};
use persistence::referral_payouts::{self, PayoutRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The most payouts the list shows (newest first).
const LIST_LIMIT: i64 = 100;

#[derive(Debug, Deserialize, ToSchema)]
pub struct TransferRequest {
    /// Dollars to move (at most 2 decimals); absent or null moves the whole referral balance.
    #[schema(schema_with = crate::openapi::rule_numbers::transfer_amount)]
    pub amount: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferDone {
    /// US dollars moved.
    #[schema(value_type = f64)]
    pub moved: Cents,
    /// What is left on the referral balance.
    #[schema(value_type = f64)]
    pub referral_balance: Cents,
    /// The wallet's balance after the move.
    #[schema(value_type = f64)]
    pub balance: Cents,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PayoutForm {
    /// US dollars, at most 2 decimals, at least the shop's minimum (`payoutMin` of
    /// `GET /api/user/referrals`, $20 by default) and at most 10000.
    #[schema(required = true, schema_with = crate::openapi::rule_numbers::payout_amount)]
    pub amount: Option<f64>,
    /// The coin to be paid in: DOGE, TRX, LTC or USDT.
    #[schema(required = true, schema_with = crate::openapi::rules::coin)]
    pub currency: Option<String>,
    /// The wallet address to pay: 20 to 100 letters and digits, trimmed.
    #[schema(required = true, schema_with = crate::openapi::rule_numbers::payout_address)]
    pub address: Option<String>,
}

/// One payout as its customer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payout {
    pub id: i64,
    /// US dollars.
    #[schema(value_type = f64)]
    pub amount: Cents,
    pub currency: String,
    pub address: String,
    /// requested, approved, processing (the provider is paying it), paid, failed (the amount
    /// is back on the referral balance) or refused.
    #[schema(schema_with = crate::openapi::rules::payout_status)]
    pub status: PayoutStatus,
    /// The operator's reason, for a refused payout.
    pub reason: Option<String>,
    pub created_at: i64,
    pub paid_at: Option<i64>,
}

impl From<PayoutRow> for Payout {
    fn from(row: PayoutRow) -> Self {
        Payout {
            id: row.id,
            amount: row.amount_cents,
            currency: row.currency,
            address: row.address,
            status: row.status,
            reason: row.reason,
            created_at: row.created_at,
            paid_at: row.paid_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutList {
    pub items: Vec<Payout>,
}

#[utoipa::path(tag = "wallet", request_body = TransferRequest,
    responses((status = 200, body = TransferDone), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse, description = "The referral balance is too low or empty"),
              (status = 422, body = ErrorResponse)))]
#[post("/user/referral/transfer")]
pub async fn referral_transfer(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<TransferRequest>,
) -> Result<HttpResponse, ApiError> {
    let amount = transfer_amount(body.amount).map_err(ApiError::Validation)?;
    let id = user.0.id;
    let done = in_transaction(&state.services.pool, move |conn| {
        Ok(app::referral_payouts::transfer_to_wallet(conn, id, amount)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(TransferDone {
        moved: done.moved,
        referral_balance: done.referral_balance,
        balance: done.wallet_balance,
    }))
}

#[utoipa::path(tag = "wallet", request_body = PayoutForm,
    responses((status = 201, body = Payout), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse, description = "The referral balance is too low"),
              (status = 422, body = ErrorResponse)))]
#[post("/user/referral/payouts")]
pub async fn request_payout(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<PayoutForm>,
) -> Result<HttpResponse, ApiError> {
    let request = PayoutRequest::parse(
        body.amount,
        body.currency.as_deref(),
        body.address.as_deref(),
        state.settings.payout_min,
    )
    .map_err(ApiError::Validation)?;
    let id = user.0.id;
    let row = in_transaction(&state.services.pool, move |conn| {
        Ok(app::referral_payouts::request_payout(conn, id, &request)?)
    })
    .await?;
    tracing::info!(payout = row.id, user_id = %id, amount = %row.amount_cents, "payout requested");
    Ok(HttpResponse::Created().json(Payout::from(row)))
}

#[utoipa::path(tag = "wallet",
    responses((status = 200, body = PayoutList), (status = 401, body = ErrorResponse)))]
#[get("/user/referral/payouts")]
pub async fn list_my_payouts(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let rows = with_conn(&state.services.pool, move |conn| {
        Ok(referral_payouts::for_user(conn, id, LIST_LIMIT)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(PayoutList {
        items: rows.into_iter().map(Payout::from).collect(),
    }))
}
