//! `UpstreamPool`: a pool as the operator sees it, with its health (probes and the last 24
//! hours of real traffic). The password is never in it: only whether one is set.

use domain::upstream_pool::{PoolProtocol, countries_from_text, kinds_from_text};
use domain::{Cents, ProxyKind};
use persistence::upstream_pool_hours::PoolTraffic;
use persistence::upstream_pools::PoolRow;
use serde::Serialize;
use utoipa::ToSchema;

/// Whether new connections may go through a pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PoolState {
    /// Active and not marked down.
    Up,
    /// Active, but three probes in a row failed: skipped until a probe succeeds.
    Down,
    /// Deactivated by the operator.
    Inactive,
}

/// A pool's health: its probes and its real traffic over the last 24 hours.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolHealth {
    pub state: PoolState,
    /// False after three failed probes in a row, until one succeeds: new connections skip it.
    pub up: bool,
    /// Failed probes in a row.
    pub failures: i32,
    /// Unix seconds of the last probe; null before the first.
    pub checked_at: Option<i64>,
    /// What the last failed probe met (no credential in it); null after a success.
    pub last_error: Option<String>,
    /// Bytes the pool carried in the last 24 hours (both directions, as customers were
    /// metered).
    #[serde(rename = "traffic24hBytes")]
    pub traffic_24h_bytes: i64,
    /// Connects through the pool over the last 24 hours.
    #[serde(rename = "connects24h")]
    pub connects_24h: i64,
    /// Share of those connects the pool carried out, 0 to 1 (a destination's failure is not
    /// the pool's); null without any.
    #[serde(rename = "successRate24h")]
    pub success_rate_24h: Option<f64>,
    /// Median time to a working tunnel through the pool over the last 24 hours, in
    /// milliseconds (from a histogram, so approximate); null without any.
    pub connect_p50_ms: Option<u64>,
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

impl UpstreamPool {
    /// The pool `row` with its last 24 hours of `traffic`.
    pub fn new(row: PoolRow, traffic: &PoolTraffic) -> Self {
        let state = match (row.active, row.up) {
            (false, _) => PoolState::Inactive,
            (true, true) => PoolState::Up,
            (true, false) => PoolState::Down,
        };
        let connects = &traffic.connects;
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
                state,
                up: row.up,
                failures: row.failures,
                checked_at: row.checked_at,
                last_error: row.last_error,
                traffic_24h_bytes: traffic.bytes,
                connects_24h: connects.ok + connects.pool_failed + connects.destination_failed,
                success_rate_24h: connects.success_rate(),
                connect_p50_ms: connects.p50_ms(),
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

/// One probe's answer (`POST /api/admin/upstreams/{id}/test`): the exit IP and the time the
/// whole probe took, or the failure in words (never the pool's host, port or credentials).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProbeAnswer {
    pub ok: bool,
    pub exit_ip: Option<String>,
    pub latency_ms: Option<u64>,
    pub error: Option<String>,
    /// Whether the pool is up once this probe is counted.
    pub up: bool,
}
