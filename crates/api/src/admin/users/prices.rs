//! `GET /api/admin/users/{id}/prices` and `PUT /api/admin/users/{id}/prices {type, percentOff,
//! reason?}`: a customer's own prices, a per-cent discount per kind on every list price of it
//! (docs/admin-api/prices.md). Each change commits with its audit row.

use super::customer::load_row;
use crate::admin::audit_trail::{audit, optional_reason};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use actix_web::{HttpResponse, get, put, web};
use domain::pricing::MAX_PERCENT_OFF;
use domain::{ProxyKind, UserId, messages as msg};
use persistence::DbConnection;
use persistence::prices;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerPriceRequest {
    /// premium, budget, static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::kind)]
    pub kind: Option<String>,
    /// 1 to 90 per cent off every list price of the kind; 0 removes the customer's price.
    #[schema(value_type = i64, minimum = 0, maximum = 90)]
    pub percent_off: Option<f64>,
    /// Optional, 3–200 characters when given.
    #[schema(schema_with = crate::openapi::rules::optional_reason)]
    pub reason: Option<String>,
}

/// One kind's own price of a customer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerPrice {
    #[serde(rename = "type")]
    pub kind: String,
    pub percent_off: i32,
}

/// A customer's own prices, kinds without one left out.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerPrices {
    pub prices: Vec<CustomerPrice>,
}

fn prices_of(conn: &mut DbConnection, id: UserId) -> Result<CustomerPrices, ApiError> {
    let percents = prices::customer_percents(conn, id)?;
    let prices = ProxyKind::ALL
        .iter()
        .filter_map(|kind| {
            percents.get(kind).map(|p| CustomerPrice {
                kind: kind.as_str().to_owned(),
                percent_off: *p,
            })
        })
        .collect();
    Ok(CustomerPrices { prices })
}

#[utoipa::path(tag = "admin", operation_id = "admin_customer_prices", params(("id" = i64, Path)),
    responses((status = 200, body = CustomerPrices), (status = 401), (status = 403),
        (status = 404, description = "User not found")))]
#[get("/admin/users/{id}/prices")]
pub async fn customer_prices(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let prices = with_conn(&state.services.pool, move |conn| {
        load_row(conn, id)?;
        prices_of(conn, id)
    })
    .await?;
    Ok(HttpResponse::Ok().json(prices))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = CustomerPriceRequest,
    responses((status = 200, body = CustomerPrices), (status = 401), (status = 403),
        (status = 404, description = "User not found"),
        (status = 422, description = "type, percentOff or reason invalid")))]
#[put("/admin/users/{id}/prices")]
pub async fn set_customer_price(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<CustomerPriceRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let kind = body
        .kind
        .as_deref()
        .and_then(ProxyKind::parse)
        .ok_or_else(|| ApiError::field("type", msg::UNKNOWN_TYPE))?;
    let percent =
        body.percent_off
            .and_then(|p| crate::form::whole(p, 0..=i64::from(MAX_PERCENT_OFF)))
            .ok_or_else(|| ApiError::field("percentOff", msg::CUSTOMER_PERCENT))? as i32;
    let reason = optional_reason(body.reason.as_deref())?;
    let actor = admin.0.id;
    let prices = in_transaction(&state.services.pool, move |conn| {
        load_row(conn, id)?;
        let before = prices_of(conn, id)?;
        prices::set_customer_percent(conn, id, kind, percent)?;
        let after = prices_of(conn, id)?;
        audit(
            conn,
            actor,
            "user.prices",
            &format!("user:{id}"),
            reason.as_deref(),
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
    .await?;
    Ok(HttpResponse::Ok().json(prices))
}
