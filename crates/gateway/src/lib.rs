//! The metering forward proxy: HTTP (CONNECT and plain requests) and SOCKS5 on their own ports,
//! authenticated by a customer's proxy credential or an allowlisted source address, refusing internal destinations, moving only
//! traffic leased from the database, counting every byte per (customer, kind) and settling the
//! counts every few seconds and at shutdown (after a drain). It obeys the change events (a
//! customer disabled, a piece released) at once on PostgreSQL (LISTEN/NOTIFY, `listen.rs`) and
//! within about a second on SQLite (polling). Metrics go through the `metrics`
//! macros (`proxyshop_gateway_*`). ARCHITECTURE.md maps its modules and the invariants they
//! keep; docs/operations.md ("Gateway fleet") states the lease rule and its bounds.

mod allowlist;
mod blocklist;
mod cache;
mod chain;
mod config;
mod credentials;
mod db_leases;
mod descriptors;
mod destination;
mod error;
mod flow;
mod flush;
mod http;
mod lease;
mod listen;
#[cfg(test)]
mod loopback;
mod memory;
mod meter;
mod open_error;
mod pace;
mod pools;
mod preauth;
mod rates;
mod record;
mod registry;
mod relay;
mod shared;
mod slot_takes;
mod slots;
mod socks;
#[cfg(target_os = "linux")]
mod splice;
mod store;
mod tasks;
mod turns;
mod workers;

#[cfg(test)]
#[path = "setup_tests.rs"]
mod setup_tests;

pub use config::{GatewayConfig, ListenUrl};
use credentials::Credentials;
pub use error::GatewayError;
use persistence::DbPool;
use preauth::Gate;
use registry::Registry;
use shared::Shared;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use store::{LeaseRule, Node};
use tasks::{flush_periodically, watch_events};
use tokio::sync::{mpsc, watch};

/// The bound gateway; `run` serves it.
pub struct Gateway {
    /// The listeners of each worker (`workers.rs`), HTTP then SOCKS5.
    units: Vec<workers::Unit>,
    http_addr: SocketAddr,
    socks_addr: SocketAddr,
    shared: Arc<Shared>,
    stop: watch::Sender<bool>,
}

/// A clonable handle for tests and operators: flush the meter now.
#[derive(Debug, Clone)]
pub struct GatewayHandle {
    shared: Arc<Shared>,
}

impl GatewayHandle {
    /// Writes the pending counts now, sets the plans' paces again and writes what the upstream
    /// pools carried (as the periodic flush does).
    pub async fn flush_now(&self) -> Result<(), GatewayError> {
        self.shared.registry.flush(false).await?;
        self.shared.refresh_paces().await;
        self.shared.pools.write_counts().await;
        Ok(())
    }

    /// Relay pipes made since the gateway started (`proxyshop_gateway_splice_pipes_total`):
    /// a direction makes one only once it has moved enough to be a bulk stream.
    pub fn pipes_made(&self) -> u64 {
        self.shared.fds.pipes_made()
    }
}

impl Gateway {
    /// Binds both listeners; nothing is served until `run`.
    pub async fn bind(config: GatewayConfig, pool: DbPool) -> Result<Gateway, GatewayError> {
        let http = workers::bind(config.http_addr, config.workers)?;
        let socks = workers::bind(config.socks_addr, config.workers)?;
        let local = |listeners: &[std::net::TcpListener], addr: SocketAddr| {
            listeners
                .first()
                .and_then(|l| l.local_addr().ok())
                .unwrap_or(addr)
        };
        let (http_addr, socks_addr) = (
            local(&http, config.http_addr),
            local(&socks, config.socks_addr),
        );
        let units = http
            .into_iter()
            .zip(socks)
            .map(|(http, socks)| workers::Unit { http, socks })
            .collect();
        let (stop, shutdown) = watch::channel(false);
        let allowlist = allowlist::Allowlist::default();
        if let Err(e) = allowlist.reload(&pool).await {
            // Read again at the next change event or refresh.
            tracing::warn!(error = %e, "gateway could not read the IP allowlist");
        }
        let blocklist = blocklist::Blocklist::new(config.blocklist_files.clone());
        if let Err(e) = blocklist.reload(&pool).await {
            // Read again at the next change event or refresh.
            tracing::warn!(error = %e, "gateway could not read the blocklist");
        }
        let shared = Arc::new(Shared {
            allowlist,
            blocklist,
            credentials: Credentials::new(
                pool.clone(),
                config.serve_traffic,
                config.unknown_user_ttl,
            ),
            gate: Gate::new(&config, pool.clone()),
            pools: pools::Pools::new(pool.clone(), config.pool_refresh),
            registry: Registry::new(
                Node {
                    pool,
                    // Random per process: a restarted node never mistakes an old lease for
                    // its own (the old one expires and is settled as used).
                    id: domain::random::alphanumeric(16),
                    rule: LeaseRule {
                        expected_nodes: config.expected_nodes,
                    },
                    slot_rule: slots::SlotRule {
                        expected_nodes: config.expected_nodes,
                    },
                    ttl: config.lease_ttl,
                    topup_window: i64::try_from(config.auto_topup_window.as_secs())
                        .unwrap_or(i64::MAX / 2),
                },
                config.max_connections_per_user,
                config.max_connections_per_trial,
            ),
            fds: descriptors::Descriptors::new(config.max_descriptors)
                .idle_when_crowded(config.idle_timeout_crowded)
                .idle_when_half_closed(config.half_closed_timeout),
            memory: memory::Memory::default(),
            config,
            shutdown,
            live: std::sync::atomic::AtomicUsize::new(0),
            accept_log: std::sync::Mutex::new(descriptors::AcceptLog::default()),
        });
        Ok(Gateway {
            units,
            http_addr,
            socks_addr,
            shared,
            stop,
        })
    }

    pub fn http_addr(&self) -> SocketAddr {
        self.http_addr
    }

    pub fn socks_addr(&self) -> SocketAddr {
        self.socks_addr
    }

    pub fn handle(&self) -> GatewayHandle {
        GatewayHandle {
            shared: self.shared.clone(),
        }
    }

    /// Serves until `shutdown` completes, then drains (`run_draining`) for the configured
    /// `drain` time.
    pub async fn run(self, shutdown: impl Future<Output = ()>) -> Result<(), GatewayError> {
        self.run_draining(shutdown, std::future::pending()).await
    }

    /// Serves until `shutdown` completes; then stops accepting, lets the live connections
    /// finish for up to `drain` (or until `stop_now` completes: a second stop signal), closes
    /// the rest and settles the last counts and every lease. An error means that final flush
    /// failed (the leases then expire and are settled as used).
    pub async fn run_draining(
        self,
        shutdown: impl Future<Output = ()>,
        stop_now: impl Future<Output = ()>,
    ) -> Result<(), GatewayError> {
        let Gateway {
            units,
            http_addr,
            socks_addr,
            shared,
            stop,
        } = self;
        tracing::info!(http = %http_addr, socks = %socks_addr, workers = shared.config.workers,
            node = shared.registry.node_id(), "gateway listening");
        let flusher = tokio::spawn(flush_periodically(shared.clone()));
        let wake = Arc::new(listen::Wake::default());
        let listener =
            shared.config.listen_url.clone().map(|url| {
                tokio::spawn(listen::listen(url, wake.clone(), shared.shutdown.clone()))
            });
        let watcher = tokio::spawn(watch_events(shared.clone(), wake));
        // Each unit holds a sender until its last connection has ended.
        let (stop_accepting, accepting) = watch::channel(false);
        let (running, mut units_running) = mpsc::channel::<()>(1);
        let mut threads = Vec::new();
        let mut started = Ok(());
        for (index, unit) in units.into_iter().enumerate() {
            if shared.config.workers == 0 {
                tokio::spawn(unit.serve(shared.clone(), accepting.clone(), running.clone()));
                continue;
            }
            match workers::spawn(
                index,
                unit,
                shared.clone(),
                accepting.clone(),
                running.clone(),
            ) {
                Ok(thread) => threads.push(thread),
                Err(e) => {
                    started = Err(e);
                    break;
                }
            }
        }
        drop(running);
        if started.is_ok() {
            shutdown.await;
        }
        stop_accepting.send_replace(true);
        let live = shared.live();
        if live > 0 && !shared.config.drain.is_zero() {
            tracing::info!(connections = live, drain = ?shared.config.drain, "gateway draining");
            tokio::pin!(stop_now);
            tokio::select! {
                _ = units_running.recv() => {}
                () = tokio::time::sleep(shared.config.drain) => {
                    tracing::info!(connections = shared.live(), "drain time over, closing the rest");
                }
                () = &mut stop_now => {
                    tracing::info!(connections = shared.live(), "stopping at once");
                }
            }
        }
        stop.send_replace(true);
        // None once every unit has ended (no unit ever sends).
        while units_running.recv().await.is_some() {}
        for thread in threads {
            let _ = tokio::task::spawn_blocking(move || thread.join()).await;
        }
        // The flusher stops between flushes, so a write in progress completes or gives back.
        let _ = flusher.await;
        let _ = watcher.await;
        if let Some(listener) = listener {
            let _ = listener.await;
        }
        started?;
        shared.registry.flush(true).await?;
        shared.pools.write_counts().await;
        tracing::info!("gateway stopped, usage flushed and leases settled");
        Ok(())
    }
}
