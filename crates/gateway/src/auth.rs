//! Who may use the gateway: a proxy username (the customer's base username plus targeting
//! options) and its password, or the credential of a piece, checked against short-lived caches
//! of the database rows so that a burst of connections does not become a burst of queries.

use crate::lease::Lease;
use crate::meter::{OpenError, Registry};
use domain::{ProxyKind, Targeting};
use persistence::piece_credentials::{self, PieceCredential};
use persistence::traffic::{self, ProxyUser};
use persistence::{DbConnection, DbError, DbPool, DbResult};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;

/// How long a looked-up account or piece (or its absence) is trusted.
pub(crate) const CACHE_TTL: Duration = Duration::from_secs(5);
/// Bound on cached names, so that random usernames cannot grow memory without limit.
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
    #[error("database unavailable: {0}")]
    Unavailable(#[from] DbError),
}

impl From<OpenError> for Refusal {
    fn from(e: OpenError) -> Self {
        match e {
            OpenError::NoTraffic => Refusal::NoTraffic,
            OpenError::TooMany => Refusal::TooManyConnections,
            OpenError::Ended => Refusal::Expired,
            OpenError::Db(e) => Refusal::Unavailable(e),
        }
    }
}

/// Rows by name, each trusted for `CACHE_TTL`.
#[derive(Debug)]
struct Cache<T> {
    entries: Mutex<HashMap<String, (Instant, Option<T>)>>,
    load: fn(&mut DbConnection, &str) -> DbResult<Option<T>>,
}

impl<T: Clone + Send + 'static> Cache<T> {
    fn new(load: fn(&mut DbConnection, &str) -> DbResult<Option<T>>) -> Cache<T> {
        Cache {
            entries: Mutex::default(),
            load,
        }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Instant, Option<T>)>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    async fn get(&self, pool: &DbPool, name: &str) -> Result<Option<T>, DbError> {
        if let Some((at, row)) = self.entries().get(name)
            && at.elapsed() < CACHE_TTL
        {
            return Ok(row.clone());
        }
        let (pool, key, load) = (pool.clone(), name.to_owned(), self.load);
        let row = tokio::task::spawn_blocking(move || {
            let mut conn = pool.get()?;
            load(&mut conn, &key)
        })
        .await
        .map_err(|e| DbError::Connect(format!("database task failed: {e}")))??;
        let mut entries = self.entries();
        if entries.len() >= CACHE_MAX {
            entries.retain(|_, (at, _)| at.elapsed() < CACHE_TTL);
            if entries.len() >= CACHE_MAX {
                entries.clear();
            }
        }
        entries.insert(name.to_owned(), (Instant::now(), row.clone()));
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
    pub(crate) fn new(pool: DbPool, serve_traffic: bool) -> Users {
        Users {
            pool,
            serve_traffic,
            users: Cache::new(traffic::find_proxy_user),
            pieces: Cache::new(piece_credentials::find),
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
        let Some(kind) = ProxyKind::parse(&piece.kind).filter(|k| !k.is_traffic()) else {
            tracing::warn!(piece = piece.id, kind = %piece.kind, "piece of a kind not sold by the piece");
            return Err(Refusal::BadCredentials);
        };
        if piece.disabled {
            return Err(Refusal::Disabled);
        }
        if piece.expires_at <= persistence::now() {
            return Err(Refusal::Expired);
        }
        Ok(registry.open_piece(&piece, kind)?)
    }
}
