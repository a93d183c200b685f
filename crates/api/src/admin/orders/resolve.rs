//! `POST /api/admin/orders/{id}/resolve`: an operator settles an order the provider left
//! `pending` or `unknown`, after checking with the provider what happened to it.
//!
//! One transaction: the conditional status transition (`pending`/`unknown` → final, so of two
//! operators at once exactly one wins and the other gets 409), then what the outcome means, then
//! the audit row. `failed` refunds the price and puts the stock back; `delivered` writes the
//! pieces and the history exactly as a provider delivery does (`app::pieces::settle`).

use crate::admin::audit_trail::{audit, reason};
use crate::admin::orders::lines::parse_lines;
use crate::admin::orders::view::{AdminOrder, OrderEnvelope};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::pieces::settle::{Taken, give_back, write_delivery};
use domain::order::Resolution;
use domain::{OrderStatus, messages as msg};
use persistence::pieces::{self, OrderRow};
use persistence::{DbConnection, users};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResolveRequest {
    /// failed or delivered.
    #[schema(required = true, schema_with = crate::openapi::rules::outcome)]
    pub outcome: Option<String>,
    /// For delivered: one `host:port:user:pass` line per ordered proxy.
    pub proxies: Option<Vec<String>>,
    /// 3 to 200 characters.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

/// The statuses an operator may settle: the provider never answered, or its answer was lost.
const OPEN: [OrderStatus; 2] = [OrderStatus::Pending, OrderStatus::Unknown];

fn view(conn: &mut DbConnection, order: OrderRow) -> Result<AdminOrder, ApiError> {
    let email = users::find_by_id(conn, order.user_id)?.map_or_else(String::new, |u| u.email);
    Ok(AdminOrder::new(order, email))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Order id")),
    request_body = ResolveRequest,
    responses((status = 200, body = OrderEnvelope), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[post("/admin/orders/{id}/resolve")]
pub async fn resolve_order(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<ResolveRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let body = body.into_inner();
    let outcome = body
        .outcome
        .as_deref()
        .map(str::trim)
        .and_then(Resolution::parse)
        .ok_or_else(|| ApiError::field("outcome", msg::UNKNOWN_OUTCOME))?;
    let why = reason(body.reason.as_deref())?;
    let lines = body.proxies.unwrap_or_default();
    let actor = admin.0.id;
    let order = in_transaction(&state.services.pool, move |conn| {
        let order =
            pieces::find_order(conn, id)?.ok_or(ApiError::NotFoundWith(msg::ORDER_NOT_FOUND))?;
        if !OPEN.contains(&order.status) {
            return Err(ApiError::Conflict(msg::ORDER_SETTLED));
        }
        let delivered = match outcome {
            Resolution::Delivered => Some(parse_lines(&lines, order.quantity, order.id)?),
            Resolution::Failed => None,
        };
        let to = match outcome {
            Resolution::Failed => OrderStatus::Failed,
            Resolution::Delivered => OrderStatus::Delivered,
        };
        // The one step that decides who settles the order: later ones find it settled.
        if !pieces::settle_order(conn, id, &OPEN, to)? {
            return Err(ApiError::Conflict(msg::ORDER_SETTLED));
        }
        match &delivered {
            Some(proxies) => write_delivery(conn, &order, proxies)?,
            None => give_back(conn, &Taken::of(&order), "order failed at the provider")?,
        }
        let before = view(conn, order)?;
        let after_row =
            pieces::find_order(conn, id)?.ok_or(ApiError::NotFoundWith(msg::ORDER_NOT_FOUND))?;
        let after = view(conn, after_row)?;
        let target = format!("order:{id}");
        audit(
            conn,
            actor,
            "order.resolve",
            &target,
            Some(&why),
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
    .await?;
    Ok(HttpResponse::Ok().json(OrderEnvelope { order }))
}
