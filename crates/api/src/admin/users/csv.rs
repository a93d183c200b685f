//! `GET /api/admin/users.csv?q=&role=&disabled=`: every customer the filter matches, newest
//! first, as a CSV attachment. The body is streamed: a task reads the customers in batches (one
//! query each, by id) and hands each batch's lines over a small channel, so the export never
//! holds the whole list in memory and stops reading when the client goes away.

use super::csv_format::{HEADER, line};
use super::filter::CustomerQuery;
use super::row::AdminUserRow;
use crate::blocking::with_conn;
use crate::csv::CsvBody;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, get, web};
use persistence::DbPool;
use persistence::admin_users::{self, Customer, CustomerFilter};
use tokio::sync::mpsc;

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
    let first = read_batch(&state.pool, &filter, None).await?;
    let (sender, receiver) = mpsc::channel(2);
    let mut chunk = HEADER.to_owned();
    chunk.push_str(&lines(&first));
    let pool = state.pool.clone();
    actix_web::rt::spawn(async move {
        if sender.send(Ok(Bytes::from(chunk))).await.is_err() {
            return;
        }
        let mut last = first;
        while last.len() as i64 == BATCH {
            let before = last.last().map(|c| c.user.id);
            let next = read_batch(&pool, &filter, before).await;
            let (message, batch) = match next {
                Ok(batch) => (Ok(Bytes::from(lines(&batch))), batch),
                Err(err) => {
                    tracing::error!(%err, "customer export stopped");
                    (Err(err), Vec::new())
                }
            };
            if sender.send(message).await.is_err() {
                return;
            }
            last = batch;
        }
    });
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"customers.csv\"",
        ))
        .insert_header(("Cache-Control", "no-store"))
        .body(CsvBody::new(receiver)))
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
