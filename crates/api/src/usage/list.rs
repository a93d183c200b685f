//! `GET /api/user/requests?type=&from=&to=&host=&outcome=&cursor=&perPage=`: the customer's
//! connections through the gateway, newest first, a page at a time after the cursor the
//! previous page returned (`nextCursor`), so a deep page costs what the first one costs; with
//! how many match counted up to `connection_records::COUNT_CAP` on the first page only (a page
//! read by cursor counts nothing). `page` still reads a numbered
//! page (by offset) for the clients that ask for one. A host search covers at most 7 days
//! (`window::bound_host_search`).

use super::filters::RecordQuery;
use super::window;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::Viewer;
use crate::pagination::{Page, PageQuery};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::ProxyKind;
use domain::usage::{CredentialKind, Outcome};
use persistence::connection_records::Record;
use persistence::record_pages;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Where the page starts.
#[derive(Debug, Deserialize, IntoParams)]
pub struct CursorQuery {
    /// The `nextCursor` of the previous page: this page holds the records after it (older).
    /// Absent: the newest records, or the numbered `page`. Anything else is a 422 on `cursor`.
    pub cursor: Option<String>,
}

/// The credential that opened a connection, as it was named then.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordCredential {
    /// main, subuser, allowlist or piece.
    #[schema(value_type = String)]
    pub kind: CredentialKind,
    /// The sub-user's, allowlist entry's or piece's id; null for the main account.
    pub id: Option<i64>,
    /// The proxy username, piece username, sub-user name or allowlisted network.
    pub label: String,
}

/// One connection through the gateway.
#[derive(Debug, Serialize, ToSchema)]
pub struct RequestRecord {
    /// Unix seconds when it opened.
    #[serde(rename = "startedAt")]
    pub started_at: i64,
    #[serde(rename = "durationMs")]
    pub duration_ms: i64,
    pub credential: RecordCredential,
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// The target host as the client asked for it; empty when refused before naming one.
    pub host: String,
    pub port: i32,
    /// Bytes metered towards the target.
    #[serde(rename = "bytesUp")]
    pub bytes_up: i64,
    /// Bytes metered back to the client.
    #[serde(rename = "bytesDown")]
    pub bytes_down: i64,
    /// ok, refused, upstream_error or cut_quota.
    #[schema(value_type = String)]
    pub outcome: Outcome,
    /// Why it was refused, failed or cut (no_traffic, connect_failed, traffic_exhausted, …).
    pub reason: Option<String>,
    /// False when it failed on the shop's side before any byte of the destination reached the
    /// customer (reason gateway_busy, no_pool_serves or pools_failed): it cost nothing.
    pub charged: bool,
    /// The public address the connection came from (the customer's machine, as the gateway saw
    /// it); null on older records and when it came from the shop's own network (the proxy
    /// checker, a balancer).
    pub source: Option<String>,
}

impl From<Record> for RequestRecord {
    fn from(r: Record) -> Self {
        let r = r.row;
        RequestRecord {
            started_at: r.started_at,
            duration_ms: r.duration_ms,
            credential: RecordCredential {
                kind: r.credential_kind,
                id: r.credential_id,
                label: r.credential_label,
            },
            kind: r.kind,
            host: r.host,
            port: r.port,
            bytes_up: r.bytes_up,
            bytes_down: r.bytes_down,
            charged: domain::usage::charged(r.outcome, r.reason.as_deref()),
            outcome: r.outcome,
            reason: r.reason,
            source: r
                .source
                .as_deref()
                .and_then(domain::address_space::public_source),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecordPage {
    pub requests: Vec<RequestRecord>,
    /// How many records match, counted up to 10,000 (`totalCapped` when there are more), on the
    /// first page (and a numbered `page`) only: null on a page read by `cursor`, whose total is
    /// the first page's, so that walking the pages counts nothing again.
    pub total: Option<i64>,
    /// Set when more records than `total` match: the count stops at 10,000, so that a heavy
    /// customer's page costs no count over their whole history. Null with `total`.
    #[serde(rename = "totalCapped")]
    pub total_capped: Option<bool>,
    /// The numbered page asked for (`page`, 1 by default); 1 when read by `cursor`.
    pub page: i64,
    #[serde(rename = "perPage")]
    pub per_page: i64,
    /// Pass it as `cursor` for the next (older) page; null when this page is the last.
    #[serde(rename = "nextCursor")]
    pub next_cursor: Option<String>,
}

#[utoipa::path(tag = "usage", params(RecordQuery, CursorQuery, PageQuery),
    responses((status = 200, body = RecordPage), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/user/requests")]
pub async fn list_requests(
    state: web::Data<AppState>,
    viewer: Viewer,
    query: web::Query<RecordQuery>,
    at: web::Query<CursorQuery>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut filter = query.parse_for(&viewer)?;
    window::bound_host_search(&mut filter, persistence::now())?;
    let cursor = match at.cursor.as_deref().filter(|c| !c.trim().is_empty()) {
        Some(text) => Some(window::decode(text)?),
        None => None,
    };
    let Page {
        page,
        per_page,
        offset,
    } = paging.resolve(50)?;
    let (page, offset) = if cursor.is_some() {
        (1, 0)
    } else {
        (page, offset)
    };
    // One row more than the page says whether another page follows.
    let (mut rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(match cursor {
            Some(_) => (
                record_pages::after(conn, &filter, cursor, per_page + 1)?,
                None,
            ),
            None => (
                record_pages::at_offset(conn, &filter, offset, per_page + 1)?,
                Some(record_pages::total(conn, &filter)?),
            ),
        })
    })
    .await?;
    let more = rows.len() as i64 > per_page;
    rows.truncate(per_page as usize);
    let next_cursor = rows
        .last()
        .filter(|_| more)
        .map(|r| window::encode((r.row.started_at, r.id)));
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(RecordPage {
            requests: rows.into_iter().map(RequestRecord::from).collect(),
            total: total.map(|t| t.count),
            total_capped: total.map(|t| t.capped),
            page,
            per_page,
            next_cursor,
        }))
}
