//! The upstream pools this node relays Premium and Budget traffic through (`chain.rs` dials
//! them): the active pools that are up, read from the database and kept for
//! `GatewayConfig::pool_refresh`, and the bytes each one carried, added to its row at the next
//! read. A pool whose stored templates no longer parse is left out (and logged by id).

use crate::store::blocking;
use domain::ProxyKind;
use domain::credential_template::CredentialTemplate;
use domain::upstream_pool::{PoolRoute, countries_from_text, kinds_from_text};
use persistence::DbPool;
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
}

/// The route of a stored pool; None when a template does not parse (edited by hand).
fn route(row: PoolRow) -> Option<PoolRoute> {
    let parsed = |field, text: &str| CredentialTemplate::parse(field, text).ok();
    let (Some(username_template), Some(password_template)) = (
        parsed("usernameTemplate", &row.username_template),
        parsed("passwordTemplate", &row.password_template),
    ) else {
        tracing::warn!(
            pool = row.id,
            "upstream pool skipped: a template does not parse"
        );
        return None;
    };
    Some(PoolRoute {
        id: row.id,
        kinds: kinds_from_text(&row.kinds),
        protocol: row.protocol,
        port: u16::try_from(row.port).ok()?,
        weight: u32::try_from(row.weight).unwrap_or(0),
        countries: countries_from_text(&row.countries),
        name: row.name,
        host: row.host,
        username: row.username,
        password: row.password,
        username_template,
        password_template,
    })
}

impl Pools {
    pub(crate) fn new(db: DbPool, refresh: Duration) -> Pools {
        Pools {
            db,
            refresh,
            cached: tokio::sync::Mutex::new((None, Arc::new(Vec::new()))),
            carried: Mutex::new(HashMap::new()),
        }
    }

    /// The routable pools, read again once `refresh` has passed (the carried bytes are written
    /// first). A failed read keeps the pools last read.
    pub(crate) async fn routes(&self) -> Arc<Vec<PoolRoute>> {
        let mut cached = self.cached.lock().await;
        if cached.0.is_some_and(|at| at.elapsed() < self.refresh) {
            return cached.1.clone();
        }
        let carried: Vec<(i64, u64)> = self
            .carried
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain()
            .collect();
        let db = self.db.clone();
        let read = blocking(move || {
            let mut conn = db.get()?;
            for (id, bytes) in &carried {
                let bytes = i64::try_from(*bytes).unwrap_or(i64::MAX);
                upstream_pools::add_carried(&mut conn, *id, bytes)?;
            }
            upstream_pools::routable(&mut conn)
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

    /// Whether any routable pool carries `kind` (a kind without pools exits directly).
    pub(crate) async fn carry(&self, kind: ProxyKind) -> Option<Arc<Vec<PoolRoute>>> {
        let routes = self.routes().await;
        routes
            .iter()
            .any(|r| r.kinds.contains(&kind))
            .then_some(routes)
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
