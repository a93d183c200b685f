//! Memory back to the system after a burst of connections. The allocator (glibc's malloc)
//! keeps what connections freed for reuse: without help, the process stays at its peak (192
//! MB after 10,000 tunnels had closed). Once at least `BURST` connections have ended since the
//! peak and at most a quarter of the peak remain, the next periodic flush (lib.rs) asks the
//! allocator to hand its free pages back (`malloc_trim`, every arena; a few milliseconds) and
//! the peak starts again from the connections still open (so a burst that was still closing
//! at that flush is trimmed again at a later one). Small swings are left alone: what they
//! free is reused by the next connections anyway. Elsewhere than glibc nothing is done.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Connections that must have ended since the peak before a trim is worth it.
pub(crate) const BURST: usize = 256;

#[derive(Debug, Default)]
pub(crate) struct Memory {
    /// The most live connections since the last trim.
    peak: AtomicUsize,
}

/// Whether memory should go back now, with `live` connections after a peak of `peak`.
fn burst_over(peak: usize, live: usize) -> bool {
    peak.saturating_sub(live) >= BURST && live <= peak / 4
}

impl Memory {
    /// `live` connections are open now.
    pub(crate) fn seen(&self, live: usize) {
        self.peak.fetch_max(live, Ordering::Relaxed);
    }

    /// Trims when a burst is over (`burst_over`); true when it did.
    pub(crate) fn after_burst(&self, live: usize) -> bool {
        if !burst_over(self.peak.load(Ordering::Relaxed), live) {
            return false;
        }
        self.peak.store(live, Ordering::Relaxed);
        trim();
        metrics::counter!("proxyshop_gateway_memory_trims_total").increment(1);
        true
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn trim() {
    let started = std::time::Instant::now();
    // SAFETY: malloc_trim takes an integer and only works on the allocator's own state,
    // under its locks; it is safe to call from any thread at any time.
    let released = unsafe { libc::malloc_trim(0) } != 0;
    tracing::debug!(released, took = ?started.elapsed(), "gateway gave free memory back");
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_over_at_a_quarter_of_its_peak() {
        assert!(!burst_over(BURST - 1, 0), "a small swing is left alone");
        assert!(!burst_over(4 * BURST, BURST + 1));
        assert!(burst_over(4 * BURST, BURST));
        assert!(burst_over(BURST, 0));
    }

    /// One trim per burst: after it the peak starts again from the connections still open.
    #[test]
    fn memory_is_trimmed_once_after_each_burst() {
        let memory = Memory::default();
        for live in 1..=2 * BURST {
            memory.seen(live);
            assert!(
                !memory.after_burst(live),
                "not while connections keep coming"
            );
        }
        assert!(!memory.after_burst(BURST), "half the peak is still open");
        assert!(memory.after_burst(10), "a quarter or less: trimmed");
        assert!(!memory.after_burst(0), "already trimmed for this burst");
        memory.seen(4 * BURST);
        assert!(
            memory.after_burst(BURST),
            "the next burst is trimmed in turn"
        );
        assert!(
            memory.after_burst(0),
            "and again once what was still open at that trim has ended"
        );
        assert!(!memory.after_burst(0));
    }
}
