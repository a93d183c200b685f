//! `GET /api/admin/users.csv?q=&role=&disabled=`: every customer the filter matches, newest
//! first, as a CSV attachment. The body is streamed: a task reads the customers in batches (one
//! query each, by id) and hands each batch's lines over a small channel, so the export never
//! holds the whole list in memory and stops reading when the client goes away.

use super::csv_format::{HEADER, line};
use super::filter::CustomerQuery;
use super::view::AdminUserRow;
use crate::blocking::with_conn;
use crate::csv::stream_pages;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use persistence::DbPool;
use persistence::admin_users::{self, Customer, CustomerFilter};

/// Customers per query and per chunk of the body.
const BATCH: i64 = 500;

#[utoipa::path(tag = "admin", params(CustomerQuery),
    responses((status = 200, content_type = "text/csv", body = String,
        description = "attachment customers.csv"),
        (status = 401), (status = 403), (status = 422)))]
#[get("/admin/users.csv")]
pub async fn export_users(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<CustomerQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = query.filter()?;
    // The first batch is read before answering, so a failing database is a plain 500.
    let first = read_batch(&state.services.pool, &filter, None).await?;
    let pool = state.services.pool.clone();
    let next = move |last: &[Customer]| {
        let before = last.last().map(|c| c.user.id);
        let (pool, filter) = (pool.clone(), filter.clone());
        async move { read_batch(&pool, &filter, before).await }
    };
    Ok(stream_pages(
        "customers.csv",
        HEADER,
        BATCH,
        first,
        lines,
        next,
        "customers",
    ))
}

async fn read_batch(
    pool: &DbPool,
    filter: &CustomerFilter,
    before: Option<domain::UserId>,
) -> Result<Vec<Customer>, ApiError> {
    let filter = filter.clone();
    with_conn(pool, move |conn| {
        Ok(admin_users::batch(conn, &filter, before, BATCH)?)
    })
    .await
}

fn lines(batch: &[Customer]) -> String {
    batch.iter().map(|c| line(&AdminUserRow::from(c))).collect()
}
