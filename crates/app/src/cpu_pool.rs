//! Small pools of threads for CPU-heavy work that must never take the machine from the requests
//! (password hashing, `accounts::hashing`; photo decoding, `accounts::photos`): a fixed number of
//! named threads fed from a bounded queue, running only on cores nothing else wants (Linux's
//! SCHED_IDLE; `nice` 10 where that is refused). Work beyond the queue is refused at once, and
//! the caller says so (503 or 429), rather than queued without end; the async worker that hands
//! a job in waits for its result without holding a thread. A job whose caller has gone (the
//! client disconnected) while it waited is skipped.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// The `nice` value of a pool's threads where the idle policy is refused (Linux: per thread;
/// 0 is the default, 19 the lowest).
#[cfg(target_os = "linux")]
const NICENESS: i32 = 10;

/// Whether pool threads keep the normal priority instead of the idle policy
/// (`PROXYSHOP_PASSWORD_HASHING_NORMAL_PRIORITY`, [`keep_normal_priority`]).
static NORMAL_PRIORITY: AtomicBool = AtomicBool::new(false);

/// Lets the pools' threads run at the normal priority, for a machine whose cores are kept busy
/// by other work (a CI machine running the test suite beside the server): there a thread on
/// idle cores only would wait for the others, and every sign-in and photo with it. Takes effect
/// for the threads started after it, so it is called before the first job (at start-up).
pub fn keep_normal_priority(normal: bool) {
    NORMAL_PRIORITY.store(normal, Ordering::Relaxed);
}

/// Why a job was not taken.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queue is full.
    Full,
    /// No thread is left to run it (none could be started).
    Stopped,
}

/// How many jobs wait and run, and the most that ever ran at once.
#[derive(Default)]
struct Counts {
    waiting: AtomicUsize,
    running: AtomicUsize,
    most_running: AtomicUsize,
}

pub struct CpuPool {
    sender: SyncSender<Job>,
    counts: Arc<Counts>,
}

impl CpuPool {
    /// Starts `threads` threads named `<name>-0`, `<name>-1`, ... that take jobs from a queue
    /// holding at most `queue` waiting ones.
    pub fn start(name: &str, threads: usize, queue: usize) -> CpuPool {
        let (sender, receiver) = mpsc::sync_channel::<Job>(queue);
        let receiver = Arc::new(Mutex::new(receiver));
        let counts = Arc::new(Counts::default());
        for n in 0..threads {
            let receiver = receiver.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("{name}-{n}"))
                .spawn(move || work(&receiver));
            if let Err(err) = spawned {
                tracing::error!(%err, pool = name, "could not start a pool thread");
            }
        }
        CpuPool { sender, counts }
    }

    /// Queues `f`; its result arrives on the receiver (closed without one if `f` panicked).
    pub fn submit<T, F>(&self, f: F) -> Result<tokio::sync::oneshot::Receiver<T>, Refused>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let counts = self.counts.clone();
        let job: Job = Box::new(move || {
            counts.waiting.fetch_sub(1, Ordering::Relaxed);
            // Nobody waits for it any more: the request was dropped while it queued.
            if tx.is_closed() {
                return;
            }
            let running = counts.running.fetch_add(1, Ordering::Relaxed) + 1;
            counts.most_running.fetch_max(running, Ordering::Relaxed);
            // Counted out (and `f`'s captures dropped) before the caller hears of the result.
            let result = {
                let _done = Finished(&counts.running);
                f()
            };
            // The caller may have gone meanwhile: nobody to tell.
            let _ = tx.send(result);
        });
        self.counts.waiting.fetch_add(1, Ordering::Relaxed);
        match self.sender.try_send(job) {
            Ok(()) => Ok(rx),
            Err(err) => {
                self.counts.waiting.fetch_sub(1, Ordering::Relaxed);
                Err(match err {
                    TrySendError::Full(_) => Refused::Full,
                    TrySendError::Disconnected(_) => Refused::Stopped,
                })
            }
        }
    }

    /// Jobs queued and not started yet.
    pub fn waiting(&self) -> usize {
        self.counts.waiting.load(Ordering::Relaxed)
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.counts.running.load(Ordering::Relaxed)
    }

    /// The most jobs that ever ran at once.
    pub fn most_running(&self) -> usize {
        self.counts.most_running.load(Ordering::Relaxed)
    }
}

/// Counts a job out of `running` when it ends, a panic included.
struct Finished<'a>(&'a AtomicUsize);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

fn work(jobs: &Mutex<Receiver<Job>>) {
    if !NORMAL_PRIORITY.load(Ordering::Relaxed) {
        lower_priority();
    }
    loop {
        // The lock is held only while waiting for the next job, never while running one.
        let job = match jobs.lock() {
            Ok(receiver) => receiver.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match job {
            // A job that panics fails its own caller (the result channel closes), not the pool.
            Ok(job) => {
                if catch_unwind(AssertUnwindSafe(job)).is_err() {
                    tracing::error!("a pool job panicked");
                }
            }
            Err(_) => return,
        }
    }
}

#[cfg(target_os = "linux")]
fn lower_priority() {
    // SCHED_IDLE: the thread runs only on a core nothing else wants, and a request's worker that
    // wakes up takes the core from it at once. Under `nice` alone a hash kept its core for a
    // whole time slice (milliseconds) before a woken worker got it, which is what raised
    // signed-in reads' p99 while sign-ins were hashed (bench/api/run.sh). The price: on a
    // machine whose cores are all busy, the pool's work waits for a free moment.
    if let Err(err) = idle_policy() {
        tracing::warn!(%err, "could not give a pool thread the idle policy");
        // On Linux the "process" that `setpriority(PRIO_PROCESS, 0, ...)` names is the calling
        // thread, not the whole process.
        if let Err(err) = rustix::process::setpriority_process(None, NICENESS) {
            tracing::warn!(%err, "could not lower the priority of a pool thread");
        }
    }
}

/// Gives the calling thread the SCHED_IDLE scheduling policy.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn idle_policy() -> std::io::Result<()> {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: pid 0 names the calling thread, and `param` is a valid `sched_param` (SCHED_IDLE
    // takes priority 0) that outlives the call.
    let rc = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
    if rc == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[tokio::test]
    async fn a_full_queue_refuses_and_a_panic_fails_only_its_job() {
        let pool = CpuPool::start("test-pool", 1, 1);
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let blocker = pool.submit(move || gate.recv().is_ok()).unwrap();
        while pool.running() == 0 {
            tokio::task::yield_now().await;
        }
        let queued = pool.submit(|| 2).unwrap();
        assert_eq!(pool.waiting(), 1);
        assert_eq!(pool.submit(|| 3).err(), Some(Refused::Full));

        release.send(()).unwrap();
        assert!(blocker.await.unwrap());
        assert_eq!(queued.await.unwrap(), 2);
        let panicked = pool.submit(|| -> u8 { panic!("boom") }).unwrap();
        assert!(panicked.await.is_err());
        // The thread survived the panic.
        assert_eq!(pool.submit(|| 4).unwrap().await.unwrap(), 4);
        assert_eq!(pool.most_running(), 1);
        assert_eq!((pool.running(), pool.waiting()), (0, 0));
    }
}
