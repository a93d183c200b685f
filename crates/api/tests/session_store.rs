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

/// The user row that `load` hands to the request with the state is never written back: the
/// stored state holds no copy of it (nor of its password hash).
async fn loaded_user_is_never_stored(backend: Backend) {
    use api::session_store::SESSION_USER_KEY;
    let Some(db) = TestDatabase::new(backend) else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    let user = insert_user(&mut db.pool.get().unwrap(), "loaded");
    let store = DbSessionStore::new(db.pool.clone());
    let ttl = Duration::days(1);
    let mut state = HashMap::new();
    state.insert(USER_ID_KEY.to_owned(), user.get().to_string());
    let key = store.save(state, &ttl).await.unwrap();
    let loaded = store.load(&key).await.unwrap().unwrap();
    let row: persistence::users::UserRow =
        serde_json::from_str(&loaded[SESSION_USER_KEY]).expect("the user row comes with the state");
    assert_eq!(row.id, user);

    let key = store.update(key, loaded.clone(), &ttl).await.unwrap();
    store.save(loaded, &ttl).await.unwrap();
    let stored: Vec<String> = {
        use diesel::prelude::*;
        persistence::schema::sessions::table
            .select(persistence::schema::sessions::data)
            .load(&mut db.pool.get().unwrap())
            .unwrap()
    };
    assert_eq!(stored.len(), 2);
    for data in stored {
        assert!(!data.contains(SESSION_USER_KEY), "{data}");
        assert!(!data.contains(&row.proxy_password), "{data}");
    }
    assert!(store.load(&key).await.unwrap().is_some());
}

#[actix_web::test]
async fn the_loaded_user_is_never_stored_sqlite() {
    loaded_user_is_never_stored(Backend::Sqlite).await;
}

#[actix_web::test]
async fn the_loaded_user_is_never_stored_postgres() {
    loaded_user_is_never_stored(Backend::Postgres).await;
}
