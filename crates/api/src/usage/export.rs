//! `GET /api/user/requests.csv?type=&from=&to=&host=&outcome=`: every record the filters
//! match within a window (24 hours before `to` or now without `from`, at most the records'
//! retention, a host search at most 7 days), newest first, as a CSV attachment. Streamed: a task reads the records in keyset
//! pages (after the last one's time and id, so rows written meanwhile neither repeat nor shift
//! the walk) on the blocking pool and hands each page's lines over a small channel.

use super::filters::RecordQuery;
use super::window;
use crate::blocking::with_conn;
use crate::csv::{cell, iso_utc, stream_pages};
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use persistence::DbPool;
use persistence::connection_records::{Cursor, Record, RecordFilter};

/// Records per query and per chunk of the body.
pub(crate) const EXPORT_PAGE: i64 = 1_000;

const HEADER: &str = "started_at,duration_ms,credential_kind,credential_id,credential_label,type,host,port,bytes_up,bytes_down,outcome,reason,charged\r\n";

#[utoipa::path(tag = "usage", params(RecordQuery),
    responses((status = 200, content_type = "text/csv", body = String,
        description = "attachment requests.csv"),
        (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse),
        (status = 422, body = ErrorResponse)))]
#[get("/user/requests.csv")]
pub async fn export_requests(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<RecordQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut filter = query.parse(user.0.id)?;
    let now = persistence::now();
    window::bound_export(&mut filter, now, state.settings.usage_records_days)?;
    window::bound_host_search(&mut filter, now)?;
    // The first page is read before answering, so a failing database is a plain 500.
    let first = read_page(&state.services.pool, &filter, None).await?;
    let pool = state.services.pool.clone();
    let next = move |last: &[Record]| {
        let after = last.last().map(|r| (r.row.started_at, r.id));
        let (pool, filter) = (pool.clone(), filter.clone());
        async move { read_page(&pool, &filter, after).await }
    };
    Ok(stream_pages(
        "requests.csv",
        HEADER,
        EXPORT_PAGE,
        first,
        lines,
        next,
        "usage records",
    ))
}

async fn read_page(
    pool: &DbPool,
    filter: &RecordFilter,
    after: Option<Cursor>,
) -> Result<Vec<Record>, ApiError> {
    let filter = filter.clone();
    with_conn(pool, move |conn| {
        Ok(persistence::record_pages::after(
            conn,
            &filter,
            after,
            EXPORT_PAGE,
        )?)
    })
    .await
}

fn lines(page: &[Record]) -> String {
    page.iter().map(line).collect()
}

/// One record's line, ending in CRLF.
fn line(record: &Record) -> String {
    let r = &record.row;
    let cells = [
        iso_utc(r.started_at),
        r.duration_ms.to_string(),
        r.credential_kind.to_string(),
        r.credential_id.map(|id| id.to_string()).unwrap_or_default(),
        cell(&r.credential_label),
        r.kind.to_string(),
        cell(&r.host),
        r.port.to_string(),
        r.bytes_up.to_string(),
        r.bytes_down.to_string(),
        r.outcome.to_string(),
        cell(r.reason.as_deref().unwrap_or_default()),
        domain::usage::charged(r.outcome, r.reason.as_deref()).to_string(),
    ];
    let mut text = cells.join(",");
    text.push_str("\r\n");
    text
}
