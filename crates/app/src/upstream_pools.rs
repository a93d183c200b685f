//! Upstream pool health: a probe fetches the check URL through a pool
//! (`upstream::chain::probe`, the handshake the gateway relays with) and records the outcome
//! (`persistence::upstream_pools::record_probe`): `DOWN_AFTER_FAILURES` failures in a row mark
//! the pool down, and the gateway skips it from its next read of the pools until a probe
//! succeeds. The `upstream_probes` job probes every active pool each minute; the admin API's
//! test probes one pool now and audits it with the recorded outcome.
//!
//! A probe's error is a sentence naming no host, port or credential of the pool.

use crate::blocking::{in_transaction, with_conn};
use crate::error::AppError;
use domain::UserId;
use domain::pool_health::{DOWN_AFTER_FAILURES, KEEP_HOURS};
use persistence::audit::{self, AuditEntry};
use persistence::upstream_pools::{self, PoolRow};
use persistence::{DbConnection, DbPool, upstream_pool_hours};
use std::net::IpAddr;
use std::time::Duration;

/// Where probes fetch from and how long one may take.
#[derive(Debug, Clone)]
pub struct ProbeSettings {
    /// `PROXYSHOP_CHECK_URL`: an IP-echo service answering the caller's IP as text or
    /// `{"ip": ...}`.
    pub url: String,
    pub timeout: Duration,
}

/// A probe's outcome: the exit IP and the probe's time, or the failure in words.
pub type ProbeResult = Result<(IpAddr, Duration), String>;

/// What one probe found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeReport {
    /// The exit IP and the probe's time, or the failure in words.
    pub result: ProbeResult,
    /// Whether the pool is up once the outcome is recorded.
    pub up: bool,
}

/// The error a pool whose stored templates no longer parse is probed with.
const UNPARSABLE: &str = "The pool's credential templates do not parse";

/// Probes `row` through its pool.
async fn probe_row(row: &PoolRow, settings: &ProbeSettings) -> ProbeResult {
    let route = row.route().ok_or_else(|| UNPARSABLE.to_owned())?;
    match upstream::chain::probe(&route, &settings.url, settings.timeout).await {
        Ok(outcome) => Ok((outcome.exit_ip, outcome.latency)),
        Err(error) => Err(error.to_string()),
    }
}

/// Records a probe's `result` for the pool `id` (inside the caller's transaction); whether it
/// is up afterwards.
fn record(conn: &mut DbConnection, id: i64, result: &ProbeResult) -> Result<bool, AppError> {
    let error = result.as_ref().err().map(String::as_str);
    Ok(upstream_pools::record_probe(
        conn,
        id,
        error,
        DOWN_AFTER_FAILURES,
    )?)
}

fn gauge(name: &str, up: bool) {
    metrics::gauge!("proxyshop_upstream_up", "upstream" => name.to_owned()).set(if up {
        1.0
    } else {
        0.0
    });
}

/// Probes every active pool at once and records each outcome; also drops the hourly traffic
/// figures older than `KEEP_HOURS`. Returns how many pools were probed.
pub async fn probe_all(pool: &DbPool, settings: &ProbeSettings) -> Result<usize, AppError> {
    let rows: Vec<PoolRow> = with_conn(pool, |conn| {
        let keep_from = upstream_pool_hours::hour_of(persistence::now()) - KEEP_HOURS * 3600;
        upstream_pool_hours::purge_before(conn, keep_from)?;
        Ok(upstream_pools::list(conn)?)
    })
    .await?
    .into_iter()
    .filter(|p| p.active)
    .collect();
    let results =
        futures_util::future::join_all(rows.iter().map(|row| probe_row(row, settings))).await;
    let probed: Vec<(i64, String, ProbeResult)> = rows
        .into_iter()
        .zip(results)
        .map(|(row, result)| (row.id, row.name, result))
        .collect();
    let count = probed.len();
    let states = with_conn(pool, move |conn| {
        probed
            .into_iter()
            .map(|(id, name, result)| Ok((name, record(conn, id, &result)?)))
            .collect::<Result<Vec<_>, AppError>>()
    })
    .await?;
    for (name, up) in states {
        if !up {
            tracing::warn!(upstream = %name, "upstream pool down after failed probes");
        }
        gauge(&name, up);
    }
    Ok(count)
}

/// The operator's test of the pool `id`: one probe now, its outcome recorded and audited
/// (`upstream.test`) in one transaction. A missing pool is `NotFoundWith(not_found)`.
pub async fn test_pool(
    pool: &DbPool,
    settings: &ProbeSettings,
    id: i64,
    actor: UserId,
    not_found: &'static str,
) -> Result<ProbeReport, AppError> {
    let row = with_conn(pool, move |conn| Ok(upstream_pools::find(conn, id)?))
        .await?
        .ok_or(AppError::NotFoundWith(not_found))?;
    let result = probe_row(&row, settings).await;
    let name = row.name.clone();
    let report = in_transaction(pool, move |conn| {
        let up = record(conn, id, &result)?;
        let after = serde_json::json!({
            "ok": result.is_ok(),
            "exitIp": result.as_ref().ok().map(|(ip, _)| ip.to_string()),
            "latencyMs": result.as_ref().ok().map(|(_, took)| took.as_millis() as u64),
            "error": result.as_ref().err(),
            "up": up,
        });
        audit::record(
            conn,
            &AuditEntry {
                actor,
                action: "upstream.test",
                target: &format!("upstream:{id}"),
                reason: None,
                before: None,
                after: Some(after),
            },
        )?;
        Ok(ProbeReport { result, up })
    })
    .await?;
    if row.active {
        gauge(&name, report.up);
    }
    Ok(report)
}

#[cfg(test)]
#[path = "upstream_pools_tests.rs"]
mod tests;
