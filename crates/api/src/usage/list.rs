//! `GET /api/user/requests?type=&from=&to=&host=&outcome=&page=&perPage=`: the customer's
//! connections through the gateway, newest first, a page at a time, with how many match
//! counted up to `connection_records::COUNT_CAP`.

use super::filters::RecordQuery;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::pagination::{Page, PageQuery};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::ProxyKind;
use domain::usage::{CredentialKind, Outcome};
use persistence::connection_records::{self, Record};
use serde::Serialize;
use utoipa::ToSchema;

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
            outcome: r.outcome,
            reason: r.reason,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecordPage {
    pub requests: Vec<RequestRecord>,
    /// How many records match, counted up to 10,000 (`totalCapped` when there are more).
    pub total: i64,
    /// Set when more records than `total` match: the count stops at 10,000, so that a heavy
    /// customer's page costs no count over their whole history.
    #[serde(rename = "totalCapped")]
    pub total_capped: bool,
    pub page: i64,
    #[serde(rename = "perPage")]
    pub per_page: i64,
}

#[utoipa::path(tag = "usage", params(RecordQuery, PageQuery),
    responses((status = 200, body = RecordPage), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/user/requests")]
pub async fn list_requests(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<RecordQuery>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = query.parse(user.0.id)?;
    let Page {
        page,
        per_page,
        offset,
    } = paging.resolve(50)?;
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(connection_records::page(conn, &filter, per_page, offset)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(RecordPage {
            requests: rows.into_iter().map(RequestRecord::from).collect(),
            total: total.count,
            total_capped: total.capped,
            page,
            per_page,
        }))
}
