//! `GET /api/admin/users/{id}/requests?type=&from=&to=&host=&outcome=&page=&perPage=`: the
//! customer's connections through the gateway as the operator sees them: what the customer's
//! own list shows (`GET /api/user/requests`, same filters and order) and the upstream pool
//! that carried each one (`upstream`, null for direct traffic), which the customer never sees.

use super::customer::existing_customer;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{Page, PageQuery};
use crate::state::AppState;
use crate::usage::{RecordQuery, RequestRecord};
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::UserId;
use persistence::{connection_records, upstream_daily};
use serde::Serialize;
use utoipa::ToSchema;

/// The pool that carried a connection.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordUpstream {
    pub id: i64,
    /// Its name now (empty if it is no longer stored).
    pub name: String,
}

/// One connection, with the pool that carried it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminRequestRecord {
    #[serde(flatten)]
    pub record: RequestRecord,
    /// Null for direct traffic (no pool serves the kind, or a piece).
    pub upstream: Option<RecordUpstream>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRecordPage {
    pub requests: Vec<AdminRequestRecord>,
    /// How many records match, counted up to 10,000 (`totalCapped` when there are more).
    pub total: i64,
    pub total_capped: bool,
    pub page: i64,
    pub per_page: i64,
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path), RecordQuery, PageQuery),
    responses((status = 200, body = AdminRecordPage), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
              (status = 404, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/admin/users/{id}/requests")]
pub async fn customer_requests(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    query: web::Query<RecordQuery>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let filter = query.parse(id)?;
    let Page {
        page,
        per_page,
        offset,
    } = paging.resolve(50)?;
    let (rows, total, names) = with_conn(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        let (rows, total) = connection_records::page(conn, &filter, per_page, offset)?;
        let ids: Vec<i64> = rows.iter().filter_map(|r| r.row.upstream_id).collect();
        let names = upstream_daily::pool_names(conn, &ids)?;
        Ok((rows, total, names))
    })
    .await?;
    let requests = rows
        .into_iter()
        .map(|r| {
            let upstream = r.row.upstream_id.map(|id| RecordUpstream {
                id,
                name: names.get(&id).cloned().unwrap_or_default(),
            });
            AdminRequestRecord {
                record: RequestRecord::from(r),
                upstream,
            }
        })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(AdminRecordPage {
            requests,
            total: total.count,
            total_capped: total.capped,
            page,
            per_page,
        }))
}
