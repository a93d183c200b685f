//! One database take at a time per key on this node (`slot_takes.rs` for connection slots,
//! `rates.rs` for a second's requests): connections that arrive together would each take a
//! block for the one they need, and the node would hold blocks the other nodes then lack.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The turns of the keys being taken now; a key's entry goes when its last waiter is done.
#[derive(Debug)]
pub(crate) struct Turns<K> {
    turns: Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>,
}

impl<K> Default for Turns<K> {
    fn default() -> Self {
        Turns {
            turns: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Eq + Hash + Copy> Turns<K> {
    fn map(&self) -> MutexGuard<'_, HashMap<K, Arc<tokio::sync::Mutex<()>>>> {
        self.turns.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `f` when it is this caller's turn for `key` (after every earlier caller's `f`).
    pub(crate) async fn take<T>(&self, key: K, f: impl AsyncFnOnce() -> T) -> T {
        let turn = Arc::clone(self.map().entry(key).or_default());
        let held = turn.lock().await;
        let done = f().await;
        drop(held);
        let mut turns = self.map();
        // the last one holding this key's turn drops it
        if Arc::strong_count(&turn) == 2 {
            turns.remove(&key);
        }
        done
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.map().len()
    }
}

#[cfg(test)]
mod tests {
    use super::Turns;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_caller_at_a_time_per_key_and_no_entry_left() {
        let turns = Arc::new(Turns::<u8>::default());
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..16)
            .map(|_| {
                let (turns, inside, most) = (turns.clone(), inside.clone(), most.clone());
                tokio::spawn(async move {
                    turns
                        .take(7, async || {
                            let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                            most.fetch_max(now, Ordering::SeqCst);
                            tokio::task::yield_now().await;
                            inside.fetch_sub(1, Ordering::SeqCst);
                        })
                        .await;
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);
        assert_eq!(turns.len(), 0);
    }
}
