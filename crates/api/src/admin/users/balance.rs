//! `POST /api/admin/users/{id}/balance {amount, reason}`: credits or debits a customer's wallet
//! (ledger kind admin_adjustment, the reason as its note) in one transaction with the audit row.

use super::customer::{existing_customer, load_row};
use super::view::AdminUserRow;
use crate::admin::audit_trail::{audit, reason};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::extractors::JsonObject;
use crate::number::hundredths;
use crate::state::AppState;
use crate::view::LedgerEntry;
use actix_web::{HttpResponse, post, web};
use domain::{Cents, EntryKind, UserId, messages as msg};
use persistence::admin_users;
use persistence::wallet::{self, WalletError};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct BalanceRequest {
    /// Dollars: positive credits, negative debits; non-zero, at most 2 decimals, |amount| ≤ 100000.
    #[schema(required = true, schema_with = crate::openapi::rules::signed_hundredths)]
    pub amount: Option<Value>,
    /// 3–200 characters; the customer sees it as the ledger row's note.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BalanceChanged {
    pub user: AdminUserRow,
    pub entry: LedgerEntry,
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = BalanceRequest,
    responses((status = 200, body = BalanceChanged), (status = 401), (status = 403),
        (status = 402, description = "The customer's balance is too low for this debit"),
        (status = 404, description = "User not found"),
        (status = 422, description = "amount or reason invalid")))]
#[post("/admin/users/{id}/balance")]
pub async fn change_balance(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<BalanceRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let cents = hundredths(body.amount.as_ref())
        .map(Cents::new)
        .ok_or_else(|| ApiError::field("amount", msg::VALID_AMOUNT))?;
    let reason = reason(body.reason.as_deref())?;
    let actor = admin.0.id;
    let reference = format!("admin_{}", domain::random::alphanumeric(20));
    let changed = in_transaction(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        let note = Some(reason.as_str());
        let kind = EntryKind::AdminAdjustment;
        let applied = if cents > Cents::ZERO {
            wallet::credit(conn, id, cents, kind, &reference, note)
        } else {
            wallet::debit(conn, id, -cents, kind, &reference, note)
        };
        // The balance the change itself saw (a read before it could be stale by a racing
        // purchase on PostgreSQL).
        let balance_before = match applied {
            Ok(after) => Cents::new(after.get() - cents.get()),
            Err(WalletError::Insufficient) => {
                return Err(ApiError::PaymentRequired(msg::DEBIT_TOO_LARGE));
            }
            Err(other) => return Err(other.into()),
        };
        let entry = admin_users::ledger_entry(conn, kind, &reference)?
            .ok_or_else(|| ApiError::internal("admin adjustment", "ledger row missing"))?;
        let user = load_row(conn, id)?;
        audit(
            conn,
            actor,
            "user.balance",
            &format!("user:{id}"),
            Some(&reason),
            Some(&json!({ "balance": balance_before })),
            Some(&json!({ "balance": user.balance, "amount": cents, "reference": reference })),
        )?;
        Ok(BalanceChanged {
            user,
            entry: entry.into(),
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(changed))
}
