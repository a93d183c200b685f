//! `GET /api/user/usage/health?by=host|country|credential|hour&type=&from=&to=&host=&outcome=&credential=`:
//! the health of the customer's traffic per target host, exit country targeted, credential or
//! UTC hour: connections, succeeded and failed, the success rate, the failures by reason, the
//! bytes, and the median and 95th percentile connect time estimated from the rollups' histogram
//! (docs/api.md#health-of-the-traffic: the bound). The 100 groups with the most connections,
//! most first, and the total over every matching record (percentiles do not add, so a client
//! cannot compute the overall ones from the rows). Read from the usage rollups (`persistence::usage_rollups::health`), never the
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
use domain::traffic_health::{self, HealthGrouping};
use domain::usage::CredentialKind;
use persistence::usage_rollups::{self, HealthGroup};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
pub struct HealthQuery {
    /// host, country, credential or hour.
    #[param(required = true, schema_with = crate::openapi::rules::health_grouping)]
    pub by: Option<String>,
}

impl HealthQuery {
    fn parse(&self) -> Result<HealthGrouping, ApiError> {
        self.by
            .as_deref()
            .and_then(HealthGrouping::parse)
            .ok_or_else(|| ApiError::BadRequest(msg::UNKNOWN_HEALTH_GROUPING.to_owned()))
    }
}

/// One group's health.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthRow {
    /// The target host (empty: refused before naming one); the exit country targeted, two
    /// lower-case letters (empty: none targeted); the credential's label; the hour
    /// `YYYY-MM-DDTHH:00:00Z`.
    pub key: String,
    /// main, subuser, allowlist or piece: set when grouped by credential.
    #[serde(rename = "credentialKind", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub credential_kind: Option<CredentialKind>,
    #[serde(flatten)]
    pub figures: HealthFigures,
}

/// The figures of a group, or of all the matching records.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthFigures {
    /// Connections (records).
    pub connections: i64,
    /// Served (`ok`) or served until the traffic ran out (`cut_quota`).
    pub succeeded: i64,
    /// Refused (`refused`) or failed (`upstream_error`).
    pub failed: i64,
    /// succeeded / connections, 0 to 1.
    #[serde(rename = "successRate")]
    pub success_rate: f64,
    /// The median time to reach the destination (ms), estimated from the histogram: within a
    /// factor of 1.35 of the true median from 10 ms to 10 s, within 5 ms below 10 ms, 10000 for
    /// 10 s or more. Null when no connection recorded a connect time.
    #[serde(rename = "p50ConnectMs")]
    #[schema(required = true)]
    pub p50_connect_ms: Option<i64>,
    /// The 95th percentile, estimated as `p50ConnectMs` is.
    #[serde(rename = "p95ConnectMs")]
    #[schema(required = true)]
    pub p95_connect_ms: Option<i64>,
    /// Connections with a recorded connect time (those that reached their destination since
    /// connect times are recorded): what the percentiles are of.
    #[serde(rename = "timedConnections")]
    pub timed_connections: i64,
    /// Bytes up and down.
    pub bytes: i64,
    /// The failed connections per reason (`no_traffic`, `connect_failed`, `pools_failed`, …; the
    /// outcome's name for a failure recorded without one); they add up to `failed`.
    #[serde(rename = "failuresByReason")]
    pub failures_by_reason: BTreeMap<String, i64>,
}

impl From<HealthGroup> for HealthRow {
    fn from(mut g: HealthGroup) -> HealthRow {
        HealthRow {
            key: std::mem::take(&mut g.key),
            credential_kind: g.credential_kind,
            figures: HealthFigures::from(g),
        }
    }
}

impl From<HealthGroup> for HealthFigures {
    fn from(g: HealthGroup) -> HealthFigures {
        HealthFigures {
            success_rate: if g.connections > 0 {
                g.succeeded as f64 / g.connections as f64
            } else {
                0.0
            },
            p50_connect_ms: traffic_health::percentile(&g.connect, 0.5),
            p95_connect_ms: traffic_health::percentile(&g.connect, 0.95),
            timed_connections: g.connect.iter().sum(),
            connections: g.connections,
            succeeded: g.succeeded,
            failed: g.failed,
            bytes: g.bytes,
            failures_by_reason: g.failures_by_reason,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// host, country, credential or hour.
    pub by: String,
    /// At most 100 groups, the most connections first (ties: the most bytes, then the key).
    pub rows: Vec<HealthRow>,
    /// Every matching record, in the listed groups or not: the sums, and the percentiles of
    /// all their connect times together (exact where the rows' cannot be combined).
    pub total: HealthFigures,
}

#[utoipa::path(tag = "usage", params(HealthQuery, RecordQuery),
    responses((status = 200, body = Health), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/user/usage/health")]
pub async fn usage_health(
    state: web::Data<AppState>,
    viewer: Viewer,
    group: web::Query<HealthQuery>,
    query: web::Query<RecordQuery>,
) -> Result<HttpResponse, ApiError> {
    let by = group.parse()?;
    let filter = query.parse_for(&viewer)?;
    let health = with_conn(&state.services.pool, move |conn| {
        Ok(usage_rollups::health(conn, &filter, by)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Health {
            by: by.as_str().to_owned(),
            rows: health.groups.into_iter().map(HealthRow::from).collect(),
            total: HealthFigures::from(health.total),
        }))
}
