//! The one meter: bytes moved per (user, kind), kept in memory and flushed to the database in
//! batches. A flush takes the counts it writes out of the counters first and gives them back
//! if the write fails, so a flush never counts twice and a crash loses at most one interval.

use domain::ProxyKind;
use persistence::{DbError, DbPool, traffic, write_transaction};
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering::SeqCst};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;

type Key = (i64, ProxyKind);

/// The counters of one (user, kind), shared by all its live connections.
#[derive(Debug)]
pub(crate) struct Meter {
    user_id: i64,
    kind: ProxyKind,
    /// Bytes moved and not yet written to the database.
    pending: AtomicI64,
    /// purchased − used as the database said at the last read, less what was flushed since.
    limit: AtomicI64,
    /// True once nothing remains: live connections of this meter watch it and close.
    exhausted: watch::Sender<bool>,
}

impl Meter {
    pub(crate) fn new(user_id: i64, kind: ProxyKind, limit: i64) -> Meter {
        Meter {
            user_id,
            kind,
            pending: AtomicI64::new(0),
            limit: AtomicI64::new(limit),
            exhausted: watch::Sender::new(limit <= 0),
        }
    }

    /// Bytes this customer may still move in this kind.
    pub(crate) fn remaining(&self) -> i64 {
        self.limit.load(SeqCst) - self.pending.load(SeqCst)
    }

    /// Counts `n` bytes moved; signals the cut-off when nothing remains.
    pub(crate) fn add(&self, n: usize) {
        let n = n as i64;
        let pending = self.pending.fetch_add(n, SeqCst) + n;
        if self.limit.load(SeqCst) - pending <= 0 {
            self.mark_exhausted();
        }
    }

    pub(crate) fn mark_exhausted(&self) {
        self.exhausted.send_replace(true);
    }

    pub(crate) fn exhausted(&self) -> watch::Receiver<bool> {
        self.exhausted.subscribe()
    }

    fn set_limit(&self, limit: i64) {
        self.limit.store(limit, SeqCst);
        let now_exhausted = self.remaining() <= 0;
        self.exhausted
            .send_if_modified(|v| std::mem::replace(v, now_exhausted) != now_exhausted);
    }
}

#[derive(Debug)]
struct Entry {
    meter: Arc<Meter>,
    connections: usize,
}

#[derive(Debug, Default)]
struct Live {
    meters: HashMap<Key, Entry>,
    per_user: HashMap<i64, usize>,
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum OpenError {
    #[error("no traffic left")]
    NoTraffic,
    #[error("too many connections")]
    TooMany,
    #[error(transparent)]
    Db(#[from] DbError),
}

/// All meters of the gateway and the connection counts that keep them alive.
#[derive(Debug)]
pub(crate) struct Registry {
    live: Arc<Mutex<Live>>,
    /// Held while reading limits from or writing counts to the database, so that a limit read
    /// never straddles a flush.
    db_sync: tokio::sync::Mutex<()>,
    pool: DbPool,
    max_per_user: usize,
}

/// One live connection's claim on a meter; dropping it releases the connection slot.
#[derive(Debug)]
pub(crate) struct Lease {
    live: Arc<Mutex<Live>>,
    key: Key,
    pub(crate) meter: Arc<Meter>,
}

impl Drop for Lease {
    fn drop(&mut self) {
        let mut live = lock(&self.live);
        if let Some(entry) = live.meters.get_mut(&self.key) {
            entry.connections = entry.connections.saturating_sub(1);
        }
        if let Some(n) = live.per_user.get_mut(&self.key.0) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                live.per_user.remove(&self.key.0);
            }
        }
    }
}

fn lock(live: &Mutex<Live>) -> MutexGuard<'_, Live> {
    // A panic while holding the lock leaves plain counters behind: keep using them.
    live.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, DbError> + Send + 'static,
) -> Result<T, DbError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| DbError::Connect(format!("database task failed: {e}")))?
}

impl Registry {
    pub(crate) fn new(pool: DbPool, max_per_user: usize) -> Registry {
        Registry {
            live: Arc::default(),
            db_sync: tokio::sync::Mutex::new(()),
            pool,
            max_per_user,
        }
    }

    /// Takes a connection slot of `user_id` on the meter of `kind`, if traffic remains.
    pub(crate) async fn open(&self, user_id: i64, kind: ProxyKind) -> Result<Lease, OpenError> {
        if let Some(lease) = self.try_lease(user_id, kind, None)? {
            return Ok(lease);
        }
        let _sync = self.db_sync.lock().await;
        let pool = self.pool.clone();
        let (purchased, used) = blocking(move || {
            let mut conn = pool.get()?;
            traffic::balance(&mut conn, user_id, kind.as_str())
        })
        .await?;
        self.try_lease(user_id, kind, Some(purchased - used))?
            .ok_or(OpenError::NoTraffic)
    }

    /// A lease on the existing meter, or on a new one with `limit` when given.
    fn try_lease(
        &self,
        user_id: i64,
        kind: ProxyKind,
        limit: Option<i64>,
    ) -> Result<Option<Lease>, OpenError> {
        let mut live = lock(&self.live);
        if live.per_user.get(&user_id).copied().unwrap_or(0) >= self.max_per_user {
            return Err(OpenError::TooMany);
        }
        let key = (user_id, kind);
        let meter = match (live.meters.get_mut(&key), limit) {
            (Some(entry), _) => entry.meter.clone(),
            (None, None) => return Ok(None),
            (None, Some(limit)) => {
                let meter = Arc::new(Meter::new(user_id, kind, limit));
                live.meters.insert(
                    key,
                    Entry {
                        meter: meter.clone(),
                        connections: 0,
                    },
                );
                meter
            }
        };
        if meter.remaining() <= 0 {
            return Err(OpenError::NoTraffic);
        }
        if let Some(entry) = live.meters.get_mut(&key) {
            entry.connections += 1;
        }
        *live.per_user.entry(user_id).or_insert(0) += 1;
        Ok(Some(Lease {
            live: self.live.clone(),
            key,
            meter,
        }))
    }

    /// Writes every pending count to the database (one transaction, today's UTC bucket),
    /// refreshes the limits from the balances (purchases made meanwhile) and forgets meters
    /// that have neither connections nor pending bytes.
    pub(crate) async fn flush(&self) -> Result<(), DbError> {
        let _sync = self.db_sync.lock().await;
        let (taken, ids) = {
            let live = lock(&self.live);
            let mut taken = Vec::new();
            for entry in live.meters.values() {
                let m = &entry.meter;
                let n = m.pending.load(SeqCst);
                if n > 0 {
                    // Pending first, then the limit: in between the meter over- rather than
                    // under-states what remains, so no connection is cut by mistake.
                    m.pending.fetch_sub(n, SeqCst);
                    m.limit.fetch_sub(n, SeqCst);
                    taken.push((m.clone(), n));
                }
            }
            let mut ids: Vec<i64> = live.meters.keys().map(|k| k.0).collect();
            ids.sort_unstable();
            ids.dedup();
            (taken, ids)
        };
        if ids.is_empty() {
            return Ok(());
        }
        let rows: Vec<(i64, ProxyKind, i64)> =
            taken.iter().map(|(m, n)| (m.user_id, m.kind, *n)).collect();
        let pool = self.pool.clone();
        // The same UTC day bucket the API reads usage by.
        let day = domain::calendar::utc_day(persistence::now());
        let written = blocking(move || {
            let mut conn = pool.get()?;
            write_transaction(&mut conn, |c| {
                for (user_id, kind, bytes) in &rows {
                    traffic::record_usage(c, *user_id, kind.as_str(), &day, *bytes)?;
                }
                traffic::balances_of(c, &ids)
            })
        })
        .await;
        let balances = match written {
            Ok(balances) => balances,
            Err(err) => {
                for (m, n) in taken {
                    m.limit.fetch_add(n, SeqCst);
                    m.pending.fetch_add(n, SeqCst);
                }
                return Err(err);
            }
        };
        let mut live = lock(&self.live);
        for (key, entry) in &live.meters {
            let limit = balances
                .iter()
                .find(|b| b.user_id == key.0 && b.kind == key.1.as_str())
                .map_or(0, |b| b.purchased_bytes - b.used_bytes);
            entry.meter.set_limit(limit);
        }
        live.meters
            .retain(|_, e| e.connections > 0 || e.meter.pending.load(SeqCst) > 0);
        Ok(())
    }
}
