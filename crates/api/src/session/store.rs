//! The `sessions` table as the session middleware uses it.
//!
//! A row is keyed by the SHA-256 of the cookie's key and holds the state as JSON, the signed-in
//! user (so that all of a user's sessions can be ended at once), the expiry, and the client the
//! session is used from (address, user agent, last seen: `user_sessions::record` notes it at
//! most once a minute), in columns of their own for the session list.
//!
//! A session lives `ttl` (14 days) after its last change, and at most `SESSION_MAX_AGE_SECS`
//! (30 days) after its row was made (a sign-in makes a new row): `update` never moves the expiry
//! past that, so a stolen cookie kept busy still ends.
//!
//! The signed-in user's row is read in the same query as the session (`load`) and goes to the
//! request's `Session` (`Session::loaded_user`), never into the state: it is not written back
//! and lives only as long as the request.

use super::state::{Client, Loaded, State, USER_ID_KEY};
use crate::settings::SESSION_MAX_AGE_SECS;
use persistence::{Backend, DbPool, now, sessions};
use sha2::{Digest, Sha256};
use std::time::Duration;

/// How many characters a key has: 64 letters and digits, about 381 bits.
pub const KEY_LEN: usize = 64;

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

/// Whether `key` could be a key this store made: anything else is not looked up.
pub fn well_formed(key: &str) -> bool {
    key.len() == KEY_LEN && key.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The signed-in user, read as `Session::get` reads it (the row's `user_id` column, by which
/// all of a user's sessions are ended).
fn user_id(state: &State) -> Option<domain::UserId> {
    serde_json::from_str(state.get(USER_ID_KEY)?).ok()
}

/// Writes the client columns after the row was inserted or updated.
fn write_client(
    conn: &mut persistence::DbConnection,
    id: &str,
    client: Option<&Client>,
) -> Result<(), persistence::DbError> {
    let Some(client) = client else {
        return Ok(());
    };
    let info = sessions::ClientInfo {
        ip: client.ip.as_deref(),
        user_agent: client.agent.as_deref(),
        last_seen_at: Some(client.seen),
    };
    sessions::set_client(conn, id, &info)
}

/// A session row yet to be inserted under a fresh key (`save`, `renew`).
struct NewRow {
    id: String,
    user: Option<domain::UserId>,
    data: String,
    expires: i64,
    client: Option<Client>,
}

impl NewRow {
    /// The fresh key (for the cookie) and the row holding `state` under its hash.
    fn of(
        state: &State,
        client: Option<Client>,
        ttl: Duration,
    ) -> anyhow::Result<(String, NewRow)> {
        let key = domain::random::alphanumeric(KEY_LEN);
        let row = NewRow {
            id: hash_key(&key),
            user: user_id(state),
            data: serde_json::to_string(state)?,
            expires: expires_at(ttl),
            client,
        };
        Ok((key, row))
    }

    fn insert(&self, conn: &mut persistence::DbConnection) -> Result<(), persistence::DbError> {
        sessions::insert(conn, &self.id, self.user, &self.data, self.expires, now())?;
        write_client(conn, &self.id, self.client.as_ref())
    }
}

fn expires_at(ttl: Duration) -> i64 {
    now().saturating_add(i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX))
}

impl DbSessionStore {
    /// The live session `key` names, with its user; `None` for an unknown, ended or expired
    /// one. A state that does not parse (written by an older release, say) loads as empty:
    /// the session goes on, signed out.
    pub async fn load(&self, key: &str) -> anyhow::Result<Option<Loaded>> {
        let row = hash_key(key);
        let loaded = {
            let row = row.clone();
            self.read(move |conn| sessions::load_with_user(conn, &row, now()))
                .await?
        };
        let Some(loaded) = loaded else {
            return Ok(None);
        };
        let state: State = serde_json::from_str(&loaded.data).unwrap_or_default();
        // A user row without the state naming it (an unreadable state) is not handed out.
        let user = loaded.user.filter(|_| state.contains_key(USER_ID_KEY));
        Ok(Some(Loaded {
            key: key.to_owned(),
            row,
            state,
            user,
            reseller: loaded.reseller,
            seen: loaded.last_seen_at,
        }))
    }

    /// Stores `state` (and the client, if recorded) as a new session; returns its key, for the
    /// cookie.
    pub async fn save(
        &self,
        state: &State,
        client: Option<Client>,
        ttl: Duration,
    ) -> anyhow::Result<String> {
        let (key, row) = NewRow::of(state, client, ttl)?;
        self.run(move |conn| row.insert(conn)).await?;
        Ok(key)
    }

    /// Rewrites the session `key` with `state` (and the client, if recorded); returns the key
    /// the cookie must hold: `key` itself, or a new, signed-out session's if `key` ended
    /// meanwhile.
    pub async fn update(
        &self,
        key: String,
        state: &State,
        client: Option<Client>,
        ttl: Duration,
    ) -> anyhow::Result<String> {
        let data = serde_json::to_string(state)?;
        let id = hash_key(&key);
        let (user, expires) = (user_id(state), expires_at(ttl));
        let updated = self
            .run(move |conn| {
                let lifetime = (expires, SESSION_MAX_AGE_SECS);
                let updated = sessions::update(conn, &id, user, &data, lifetime, now())?;
                if updated {
                    write_client(conn, &id, client.as_ref())?;
                }
                Ok(updated)
            })
            .await?;
        self.key_or_signed_out(updated, key, ttl).await
    }

    /// Moves the session `key` to a new key holding `state` (a sign-in, a password change):
    /// the old row goes and the new one comes in one transaction, and only while the old row
    /// is still there. A session ended during the request (signed out elsewhere, revoked, its
    /// account's sessions ended) is not brought back under the new key: as `update`, the
    /// caller gets a new, signed-out session.
    pub async fn renew(
        &self,
        key: &str,
        state: &State,
        client: Option<Client>,
        ttl: Duration,
    ) -> anyhow::Result<String> {
        let old = hash_key(key);
        let (new_key, row) = NewRow::of(state, client, ttl)?;
        let moved = self
            .run(move |conn| {
                persistence::write_transaction(conn, |conn| {
                    if !sessions::delete(conn, &old)? {
                        return Ok(false);
                    }
                    row.insert(conn)?;
                    Ok(true)
                })
            })
            .await?;
        self.key_or_signed_out(moved, new_key, ttl).await
    }

    /// The key the cookie must hold after `update` or `renew`: `key` when the session's row was
    /// still there, else a new, signed-out session's. The session ended meanwhile (expired,
    /// logged out, revoked, password changed, account disabled): keeping the state would bring
    /// the ended sign-in back under a new key.
    async fn key_or_signed_out(
        &self,
        stored: bool,
        key: String,
        ttl: Duration,
    ) -> anyhow::Result<String> {
        if stored {
            Ok(key)
        } else {
            self.save(&State::new(), None, ttl).await
        }
    }

    /// Ends the session `key`.
    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        let id = hash_key(key);
        self.run(move |conn| sessions::delete(conn, &id).map(drop))
            .await
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

    persistence::both_backends! {
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
