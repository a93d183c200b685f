//! Rows looked up by name (proxy accounts, pieces), trusted for a few seconds so that a burst of
//! connections is not a burst of queries; concurrent lookups of one name share one query.
//! Names without a row are remembered apart, for their own TTL (the negative cache).

use crate::store;
use moka::future::Cache;
use moka::policy::EvictionPolicy;
use persistence::{DbConnection, DbError, DbPool, DbResult};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// How long a looked-up account or piece is trusted.
pub(crate) const CACHE_TTL: Duration = Duration::from_secs(5);
/// Bound on cached names of each sort, so that random usernames cannot grow memory without
/// limit (nor push known accounts out: those are kept apart).
const CACHE_MAX: u64 = 10_000;

/// Looks one name up in the database.
pub(crate) type Load<T> = fn(&mut DbConnection, &str) -> DbResult<Option<T>>;

pub(crate) struct RowCache<T> {
    found: Cache<String, T>,
    unknown: Cache<String, ()>,
    load: Load<T>,
}

/// Why a lookup gave no row; shared by every caller waiting on the same lookup.
enum Miss {
    Unknown,
    Failed(DbError),
}

fn bounded<V: Clone + Send + Sync + 'static>(ttl: Duration) -> Cache<String, V> {
    Cache::builder()
        .max_capacity(CACHE_MAX)
        .time_to_live(ttl)
        // Least recently used out: a name just looked up is always kept (TinyLFU may turn
        // away a name seen once, which is every name of a flood).
        .eviction_policy(EvictionPolicy::lru())
        .build()
}

impl<T: Clone + Send + Sync + 'static> RowCache<T> {
    pub(crate) fn new(load: Load<T>, unknown_ttl: Duration) -> RowCache<T> {
        RowCache::with_ttls(load, CACHE_TTL, unknown_ttl)
    }

    fn with_ttls(load: Load<T>, found_ttl: Duration, unknown_ttl: Duration) -> RowCache<T> {
        RowCache {
            found: bounded(found_ttl),
            unknown: bounded(unknown_ttl),
            load,
        }
    }

    /// The row of `name`, from memory when trusted, else from the database.
    pub(crate) async fn get(&self, pool: &DbPool, name: &str) -> Result<Option<T>, DbError> {
        if let Some(row) = self.found.get(name).await {
            return Ok(Some(row));
        }
        if self.unknown.contains_key(name) {
            return Ok(None);
        }
        let (pool, key, load) = (pool.clone(), name.to_owned(), self.load);
        let lookup = async move {
            let row = store::blocking(move || {
                let mut conn = pool.get()?;
                load(&mut conn, &key)
            })
            .await;
            match row {
                Ok(Some(row)) => Ok(row),
                Ok(None) => Err(Miss::Unknown),
                Err(e) => Err(Miss::Failed(e)),
            }
        };
        let miss = match self.found.try_get_with_by_ref(name, lookup).await {
            Ok(row) => {
                self.unknown.invalidate(name).await;
                return Ok(Some(row));
            }
            Err(miss) => miss,
        };
        if let Miss::Failed(e) = &*miss {
            let message = e.to_string();
            // The error itself, unless other callers waiting on the lookup share it (it is
            // only ever logged).
            return Err(match Arc::try_unwrap(miss) {
                Ok(Miss::Failed(e)) => e,
                _ => DbError::Connect(message),
            });
        }
        self.unknown.insert(name.to_owned(), ()).await;
        Ok(None)
    }
}

impl<T: Clone + Send + Sync + 'static> RowCache<T> {
    /// Forgets every name: the next lookups read the database (a change event came in).
    pub(crate) fn invalidate_all(&self) {
        self.found.invalidate_all();
        self.unknown.invalidate_all();
    }
}

impl<T> fmt::Debug for RowCache<T> {
    // Counts only: the rows hold passwords.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RowCache")
            .field("found", &self.found.entry_count())
            .field("unknown", &self.unknown.entry_count())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use persistence::Backend;
    use persistence::testing::TestDatabase;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static LOOKUPS: AtomicUsize = AtomicUsize::new(0);

    /// Knows one name, "known".
    fn lookup(_: &mut DbConnection, name: &str) -> DbResult<Option<u32>> {
        LOOKUPS.fetch_add(1, Ordering::SeqCst);
        Ok((name == "known").then_some(7))
    }

    /// Unknown names are remembered apart: each is looked up once per TTL, and a flood of them
    /// never pushes a known account out. (Which unknown names survive the flood is the cache's
    /// own admission policy, not asserted.)
    #[tokio::test]
    async fn unknown_names_are_cached_apart_from_known_ones() {
        let db = TestDatabase::new(Backend::Sqlite).unwrap();
        // Neither expires during the test, however long the flood takes on a busy machine
        // (the known row's own TTL, 5 s, had run out under load).
        let hour = Duration::from_secs(3600);
        let cache = RowCache::with_ttls(lookup, hour, hour);
        assert_eq!(cache.get(&db.pool, "known").await.unwrap(), Some(7));
        let before = LOOKUPS.load(Ordering::SeqCst);
        for _ in 0..2 {
            assert_eq!(cache.get(&db.pool, "bogus").await.unwrap(), None);
        }
        assert_eq!(
            LOOKUPS.load(Ordering::SeqCst),
            before + 1,
            "an unknown name looked up once"
        );
        for i in 0..CACHE_MAX + 10 {
            assert_eq!(
                cache.get(&db.pool, &format!("bogus{i}")).await.unwrap(),
                None
            );
        }
        let before = LOOKUPS.load(Ordering::SeqCst);
        assert_eq!(cache.get(&db.pool, "known").await.unwrap(), Some(7));
        assert_eq!(
            LOOKUPS.load(Ordering::SeqCst),
            before,
            "the known account answered from memory after the flood"
        );
    }
}
