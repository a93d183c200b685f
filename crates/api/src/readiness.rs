//! Whether this instance should get traffic: `/readyz` answers 503 once shutdown has begun
//! (whoever begins it: the signal handler, the gateway's drain) or when the database does not
//! answer. One `Readiness` is shared by every clone.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Debug, Clone, Default)]
pub struct Readiness {
    shutting_down: Arc<AtomicBool>,
}

impl Readiness {
    /// From now on `/readyz` answers 503, so that load balancers stop sending new requests.
    pub fn begin_shutdown(&self) {
        self.shutting_down.store(true, Ordering::SeqCst);
    }

    pub fn is_shutting_down(&self) -> bool {
        self.shutting_down.load(Ordering::SeqCst)
    }
}
