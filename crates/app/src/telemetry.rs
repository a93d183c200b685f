//! Metrics in the Prometheus text format: the process-wide recorder that every `metrics::counter!`
//! and `histogram!` of the API and the gateway writes to, and the small scrape endpoint that
//! serves it on its own address (`PROXYSHOP_METRICS_ADDR`, loopback by default), never on the
//! public port. The metric names are listed in docs/operations.md.

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use persistence::DbPool;
use std::net::SocketAddr;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Latency buckets (seconds) of every `*_seconds` histogram: 1 ms to 60 s.
const BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 15.0, 60.0,
];

/// The installed recorder's handle, set once (under `INSTALLING`).
static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
static INSTALLING: Mutex<()> = Mutex::new(());

/// Whether the recorder is installed: before, the metric macros hand out handles that record
/// nothing, which must not be kept (`api::http_metrics`).
pub fn recorder_installed() -> bool {
    HANDLE.get().is_some()
}

#[derive(Debug, thiserror::Error)]
pub enum TelemetryError {
    #[error("cannot install the metrics recorder: {0}")]
    Recorder(String),
    #[error("cannot bind the metrics address {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
}

/// Installs the Prometheus recorder for the whole process, once; later calls return the same
/// handle. Until it is installed, the metric macros record nothing.
pub fn install_recorder() -> Result<PrometheusHandle, TelemetryError> {
    let _installing = INSTALLING
        .lock()
        .map_err(|_| TelemetryError::Recorder("the recorder lock is poisoned".into()))?;
    if let Some(handle) = HANDLE.get() {
        return Ok(handle.clone());
    }
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
        .and_then(PrometheusBuilder::install_recorder)
        .map_err(|e| TelemetryError::Recorder(e.to_string()))?;
    Ok(HANDLE.get_or_init(|| handle).clone())
}

/// The scrape endpoint: `GET /metrics` on its own listener. Each scrape first samples the
/// database pools it watches (`proxyshop_db_pool_*{pool}`).
pub struct MetricsServer {
    listener: std::net::TcpListener,
    handle: PrometheusHandle,
    pools: Vec<(&'static str, DbPool)>,
    sessions: Option<DbPool>,
}

impl MetricsServer {
    /// Binds `addr` now (so that a taken port fails start-up), serving nothing until `run`.
    pub fn bind(
        addr: SocketAddr,
        handle: PrometheusHandle,
        pools: Vec<(&'static str, DbPool)>,
    ) -> Result<Self, TelemetryError> {
        let bind_err = |source| TelemetryError::Bind { addr, source };
        let listener = std::net::TcpListener::bind(addr).map_err(bind_err)?;
        listener.set_nonblocking(true).map_err(bind_err)?;
        Ok(MetricsServer {
            listener,
            handle,
            pools,
            sessions: None,
        })
    }

    /// Also samples the signed-in sessions (`proxyshop_sessions_active`) from `pool` at each
    /// scrape: for an API instance, not for a gateway node.
    #[must_use]
    pub fn with_sessions(mut self, pool: DbPool) -> Self {
        self.sessions = Some(pool);
        self
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves scrapes until the task is dropped. Must run inside a Tokio runtime.
    pub async fn run(self) {
        let listener = match tokio::net::TcpListener::from_std(self.listener) {
            Ok(listener) => listener,
            Err(err) => {
                tracing::error!(%err, "the metrics listener cannot be served");
                return;
            }
        };
        let scrape = std::sync::Arc::new(Scrape {
            handle: self.handle,
            pools: self.pools,
            sessions: self.sessions,
        });
        let upkeep = scrape.clone();
        // Keeps the histograms' buffers bounded even when nobody scrapes.
        let _upkeep = AbortOnDrop(tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(10));
            loop {
                tick.tick().await;
                upkeep.handle.run_upkeep();
            }
        }));
        loop {
            match listener.accept().await {
                Ok((stream, _)) => {
                    let scrape = scrape.clone();
                    tokio::spawn(async move {
                        let _ =
                            tokio::time::timeout(Duration::from_secs(10), scrape.answer(stream))
                                .await;
                    });
                }
                Err(err) => {
                    tracing::warn!(%err, "metrics listener accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    }
}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

struct Scrape {
    handle: PrometheusHandle,
    pools: Vec<(&'static str, DbPool)>,
    sessions: Option<DbPool>,
}

impl Scrape {
    /// Reads one request head (at most 8 KiB) and answers it; the connection then closes.
    async fn answer(&self, mut stream: tokio::net::TcpStream) -> std::io::Result<()> {
        let mut head = Vec::with_capacity(1024);
        let mut buf = [0_u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = stream.read(&mut buf).await?;
            if n == 0 || head.len() + n > 8 * 1024 {
                return Ok(());
            }
            head.extend_from_slice(&buf[..n]);
        }
        let line = head.split(|&b| b == b'\r').next().unwrap_or_default();
        let mut parts = line.split(|&b| b == b' ');
        let (method, target) = (parts.next(), parts.next());
        let path = target.map(|t| t.split(|&b| b == b'?').next().unwrap_or_default());
        let (status, body) = match (method, path) {
            (Some(b"GET"), Some(b"/metrics")) => {
                self.sample_sessions().await;
                ("200 OK", self.render())
            }
            (Some(_), Some(b"/metrics")) => ("405 Method Not Allowed", String::new()),
            _ => ("404 Not Found", String::new()),
        };
        let reply = format!(
            "HTTP/1.1 {status}\r\ncontent-type: text/plain; version=0.0.4; charset=utf-8\r\n\
             content-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(reply.as_bytes()).await?;
        stream.shutdown().await
    }

    /// Counts the signed-in sessions, waiting at most two seconds for the database: a scrape
    /// while it is down still answers, with the last count.
    async fn sample_sessions(&self) {
        let Some(pool) = self.sessions.clone() else {
            return;
        };
        let count = tokio::task::spawn_blocking(move || {
            let mut conn = pool.get_timeout(Duration::from_secs(2)).ok()?;
            persistence::sessions::count_signed_in(&mut conn, persistence::now()).ok()
        });
        if let Ok(Ok(Some(count))) = tokio::time::timeout(Duration::from_secs(2), count).await {
            #[allow(clippy::cast_precision_loss)]
            metrics::gauge!("proxyshop_sessions_active").set(count as f64);
        }
    }

    fn render(&self) -> String {
        for (name, pool) in &self.pools {
            let state = pool.state();
            let name = *name;
            metrics::gauge!("proxyshop_db_pool_connections", "pool" => name)
                .set(f64::from(state.connections));
            metrics::gauge!("proxyshop_db_pool_idle_connections", "pool" => name)
                .set(f64::from(state.idle_connections));
            metrics::gauge!("proxyshop_db_pool_max_connections", "pool" => name)
                .set(f64::from(pool.max_size()));
        }
        self.handle.render()
    }
}
