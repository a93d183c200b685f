//! Decoding customers' photos on a pool of its own (`crate::cpu_pool`): a photo may decode to
//! some 50 MB of pixels and take hundreds of milliseconds of CPU, so at most `threads()` decode
//! at once (one or two), at most `QUEUE` more wait, and each customer has at most one photo in
//! progress on an instance. Anything beyond is refused at once with 429, a `Retry-After` and a
//! message naming the rule, so one customer's flood of uploads can neither take the cores and
//! memory that every other request needs nor fill the queue ahead of other customers. The hourly
//! number of uploads per customer is counted in the database by the upload route
//! (docs/account.md#limits).

use crate::cpu_pool::{CpuPool, Refused};
use crate::error::AppError;
use domain::{UserId, messages as msg};
use std::collections::HashSet;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The thread name prefix (`photo-decode-0`, ...), as seen in `top -H`.
pub const THREAD_NAME: &str = "photo-decode";

/// Decodes that may wait for a thread before uploads are refused.
pub const QUEUE: usize = 4;

/// The `Retry-After` of a refusal, in seconds: about one decode of the largest photo.
pub const RETRY_AFTER_SECS: u64 = 2;

/// How many threads decode photos: half the cores, one or two.
pub fn threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| (n.get() / 2).clamp(1, 2))
        .unwrap_or(1)
}

fn pool() -> &'static CpuPool {
    static POOL: OnceLock<CpuPool> = OnceLock::new();
    POOL.get_or_init(|| CpuPool::start(THREAD_NAME, threads(), QUEUE))
}

/// The customers with a photo in progress on this instance.
fn in_progress() -> &'static Mutex<HashSet<UserId>> {
    static IN_PROGRESS: OnceLock<Mutex<HashSet<UserId>>> = OnceLock::new();
    IN_PROGRESS.get_or_init(Mutex::default)
}

/// A customer's one photo in progress: taken before the upload is read, given back when both
/// the request and its decode are over (a decode outlives a request whose client went away, and
/// still holds the customer's turn until it ends or is skipped).
pub struct Turn(Arc<Held>);

struct Held(UserId);

impl Drop for Held {
    fn drop(&mut self) {
        in_progress()
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.0);
    }
}

fn refused(message: &str) -> AppError {
    AppError::RateLimited {
        message: message.to_owned(),
        retry_after: RETRY_AFTER_SECS,
    }
}

/// The customer's turn, or 429 `PHOTO_IN_PROGRESS` while another of their photos is.
pub fn claim(user: UserId) -> Result<Turn, AppError> {
    let fresh = in_progress()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(user);
    if !fresh {
        metrics::counter!("proxyshop_photo_uploads_refused_total", "reason" => "in_progress")
            .increment(1);
        return Err(refused(msg::PHOTO_IN_PROGRESS));
    }
    Ok(Turn(Arc::new(Held(user))))
}

impl Turn {
    /// Runs `f` (the decode) on the pool and waits for it without holding an async worker;
    /// 429 `PHOTOS_BUSY` when the queue is full.
    pub async fn decode<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let held = self.0.clone();
        let job = move || {
            let _held = held;
            f()
        };
        let result = match pool().submit(job) {
            Ok(result) => result,
            Err(Refused::Full) => {
                metrics::counter!("proxyshop_photo_uploads_refused_total", "reason" => "busy")
                    .increment(1);
                return Err(refused(msg::PHOTOS_BUSY));
            }
            Err(Refused::Stopped) => {
                return Err(AppError::internal("photo decoding", "no decoding thread"));
            }
        };
        result
            .await
            .map_err(|_| AppError::internal("photo decoding", "the job failed"))
    }
}

/// Decodes waiting for a thread now (tests and diagnostics).
pub fn waiting() -> usize {
    pool().waiting()
}

/// Jobs on the decoding threads now.
pub fn running() -> usize {
    pool().running()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[tokio::test]
    async fn one_photo_per_customer_until_its_decode_ends() {
        let ada = UserId::new(-7001);
        let turn = claim(ada).unwrap();
        match claim(ada) {
            Err(AppError::RateLimited {
                message,
                retry_after,
            }) => {
                assert_eq!(message, msg::PHOTO_IN_PROGRESS);
                assert_eq!(retry_after, RETRY_AFTER_SECS);
            }
            _ => panic!("a second photo of one customer is refused"),
        }
        // Another customer is not held up.
        let other = claim(UserId::new(-7002)).unwrap();
        drop(other);

        // The request goes away (its client disconnected) while its photo decodes: the decode
        // keeps the customer's turn until it ends.
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let request = tokio::spawn(async move { turn.decode(move || gate.recv().is_ok()).await });
        while running() == 0 {
            tokio::task::yield_now().await;
        }
        request.abort();
        assert!(request.await.unwrap_err().is_cancelled());
        assert!(claim(ada).is_err(), "the decode still holds the turn");
        release.send(()).unwrap();
        while running() > 0 {
            tokio::task::yield_now().await;
        }
        assert!(claim(ada).is_ok());
    }

    #[test]
    fn one_or_two_threads() {
        assert!((1..=2).contains(&threads()));
    }
}
