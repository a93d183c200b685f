//! Where connections are served. Each of `GatewayConfig::workers` threads runs a single-thread
//! runtime with listeners of its own on the gateway's two ports (`SO_REUSEPORT`: the kernel
//! hands each new connection to one of them), and serves the connections it accepts itself:
//! a connection's handshake, credential check (from the cache) and relay all run on one
//! thread, so no wake-up crosses threads and no task moves between workers. With `workers` 0
//! the listeners are served on the runtime that runs the gateway, as one unit.
//!
//! A unit accepts until told to stop, then closes its listeners and ends once its last
//! connection has (the drain; the gateway's stop signal closes the rest). The database work
//! a connection needs (a credential not cached, a lease) goes to its runtime's blocking pool.

use crate::descriptors;
use crate::error::GatewayError;
use crate::shared::Shared;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinSet;

/// Which listener a connection came in on.
#[derive(Debug, Clone, Copy)]
enum Protocol {
    Http,
    Socks,
}

/// Pending connections each listener's queue holds.
const BACKLOG: u32 = 1024;

/// Binds `count` listeners on `addr` (port 0: a free port, the same for all), sharing it with
/// `SO_REUSEPORT` when there are several. A port already in use is an error, even by another
/// process that set `SO_REUSEPORT` (the port is first bound alone, then let go).
pub(crate) fn bind(
    addr: SocketAddr,
    count: usize,
) -> Result<Vec<std::net::TcpListener>, GatewayError> {
    let error = |source| GatewayError::Bind { addr, source };
    let count = if cfg!(unix) { count.max(1) } else { 1 };
    let first = socket(addr, false).map_err(error)?;
    if count == 1 {
        return Ok(vec![first]);
    }
    let addr = first.local_addr().map_err(error)?;
    drop(first);
    (0..count)
        .map(|_| socket(addr, true).map_err(error))
        .collect()
}

fn socket(addr: SocketAddr, shared: bool) -> io::Result<std::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    // As `TcpListener::bind` does: a restart binds again while old connections linger.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    #[cfg(unix)]
    socket.set_reuseport(shared)?;
    #[cfg(not(unix))]
    let _ = shared;
    socket.bind(addr)?;
    // Registered with the calling runtime for a moment: it is served on a worker's.
    socket.listen(BACKLOG)?.into_std()
}

/// The connections of one unit: accepted on its listeners, served on its runtime.
pub(crate) struct Unit {
    pub(crate) http: std::net::TcpListener,
    pub(crate) socks: std::net::TcpListener,
}

impl Unit {
    /// Accepts until `stop_accepting` says so, then waits for the unit's connections to end.
    /// `_running` is dropped at the end: the gateway knows its units have all ended when
    /// every sender is gone.
    pub(crate) async fn serve(
        self,
        shared: Arc<Shared>,
        mut stop_accepting: watch::Receiver<bool>,
        _running: mpsc::Sender<()>,
    ) {
        let listeners = TcpListener::from_std(self.http)
            .and_then(|http| Ok((http, TcpListener::from_std(self.socks)?)));
        let (http, socks) = match listeners {
            Ok(listeners) => listeners,
            Err(e) => {
                tracing::error!(error = %e, "a gateway worker cannot serve its listeners");
                return;
            }
        };
        let mut connections = JoinSet::new();
        loop {
            tokio::select! {
                () = stopped(&mut stop_accepting) => break,
                accepted = http.accept() => accept(&mut connections, &shared, accepted, Protocol::Http).await,
                accepted = socks.accept() => accept(&mut connections, &shared, accepted, Protocol::Socks).await,
                Some(_) = connections.join_next() => {}
            }
        }
        drop((http, socks));
        while connections.join_next().await.is_some() {}
    }
}

/// Completes once `stop` says true (or its sender is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// Runs `unit` on a thread of its own with a single-thread runtime.
pub(crate) fn spawn(
    index: usize,
    unit: Unit,
    shared: Arc<Shared>,
    stop_accepting: watch::Receiver<bool>,
    running: mpsc::Sender<()>,
) -> Result<std::thread::JoinHandle<()>, GatewayError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(GatewayError::Worker)?;
    std::thread::Builder::new()
        .name(format!("gateway-{index}"))
        .spawn(move || runtime.block_on(unit.serve(shared, stop_accepting, running)))
        .map_err(GatewayError::Worker)
}

/// Counts a live connection until dropped.
struct Live(Arc<Shared>);

impl Drop for Live {
    fn drop(&mut self) {
        self.0.connection_ended();
    }
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
            shared.accept_log().failed(&e);
            tokio::time::sleep(descriptors::ACCEPT_BACKOFF).await;
            return;
        }
    };
    // The gateway holds its share of the descriptors: closed at once, so that the API keeps
    // the reserve.
    let Some(held) = shared.fds.take(1) else {
        shared.accept_log().refused(&shared.fds);
        return;
    };
    // Over its source's or network's share of connections still to authenticate: closed
    // before reading a byte.
    let Some((ticket, evicted)) = shared.gate.admit(peer.ip()) else {
        tracing::debug!(%peer, "too many unauthenticated connections, closed");
        return;
    };
    let _ = stream.set_nodelay(true);
    shared.connection_started();
    let live = Live(shared.clone());
    let shared = shared.clone();
    let mut shutdown = shared.shutdown.clone();
    // Boxed: a connection's future is several kilobytes (the handshake, the relay and the
    // splice states), and a task's future is moved by value into the task and its stages
    // rewritten as it runs and ends, a copy of the whole each time. Behind a box those moves
    // are a pointer's, and the future is written once (bench/run.sh: connection setup).
    connections.spawn(Box::pin(async move {
        // The accepted socket's descriptor, counted until the connection ends.
        let _held = held;
        let _live = live;
        let serve = async {
            let result = match protocol {
                Protocol::Http => crate::http::serve(shared.clone(), stream, ticket).await,
                Protocol::Socks => crate::socks::serve(shared.clone(), stream, ticket).await,
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
    }));
}
