//! actix-session's `SessionStore` over the `sessions` table.
//!
//! The cookie carries a random 64-character key; the table stores only its SHA-256, the state
//! as JSON, the signed-in user (so all of a user's sessions can be ended at once) and the expiry.
//! The client a signed-in session is used from (address, user agent, last seen) travels in the
//! state under the `CLIENT_*` keys (`user_sessions::record` puts it there, at most once a
//! minute) and is written to its own columns for the session list.
//!
//! The signed-in user's row is read in the same query as the session (`load`) and handed to the
//! user extractor (`extractors::load_user`) through a slot that lives as long as the request
//! (`user_slot`, a task-local value): never through the state, which would turn the row into
//! JSON and back on every request, and never from one request to another.

use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError};
use actix_web::body::MessageBody;
use actix_web::cookie::time::Duration;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use persistence::users::UserRow;
use persistence::{Backend, DbPool, now, sessions};
use sha2::{Digest, Sha256};
use std::cell::RefCell;
use std::collections::HashMap;

/// The session state key holding the signed-in user's id.
pub const USER_ID_KEY: &str = "user_id";
/// Put into the state when a session is loaded, never stored: the hash the row is keyed by, so
/// that a handler can tell the caller's own session apart (`user_sessions`).
pub const SESSION_ID_KEY: &str = "_sid";
/// The client address, user agent and last-seen time (unix seconds) of a signed-in session.
pub const CLIENT_IP_KEY: &str = "client_ip";
pub const CLIENT_AGENT_KEY: &str = "client_agent";
pub const CLIENT_SEEN_KEY: &str = "client_seen";

type State = HashMap<String, String>;

tokio::task_local! {
    /// The user row read with this request's session (`load`); `None` until a session with a
    /// signed-in user is loaded.
    static LOADED_USER: RefCell<Option<UserRow>>;
}

/// Middleware just outside the session middleware: gives the request the slot that `load`
/// fills and `loaded_user` reads. Without it (an application that leaves it out) nothing is
/// kept and the user extractor reads the user row itself.
pub async fn user_slot(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    with_user_slot(next.call(req)).await
}

/// Runs `f` with a slot of its own, as `user_slot` runs a request (for tests of the store).
pub async fn with_user_slot<F: std::future::Future>(f: F) -> F::Output {
    LOADED_USER.scope(RefCell::new(None), f).await
}

/// The user row read with the session of the request being served, if any.
pub fn loaded_user() -> Option<UserRow> {
    LOADED_USER
        .try_with(|slot| slot.borrow().clone())
        .ok()
        .flatten()
}

#[derive(Clone)]
pub struct DbSessionStore {
    pool: DbPool,
}

impl DbSessionStore {
    pub fn new(pool: DbPool) -> Self {
        DbSessionStore { pool }
    }

    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut persistence::DbConnection) -> Result<T, persistence::DbError>
        + Send
        + 'static,
    ) -> anyhow::Result<T> {
        let pool = self.pool.clone();
        let result = actix_web::web::block(move || {
            let mut conn = pool.get()?;
            f(&mut conn)
        })
        .await?;
        Ok(result?)
    }

    /// Reads a session (the one query of a signed-in read, `load`). On SQLite, when a pooled
    /// connection is idle, it runs right here on the async worker: a WAL read of one row by its
    /// primary key takes microseconds and does not wait for writers, and it saves the hop to the
    /// blocking pool and back, two thread wake-ups that bench/api/run.sh measured as the largest
    /// cost of a signed-in read. On PostgreSQL (a network round trip) or with every connection
    /// busy it goes to the blocking pool like all other database work (`run`).
    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut persistence::DbConnection) -> Result<T, persistence::DbError>
        + Send
        + 'static,
    ) -> anyhow::Result<T> {
        match self.pool.try_get() {
            Some(mut conn) if conn.backend() == Backend::Sqlite => Ok(f(&mut conn)?),
            Some(mut conn) => Ok(actix_web::web::block(move || f(&mut conn)).await??),
            None => self.run(f).await,
        }
    }
}

pub fn hash_key(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

fn user_id(state: &State) -> Option<domain::UserId> {
    state
        .get(USER_ID_KEY)
        .and_then(|v| v.parse().ok())
        .map(domain::UserId::new)
}

/// A state value as the string it holds (actix-session keeps each value as JSON).
fn text(state: &State, key: &str) -> Option<String> {
    state.get(key).and_then(|v| serde_json::from_str(v).ok())
}

/// The client columns of the row, from the state; None when the state records no client.
fn client(state: &State) -> Option<(Option<String>, Option<String>, i64)> {
    let seen = state.get(CLIENT_SEEN_KEY)?.parse().ok()?;
    Some((
        text(state, CLIENT_IP_KEY),
        text(state, CLIENT_AGENT_KEY),
        seen,
    ))
}

/// Writes the client columns after the row was inserted or updated.
fn write_client(
    conn: &mut persistence::DbConnection,
    id: &str,
    client: Option<(Option<String>, Option<String>, i64)>,
) -> Result<(), persistence::DbError> {
    let Some((ip, agent, seen)) = client else {
        return Ok(());
    };
    let info = sessions::ClientInfo {
        ip: ip.as_deref(),
        user_agent: agent.as_deref(),
        last_seen_at: Some(seen),
    };
    sessions::set_client(conn, id, &info)
}

/// Removes what `load` added to the state and must never be stored.
fn strip_loaded(state: &mut State) {
    state.remove(SESSION_ID_KEY);
}

fn expires_at(ttl: &Duration) -> i64 {
    now() + ttl.whole_seconds()
}

fn new_key() -> anyhow::Result<SessionKey> {
    let key = domain::random::alphanumeric(64);
    SessionKey::try_from(key).map_err(|e| anyhow::anyhow!("session key: {e}"))
}

impl SessionStore for DbSessionStore {
    async fn load(&self, session_key: &SessionKey) -> Result<Option<State>, LoadError> {
        let id = hash_key(session_key.as_ref());
        let loaded = {
            let id = id.clone();
            self.read(move |conn| sessions::load_with_user(conn, &id, now()))
                .await
                .map_err(LoadError::Other)?
        };
        let Some((data, user)) = loaded else {
            return Ok(None);
        };
        let mut state: State =
            serde_json::from_str(&data).map_err(|e| LoadError::Deserialization(e.into()))?;
        let id = serde_json::to_string(&id).map_err(|e| LoadError::Other(e.into()))?;
        state.insert(SESSION_ID_KEY.to_owned(), id);
        // Outside a request's slot (no `user_slot`) there is nowhere to keep it: dropped.
        let _ = LOADED_USER.try_with(|slot| *slot.borrow_mut() = user);
        Ok(Some(state))
    }

    async fn save(&self, mut state: State, ttl: &Duration) -> Result<SessionKey, SaveError> {
        strip_loaded(&mut state);
        let data = serde_json::to_string(&state).map_err(|e| SaveError::Serialization(e.into()))?;
        let key = new_key().map_err(SaveError::Other)?;
        let id = hash_key(key.as_ref());
        let (user, expires, client) = (user_id(&state), expires_at(ttl), client(&state));
        self.run(move |conn| {
            sessions::insert(conn, &id, user, &data, expires, now())?;
            write_client(conn, &id, client)
        })
        .await
        .map_err(SaveError::Other)?;
        Ok(key)
    }

    async fn update(
        &self,
        session_key: SessionKey,
        mut state: State,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        strip_loaded(&mut state);
        let data =
            serde_json::to_string(&state).map_err(|e| UpdateError::Serialization(e.into()))?;
        let id = hash_key(session_key.as_ref());
        let (user, expires, client) = (user_id(&state), expires_at(ttl), client(&state));
        let updated = self
            .run(move |conn| {
                let updated = sessions::update(conn, &id, user, &data, expires, now())?;
                if updated {
                    write_client(conn, &id, client)?;
                }
                Ok(updated)
            })
            .await
            .map_err(UpdateError::Other)?;
        if updated {
            Ok(session_key)
        } else {
            // The session ended meanwhile (expired, logged out, revoked, password changed,
            // account disabled): start a new, signed-out one. Keeping the state would bring the
            // ended sign-in back under a new key.
            self.save(State::new(), ttl)
                .await
                .map_err(|e| UpdateError::Other(anyhow::anyhow!("{e}")))
        }
    }

    async fn update_ttl(&self, session_key: &SessionKey, ttl: &Duration) -> anyhow::Result<()> {
        let id = hash_key(session_key.as_ref());
        let expires = expires_at(ttl);
        self.run(move |conn| sessions::update_ttl(conn, &id, expires))
            .await
    }

    async fn delete(&self, session_key: &SessionKey) -> anyhow::Result<()> {
        let id = hash_key(session_key.as_ref());
        self.run(move |conn| sessions::delete(conn, &id)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use persistence::testing::TestDatabase;
    use std::thread::ThreadId;

    /// Runs a read through the store's `read` on an actix worker; returns the id of the worker's
    /// thread and of the thread the read ran on. With `busy`, every pooled connection is taken
    /// until the read has started waiting for one.
    fn read_threads(db: &TestDatabase, busy: bool) -> (ThreadId, ThreadId) {
        let store = DbSessionStore::new(db.pool.clone());
        let held: Vec<_> = if busy {
            (0..db.pool.max_size())
                .map(|_| db.pool.get().expect("a connection"))
                .collect()
        } else {
            Vec::new()
        };
        actix_web::rt::System::new().block_on(async move {
            let mut read = std::pin::pin!(store.read(|_| Ok(std::thread::current().id())));
            if busy {
                assert!(futures::poll!(read.as_mut()).is_pending());
                drop(held);
            }
            (std::thread::current().id(), read.await.expect("the read"))
        })
    }

    persistence::db_test! {
        fn a_session_read_runs_on_the_worker_only_on_sqlite(db) {
            let (worker, ran) = read_threads(db, false);
            assert_eq!(worker == ran, db.backend == Backend::Sqlite);
        }

        fn a_session_read_waits_off_the_worker_when_every_connection_is_busy(db) {
            let (worker, ran) = read_threads(db, true);
            assert_ne!(worker, ran);
        }
    }
}
