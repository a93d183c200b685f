//! `POST /api/user/get_plan {type, amount | planId}`: buys a traffic plan from the wallet. The
//! debit and the traffic it buys commit together or not at all.

use crate::blocking::in_transaction;
use crate::dto::{ErrorResponse, User};
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use domain::{ProxyKind, messages as msg};
use persistence::wallet::{self, EntryKind};
use persistence::{plans, traffic, users};
use rand::Rng;
use rand::distributions::Alphanumeric;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Bytes in a GB: 10^9, the unit of every traffic figure in the API (docs/api.md#units).
pub const GB: i64 = 1_000_000_000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct BuyPlanRequest {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The plan's amount in GB (the front end's `{type, amount}` purchase).
    pub amount: Option<i64>,
    /// Or the plan's id.
    #[serde(rename = "planId")]
    pub plan_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BuyPlanResponse {
    pub success: bool,
    pub message: String,
    pub user: User,
}

#[utoipa::path(post, path = "/api/user/get_plan", tag = "plans", request_body = BuyPlanRequest,
    responses((status = 200, body = BuyPlanResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
pub async fn buy_plan(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<BuyPlanRequest>,
) -> Result<HttpResponse, ApiError> {
    let kind = body
        .kind
        .as_deref()
        .and_then(ProxyKind::parse)
        .ok_or(ApiError::field("type", msg::UNKNOWN_TYPE))?;
    if !kind.is_traffic() {
        return Err(ApiError::field("type", msg::PLAN_PER_PIECE));
    }
    let (plan_id, amount) = (body.plan_id, body.amount);
    if plan_id.is_none() && amount.is_none() {
        return Err(ApiError::field("amount", msg::FILL_ALL_FIELDS));
    }
    let reference: String = rand::thread_rng()
        .sample_iter(&Alphanumeric)
        .take(20)
        .map(char::from)
        .collect();
    let user_id = user.0.id;
    let updated = in_transaction(&state.pool, move |conn| {
        let plan = match (plan_id, amount) {
            (Some(id), _) => plans::find(conn, id)?.filter(|p| p.kind == kind.as_str()),
            (None, Some(gb)) => plans::find_by_amount(conn, kind.as_str(), gb)?,
            (None, None) => None,
        };
        let plan = plan.ok_or(ApiError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
        if !plan.on_sale(persistence::now()) {
            return Err(ApiError::Gone(msg::PLAN_UNAVAILABLE));
        }
        let note = format!("{} plan {} ({} GB)", kind.as_str(), plan.name, plan.amount);
        let reference = format!("plan_{reference}");
        wallet::debit(
            conn,
            user_id,
            plan.price_cents,
            EntryKind::Purchase,
            &reference,
            Some(&note),
        )?;
        let expires_at = persistence::now() + i64::from(plan.validity_days) * 86_400;
        traffic::add_purchased(
            conn,
            user_id,
            kind.as_str(),
            plan.amount.saturating_mul(GB),
            Some(expires_at),
        )?;
        users::find_by_id(conn, user_id)?.ok_or(ApiError::NotFound)
    })
    .await?;
    // With a residential provider the bought traffic moves to the customer's sub-user now; if
    // the provider is down the background sync moves it later (our balance is the truth).
    if let Err(err) =
        crate::traffic::sync_customer(&state.pool, state.residential.as_ref(), user_id, kind).await
    {
        tracing::warn!(user_id, %kind, %err, "moving bought traffic to the provider failed");
    }
    Ok(HttpResponse::Ok().json(BuyPlanResponse {
        success: true,
        message: msg::PLAN_PURCHASED.to_owned(),
        user: User::from(&updated),
    }))
}
