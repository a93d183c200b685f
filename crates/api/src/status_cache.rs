//! The status page's last computed answer (`crate::status`), shared by every worker: its JSON,
//! its ETag and when it was computed, with the flags that start one recomputation at a time
//! and make the next request after an operator's change recompute first.

use actix_web::web::Bytes;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Instant;

/// One computed answer.
pub(crate) struct Snapshot {
    pub(crate) json: Bytes,
    pub(crate) etag: String,
    pub(crate) at: Instant,
}

/// The last computed answer, shared by every worker.
#[derive(Default)]
pub struct StatusCache {
    last: RwLock<Option<Arc<Snapshot>>>,
    pub(crate) refreshing: AtomicBool,
    /// An operator changed what the page shows: the next request recomputes before answering.
    pub(crate) changed: AtomicBool,
}

impl StatusCache {
    pub(crate) fn current(&self) -> Option<Arc<Snapshot>> {
        self.last.read().ok().and_then(|s| s.clone())
    }

    /// Makes the next request recompute before it answers (after an operator's change on this
    /// instance), within `CHANGE_WAIT`; past it, the last answer.
    pub fn invalidate(&self) {
        self.changed.store(true, Ordering::Release);
    }

    /// Keeps `json` as the last answer, with its ETag.
    pub(crate) fn store(&self, json: Vec<u8>) -> Arc<Snapshot> {
        let digest = <sha2::Sha256 as sha2::Digest>::digest(&json);
        let etag = format!("\"{}\"", hex::encode(&digest[..12]));
        let snapshot = Arc::new(Snapshot {
            json: Bytes::from(json),
            etag,
            at: Instant::now(),
        });
        if let Ok(mut last) = self.last.write() {
            *last = Some(snapshot.clone());
        }
        snapshot
    }
}
