//! Password hashing (argon2id, about 19 MiB and tens of milliseconds of CPU per hash) on a pool
//! of its own (`crate::cpu_pool`): `threads()` threads (half the cores, at least one) that run
//! only on idle cores (Linux's SCHED_IDLE), fed from a bounded queue. Sign-ins therefore never
//! take more than those cores, and never the blocking pool that every database read waits on:
//! the reads of signed-in customers keep their latency while a wave of sign-ins is hashed. When the queue is
//! full the request is refused with 503 (`messages::PASSWORD_CHECKS_BUSY`) rather than queued
//! without end.

use crate::cpu_pool::{CpuPool, Refused};
use crate::error::AppError;
use domain::messages as msg;
use std::sync::OnceLock;

/// Jobs that may wait per hashing thread before requests are refused.
const QUEUE_PER_THREAD: usize = 256;

/// The thread name prefix (`password-hash-0`, ...), as seen in `top -H` and in tests.
pub const THREAD_NAME: &str = "password-hash";

/// How many threads hash passwords: half the cores, at least one.
pub fn threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| (n.get() / 2).max(1))
        .unwrap_or(1)
}

fn pool() -> &'static CpuPool {
    static POOL: OnceLock<CpuPool> = OnceLock::new();
    POOL.get_or_init(|| CpuPool::start(THREAD_NAME, threads(), threads() * QUEUE_PER_THREAD))
}

/// Runs `f` on the hashing pool and waits for its result without holding an async worker.
pub async fn run<T, F>(f: F) -> Result<T, AppError>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let result = match pool().submit(f) {
        Ok(result) => result,
        Err(Refused::Full) => return Err(AppError::Unavailable(msg::PASSWORD_CHECKS_BUSY)),
        Err(Refused::Stopped) => {
            return Err(AppError::internal("password hashing", "no hashing thread"));
        }
    };
    result
        .await
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
