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

/// The user row that `load` reads with the session goes to the request's slot
/// (`session_store::user_slot`), nowhere else: not into the state, so never written back (nor
/// its password hash); and a load outside a slot, or of a signed-out session, leaves none.
async fn loaded_user_is_never_stored(backend: Backend) {
    use api::session_store::{loaded_user, with_user_slot};
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
    let (loaded, row) = with_user_slot(async {
        let loaded = store.load(&key).await.unwrap().unwrap();
        (loaded, loaded_user())
    })
    .await;
    let row = row.expect("the user row comes with the session");
    assert_eq!(row.id, user);
    assert!(loaded_user().is_none(), "the row outlived its request");
    let signed_out = store.save(HashMap::new(), &ttl).await.unwrap();
    let none = with_user_slot(async {
        store.load(&signed_out).await.unwrap().unwrap();
        loaded_user()
    })
    .await;
    assert!(
        none.is_none(),
        "a signed-out session brought a user: {none:?}"
    );

    let key = store.update(key, loaded.clone(), &ttl).await.unwrap();
    store.save(loaded, &ttl).await.unwrap();
    let stored: Vec<String> = {
        use diesel::prelude::*;
        persistence::schema::sessions::table
            .select(persistence::schema::sessions::data)
            .load(&mut db.pool.get().unwrap())
            .unwrap()
    };
    assert_eq!(stored.len(), 3);
    for data in stored {
        assert!(!data.contains(&row.proxy_password), "{data}");
        assert!(!data.contains(&row.email), "{data}");
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
