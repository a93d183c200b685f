//! Usage exports prepared in the background (docs/api.md#usage-exports), over
//! `app::usage_exports`: `POST /api/user/requests/exports` asks for one (the filters of
//! `requests.csv`, a window of at most the records' retention, and `format` csv or json) → 202;
//! `GET …/exports` lists the customer's, `GET …/exports/{id}` reads one, `GET …/exports/{id}/file`
//! downloads a ready one as CSV or JSON (the stored gzip passed through to a client that takes
//! gzip), `DELETE …/exports/{id}` deletes one.

use super::filters::RecordQuery;
use super::window;
use crate::content_coding::{Copies, Encoding, negotiate};
use crate::csv::CsvBody;
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject, read_object};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::http::header::{ACCEPT_ENCODING, CONTENT_ENCODING, VARY};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use app::usage_exports::{self as exports, Download};
use domain::calendar::utc_day;
use domain::messages as msg;
use domain::usage::ExportFormat;
use persistence::usage_exports::ExportRow;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use utoipa::ToSchema;

/// The body asking for an export: the filters, and the file's format. Documents the body; it
/// is read as its two parts (`RecordQuery`, `FormatField`), so that a field of the wrong type is
/// named in the 422.
#[derive(Debug, Deserialize, ToSchema)]
#[expect(dead_code, reason = "the schema of the body, which is read in parts")]
pub struct ExportRequest {
    #[serde(flatten)]
    pub filters: RecordQuery,
    /// csv (the default) or json (an array of the records as `GET /api/user/requests` lists
    /// them); anything else is a 422 on `format`.
    #[schema(value_type = Option<String>, example = "json")]
    pub format: Option<String>,
}

/// The body's `format`.
#[derive(Debug, Deserialize)]
struct FormatField {
    format: Option<String>,
}

impl FormatField {
    fn parse(&self) -> Result<ExportFormat, ApiError> {
        match self.format.as_deref().map(str::trim) {
            None | Some("") => Ok(ExportFormat::Csv),
            Some(given) => ExportFormat::parse(given)
                .ok_or_else(|| ApiError::field("format", msg::FORMAT_CSV_OR_JSON)),
        }
    }
}

/// One export.
#[derive(Debug, Serialize, ToSchema)]
pub struct UsageExport {
    pub id: i64,
    /// pending (waiting for a writer), running, ready (downloadable until `expiresAt`) or
    /// failed (ask again).
    pub status: String,
    /// The filters it was asked with; null where none was set.
    #[serde(rename = "type")]
    #[schema(value_type = Option<String>)]
    pub kind: Option<domain::ProxyKind>,
    /// Unix seconds: the window, `from` inclusive, `to` exclusive.
    pub from: i64,
    pub to: i64,
    pub host: Option<String>,
    #[schema(value_type = Option<String>)]
    pub outcome: Option<domain::usage::Outcome>,
    pub credential: Option<String>,
    /// Records written so far (all of them once ready).
    pub records: i64,
    /// The file's size in bytes so far, before compression (CSV or JSON: named so before JSON).
    #[serde(rename = "csvBytes")]
    pub csv_bytes: i64,
    /// csv or json.
    #[schema(value_type = String)]
    pub format: ExportFormat,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
    #[serde(rename = "finishedAt")]
    pub finished_at: Option<i64>,
    /// Unix seconds when it is deleted: a day after it finished (or was asked for).
    #[serde(rename = "expiresAt")]
    pub expires_at: i64,
    /// Where to download it when ready (null before).
    #[serde(rename = "downloadUrl")]
    pub download_url: Option<String>,
}

impl From<ExportRow> for UsageExport {
    fn from(r: ExportRow) -> Self {
        let ready = r.status == persistence::usage_exports::READY;
        UsageExport {
            download_url: ready.then(|| format!("/api/user/requests/exports/{}/file", r.id)),
            id: r.id,
            status: r.status,
            kind: r.kind,
            from: r.window_from,
            to: r.window_to,
            host: r.host,
            outcome: r.outcome,
            credential: r.credential,
            records: r.records,
            csv_bytes: r.csv_bytes,
            format: r.format,
            created_at: r.created_at,
            finished_at: r.finished_at,
            expires_at: r.expires_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageExports {
    /// Newest first; at most 5.
    pub items: Vec<UsageExport>,
}

#[utoipa::path(tag = "usage", request_body = ExportRequest,
    responses((status = 202, body = UsageExport, description = "Asked for; written in the background"),
        (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse),
        (status = 409, body = ErrorResponse,
            description = "One is being prepared already, or 5 are kept"),
        (status = 422, body = ErrorResponse, description = "from, host, format or a filter invalid")))]
#[post("/user/requests/exports")]
pub async fn request_export(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<serde_json::Map<String, serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let body = serde_json::Value::Object(body.into_inner());
    let filters: RecordQuery = read_object(body.clone())?;
    let format = read_object::<FormatField>(body)?.parse()?;
    let mut filter = filters.parse(user.0.id)?;
    let now = persistence::now();
    window::bound_export(&mut filter, now, state.settings.usage_records_days)?;
    window::bound_host_search(&mut filter, now)?;
    let (Some(from), Some(to)) = (filter.from, filter.to) else {
        return Err(ApiError::Internal(
            "an export's window has both ends".into(),
        ));
    };
    let row = exports::request(&state.services.pool, filter, (from, to), format).await?;
    Ok(HttpResponse::Accepted().json(UsageExport::from(row)))
}

#[utoipa::path(tag = "usage",
    responses((status = 200, body = UsageExports), (status = 401, body = ErrorResponse)))]
#[get("/user/requests/exports")]
pub async fn list_exports(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let rows = exports::list(&state.services.pool, user.0.id).await?;
    Ok(HttpResponse::Ok().json(UsageExports {
        items: rows.into_iter().map(UsageExport::from).collect(),
    }))
}

#[utoipa::path(tag = "usage", params(("id" = i64, Path, description = "Export id")),
    responses((status = 200, body = UsageExport), (status = 401, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
#[get("/user/requests/exports/{id}")]
pub async fn get_export(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let row = exports::find(&state.services.pool, user.0.id, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(UsageExport::from(row)))
}

#[utoipa::path(tag = "usage", params(("id" = i64, Path, description = "Export id")),
    responses((status = 204, description = "Deleted"), (status = 401, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
#[delete("/user/requests/exports/{id}")]
pub async fn delete_export(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    exports::delete(&state.services.pool, user.0.id, path.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(tag = "usage", params(("id" = i64, Path, description = "Export id")),
    responses((status = 200, content_type = "text/csv", body = String,
            description = "attachment requests-FROM-TO.csv, or requests-FROM-TO.json (application/json) for a json export"),
        (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse),
        (status = 409, body = ErrorResponse, description = "Not ready")))]
#[get("/user/requests/exports/{id}/file")]
pub async fn download_export(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let pool = &state.services.pool;
    let row = exports::find(pool, user.0.id, path.into_inner()).await?;
    let filename = format!(
        "requests-{}-{}.{}",
        utc_day(row.window_from),
        utc_day(row.window_to - 1),
        row.format.extension()
    );
    let content_type = row.format.content_type();
    let mut download = Download::of(pool, &row)?;
    let gzip = {
        let accept = req
            .headers()
            .get(ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok());
        let copies = Copies {
            br: false,
            gzip: true,
        };
        negotiate(accept, copies) == Encoding::Gzip
    };
    // The first part is read before answering, so a failing database is a plain 500.
    let first = if gzip {
        download.next_gzip().await?
    } else {
        download.next_text().await?
    };
    let (sender, receiver) = mpsc::channel(2);
    actix_web::rt::spawn(async move {
        let mut part = first;
        while let Some(bytes) = part.take() {
            if sender.send(Ok(Bytes::from(bytes))).await.is_err() {
                return;
            }
            let next = if gzip {
                download.next_gzip().await
            } else {
                download.next_text().await
            };
            match next {
                Ok(next) => part = next,
                Err(error) => {
                    tracing::error!(%error, "usage export download stopped");
                    let _ = sender.send(Err(error.into())).await;
                    return;
                }
            }
        }
    });
    let mut answer = HttpResponse::Ok();
    answer
        .content_type(content_type)
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{filename}\""),
        ))
        .insert_header(("Cache-Control", "no-store"))
        .insert_header((VARY, "Accept-Encoding"));
    if gzip {
        answer.insert_header((CONTENT_ENCODING, "gzip"));
    }
    Ok(answer.body(CsvBody::new(receiver)))
}
