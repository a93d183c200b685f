//! The metrics recorder and its scrape endpoint (`PROXYSHOP_METRICS_ADDR`), set up before the
//! API and the gateway start so that both record from their first connection.

use crate::config::Config;
use app::telemetry::{MetricsServer, install_recorder};
use persistence::DbPool;

/// Installs the recorder and binds the endpoint, which watches `pools`; `None` when metrics
/// are off (`PROXYSHOP_METRICS_ADDR=off`: nothing is recorded), or when the default address is
/// taken (a second instance on one machine). The caller spawns `run`.
pub(super) fn prepare(
    config: &Config,
    pools: Vec<(&'static str, DbPool)>,
) -> anyhow::Result<Option<MetricsServer>> {
    let Some(addr) = config.metrics_addr else {
        return Ok(None);
    };
    let server = match MetricsServer::bind(addr, install_recorder()?, pools) {
        Ok(server) => server,
        Err(err) if !config.metrics_addr_chosen => {
            tracing::warn!(%err, "no metrics endpoint: set PROXYSHOP_METRICS_ADDR to another address");
            return Ok(None);
        }
        Err(err) => return Err(err.into()),
    };
    tracing::info!("metrics on http://{}/metrics", server.local_addr()?);
    Ok(Some(server))
}
