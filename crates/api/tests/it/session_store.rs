//! The session store never brings an ended sign-in back: a request still in flight when its
//! session was deleted (logout elsewhere, revoked, password changed, account disabled) gets a
//! new, signed-out session, not a new key for the old sign-in. And the user row read with a
//! session is never stored. A renewal moves only a session that is still there.

use api::session::{Client, DbSessionStore, State, USER_ID_KEY};
use persistence::testing::{TestDatabase, insert_user};
use persistence::{Backend, sessions};
use std::time::Duration;

const TTL: Duration = Duration::from_secs(24 * 3600);

async fn an_ended_session_is_not_brought_back_signed_in(backend: Backend) {
    let Some(db) = TestDatabase::new(backend) else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    let user = insert_user(&mut db.pool.get().unwrap(), "resurrect");
    let store = DbSessionStore::new(db.pool.clone());
    let mut state = State::new();
    state.insert(USER_ID_KEY.to_owned(), user.get().to_string());
    let key = store.save(&state, None, TTL).await.unwrap();
    assert!(store.load(&key).await.unwrap().is_some());

    // Every session of the account ends while a request holding `key` is still running.
    sessions::delete_for_user(&mut db.pool.get().unwrap(), user).unwrap();
    state.insert("note".to_owned(), "\"changed\"".to_owned());
    let renewed = store.update(key.clone(), &state, None, TTL).await.unwrap();

    assert_ne!(renewed, key);
    assert!(store.load(&key).await.unwrap().is_none());
    let fresh = store.load(&renewed).await.unwrap().unwrap();
    assert!(!fresh.state.contains_key(USER_ID_KEY), "{:?}", fresh.state);
    assert!(!fresh.state.contains_key("note"), "{:?}", fresh.state);
    assert!(fresh.user.is_none());
}

/// A renewal (sign-in, password change) moves a live session to a new key; one whose session
/// ended while the request ran gets a new, signed-out session instead of the old sign-in under
/// a new key.
async fn a_renewal_moves_a_live_session_and_never_an_ended_one(backend: Backend) {
    let Some(db) = TestDatabase::new(backend) else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    let user = insert_user(&mut db.pool.get().unwrap(), "renewal");
    let store = DbSessionStore::new(db.pool.clone());
    let mut state = State::new();
    state.insert(USER_ID_KEY.to_owned(), user.get().to_string());

    let live = store.save(&state, None, TTL).await.unwrap();
    let moved = store.renew(&live, &state, None, TTL).await.unwrap();
    assert_ne!(moved, live);
    assert!(store.load(&live).await.unwrap().is_none());
    let signed_in = store.load(&moved).await.unwrap().unwrap();
    assert_eq!(signed_in.user.map(|u| u.id), Some(user));

    // Ended (here: every session of the account) while a request holding it renews it.
    sessions::delete_for_user(&mut db.pool.get().unwrap(), user).unwrap();
    let after = store.renew(&moved, &state, None, TTL).await.unwrap();
    assert_ne!(after, moved);
    let fresh = store.load(&after).await.unwrap().unwrap();
    assert!(!fresh.state.contains_key(USER_ID_KEY), "{:?}", fresh.state);
    assert!(fresh.user.is_none());
    assert_eq!(
        sessions::count_for_user(&mut db.pool.get().unwrap(), user, persistence::now()).unwrap(),
        0
    );
}

/// `load` reads the user row with the session and hands it out, and nothing else: it is never
/// in the state, so never written back (nor its password hash, email or proxy password); a
/// signed-out session brings none; the client goes to its columns, not the state; the table
/// keeps only the key's hash.
async fn the_loaded_user_is_never_stored(backend: Backend) {
    let Some(db) = TestDatabase::new(backend) else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    let user = insert_user(&mut db.pool.get().unwrap(), "loaded");
    let store = DbSessionStore::new(db.pool.clone());
    let mut state = State::new();
    state.insert(USER_ID_KEY.to_owned(), user.get().to_string());
    let client = Client {
        ip: Some("192.0.2.7".to_owned()),
        agent: Some("Mozilla/5.0 (the loaded test)".to_owned()),
        seen: 1_234,
    };
    let key = store.save(&state, Some(client), TTL).await.unwrap();
    let loaded = store.load(&key).await.unwrap().unwrap();
    assert_eq!(
        loaded.seen,
        Some(1_234),
        "when the client was seen comes with the session"
    );
    let row = loaded.user.expect("the user row comes with the session");
    assert_eq!(row.id, user);
    assert_eq!(loaded.state, state);
    assert_eq!(loaded.key, key);

    let signed_out = store.save(&State::new(), None, TTL).await.unwrap();
    let none = store.load(&signed_out).await.unwrap().unwrap();
    assert!(none.user.is_none(), "a signed-out session brought a user");

    let key = store.update(key, &loaded.state, None, TTL).await.unwrap();
    store.save(&loaded.state, None, TTL).await.unwrap();
    let stored: Vec<(String, String)> = {
        use diesel::prelude::*;
        use persistence::schema::sessions::dsl;
        dsl::sessions
            .select((dsl::id, dsl::data))
            .load(&mut db.pool.get().unwrap())
            .unwrap()
    };
    assert_eq!(stored.len(), 3);
    for (id, data) in stored {
        assert!(!data.contains(&row.proxy_password), "{data}");
        assert!(!data.contains(&row.email), "{data}");
        assert!(
            !data.contains("192.0.2.7"),
            "the client is kept in its columns: {data}"
        );
        assert_ne!(id, key, "a key is stored as it is");
        assert_ne!(id, signed_out, "a key is stored as it is");
    }
    assert!(store.load(&key).await.unwrap().is_some());
}

persistence::both_backends!(
    #[actix_web::test]
    an_ended_session_is_not_brought_back_signed_in,
    a_renewal_moves_a_live_session_and_never_an_ended_one,
    the_loaded_user_is_never_stored,
);
