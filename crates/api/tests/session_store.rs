//! The session store never brings an ended sign-in back: a request still in flight when its
//! session was deleted (logout elsewhere, revoked, password changed, account disabled) gets a
//! new, signed-out session, not a new key for the old sign-in.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use actix_session::storage::{SessionKey, SessionStore};
use actix_web::cookie::time::Duration;
use api::session_store::{DbSessionStore, USER_ID_KEY};
use persistence::testing::{TestDatabase, insert_user};
use persistence::{Backend, sessions};
use std::collections::HashMap;

async fn ended_session_is_not_resurrected(backend: Backend) {
    let Some(db) = TestDatabase::new(backend) else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    let user = insert_user(&mut db.pool.get().unwrap(), "resurrect");
    let store = DbSessionStore::new(db.pool.clone());
    let ttl = Duration::days(1);
    let mut state = HashMap::new();
    state.insert(USER_ID_KEY.to_owned(), user.get().to_string());
    let key = store.save(state.clone(), &ttl).await.unwrap();
    assert!(store.load(&key).await.unwrap().is_some());

    // Every session of the account ends while a request holding `key` is still running.
    sessions::delete_for_user(&mut db.pool.get().unwrap(), user).unwrap();
    state.insert("note".to_owned(), "\"changed\"".to_owned());
    let old = key.as_ref().to_owned();
    let renewed = store.update(key, state, &ttl).await.unwrap();

    assert_ne!(renewed.as_ref(), old.as_str());
    let old = SessionKey::try_from(old).unwrap();
    assert!(store.load(&old).await.unwrap().is_none());
    let fresh = store.load(&renewed).await.unwrap().unwrap();
    assert!(!fresh.contains_key(USER_ID_KEY), "{fresh:?}");
    assert!(!fresh.contains_key("note"), "{fresh:?}");
}

#[actix_web::test]
async fn an_ended_session_is_not_brought_back_signed_in_sqlite() {
    ended_session_is_not_resurrected(Backend::Sqlite).await;
}

#[actix_web::test]
async fn an_ended_session_is_not_brought_back_signed_in_postgres() {
    if std::env::var_os("TEST_DATABASE_URL").is_none() {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    }
    ended_session_is_not_resurrected(Backend::Postgres).await;
}
