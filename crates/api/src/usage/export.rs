//! `GET /api/user/requests.csv` and `GET /api/user/requests.json` `?type=&from=&to=&host=&outcome=`:
//! every record the filters match within a window (24 hours before `to` or now without `from`,
//! at most the records' retention, a host search at most 7 days), newest first, as a CSV
//! attachment or a JSON array of the list's record objects (`app::usage_exports::RecordText`).
//! Streamed: a task reads the records in keyset pages (after the last one's time and id, so
//! rows written meanwhile neither repeat nor shift the walk) on the blocking pool and hands
//! each page's text over a small channel. A window too large to wait for is exported in the
//! background instead (`exports`).

use super::filters::RecordQuery;
use super::window;
use crate::blocking::with_conn;
use crate::csv::{StreamedFile, stream_file};
use crate::error::ApiError;
use crate::extractors::Viewer;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use app::usage_exports::RecordText;
use domain::usage::ExportFormat;
use persistence::DbPool;
use persistence::connection_records::{Cursor, Record, RecordFilter};

/// Records per query and per chunk of the body.
pub(crate) const EXPORT_PAGE: i64 = 1_000;

#[utoipa::path(tag = "usage", params(RecordQuery),
    responses((status = 200, content_type = "text/csv", body = String,
        description = "attachment requests.csv"),
        (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse),
        (status = 422, body = ErrorResponse)))]
#[get("/user/requests.csv")]
pub async fn export_requests(
    state: web::Data<AppState>,
    viewer: Viewer,
    query: web::Query<RecordQuery>,
) -> Result<HttpResponse, ApiError> {
    export(&state, &viewer, &query, ExportFormat::Csv).await
}

#[utoipa::path(tag = "usage", params(RecordQuery),
    responses((status = 200, content_type = "application/json", body = Vec<super::list::RequestRecord>,
        description = "attachment requests.json: an array of the records as the list shows them"),
        (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse),
        (status = 422, body = ErrorResponse)))]
#[get("/user/requests.json")]
pub async fn export_requests_json(
    state: web::Data<AppState>,
    viewer: Viewer,
    query: web::Query<RecordQuery>,
) -> Result<HttpResponse, ApiError> {
    export(&state, &viewer, &query, ExportFormat::Json).await
}

async fn export(
    state: &AppState,
    viewer: &Viewer,
    query: &RecordQuery,
    format: ExportFormat,
) -> Result<HttpResponse, ApiError> {
    let mut filter = query.parse_for(viewer)?;
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
    let mut text = RecordText::new(format);
    let filename = format!("requests.{}", format.extension());
    let file = StreamedFile {
        filename: &filename,
        content_type: format.content_type(),
        head: text.head(),
        tail: text.tail(),
    };
    let lines = move |page: &[Record]| text.page(page);
    Ok(stream_file(
        file,
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
