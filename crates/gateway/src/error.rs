//! What can stop the gateway: a listener that cannot bind, metered usage that cannot be
//! written, a worker thread that cannot start.

use persistence::DbError;
use std::io;
use std::net::SocketAddr;

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
    #[error("cannot start a gateway worker thread: {0}")]
    Worker(#[source] io::Error),
}
