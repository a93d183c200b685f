//! The metering forward proxy: HTTP (CONNECT and plain requests) and SOCKS5 on their own ports,
//! authenticated by a customer's proxy credential, refusing internal destinations, counting every
//! byte per (customer, kind) and flushing the counts to the database every few seconds and at
//! shutdown. ARCHITECTURE.md maps its modules and the invariants they keep.

mod auth;
mod budget;
mod destination;
mod http;
mod lease;
mod meter;
mod preauth;
mod relay;
mod socks;
#[cfg(target_os = "linux")]
mod splice;

use auth::Users;
use meter::Registry;
use persistence::{DbError, DbPool};
use preauth::Gate;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;

#[derive(Debug, Clone)]
pub struct GatewayConfig {
    /// HTTP proxy listener (CONNECT and plain requests); port 0 picks a free port.
    pub http_addr: SocketAddr,
    /// SOCKS5 listener; port 0 picks a free port.
    pub socks_addr: SocketAddr,
    /// Let customers reach loopback and private networks (tests only).
    pub allow_private: bool,
    /// How often counts go to the database; a crash loses at most this much metering.
    pub flush_interval: Duration,
    /// Resolving and connecting to a destination, together.
    pub connect_timeout: Duration,
    /// A connection without traffic for this long is closed.
    pub idle_timeout: Duration,
    /// A request head or SOCKS5 handshake (up to its CONNECT request) must arrive within this.
    pub handshake_timeout: Duration,
    /// Connections not yet authenticated, in all, per network (an IPv4 /24 or an IPv6 /48)
    /// and per source (an IPv4 address or an IPv6 /64). Past a source's or a network's cap, a
    /// newcomer is closed at once; at the cap in all, the oldest waiting connection of the
    /// network holding the most is closed to make room for it.
    pub max_unauthenticated: usize,
    pub max_unauthenticated_per_network: usize,
    pub max_unauthenticated_per_source: usize,
    /// After this many failed authentications from one source within `auth_failure_window`,
    /// its further attempts are refused, without a database lookup, until the window ends.
    pub auth_failures_per_source: u32,
    pub auth_failure_window: Duration,
    /// How long an unknown username is remembered as unknown (no database lookup meanwhile).
    pub unknown_user_ttl: Duration,
    /// Destination ports never connected to (SMTP by default: no spam relay).
    pub refused_ports: Vec<u16>,
    pub max_connections_per_user: usize,
    /// Serve the residential traffic kinds (premium, budget). Off when a provider (IPRoyal)
    /// carries them: our gateway must not become a second, unmetered way to spend that traffic.
    pub serve_traffic: bool,
}

impl Default for GatewayConfig {
    fn default() -> Self {
        GatewayConfig {
            http_addr: SocketAddr::from(([127, 0, 0, 1], 8000)),
            socks_addr: SocketAddr::from(([127, 0, 0, 1], 8001)),
            allow_private: false,
            flush_interval: Duration::from_secs(3),
            connect_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(300),
            handshake_timeout: Duration::from_secs(10),
            max_unauthenticated: 4096,
            max_unauthenticated_per_network: 256,
            max_unauthenticated_per_source: 32,
            auth_failures_per_source: 10,
            auth_failure_window: Duration::from_secs(60),
            unknown_user_ttl: Duration::from_secs(10),
            refused_ports: vec![25],
            max_connections_per_user: 256,
            serve_traffic: true,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        #[source]
        source: io::Error,
    },
    #[error("cannot write metered usage: {0}")]
    Flush(#[from] DbError),
}

/// What every connection task shares.
#[derive(Debug)]
pub(crate) struct Shared {
    pub(crate) config: GatewayConfig,
    pub(crate) users: Users,
    pub(crate) registry: Registry,
    pub(crate) gate: Gate,
    pub(crate) shutdown: watch::Receiver<bool>,
}

/// The bound gateway; `run` serves it.
pub struct Gateway {
    http: TcpListener,
    socks: TcpListener,
    shared: Arc<Shared>,
    stop: watch::Sender<bool>,
}

/// A clonable handle for tests and operators: flush the meter now.
#[derive(Debug, Clone)]
pub struct GatewayHandle {
    shared: Arc<Shared>,
}

impl GatewayHandle {
    /// Writes the pending counts now (as the periodic flush does).
    pub async fn flush_now(&self) -> Result<(), GatewayError> {
        Ok(self.shared.registry.flush().await?)
    }
}

async fn listen(addr: SocketAddr) -> Result<TcpListener, GatewayError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| GatewayError::Bind { addr, source })
}

impl Gateway {
    /// Binds both listeners; nothing is served until `run`.
    pub async fn bind(config: GatewayConfig, pool: DbPool) -> Result<Gateway, GatewayError> {
        let http = listen(config.http_addr).await?;
        let socks = listen(config.socks_addr).await?;
        let (stop, shutdown) = watch::channel(false);
        let shared = Arc::new(Shared {
            users: Users::new(pool.clone(), config.serve_traffic, config.unknown_user_ttl),
            registry: Registry::new(pool, config.max_connections_per_user),
            gate: Gate::new(&config),
            config,
            shutdown,
        });
        Ok(Gateway {
            http,
            socks,
            shared,
            stop,
        })
    }

    pub fn http_addr(&self) -> SocketAddr {
        self.http
            .local_addr()
            .unwrap_or(self.shared.config.http_addr)
    }

    pub fn socks_addr(&self) -> SocketAddr {
        self.socks
            .local_addr()
            .unwrap_or(self.shared.config.socks_addr)
    }

    pub fn handle(&self) -> GatewayHandle {
        GatewayHandle {
            shared: self.shared.clone(),
        }
    }

    /// Serves until `shutdown` completes, then closes every connection and writes the last
    /// counts; an error means that final flush failed (the counts are lost).
    pub async fn run(self, shutdown: impl Future<Output = ()>) -> Result<(), GatewayError> {
        let Gateway {
            http,
            socks,
            shared,
            stop,
        } = self;
        tracing::info!(http = %http.local_addr().map_err(|source| GatewayError::Bind { addr: shared.config.http_addr, source })?,
            socks = %socks.local_addr().map_err(|source| GatewayError::Bind { addr: shared.config.socks_addr, source })?,
            "gateway listening");
        let mut connections = JoinSet::new();
        let flusher = tokio::spawn(flush_periodically(shared.clone()));
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                _ = &mut shutdown => break,
                accepted = http.accept() => accept(&mut connections, &shared, accepted, Protocol::Http).await,
                accepted = socks.accept() => accept(&mut connections, &shared, accepted, Protocol::Socks).await,
                Some(_) = connections.join_next() => {}
            }
        }
        drop((http, socks));
        stop.send_replace(true);
        while connections.join_next().await.is_some() {}
        // The flusher stops between flushes, so a write in progress completes or gives back.
        let _ = flusher.await;
        shared.registry.flush().await?;
        tracing::info!("gateway stopped, usage flushed");
        Ok(())
    }
}

#[derive(Debug, Clone, Copy)]
enum Protocol {
    Http,
    Socks,
}

async fn accept(
    connections: &mut JoinSet<()>,
    shared: &Arc<Shared>,
    accepted: io::Result<(TcpStream, SocketAddr)>,
    protocol: Protocol,
) {
    let (stream, peer) = match accepted {
        Ok(accepted) => accepted,
        Err(e) => {
            // Out of descriptors and the like: back off instead of spinning.
            tracing::warn!(error = %e, "gateway accept failed");
            tokio::time::sleep(Duration::from_millis(50)).await;
            return;
        }
    };
    // Over its source's or network's share of connections still to authenticate: closed
    // before reading a byte.
    let Some((ticket, evicted)) = shared.gate.admit(peer.ip()) else {
        tracing::debug!(%peer, "too many unauthenticated connections, closed");
        return;
    };
    let _ = stream.set_nodelay(true);
    let shared = shared.clone();
    let mut shutdown = shared.shutdown.clone();
    connections.spawn(async move {
        let serve = async {
            let result = match protocol {
                Protocol::Http => http::serve(shared.clone(), stream, ticket).await,
                Protocol::Socks => socks::serve(shared.clone(), stream, ticket).await,
            };
            if let Err(e) = result {
                tracing::debug!(error = %e, ?protocol, "gateway connection failed");
            }
        };
        // Evicted only while unauthenticated: the ticket leaves the gate's table with
        // authentication, and nothing tells this connection afterwards.
        tokio::select! {
            _ = serve => {}
            _ = evicted.wait() => tracing::debug!(%peer, "unauthenticated connection closed to make room"),
            _ = shutdown.wait_for(|s| *s) => {}
        }
    });
}

async fn flush_periodically(shared: Arc<Shared>) {
    let mut ticker = tokio::time::interval(shared.config.flush_interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut shutdown = shared.shutdown.clone();
    ticker.tick().await;
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            _ = shutdown.wait_for(|s| *s) => return,
        }
        if let Err(e) = shared.registry.flush().await {
            tracing::error!(error = %e, "gateway flush failed; counts kept for the next one");
        }
    }
}
