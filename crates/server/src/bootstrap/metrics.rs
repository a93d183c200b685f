//! The metrics recorder and its scrape endpoint (`PROXYSHOP_METRICS_ADDR`), set up before the
//! API and the gateway start so that both record from their first connection.

use crate::config::Config;
use api::telemetry::{MetricsServer, install_recorder};
use persistence::DbPool;

/// Installs the recorder and binds the endpoint, which watches `pools`; `None` when metrics
/// are off (`PROXYSHOP_METRICS_ADDR=off`: nothing is recorded). The caller spawns `run`.
pub(super) fn prepare(
    config: &Config,
    pools: Vec<(&'static str, DbPool)>,
) -> anyhow::Result<Option<MetricsServer>> {
    let Some(addr) = config.metrics_addr else {
        return Ok(None);
    };
    let server = MetricsServer::bind(addr, install_recorder()?, pools)?;
    tracing::info!("metrics on http://{}/metrics", server.local_addr()?);
    Ok(Some(server))
}
