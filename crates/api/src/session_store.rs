//! actix-session's `SessionStore` over the `sessions` table.
//!
//! The cookie carries a random 64-character key; the table stores only its SHA-256, the state
//! as JSON, the signed-in user (so all of a user's sessions can be ended at once) and the expiry.

use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError};
use actix_web::cookie::time::Duration;
use persistence::{DbPool, now, sessions};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// The session state key holding the signed-in user's id.
pub const USER_ID_KEY: &str = "user_id";

type State = HashMap<String, String>;

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
        let data = self
            .run(move |conn| sessions::load(conn, &id, now()))
            .await
            .map_err(LoadError::Other)?;
        data.map(|d| serde_json::from_str(&d).map_err(|e| LoadError::Deserialization(e.into())))
            .transpose()
    }

    async fn save(&self, state: State, ttl: &Duration) -> Result<SessionKey, SaveError> {
        let data = serde_json::to_string(&state).map_err(|e| SaveError::Serialization(e.into()))?;
        let key = new_key().map_err(SaveError::Other)?;
        let id = hash_key(key.as_ref());
        let (user, expires) = (user_id(&state), expires_at(ttl));
        self.run(move |conn| sessions::insert(conn, &id, user, &data, expires, now()))
            .await
            .map_err(SaveError::Other)?;
        Ok(key)
    }

    async fn update(
        &self,
        session_key: SessionKey,
        state: State,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        let data =
            serde_json::to_string(&state).map_err(|e| UpdateError::Serialization(e.into()))?;
        let id = hash_key(session_key.as_ref());
        let (user, expires) = (user_id(&state), expires_at(ttl));
        let updated = self
            .run(move |conn| sessions::update(conn, &id, user, &data, expires, now()))
            .await
            .map_err(UpdateError::Other)?;
        if updated {
            Ok(session_key)
        } else {
            // The session ended meanwhile (expired, logged out elsewhere): start a new one
            // rather than resurrect the old key.
            self.save(state, ttl)
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
