//! The upstream pools this node relays Premium and Budget traffic through (`chain.rs` dials
//! them): the active pools that are up, read from the database and kept for
//! `GatewayConfig::pool_refresh`, and the bytes each one carried, added to its row at every
//! flush of the node (`write_counts`) and before each read. A pool whose stored templates no longer parse is left out (and logged by id).
//! The connects through each pool (outcome and connect time) are counted the same way and
//! added, with the bytes, to the pool's row of the hour (`persistence::upstream_pool_hours`);
//! each read also sets `proxyshop_upstream_up` for every active pool. `LIVE_DOWN_AFTER` of a
//! pool's own failures in a row on live traffic mark it down as failed probes do.

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
    cached: tokio::sync::Mutex<(Option<Instant>, Arc<Routes>)>,
    /// Bytes carried per pool id since they were last written.
    carried: Mutex<HashMap<i64, u64>>,
    /// Connects per pool id since they were last written.
    connects: Mutex<HashMap<i64, ConnectCounts>>,
    /// The pool's own failures in a row on this node's live traffic, per pool id.
    streaks: Mutex<HashMap<i64, u32>>,
}

/// The pool's own failures in a row on live traffic that mark it down (as three failed probes
/// do), until a probe succeeds. More than the probe's three: a connection's failure may be one
/// slow answer among many good ones, a probe's is the pool's alone.
pub(crate) const LIVE_DOWN_AFTER: u32 = 5;

/// The active pools as last read: those that are up, and the kinds any active pool carries,
/// up or down. A kind with active pools that are all down is refused rather than sent out
/// from the shop's own address: its customers bought the pools' network, not ours.
#[derive(Debug, Default)]
pub(crate) struct Routes {
    pub(crate) up: Vec<PoolRoute>,
    kinds: Vec<ProxyKind>,
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
            cached: tokio::sync::Mutex::new((None, Arc::new(Routes::default()))),
            carried: Mutex::new(HashMap::new()),
            connects: Mutex::new(HashMap::new()),
            streaks: Mutex::new(HashMap::new()),
        }
    }

    /// The routable pools, read again once `refresh` has passed (what the pools carried is
    /// written first). A failed read keeps the pools last read.
    pub(crate) async fn routes(&self) -> Arc<Routes> {
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
            Ok(active)
        })
        .await;
        match read {
            Ok(rows) => {
                let mut kinds: Vec<ProxyKind> = Vec::new();
                let mut up = Vec::new();
                for (is_up, route) in rows.into_iter().filter_map(|r| Some((r.up, route(r)?))) {
                    for kind in &route.kinds {
                        if !kinds.contains(kind) {
                            kinds.push(*kind);
                        }
                    }
                    if is_up {
                        up.push(route);
                    }
                }
                *cached = (Some(Instant::now()), Arc::new(Routes { up, kinds }));
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

    /// The pools that are up when any active pool carries `kind` (a kind without active pools
    /// exits directly; one whose pools are all down finds none up and is refused).
    pub(crate) async fn carry(&self, kind: ProxyKind) -> Option<Arc<Routes>> {
        let routes = self.routes().await;
        routes.kinds.contains(&kind).then_some(routes)
    }

    /// Counts one connect through the pool `id` that ended with `outcome` after `took`; true
    /// when it is the pool's `LIVE_DOWN_AFTER`-th own failure in a row (the caller then marks
    /// it down, `mark_down`). A success or a destination's failure ends the run.
    pub(crate) fn connected(&self, id: i64, outcome: ConnectOutcome, took: Duration) -> bool {
        let ms = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
        self.connects
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(id)
            .or_default()
            .count(outcome, ms);
        let mut streaks = self.streaks.lock().unwrap_or_else(PoisonError::into_inner);
        if outcome != ConnectOutcome::PoolFailed {
            streaks.remove(&id);
            return false;
        }
        let streak = streaks.entry(id).or_default();
        *streak += 1;
        if *streak < LIVE_DOWN_AFTER {
            return false;
        }
        streaks.remove(&id);
        true
    }

    /// Marks the pool `id` down after a run of failures on live traffic (`reason`, a metric
    /// label naming no credential): stored as the probe's failures are, so that every node
    /// skips it and the next successful probe brings it back; this node stops using it at
    /// once.
    pub(crate) async fn mark_down(&self, id: i64, reason: &'static str) {
        let db = self.db.clone();
        let marked = blocking(move || {
            let mut conn = db.get()?;
            upstream_pools::mark_down_live(&mut conn, id, LIVE_DOWN_AFTER, reason)
        })
        .await;
        match marked {
            Ok(()) => {
                tracing::warn!(
                    pool = id,
                    reason,
                    "upstream pool marked down after live failures"
                );
                let mut cached = self.cached.lock().await;
                let up = cached.1.up.iter().filter(|r| r.id != id).cloned().collect();
                let kinds = cached.1.kinds.clone();
                cached.1 = Arc::new(Routes { up, kinds });
            }
            Err(e) => tracing::error!(error = %e, pool = id, "cannot mark an upstream pool down"),
        }
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
