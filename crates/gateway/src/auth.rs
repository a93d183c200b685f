//! Who may use the gateway: a proxy username (the customer's base username plus targeting
//! options) and its password, checked against a short-lived cache of the `users` rows so that
//! a burst of connections does not become a burst of queries.

use crate::meter::{Lease, OpenError, Registry};
use domain::Targeting;
use persistence::traffic::{self, ProxyUser};
use persistence::{DbError, DbPool};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;

/// How long a looked-up account (or its absence) is trusted.
const CACHE_TTL: Duration = Duration::from_secs(5);
/// Bound on cached names, so that random usernames cannot grow memory without limit.
const CACHE_MAX: usize = 10_000;

/// Why a connection is refused before any destination is contacted.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Refusal {
    #[error("unknown user or wrong password")]
    BadCredentials,
    #[error("account disabled")]
    Disabled,
    #[error("no traffic left")]
    NoTraffic,
    #[error("too many connections")]
    TooManyConnections,
    #[error("database unavailable: {0}")]
    Unavailable(#[from] DbError),
}

#[derive(Debug)]
pub(crate) struct Users {
    pool: DbPool,
    cache: Mutex<HashMap<String, (Instant, Option<ProxyUser>)>>,
}

impl Users {
    pub(crate) fn new(pool: DbPool) -> Users {
        Users {
            pool,
            cache: Mutex::default(),
        }
    }

    async fn lookup(&self, base: &str) -> Result<Option<ProxyUser>, DbError> {
        if let Some((at, user)) = self.cached().get(base)
            && at.elapsed() < CACHE_TTL
        {
            return Ok(user.clone());
        }
        let pool = self.pool.clone();
        let name = base.to_owned();
        let user = tokio::task::spawn_blocking(move || {
            let mut conn = pool.get()?;
            traffic::find_proxy_user(&mut conn, &name)
        })
        .await
        .map_err(|e| DbError::Connect(format!("database task failed: {e}")))??;
        let mut cache = self.cached();
        if cache.len() >= CACHE_MAX {
            cache.retain(|_, (at, _)| at.elapsed() < CACHE_TTL);
            if cache.len() >= CACHE_MAX {
                cache.clear();
            }
        }
        cache.insert(base.to_owned(), (Instant::now(), user.clone()));
        Ok(user)
    }

    fn cached(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Instant, Option<ProxyUser>)>> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Checks the credential and takes a connection slot on the meter of its kind.
    pub(crate) async fn authorize(
        &self,
        registry: &Registry,
        username: &str,
        password: &str,
    ) -> Result<Lease, Refusal> {
        let (base, targeting) = Targeting::parse(username).map_err(|_| Refusal::BadCredentials)?;
        let user = self.lookup(&base).await?.ok_or(Refusal::BadCredentials)?;
        let matches: bool = user
            .proxy_password
            .as_bytes()
            .ct_eq(password.as_bytes())
            .into();
        if !matches {
            return Err(Refusal::BadCredentials);
        }
        if user.disabled {
            return Err(Refusal::Disabled);
        }
        registry
            .open(user.id, targeting.kind)
            .await
            .map_err(|e| match e {
                OpenError::NoTraffic => Refusal::NoTraffic,
                OpenError::TooMany => Refusal::TooManyConnections,
                OpenError::Db(e) => Refusal::Unavailable(e),
            })
    }
}
