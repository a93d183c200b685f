//! `UpstreamPool`: a pool as the operator sees it. The password is never in it: only whether
//! one is set.

use domain::upstream_pool::{PoolProtocol, countries_from_text, kinds_from_text};
use domain::{Cents, ProxyKind};
use persistence::upstream_pools::PoolRow;
use serde::Serialize;
use utoipa::ToSchema;

/// A pool's health: probes and, later, live traffic.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolHealth {
    /// False after three failed probes in a row, until one succeeds: new connections skip it.
    pub up: bool,
    /// Failed probes in a row.
    pub failures: i32,
    /// Unix seconds of the last probe; null before the first.
    pub checked_at: Option<i64>,
    /// What the last failed probe met (no credential in it); null after a success.
    pub last_error: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpstreamPool {
    pub id: i64,
    pub name: String,
    /// premium and/or budget.
    #[schema(value_type = Vec<String>)]
    pub kinds: Vec<ProxyKind>,
    /// http or socks5.
    #[schema(value_type = String)]
    pub protocol: PoolProtocol,
    pub host: String,
    pub port: i32,
    /// The shop's username at the provider.
    pub username: String,
    /// Whether a password is set (the password itself is never returned).
    pub has_password: bool,
    pub username_template: String,
    pub password_template: String,
    /// USD per GB.
    #[schema(value_type = f64)]
    pub cost_per_gb: Cents,
    pub weight: i32,
    /// Lower-case ISO codes; empty: every country.
    pub countries: Vec<String>,
    pub active: bool,
    /// Bytes it carried; a pool that carried any is deactivated, not deleted.
    pub carried_bytes: i64,
    pub health: PoolHealth,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<PoolRow> for UpstreamPool {
    fn from(row: PoolRow) -> Self {
        UpstreamPool {
            id: row.id,
            name: row.name,
            kinds: kinds_from_text(&row.kinds),
            protocol: row.protocol,
            host: row.host,
            port: row.port,
            username: row.username,
            has_password: !row.password.is_empty(),
            username_template: row.username_template,
            password_template: row.password_template,
            cost_per_gb: row.cost_per_gb_cents,
            weight: row.weight,
            countries: countries_from_text(&row.countries),
            active: row.active,
            carried_bytes: row.carried_bytes,
            health: PoolHealth {
                up: row.up,
                failures: row.failures,
                checked_at: row.checked_at,
                last_error: row.last_error,
            },
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PoolEnvelope {
    pub upstream: UpstreamPool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PoolList {
    pub upstreams: Vec<UpstreamPool>,
}

/// What `DELETE` did: `{deleted: true}`, or `{deleted: false, upstream}` for a pool that carried
/// traffic, kept and deactivated.
#[derive(Debug, Serialize, ToSchema)]
pub struct RemovalOutcome {
    pub deleted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream: Option<UpstreamPool>,
}
