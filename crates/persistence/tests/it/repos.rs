//! Repository behaviour on both backends.

use persistence::both_backends;
use persistence::testing::TestDatabase;
use persistence::users::NewUser;
use persistence::{DbError, email_codes, now, sessions, users};

fn new_user<'a>(email: &'a str, refc: &'a str, proxy: &'a str) -> NewUser<'a> {
    NewUser {
        email,
        password_hash: Some("hash"),
        google_sub: None,
        name: "Alice",
        avatar_url: None,
        role: "user",
        ref_code: refc,
        referred_by: None,
        proxy_username: proxy,
        proxy_password: "pw",
        created_at: now(),
        updated_at: now(),
    }
}

both_backends! {
    fn users_insert_find_and_unique(db) {
        let mut conn = db.pool.get().unwrap();
        let alice = users::insert(&mut conn, &new_user("alice@example.com", "REF1", "ualice")).unwrap();
        assert_eq!(alice.balance_cents, domain::Cents::ZERO);
        assert_eq!(alice.role, "user");
        assert!(!alice.disabled);
        assert_eq!(users::find_by_email(&mut conn, "alice@example.com").unwrap().unwrap().id, alice.id);
        assert_eq!(users::find_by_ref_code(&mut conn, "REF1").unwrap().unwrap().id, alice.id);
        assert!(users::find_by_id(&mut conn, domain::UserId::new(alice.id.get() + 100)).unwrap().is_none());
        assert!(users::email_exists(&mut conn, "alice@example.com").unwrap());
        assert!(!users::admin_exists(&mut conn).unwrap());

        let dup = users::insert(&mut conn, &new_user("alice@example.com", "REF2", "ualice2"));
        assert!(matches!(dup, Err(DbError::UniqueViolation(ref c)) if c.contains("email")), "{dup:?}");
        let dup = users::insert(&mut conn, &new_user("bob@example.com", "REF1", "ubob"));
        assert!(matches!(dup, Err(DbError::UniqueViolation(ref c)) if c.contains("ref_code")), "{dup:?}");

        users::set_role(&mut conn, alice.id, "admin").unwrap();
        assert!(users::admin_exists(&mut conn).unwrap());
        users::link_google(&mut conn, alice.id, "sub-1", Some("https://pic")).unwrap();
        let linked = users::find_by_google_sub(&mut conn, "sub-1").unwrap().unwrap();
        assert_eq!(linked.avatar_url.as_deref(), Some("https://pic"));
        let (page, total) = users::list(&mut conn, 10, 0).unwrap();
        assert_eq!((page.len(), total), (1, 1));
    }

    fn balance_can_never_be_negative(db) {
        use diesel::prelude::*;
        use persistence::schema::users::dsl;
        let mut conn = db.pool.get().unwrap();
        let u = users::insert(&mut conn, &new_user("c@example.com", "REF3", "uc")).unwrap();
        let res = diesel::update(dsl::users.find(u.id)).set(dsl::balance_cents.eq(-1)).execute(&mut conn);
        assert!(res.is_err(), "CHECK (balance_cents >= 0) must hold");
    }

    fn email_codes_replace_attempts_and_purge(db) {
        let mut conn = db.pool.get().unwrap();
        email_codes::replace(&mut conn, "a@b.co", "h1", 100, 700).unwrap();
        assert_eq!(email_codes::reserve_attempt(&mut conn, "a@b.co", 2).unwrap(), Some(1));
        assert_eq!(email_codes::reserve_attempt(&mut conn, "a@b.co", 2).unwrap(), Some(2));
        assert_eq!(email_codes::reserve_attempt(&mut conn, "a@b.co", 2).unwrap(), None, "limit reached");
        assert_eq!(email_codes::find(&mut conn, "a@b.co").unwrap().unwrap().attempts, 2);
        email_codes::replace(&mut conn, "a@b.co", "h2", 200, 800).unwrap();
        let row = email_codes::find(&mut conn, "a@b.co").unwrap().unwrap();
        assert_eq!((row.code_hash.as_str(), row.attempts, row.sent_at), ("h2", 0, 200));
        assert_eq!(email_codes::purge_expired(&mut conn, 799).unwrap(), 0);
        assert_eq!(email_codes::purge_expired(&mut conn, 800).unwrap(), 1);
        assert!(email_codes::find(&mut conn, "a@b.co").unwrap().is_none());
    }

    fn sessions_lifecycle(db) {
        let mut conn = db.pool.get().unwrap();
        let u = users::insert(&mut conn, &new_user("s@example.com", "REF4", "us")).unwrap();
        let t = now();
        sessions::insert(&mut conn, "k1", Some(u.id), "{}", t + 60, t).unwrap();
        sessions::insert(&mut conn, "k2", Some(u.id), "{}", t + 60, t).unwrap();
        sessions::insert(&mut conn, "old", None, "{}", t - 1, t - 100).unwrap();
        assert_eq!(sessions::load(&mut conn, "k1", t).unwrap().as_deref(), Some("{}"));
        assert_eq!(sessions::load(&mut conn, "old", t).unwrap(), None, "expired sessions do not load");
        // The session and its user in one query, the row read back whole (column order).
        let loaded = sessions::load_with_user(&mut conn, "k1", t).unwrap().unwrap();
        let user = loaded.user.expect("a signed-in session carries its user");
        assert_eq!((loaded.data.as_str(), loaded.last_seen_at), ("{}", None));
        assert_eq!((user.id, user.email.as_str(), user.name.as_str()), (u.id, "s@example.com", "Alice"));
        assert_eq!((user.password_hash.as_deref(), user.role.as_str(), user.ref_code.as_str()), (Some("hash"), "user", "REF4"));
        assert_eq!((user.proxy_username.as_str(), user.proxy_password.as_str(), user.disabled), ("us", "pw", false));
        assert_eq!((user.balance_cents, user.created_at, user.updated_at), (u.balance_cents, u.created_at, u.updated_at));
        sessions::insert(&mut conn, "guest", None, "{\"g\":1}", t + 60, t).unwrap();
        let guest = sessions::load_with_user(&mut conn, "guest", t).unwrap().unwrap();
        assert_eq!((guest.data.as_str(), guest.user.is_none()), ("{\"g\":1}", true), "a signed-out session has no user");
        let client = sessions::ClientInfo { ip: Some("192.0.2.1"), user_agent: None, last_seen_at: Some(t - 5) };
        sessions::set_client(&mut conn, "guest", &client).unwrap();
        let guest = sessions::load_with_user(&mut conn, "guest", t).unwrap().unwrap();
        assert_eq!(guest.last_seen_at, Some(t - 5), "when the client was last seen comes along");
        assert!(sessions::load_with_user(&mut conn, "old", t).unwrap().is_none());
        assert!(sessions::update(&mut conn, "k1", Some(u.id), "{\"a\":1}", (t + 120, 3600), t).unwrap());
        assert!(!sessions::update(&mut conn, "old", None, "{}", (t + 120, 3600), t).unwrap());
        // The expiry moves with each update, but never past the row's absolute lifetime.
        let expiry = |conn: &mut persistence::DbConnection| {
            use diesel::prelude::*;
            use persistence::schema::sessions::dsl;
            dsl::sessions.find("k1").select(dsl::expires_at).first::<i64>(conn).unwrap()
        };
        assert_eq!(expiry(&mut conn), t + 120);
        assert!(sessions::update(&mut conn, "k1", Some(u.id), "{}", (t + 7200, 3600), t).unwrap());
        assert_eq!(expiry(&mut conn), t + 3600, "capped at created_at + max_age");
        assert_eq!(sessions::count_for_user(&mut conn, u.id, t).unwrap(), 2);
        assert_eq!(sessions::purge_expired(&mut conn, t).unwrap(), 1);
        assert_eq!(sessions::delete_for_user(&mut conn, u.id).unwrap(), 2);
        assert_eq!(sessions::load(&mut conn, "k1", t).unwrap(), None);
    }
}

#[test]
fn test_databases_are_isolated() {
    let a = TestDatabase::new(persistence::Backend::Sqlite).unwrap();
    let b = TestDatabase::new(persistence::Backend::Sqlite).unwrap();
    users::insert(
        &mut a.pool.get().unwrap(),
        &new_user("x@example.com", "R", "ux"),
    )
    .unwrap();
    assert!(!users::email_exists(&mut b.pool.get().unwrap(), "x@example.com").unwrap());
}
