//! The status page's minute (the `status_minutes` job, each minute, once across instances): each
//! component is probed through its real path and its real traffic since the last minute is
//! read; the minute is down when the probe failed and the traffic's success rate is below
//! `domain::status::TRAFFIC_SUCCESS_PERCENT` (`domain::status::minute_up`). The minute is
//! added to the component's day row (`persistence::status_minutes`), once even when two
//! instances measure the same minute.
//!
//! Paths: the website and API, a database round trip from this instance; a kind's gateway
//! service, an HTTP CONNECT to the gateway's public address answered with its credential check
//! (407 for the probe's unknown credential) and, for a kind that active upstream pools serve, at
//! least one of them up by its probe (with all of them down the kind cannot be served: the
//! gateway does not fall back to its own exit), plus the kind's connections (`ok` against
//! `upstream_error`) in the usage rollups; a pool, the pool probe's last outcome (the
//! `upstream_probes` job fetches the check URL through it each minute) plus its connects
//! (succeeded against failed through the pool) in `upstream_pool_hours`.

use super::components::{Component, Path, components};
use crate::blocking::{in_transaction, with_conn};
use crate::error::AppError;
use domain::ProxyKind;
use domain::credential_template::CredentialTemplate;
use domain::upstream_pool::{PoolProtocol, PoolRoute, kinds_from_text};
use persistence::status_minutes::{self, Mark};
use persistence::upstream_pool_hours::hour_of;
use persistence::{DbPool, upstream_pools};
use std::collections::HashMap;
use std::time::Duration;
use upstream::chain::{DialError, PoolFailure};

/// Where the gateway probe goes and how long a probe may take.
#[derive(Debug, Clone)]
pub struct StatusSettings {
    /// The gateway's public host and HTTP proxy port (what customers' lines point at).
    pub gateway_host: String,
    pub gateway_port: u16,
    pub timeout: Duration,
}

/// Whether the gateway answered a CONNECT with its credential check in time: a 407 for the
/// probe's made-up credential is the gateway working.
async fn gateway_answers(settings: &StatusSettings) -> bool {
    let Ok(template) = CredentialTemplate::parse("usernameTemplate", "status") else {
        return false;
    };
    let route = PoolRoute {
        id: 0,
        name: "status probe".to_owned(),
        kinds: Vec::new(),
        protocol: PoolProtocol::Http,
        host: settings.gateway_host.clone(),
        port: settings.gateway_port,
        username: String::new(),
        password: String::new(),
        username_template: template.clone(),
        password_template: template,
        weight: 1,
        countries: Vec::new(),
    };
    let password = format!("{:016x}", rand::random::<u64>());
    matches!(
        upstream::chain::dial(
            &route,
            "status-probe",
            &password,
            "example.com",
            443,
            settings.timeout
        )
        .await,
        Err(DialError::Pool(PoolFailure::AuthRejected))
    )
}

/// What was read for one minute: the components, the pool probes' outcomes, the hour's
/// traffic counters and the marks.
struct Readings {
    components: Vec<Component>,
    pool_ok: HashMap<i64, bool>,
    /// Per kind that active pools serve: whether any of them is up.
    kind_pools_ok: HashMap<ProxyKind, bool>,
    pool_connects: HashMap<i64, (i64, i64)>,
    kind_connects: HashMap<String, (i64, i64)>,
    marks: HashMap<String, Mark>,
}

fn read(conn: &mut persistence::DbConnection, hour: i64) -> Result<Readings, AppError> {
    persistence::connection::ping(conn)?;
    let pools = upstream_pools::list(conn)?;
    let pool_ok: HashMap<i64, bool> = pools
        .iter()
        .map(|p| (p.id, p.up && p.failures == 0))
        .collect();
    let mut kind_pools_ok: HashMap<ProxyKind, bool> = HashMap::new();
    for p in pools.iter().filter(|p| p.active) {
        for kind in kinds_from_text(&p.kinds) {
            *kind_pools_ok.entry(kind).or_default() |= pool_ok[&p.id];
        }
    }
    let pool_connects = status_minutes::pool_connects(conn, hour)?
        .into_iter()
        .map(|(id, ok, failed)| (id, (ok, failed)))
        .collect();
    let mut kind_connects: HashMap<String, (i64, i64)> = HashMap::new();
    for (kind, outcome, n) in status_minutes::kind_outcomes(conn, hour)? {
        let entry = kind_connects.entry(kind).or_default();
        match outcome.as_str() {
            "ok" => entry.0 += n,
            "upstream_error" => entry.1 += n,
            // Refusals and cuts are the customer's (no traffic, limits), not the service's.
            _ => {}
        }
    }
    Ok(Readings {
        components: components(&pools),
        pool_ok,
        kind_pools_ok,
        pool_connects,
        kind_connects,
        marks: status_minutes::marks(conn)?,
    })
}

/// Measures the minute `now` falls in for every component and counts it; returns how many
/// components this call counted (0 when another instance counted the minute first). A
/// database that cannot be read counts nothing: the minute stays unmeasured.
pub async fn measure_minute(
    pool: &DbPool,
    settings: &StatusSettings,
    now: i64,
) -> Result<usize, AppError> {
    let hour = hour_of(now);
    let readings = with_conn(pool, move |conn| read(conn, hour)).await?;
    let gateway_ok = gateway_answers(settings).await;
    let minute = now.div_euclid(60);
    let marks: Vec<(String, Mark)> = readings
        .components
        .iter()
        .map(|component| {
            let (probe_ok, totals) = match component.path {
                Path::Web => (true, (0, 0)),
                Path::Gateway(kind) => (
                    gateway_ok && readings.kind_pools_ok.get(&kind).copied().unwrap_or(true),
                    readings
                        .kind_connects
                        .get(kind.as_str())
                        .copied()
                        .unwrap_or_default(),
                ),
                Path::Pool(id) => (
                    readings.pool_ok.get(&id).copied().unwrap_or(false),
                    readings.pool_connects.get(&id).copied().unwrap_or_default(),
                ),
            };
            // The traffic of this minute: the hour's counters less those read a minute ago
            // (all of them in a new hour).
            let (ok, failed) = match readings.marks.get(&component.id) {
                Some(mark) if mark.hour == hour => (totals.0 - mark.ok, totals.1 - mark.failed),
                _ => totals,
            };
            let mark = Mark {
                minute,
                up: domain::status::minute_up(probe_ok, ok, failed),
                hour,
                ok: totals.0,
                failed: totals.1,
            };
            (component.id.clone(), mark)
        })
        .collect();
    let day = domain::calendar::utc_day(now);
    in_transaction(pool, move |conn| {
        let mut counted = 0;
        for (id, mark) in &marks {
            if status_minutes::count_minute(conn, id, &day, mark)? {
                counted += 1;
            }
        }
        Ok(counted)
    })
    .await
}
