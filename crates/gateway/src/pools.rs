//! The upstream pools this node relays Premium and Budget traffic through (`chain.rs` dials
//! them): the active pools that are up, read from the database and kept for
//! `GatewayConfig::pool_refresh`, and the bytes each one carried, added to its row at every
//! flush of the node (`write_counts`) and before each read. A pool whose stored templates no longer parse is left out (and logged by id).
//! The connects through each pool (outcome and connect time) are counted the same way and
//! added, with the bytes, to the pool's row of the hour (`persistence::upstream_pool_hours`);
//! each read also sets `proxyshop_upstream_up` for every active pool.

use crate::store::blocking;
use domain::ProxyKind;
use domain::pool_health::{ConnectCounts, ConnectOutcome};
use domain::upstream_pool::PoolRoute;
use persistence::DbPool;
use persistence::upstream_pool_hours;
use persistence::upstream_pools::{self, PoolRow};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::time::Instant;

#[derive(Debug)]
pub(crate) struct Pools {
    db: DbPool,
    refresh: Duration,
    /// The pools as last read, and when; one reader at a time refreshes them.
    cached: tokio::sync::Mutex<(Option<Instant>, Arc<Vec<PoolRoute>>)>,
    /// Bytes carried per pool id since they were last written.
    carried: Mutex<HashMap<i64, u64>>,
    /// Connects per pool id since they were last written.
    connects: Mutex<HashMap<i64, ConnectCounts>>,
}

/// The route of a stored pool; None (logged by id) when a template does not parse.
fn route(row: PoolRow) -> Option<PoolRoute> {
    let route = row.route();
    if route.is_none() {
        tracing::warn!(
            pool = row.id,
            "upstream pool skipped: a template does not parse"
        );
    }
    route
}

impl Pools {
    pub(crate) fn new(db: DbPool, refresh: Duration) -> Pools {
        Pools {
            db,
            refresh,
            cached: tokio::sync::Mutex::new((None, Arc::new(Vec::new()))),
            carried: Mutex::new(HashMap::new()),
            connects: Mutex::new(HashMap::new()),
        }
    }

    /// The routable pools, read again once `refresh` has passed (what the pools carried is
    /// written first). A failed read keeps the pools last read.
    pub(crate) async fn routes(&self) -> Arc<Vec<PoolRoute>> {
        let mut cached = self.cached.lock().await;
        if cached.0.is_some_and(|at| at.elapsed() < self.refresh) {
            return cached.1.clone();
        }
        self.write_counts().await;
        let db = self.db.clone();
        let read = blocking(move || {
            let mut conn = db.get()?;
            let active: Vec<PoolRow> = upstream_pools::list(&mut conn)?
                .into_iter()
                .filter(|p| p.active)
                .collect();
            for pool in &active {
                metrics::gauge!("proxyshop_upstream_up", "upstream" => pool.name.clone())
                    .set(if pool.up { 1.0 } else { 0.0 });
            }
            Ok(active.into_iter().filter(|p| p.up).collect::<Vec<_>>())
        })
        .await;
        match read {
            Ok(rows) => {
                *cached = (
                    Some(Instant::now()),
                    Arc::new(rows.into_iter().filter_map(route).collect()),
                );
            }
            Err(e) => tracing::error!(error = %e, "cannot read the upstream pools"),
        }
        cached.1.clone()
    }

    /// Writes the bytes each pool carried and its connect counts since the last write (to its
    /// row and its row of the hour). The gateway's periodic flush calls it, and so does its last
    /// flush at shutdown, so an idle node's last counts are not left in memory; a failed write
    /// is logged and those counts are lost (they are the pools' statistics, not what customers
    /// are charged, which the meter's flush writes).
    pub(crate) async fn write_counts(&self) {
        let carried: Vec<(i64, u64)> = self
            .carried
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain()
            .collect();
        let mut connects =
            std::mem::take(&mut *self.connects.lock().unwrap_or_else(PoisonError::into_inner));
        if carried.is_empty() && connects.is_empty() {
            return;
        }
        let db = self.db.clone();
        let written = blocking(move || {
            let mut conn = db.get()?;
            let hour = upstream_pool_hours::hour_of(persistence::now());
            for (id, bytes) in &carried {
                let bytes = i64::try_from(*bytes).unwrap_or(i64::MAX);
                upstream_pools::add_carried(&mut conn, *id, bytes)?;
                let counts = connects.remove(id).unwrap_or_default();
                upstream_pool_hours::add(&mut conn, *id, hour, &counts, bytes)?;
            }
            for (id, counts) in &connects {
                upstream_pool_hours::add(&mut conn, *id, hour, counts, 0)?;
            }
            Ok(())
        })
        .await;
        if let Err(e) = written {
            tracing::error!(error = %e, "cannot write what the upstream pools carried");
        }
    }

    /// Whether any routable pool carries `kind` (a kind without pools exits directly).
    pub(crate) async fn carry(&self, kind: ProxyKind) -> Option<Arc<Vec<PoolRoute>>> {
        let routes = self.routes().await;
        routes
            .iter()
            .any(|r| r.kinds.contains(&kind))
            .then_some(routes)
    }

    /// Counts one connect through the pool `id` that ended with `outcome` after `took`.
    pub(crate) fn connected(&self, id: i64, outcome: ConnectOutcome, took: Duration) {
        let ms = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
        self.connects
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(id)
            .or_default()
            .count(outcome, ms);
    }

    /// Counts `bytes` that the pool `id` carried.
    pub(crate) fn carried(&self, id: i64, bytes: u64) {
        if bytes > 0 {
            *self
                .carried
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .entry(id)
                .or_default() += bytes;
        }
    }
}
