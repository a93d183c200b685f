//! `GET /api/admin/orders?status=&type=&q=&page=&perPage=`: newest first. A `status` that names
//! no order status matches no order.

use crate::admin::orders::view::AdminOrder;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::query_text::given;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::{OrderStatus, ProxyKind, messages as msg};
use persistence::pieces::{self, OrderFilter};
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
pub struct OrderQuery {
    /// pending, placed, delivered, failed or unknown.
    #[param(schema_with = crate::openapi::rules::filter_text)]
    pub status: Option<String>,
    /// static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[param(schema_with = crate::openapi::rules::given_kind_filter)]
    pub kind: Option<String>,
    /// An order id, a provider order id, or part of the customer's email.
    #[param(schema_with = crate::openapi::rules::filter_text)]
    pub q: Option<String>,
}

#[utoipa::path(tag = "admin", params(OrderQuery, PageQuery),
    responses((status = 200, body = Paged<AdminOrder>), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/admin/orders")]
pub async fn list_orders(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<OrderQuery>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let (per_page, offset) = (at.per_page, at.offset);
    let kind = match given("type", query.kind.as_deref())? {
        Some(text) => {
            Some(ProxyKind::parse(text).ok_or_else(|| ApiError::field("type", msg::UNKNOWN_TYPE))?)
        }
        None => None,
    };
    let status = given("status", query.status.as_deref())?;
    if status.is_some_and(|s| OrderStatus::parse(s).is_none()) {
        return Ok(HttpResponse::Ok().json(Paged::<AdminOrder>::new(Vec::new(), 0, at)));
    }
    let filter = OrderFilter {
        status: status.and_then(OrderStatus::parse),
        kind,
        q: given("q", query.q.as_deref())?.map(str::to_owned),
    };
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(pieces::list_orders(conn, &filter, per_page, offset)?)
    })
    .await?;
    let items = rows
        .into_iter()
        .map(|(row, email)| AdminOrder::new(row, email))
        .collect();
    Ok(HttpResponse::Ok().json(Paged::new(items, total, at)))
}
