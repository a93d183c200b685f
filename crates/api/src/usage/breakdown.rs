//! `GET /api/user/usage/breakdown?by=host|credential|day|hour&type=&from=&to=&host=&outcome=`:
//! the records the filters match, summed per target host (the 50 with the most bytes), per
//! credential (main account, each sub-user, allowlist entry, piece), or per UTC day or hour
//! (oldest first). Read from the usage rollups (`persistence::usage_rollups`), never the
//! records: the cost follows the window's groups, not the number of connections; the window is
//! taken in whole hours.

use super::filters::RecordQuery;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::Viewer;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::messages as msg;
use domain::usage::{CredentialKind, Grouping};
use persistence::connection_records::GroupBy;
use persistence::usage_rollups;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
pub struct GroupQuery {
    /// host, credential, day or hour.
    #[param(required = true, schema_with = crate::openapi::rules::grouping)]
    pub by: Option<String>,
}

impl GroupQuery {
    fn parse(&self) -> Result<GroupBy, ApiError> {
        match self.by.as_deref().and_then(Grouping::parse) {
            Some(Grouping::Host) => Ok(GroupBy::Host),
            Some(Grouping::Credential) => Ok(GroupBy::Credential),
            Some(Grouping::Day) => Ok(GroupBy::Day),
            Some(Grouping::Hour) => Ok(GroupBy::Hour),
            None => Err(ApiError::BadRequest(msg::UNKNOWN_GROUPING.to_owned())),
        }
    }
}

/// One group: its key (the host; the credential's label; the day `YYYY-MM-DD`; the hour
/// `YYYY-MM-DDTHH:00:00Z`) and its sums.
#[derive(Debug, Serialize, ToSchema)]
pub struct BreakdownRow {
    pub key: String,
    /// main, subuser, allowlist or piece: set when grouped by credential.
    #[serde(rename = "credentialKind", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub credential_kind: Option<CredentialKind>,
    /// Connections (records) in the group.
    pub requests: i64,
    #[serde(rename = "bytesUp")]
    pub bytes_up: i64,
    #[serde(rename = "bytesDown")]
    pub bytes_down: i64,
    /// bytesUp + bytesDown.
    pub bytes: i64,
    /// Of `requests`, those not charged: they failed on the shop's side before any byte of the
    /// destination reached the customer (gateway_busy, no_pool_serves, pools_failed).
    #[serde(rename = "notCharged")]
    pub not_charged: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Breakdown {
    /// host, credential, day or hour.
    pub by: String,
    pub rows: Vec<BreakdownRow>,
}

#[utoipa::path(tag = "usage", params(GroupQuery, RecordQuery),
    responses((status = 200, body = Breakdown), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/user/usage/breakdown")]
pub async fn usage_breakdown(
    state: web::Data<AppState>,
    viewer: Viewer,
    group: web::Query<GroupQuery>,
    query: web::Query<RecordQuery>,
) -> Result<HttpResponse, ApiError> {
    let by = group.parse()?;
    let filter = query.parse_for(&viewer)?;
    let groups = with_conn(&state.services.pool, move |conn| {
        Ok(usage_rollups::breakdown(conn, &filter, by)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Breakdown {
            by: group.by.clone().unwrap_or_default(),
            rows: groups
                .into_iter()
                .map(|g| BreakdownRow {
                    key: g.key,
                    credential_kind: g.credential_kind,
                    requests: g.requests,
                    bytes_up: g.bytes_up,
                    bytes_down: g.bytes_down,
                    bytes: g.bytes_up + g.bytes_down,
                    not_charged: g.not_charged,
                })
                .collect(),
        }))
}
