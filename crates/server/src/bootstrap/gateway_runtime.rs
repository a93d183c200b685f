//! The metering gateway on a Tokio runtime and thread of its own, beside the API's, with a database
//! pool of its own (`PROXYSHOP_GATEWAY_DB_POOL_SIZE`, `storage::open_gateway_pool`), so that
//! neither can starve the other; on PostgreSQL also one connection LISTENing for the change events.

use super::stop::StopSignal;
use crate::config::Config;
use persistence::DbPool;
use std::net::SocketAddr;

/// The metering gateway, running on its own threads beside the API.
pub(super) struct RunningGateway {
    pub http: SocketAddr,
    pub socks: SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    thread: std::thread::JoinHandle<Result<(), gateway::GatewayError>>,
}

impl RunningGateway {
    /// Stops accepting (if a stop signal has not already), drains up to
    /// `PROXYSHOP_GATEWAY_DRAIN_SECS`, settles the last metered bytes and leases, and waits for it.
    pub(super) fn stop(self) -> anyhow::Result<()> {
        let RunningGateway { stop, thread, .. } = self;
        let _ = stop.send(());
        join(thread)
    }

    /// Waits until the gateway stopped (on a stop signal).
    pub(super) fn wait(self) -> anyhow::Result<()> {
        // `stop` is dropped unsent: only a signal stops the gateway.
        join(self.thread)
    }
}

fn join(thread: std::thread::JoinHandle<Result<(), gateway::GatewayError>>) -> anyhow::Result<()> {
    match thread.join() {
        Ok(result) => Ok(result?),
        Err(_) => Err(anyhow::anyhow!("the gateway thread panicked")),
    }
}

/// Binds the gateway's HTTP and SOCKS5 ports and serves them on a runtime of its own, over
/// `pool` (the gateway's own), until `stop` is called or a stop signal comes (a second one
/// closes the tunnels still draining). It may hold the open-file limit `fd_limit` less
/// `PROXYSHOP_GATEWAY_FD_RESERVE` descriptors.
pub(super) fn start_gateway(
    config: &Config,
    pool: DbPool,
    signal: &StopSignal,
    fd_limit: Option<u64>,
) -> anyhow::Result<RunningGateway> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("gateway")
        .enable_all()
        .build()?;
    let settings = &config.gateway;
    let (max_descriptors, reserve) = crate::fd_limit::gateway_budget(fd_limit, settings.fd_reserve);
    if let Some(limit) = fd_limit {
        tracing::info!(
            limit,
            reserve,
            gateway = max_descriptors,
            "file descriptors: the gateway may hold `gateway` of the `limit`; `reserve` stay for the API"
        );
    }
    let gw_config = gateway::GatewayConfig {
        http_addr: config.gateway_http_addr,
        socks_addr: config.gateway_socks_addr,
        allow_private: config.gateway_allow_private,
        refused_ports: config.gateway_refused_ports.clone(),
        blocklist_files: config.blocklist_files.clone(),
        // Residential traffic is always metered here, relayed through a pool when one serves it
        // (IPRoyal's among them).
        serve_traffic: true,
        max_connections_per_user: settings.max_connections_per_customer,
        max_connections_per_trial: settings.max_connections_per_trial,
        max_unauthenticated: settings.max_unauthenticated,
        handshake_timeout: settings.handshake_timeout,
        idle_timeout: settings.idle_timeout,
        idle_timeout_crowded: settings.idle_timeout_crowded,
        half_closed_timeout: settings.half_closed_timeout,
        upstream_timeout: settings.upstream_timeout,
        drain: settings.drain,
        expected_nodes: settings.expected_nodes,
        lease_ttl: settings.lease_ttl,
        auto_topup_window: config.auto_topup_window,
        max_descriptors,
        // PostgreSQL: the change events arrive by LISTEN/NOTIFY; SQLite: by polling alone.
        listen_url: gateway::ListenUrl::for_database(&config.database_url),
        ..gateway::GatewayConfig::default()
    };
    let gw = runtime.block_on(gateway::Gateway::bind(gw_config, pool))?;
    let (http, socks) = (gw.http_addr(), gw.socks_addr());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (first, second) = (signal.clone(), signal.clone());
    let thread = std::thread::Builder::new()
        .name("gateway".into())
        .spawn(move || {
            runtime.block_on(gw.run_draining(
                async {
                    tokio::select! {
                        // A dropped sender (`wait`) is no stop.
                        Ok(()) = stopped => {}
                        () = first.first() => {}
                    }
                },
                second.second(),
            ))
        })?;
    Ok(RunningGateway {
        http,
        socks,
        stop,
        thread,
    })
}
