//! Tests only (feature `testing`): every log line of a test process, as plain text, for the
//! tests that show no secret is logged (the API's and the gateway's). The server runs on other
//! threads, so the subscriber is global, set once per process, at `TRACE` (nothing filtered out).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::missing_panics_doc)]

use std::sync::{Arc, Mutex, OnceLock};

/// The lines logged so far and from now on.
pub fn captured() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let logs = Arc::new(Mutex::new(Vec::new()));
        let sink = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_ansi(false)
            .with_writer(move || Writer(sink.clone()))
            .finish();
        tracing::subscriber::set_global_default(subscriber).unwrap();
        logs
    })
    .clone()
}

/// What `logs` holds, as text.
pub fn text(logs: &Mutex<Vec<u8>>) -> String {
    String::from_utf8(logs.lock().unwrap().clone()).unwrap()
}

struct Writer(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Writer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
