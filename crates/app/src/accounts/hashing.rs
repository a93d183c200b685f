//! Password hashing (argon2id, about 19 MiB and tens of milliseconds of CPU per hash) on a pool
//! of its own: `threads()` threads (half the cores, at least one) that run only on idle cores
//! (Linux's SCHED_IDLE), fed from a bounded queue. Sign-ins therefore never take more than
//! those cores, and never the blocking pool that every database read waits on: the reads of
//! signed-in customers keep their latency while a wave of sign-ins is hashed. When the queue is
//! full the request is refused with 503 (`messages::PASSWORD_CHECKS_BUSY`) rather than queued
//! without end.

use crate::error::AppError;
use domain::messages as msg;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock};

type Job = Box<dyn FnOnce() + Send>;

/// Jobs that may wait per hashing thread before requests are refused.
const QUEUE_PER_THREAD: usize = 256;

/// The `nice` value of the hashing threads where the idle policy is refused (Linux: per thread;
/// 0 is the default, 19 the lowest).
#[cfg(target_os = "linux")]
const NICENESS: i32 = 10;

/// The thread name prefix (`password-hash-0`, ...), as seen in `top -H` and in tests.
pub const THREAD_NAME: &str = "password-hash";

/// Whether the hashing threads keep the normal priority instead of the idle policy
/// (`PROXYSHOP_PASSWORD_HASHING_NORMAL_PRIORITY`, [`keep_normal_priority`]).
static NORMAL_PRIORITY: AtomicBool = AtomicBool::new(false);

/// Lets the hashing threads run at the normal priority, for a machine whose cores are kept busy
/// by other work (a CI machine running the test suite beside the server): there a thread on
/// idle cores only would wait for the others, and every sign-in with it. Takes effect for the
/// threads started after it, so it is called before the first hash (at start-up).
pub fn keep_normal_priority(normal: bool) {
    NORMAL_PRIORITY.store(normal, Ordering::Relaxed);
}

/// How many threads hash passwords: half the cores, at least one.
pub fn threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| (n.get() / 2).max(1))
        .unwrap_or(1)
}

fn queue() -> &'static SyncSender<Job> {
    static QUEUE: OnceLock<SyncSender<Job>> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let threads = threads();
        let (sender, receiver) = mpsc::sync_channel::<Job>(threads * QUEUE_PER_THREAD);
        let receiver = Arc::new(Mutex::new(receiver));
        for n in 0..threads {
            let receiver = receiver.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("{THREAD_NAME}-{n}"))
                .spawn(move || work(&receiver));
            if let Err(err) = spawned {
                tracing::error!(%err, "could not start a password hashing thread");
            }
        }
        sender
    })
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
            Ok(job) => job(),
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
    // machine whose cores are all busy, sign-ins wait for a free moment.
    if let Err(err) = idle_policy() {
        tracing::warn!(%err, "could not give a password hashing thread the idle policy");
        // On Linux the "process" that `setpriority(PRIO_PROCESS, 0, ...)` names is the calling
        // thread, not the whole process.
        if let Err(err) = rustix::process::setpriority_process(None, NICENESS) {
            tracing::warn!(%err, "could not lower the priority of a password hashing thread");
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

/// Runs `f` on the hashing pool and waits for its result without holding an async worker.
pub async fn run<T, F>(f: F) -> Result<T, AppError>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        // The caller may have gone (client disconnected): nobody to tell.
        let _ = tx.send(f());
    });
    match queue().try_send(job) {
        Ok(()) => {}
        Err(TrySendError::Full(_)) => {
            return Err(AppError::Unavailable(msg::PASSWORD_CHECKS_BUSY));
        }
        Err(TrySendError::Disconnected(_)) => {
            return Err(AppError::internal("password hashing", "no hashing thread"));
        }
    }
    rx.await
        .map_err(|_| AppError::internal("password hashing", "the job was dropped"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn jobs_run_on_the_pool_threads_at_the_idle_policy() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..16 {
            let (name, policy) = run(|| {
                let name = std::thread::current().name().map(str::to_owned);
                #[allow(unsafe_code)]
                // SAFETY: pid 0 names the calling thread; the call only reads its policy.
                let policy = unsafe { libc::sched_getscheduler(0) };
                (name, policy)
            })
            .await
            .unwrap();
            let name = name.expect("pool threads are named");
            assert!(name.starts_with(THREAD_NAME), "{name}");
            assert_eq!(policy, libc::SCHED_IDLE, "hashing runs only on idle cores");
            seen.insert(name);
        }
        assert!(
            seen.len() <= threads(),
            "at most {} threads: {seen:?}",
            threads()
        );
    }

    #[test]
    fn the_pool_takes_at_most_half_the_cores() {
        let cores = std::thread::available_parallelism().unwrap().get();
        assert!(threads() >= 1);
        assert!(threads() <= cores.div_ceil(2));
    }
}
