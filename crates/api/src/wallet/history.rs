//! `GET /api/user/wallet`: the customer's ledger, like a bank statement, and recent payments.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::pagination::{Page, PageQuery};
use crate::state::AppState;
use crate::view::LedgerEntry;
use actix_web::{HttpResponse, get, web};
use domain::{Cents, PaymentStatus};
use persistence::{payments, wallet};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentSummary {
    pub id: String,
    #[schema(value_type = f64)]
    pub amount: Cents,
    pub currency: String,
    /// pending, paid, paid_over, wrong_amount, cancel, expired, failed, or another gateway status.
    #[schema(value_type = String)]
    pub status: PaymentStatus,
    /// The invoice page, while it can still be paid.
    pub url: Option<String>,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WalletHistory {
    #[schema(value_type = f64)]
    pub balance: Cents,
    pub entries: Vec<LedgerEntry>,
    pub total: i64,
    pub page: i64,
    #[serde(rename = "perPage")]
    pub per_page: i64,
    pub payments: Vec<PaymentSummary>,
}

#[utoipa::path(tag = "wallet", params(PageQuery),
    responses((status = 200, body = WalletHistory), (status = 401), (status = 422)))]
#[get("/user/wallet")]
pub async fn wallet_history(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let Page {
        page,
        per_page,
        offset,
    } = query.resolve(20)?;
    let user_id = user.0.id;
    let now = persistence::now();
    let (rows, total, recent) = with_conn(&state.services.pool, move |conn| {
        let (rows, total) = wallet::history(conn, user_id, per_page, offset)?;
        let references: Vec<String> = rows.iter().map(|r| r.reference.clone()).collect();
        let prices = persistence::prices::records(conn, user_id, &references)?;
        let entries = crate::view::ledger_entries(rows, prices);
        Ok((
            entries,
            total,
            payments::recent_for_user(conn, user_id, 20)?,
        ))
    })
    .await?;
    let entries: Vec<LedgerEntry> = rows;
    let payments = recent
        .into_iter()
        .map(|p| {
            let pending = p.status == PaymentStatus::Pending;
            let open = pending && p.expires_at.is_none_or(|t| t > now);
            // Until reconciliation settles it, an unpaid invoice past its expiry reads as expired.
            let status = if pending && !open {
                PaymentStatus::Expired
            } else {
                p.status
            };
            PaymentSummary {
                url: if open { p.pay_url } else { None },
                id: p.id,
                amount: p.amount_cents,
                currency: p.currency,
                status,
                created_at: p.created_at,
            }
        })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(WalletHistory {
            balance: user.0.balance_cents,
            entries,
            total,
            page,
            per_page,
            payments,
        }))
}
