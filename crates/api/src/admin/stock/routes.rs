//! `GET /api/admin/stock?type=&country=`, `POST /api/admin/stock`, `PATCH /api/admin/stock/{id}`.
//! A capacity change is one conditional UPDATE (capacity >= sold), so a sale racing it can never
//! leave an entry oversold. A closed entry leaves the customers' lists at once; its sold pieces
//! keep working until they expire.

use crate::admin::audit_trail::audit;
use crate::admin::stock::form::{NewStockForm, StockChange, capacity};
use crate::admin::stock::view::{StockItem, StockList};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, patch, post, web};
use domain::{ProxyKind, messages as msg};
use persistence::pieces::{self, NewStock};
use persistence::{DbConnection, DbError};
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
pub struct StockQuery {
    /// static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[param(schema_with = crate::openapi::rules::piece_kind_filter)]
    pub kind: Option<String>,
    /// Lower-case alpha-2 country code.
    pub country: Option<String>,
}

#[utoipa::path(tag = "admin", params(StockQuery),
    responses((status = 200, body = StockList), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/admin/stock")]
pub async fn list_stock(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<StockQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = match query.kind.as_deref().filter(|k| !k.is_empty()) {
        Some(text) => Some(
            ProxyKind::parse(text)
                .filter(|k| !k.is_traffic())
                .ok_or_else(|| ApiError::field("type", msg::STOCK_KIND_ONLY))?,
        ),
        None => None,
    };
    let country = query
        .country
        .as_deref()
        .map(|c| c.trim().to_lowercase())
        .filter(|c| !c.is_empty());
    let rows = with_conn(&state.services.pool, move |conn| {
        Ok(pieces::list_stock(conn, kind, country.as_deref())?)
    })
    .await?;
    let items = rows.into_iter().map(StockItem::from).collect();
    Ok(HttpResponse::Ok().json(StockList { items }))
}

fn load(conn: &mut DbConnection, id: i64) -> Result<StockItem, ApiError> {
    let row = pieces::stock_by_id(conn, id)?.ok_or(ApiError::NotFoundWith(msg::STOCK_NOT_FOUND))?;
    Ok(row.into())
}

#[utoipa::path(tag = "admin", request_body = NewStockForm,
    responses((status = 201, body = StockItem), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[post("/admin/stock")]
pub async fn create_stock(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: JsonObject<NewStockForm>,
) -> Result<HttpResponse, ApiError> {
    let entry = body.check().map_err(ApiError::Validation)?;
    let actor = admin.0.id;
    let item = in_transaction(&state.services.pool, move |conn| {
        if pieces::stock_code_taken(conn, entry.kind, &entry.code)? {
            return Err(ApiError::Conflict(msg::STOCK_EXISTS));
        }
        let inserted = pieces::insert_stock(
            conn,
            &NewStock {
                kind: entry.kind,
                code: &entry.code,
                country: &entry.country,
                isp: entry.isp.as_deref(),
                isp_name: entry.isp_name.as_deref(),
                city: entry.city.as_deref(),
                conn_type: entry.conn_type.as_deref(),
                ip: entry.ip.as_deref(),
                capacity: entry.capacity,
            },
        );
        let id = match inserted {
            Ok(id) => id,
            // Another operator added the same entry between the check and the insert.
            Err(DbError::UniqueViolation(_)) => return Err(ApiError::Conflict(msg::STOCK_EXISTS)),
            Err(other) => return Err(other.into()),
        };
        let item = load(conn, id)?;
        let target = format!("stock:{id}");
        audit(
            conn,
            actor,
            "stock.create",
            &target,
            None,
            None::<&StockItem>,
            Some(&item),
        )?;
        Ok(item)
    })
    .await?;
    Ok(HttpResponse::Created().json(item))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Stock entry id")),
    request_body = StockChange,
    responses((status = 200, body = StockItem), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[patch("/admin/stock/{id}")]
pub async fn update_stock(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<StockChange>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let new_capacity = match body.capacity {
        Some(value) => {
            Some(capacity(value).ok_or_else(|| ApiError::field("capacity", msg::VALID_CAPACITY))?)
        }
        None => None,
    };
    let active = body.active;
    let actor = admin.0.id;
    let item = in_transaction(&state.services.pool, move |conn| {
        let before = load(conn, id)?;
        if let Some(capacity) = new_capacity
            && !pieces::set_capacity(conn, id, capacity)?
        {
            return Err(ApiError::Conflict(msg::CAPACITY_BELOW_SOLD));
        }
        if let Some(active) = active {
            pieces::set_stock_active(conn, id, active)?;
        }
        let after = load(conn, id)?;
        let target = format!("stock:{id}");
        audit(
            conn,
            actor,
            "stock.update",
            &target,
            None,
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
    .await?;
    Ok(HttpResponse::Ok().json(item))
}
