//! Who may use the gateway: a proxy username (the customer's base username plus targeting
//! options) and its password, or the credential of a piece, checked against short-lived caches
//! of the database rows so that a burst of connections does not become a burst of queries,
//! and names found unknown are remembered as such for a while (the negative cache).

use crate::lease::Lease;
use crate::meter::{OpenError, Registry};
use domain::Targeting;
use persistence::piece_credentials::{self, PieceCredential};
use persistence::traffic::{self, ProxyUser};
use persistence::{DbConnection, DbError, DbPool, DbResult};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;

/// How long a looked-up account or piece is trusted.
pub(crate) const CACHE_TTL: Duration = Duration::from_secs(5);
/// Bound on cached names of each sort, so that random usernames cannot grow memory without
/// limit (nor push known accounts out: those are kept apart).
const CACHE_MAX: usize = 10_000;
/// Longer names are never piece credentials (the API mints 14 characters): not looked up.
const PIECE_NAME_MAX: usize = 64;

/// Why a connection is refused before any destination is contacted.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Refusal {
    #[error("unknown user or wrong password")]
    BadCredentials,
    #[error("account disabled")]
    Disabled,
    #[error("no traffic left")]
    NoTraffic,
    #[error("the piece has expired")]
    Expired,
    #[error("too many connections")]
    TooManyConnections,
    #[error("too many failed attempts from this source")]
    TooManyFailures,
    #[error("database unavailable: {0}")]
    Unavailable(#[from] DbError),
}

impl From<OpenError> for Refusal {
    fn from(e: OpenError) -> Self {
        match e {
            OpenError::NoTraffic => Refusal::NoTraffic,
            OpenError::TooMany => Refusal::TooManyConnections,
            OpenError::Ended => Refusal::Expired,
            OpenError::Disabled => Refusal::Disabled,
            OpenError::Db(e) => Refusal::Unavailable(e),
        }
    }
}

type Found<T> = HashMap<String, (Instant, T)>;

/// Rows by name, each trusted for `CACHE_TTL`; names without a row (the negative cache) are
/// remembered apart, for `unknown_ttl`.
#[derive(Debug)]
struct Cache<T> {
    found: Mutex<Found<T>>,
    unknown: Mutex<HashMap<String, Instant>>,
    unknown_ttl: Duration,
    load: fn(&mut DbConnection, &str) -> DbResult<Option<T>>,
}

fn locked<M>(m: &Mutex<M>) -> std::sync::MutexGuard<'_, M> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Inserts `value` under `name`, first dropping entries older than `ttl` (all of them if
/// that is not enough) when the map is full.
fn insert_bounded<V>(
    map: &mut HashMap<String, V>,
    name: &str,
    value: V,
    at: impl Fn(&V) -> Instant,
    ttl: Duration,
) {
    if map.len() >= CACHE_MAX {
        map.retain(|_, v| at(v).elapsed() < ttl);
        if map.len() >= CACHE_MAX {
            map.clear();
        }
    }
    map.insert(name.to_owned(), value);
}

impl<T: Clone + Send + 'static> Cache<T> {
    fn new(
        load: fn(&mut DbConnection, &str) -> DbResult<Option<T>>,
        unknown_ttl: Duration,
    ) -> Cache<T> {
        Cache {
            found: Mutex::default(),
            unknown: Mutex::default(),
            unknown_ttl,
            load,
        }
    }

    async fn get(&self, pool: &DbPool, name: &str) -> Result<Option<T>, DbError> {
        if let Some((at, row)) = locked(&self.found).get(name)
            && at.elapsed() < CACHE_TTL
        {
            return Ok(Some(row.clone()));
        }
        if locked(&self.unknown)
            .get(name)
            .is_some_and(|at| at.elapsed() < self.unknown_ttl)
        {
            return Ok(None);
        }
        let (pool, key, load) = (pool.clone(), name.to_owned(), self.load);
        let row = tokio::task::spawn_blocking(move || {
            let mut conn = pool.get()?;
            load(&mut conn, &key)
        })
        .await
        .map_err(|e| DbError::Connect(format!("database task failed: {e}")))??;
        let now = Instant::now();
        match &row {
            Some(row) => {
                locked(&self.unknown).remove(name);
                let mut found = locked(&self.found);
                insert_bounded(&mut found, name, (now, row.clone()), |v| v.0, CACHE_TTL);
            }
            None => {
                locked(&self.found).remove(name);
                let mut unknown = locked(&self.unknown);
                insert_bounded(&mut unknown, name, now, |at| *at, self.unknown_ttl);
            }
        }
        Ok(row)
    }
}

#[derive(Debug)]
pub(crate) struct Users {
    pool: DbPool,
    serve_traffic: bool,
    users: Cache<ProxyUser>,
    pieces: Cache<PieceCredential>,
}

fn password_matches(expected: &str, given: &str) -> bool {
    expected.as_bytes().ct_eq(given.as_bytes()).into()
}

impl Users {
    pub(crate) fn new(pool: DbPool, serve_traffic: bool, unknown_ttl: Duration) -> Users {
        Users {
            pool,
            serve_traffic,
            users: Cache::new(traffic::find_proxy_user, unknown_ttl),
            pieces: Cache::new(piece_credentials::find, unknown_ttl),
        }
    }

    /// Checks the credential and takes a connection slot on the meter of its kind. A name
    /// that is no customer's proxy username (with or without targeting) may be a piece's.
    pub(crate) async fn authorize(
        &self,
        registry: &Registry,
        username: &str,
        password: &str,
    ) -> Result<Lease, Refusal> {
        if let Ok((base, targeting)) = Targeting::parse(username)
            && let Some(user) = self.users.get(&self.pool, &base).await?
        {
            if !password_matches(&user.proxy_password, password) {
                return Err(Refusal::BadCredentials);
            }
            if user.disabled {
                return Err(Refusal::Disabled);
            }
            if !self.serve_traffic {
                return Err(Refusal::BadCredentials);
            }
            return Ok(registry.open(user.id, targeting.kind).await?);
        }
        if username.is_empty() || username.len() > PIECE_NAME_MAX {
            return Err(Refusal::BadCredentials);
        }
        let piece = self
            .pieces
            .get(&self.pool, username)
            .await?
            .ok_or(Refusal::BadCredentials)?;
        if !password_matches(&piece.password, password) {
            return Err(Refusal::BadCredentials);
        }
        let kind = piece.kind;
        if kind.is_traffic() {
            tracing::warn!(piece = piece.id, %kind, "piece of a kind not sold by the piece");
            return Err(Refusal::BadCredentials);
        }
        if piece.disabled {
            return Err(Refusal::Disabled);
        }
        if piece.expires_at <= persistence::now() {
            return Err(Refusal::Expired);
        }
        Ok(registry.open_piece(&piece, kind)?)
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

    /// Unknown names are remembered apart: a flood of them never pushes a known account out,
    /// and each is looked up once per TTL.
    #[tokio::test]
    async fn unknown_names_are_cached_apart_from_known_ones() {
        let db = TestDatabase::new(Backend::Sqlite).unwrap();
        let cache = Cache::new(lookup, Duration::from_secs(3600));
        assert_eq!(cache.get(&db.pool, "known").await.unwrap(), Some(7));
        for i in 0..CACHE_MAX + 10 {
            assert_eq!(
                cache.get(&db.pool, &format!("bogus{i}")).await.unwrap(),
                None
            );
        }
        let before = LOOKUPS.load(Ordering::SeqCst);
        assert_eq!(cache.get(&db.pool, "known").await.unwrap(), Some(7));
        let last = format!("bogus{}", CACHE_MAX + 9);
        assert_eq!(cache.get(&db.pool, &last).await.unwrap(), None);
        assert_eq!(
            LOOKUPS.load(Ordering::SeqCst),
            before,
            "both answered from memory"
        );
    }
}
