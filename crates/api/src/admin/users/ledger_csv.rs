//! `GET /api/admin/users/{id}/ledger.csv`: a customer's whole wallet ledger, newest first, as a
//! CSV attachment: the rows of `GET /api/admin/users/{id}/ledger`, every page. Streamed
//! (`crate::csv::stream_pages`): a task reads the ledger in keyset pages (ids below the last
//! one's) and hands each page's lines over a small channel.

use super::customer::existing_customer;
use crate::blocking::with_conn;
use crate::csv::{cell, iso_utc, stream_pages};
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use crate::view::ErrorResponse;
use crate::view::LedgerEntry;
use actix_web::{HttpResponse, get, web};
use domain::UserId;
use persistence::wallet::LedgerRow;
use persistence::{DbPool, wallet};

/// Ledger rows per query and per chunk of the body.
pub(crate) const EXPORT_PAGE: i64 = 500;

const HEADER: &str = "id,kind,amount,balance_after,reference,note,created_at\r\n";

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, content_type = "text/csv", body = String,
        description = "attachment ledger-<id>.csv"),
        (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "User not found")))]
#[get("/admin/users/{id}/ledger.csv")]
pub async fn export_ledger(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let first = with_conn(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        Ok(wallet::history_before(conn, id, None, EXPORT_PAGE)?)
    })
    .await?;
    let pool = state.services.pool.clone();
    let next = move |last: &[LedgerRow]| {
        let before = last.last().map(|row| row.id);
        let pool = pool.clone();
        async move { read_page(&pool, id, before).await }
    };
    Ok(stream_pages(
        &format!("ledger-{}.csv", id.get()),
        HEADER,
        EXPORT_PAGE,
        first,
        lines,
        next,
        "customer ledger",
    ))
}

async fn read_page(
    pool: &DbPool,
    id: UserId,
    before: Option<i64>,
) -> Result<Vec<LedgerRow>, ApiError> {
    with_conn(pool, move |conn| {
        Ok(wallet::history_before(conn, id, before, EXPORT_PAGE)?)
    })
    .await
}

fn lines(page: &[LedgerRow]) -> String {
    page.iter()
        .map(|row| line(&LedgerEntry::from(row.clone())))
        .collect()
}

/// One ledger row's line, ending in CRLF.
fn line(item: &LedgerEntry) -> String {
    let cells = [
        item.id.to_string(),
        item.kind.as_str().to_owned(),
        item.amount.to_decimal_string(),
        item.balance_after.to_decimal_string(),
        cell(&item.reference),
        cell(item.note.as_deref().unwrap_or_default()),
        iso_utc(item.created_at),
    ];
    let mut text = cells.join(",");
    text.push_str("\r\n");
    text
}
