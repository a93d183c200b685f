//! The metering gateway on a Tokio runtime and thread of its own, beside the API's.

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
    /// Stops accepting, flushes the last metered bytes and waits for it.
    pub(super) fn stop(self) -> anyhow::Result<()> {
        let _ = self.stop.send(());
        match self.thread.join() {
            Ok(result) => Ok(result?),
            Err(_) => Err(anyhow::anyhow!("the gateway thread panicked")),
        }
    }
}

/// Binds the gateway's HTTP and SOCKS5 ports and serves them on a runtime of its own.
pub(super) fn start_gateway(config: &Config, pool: DbPool) -> anyhow::Result<RunningGateway> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("gateway")
        .enable_all()
        .build()?;
    let gw_config = gateway::GatewayConfig {
        http_addr: config.gateway_http_addr,
        socks_addr: config.gateway_socks_addr,
        allow_private: config.gateway_allow_private,
        refused_ports: config.gateway_refused_ports.clone(),
        // With IPRoyal, residential traffic is carried (and metered) there only.
        serve_traffic: config.providers.iproyal.is_none(),
        ..gateway::GatewayConfig::default()
    };
    let gw = runtime.block_on(gateway::Gateway::bind(gw_config, pool))?;
    let (http, socks) = (gw.http_addr(), gw.socks_addr());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("gateway".into())
        .spawn(move || {
            runtime.block_on(gw.run(async {
                let _ = stopped.await;
            }))
        })?;
    Ok(RunningGateway {
        http,
        socks,
        stop,
        thread,
    })
}
