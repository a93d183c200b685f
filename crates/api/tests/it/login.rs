//! `POST /api/login`: field messages, one answer for unknown email and wrong password, sign-in,
//! case-insensitive email, a fresh session id at login, disabled accounts.

use crate::common::{PASSWORD, TestApp};
use serde_json::json;

const EMAIL: &str = "member@example.com";

persistence::both_backends! {

    #[actix_web::test]
    async fn invalid_forms_get_field_messages(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let cases = [
            (json!({}), "email", "Email is required"),
            (json!({ "email": "", "password": "x" }), "email", "Email is required"),
            (json!({ "email": "member@", "password": "x" }), "email", "Please enter a valid email"),
            (json!({ "email": EMAIL }), "password", "Password is required"),
            (json!({ "email": EMAIL, "password": "" }), "password", "Password is required"),
        ];
        for (body, field, message) in cases {
            let reply = app.post_json("/api/login", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body["fields"][field], message, "{body}");
            assert_eq!(reply.message(), message, "{body}");
        }
        let reply = app.post_json("/api/login", json!({})).await;
        assert_eq!(
            reply.body["fields"],
            json!({ "email": "Email is required", "password": "Password is required" })
        );
    }

    async fn a_sign_in_that_cannot_be_recorded_leaves_nobody_signed_in(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        // The sign-in's bookkeeping (the account's known networks) fails in the database.
        let refuse = match backend {
            persistence::Backend::Sqlite => {
                "CREATE TRIGGER refuse BEFORE INSERT ON login_networks \
                 BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;"
            }
            persistence::Backend::Postgres => {
                "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS \
                 $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$; \
                 CREATE TRIGGER refuse BEFORE INSERT ON login_networks \
                 FOR EACH ROW EXECUTE FUNCTION refuse();"
            }
        };
        app.with_conn(|c| {
            use diesel::connection::SimpleConnection;
            c.batch_execute("DELETE FROM login_networks").unwrap();
            c.batch_execute(refuse).unwrap();
        });
        let guest = app.new_client();
        let reply = app
            .post_json_with(&guest, "/api/login", json!({ "email": EMAIL, "password": PASSWORD }))
            .await;
        assert_eq!(reply.status, 500, "{}", reply.text);
        assert!(!reply.text.contains("refused"), "no internal text: {}", reply.text);
        assert!(reply.session_set_cookie().is_none(), "{:?}", reply.headers);
        let info = app.get_with(&guest, "/api/getuserinfo").await;
        assert_eq!(info.body, json!({ "user": null }));
    }

    async fn wrong_password_and_unknown_email_look_the_same(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let guest = app.new_client();

        let wrong = app
            .post_json_with(&guest, "/api/login", json!({ "email": EMAIL, "password": "Secret2!" }))
            .await;
        let unknown = app
            .post_json_with(
                &guest,
                "/api/login",
                json!({ "email": "nobody@example.com", "password": PASSWORD }),
            )
            .await;

        for reply in [&wrong, &unknown] {
            assert_eq!(reply.status, 401, "{}", reply.text);
            assert_eq!(reply.body, json!({ "message": "Invalid email or password" }));
            assert!(reply.session_set_cookie().is_none(), "{:?}", reply.headers);
        }
        assert_eq!(wrong.text, unknown.text);
        let info = app.get_with(&guest, "/api/getuserinfo").await;
        assert_eq!(info.body, json!({ "user": null }));
    }

    async fn a_google_only_account_has_no_password_to_match(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let id = app.user(EMAIL).unwrap().id;
        // As an account created through Google sign-in: no password hash at all.
        app.with_conn(|conn| {
            use diesel::prelude::*;
            use persistence::schema::users;
            diesel::update(users::table.find(id))
                .set(users::password_hash.eq(None::<String>))
                .execute(conn)
                .unwrap()
        });

        let reply = app.login(EMAIL, PASSWORD).await;

        assert_eq!(reply.status, 401, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Invalid email or password" }));
    }

    async fn success_signs_in_and_returns_the_user(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let registered = app.register(EMAIL, PASSWORD).await;
        let browser = app.new_client();

        let reply = app
            .post_json_with(&browser, "/api/login", json!({ "email": EMAIL, "password": PASSWORD }))
            .await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Logged in successfully", "user": registered }));
        let info = app.get_with(&browser, "/api/getuserinfo").await;
        assert_eq!(info.body["user"], registered);
        assert_eq!(app.session_count(EMAIL), 2, "one session per browser");
    }

    async fn the_email_is_case_insensitive(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;

        for typed in ["MEMBER@EXAMPLE.COM", "Member@Example.com", "  member@example.com "] {
            let reply = app.login(typed, PASSWORD).await;
            assert_eq!(reply.status, 200, "{typed}: {}", reply.text);
            assert_eq!(reply.body["user"]["email"], EMAIL);
        }
    }

    async fn the_password_is_case_sensitive(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;

        let reply = app.login(EMAIL, &PASSWORD.to_lowercase()).await;

        assert_eq!(reply.status, 401, "{}", reply.text);
    }

    async fn login_renews_the_session_id(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let before = app.session_cookie().expect("signed in after registration");

        let reply = app.login(EMAIL, PASSWORD).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let set_cookie = reply.session_set_cookie().expect("login sets the cookie");
        let after = app.session_cookie().expect("still signed in");

        assert_ne!(before, after, "the session id must change at login");
        assert!(set_cookie.contains(&after));
        // The old id is dead on the server: replaying it signs nobody in.
        let replayed = app.get_with_cookie("/api/getuserinfo", &before).await;
        assert_eq!(replayed.body, json!({ "user": null }));
        let current = app.get_with_cookie("/api/getuserinfo", &after).await;
        assert_eq!(current.body["user"]["email"], EMAIL);
        assert_eq!(app.session_count(EMAIL), 1);
    }

    async fn a_forged_cookie_signs_nobody_in(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let real = app.session_cookie().unwrap();

        let mut forged = real.clone().into_bytes();
        let last = forged.len() - 1;
        forged[last] = if forged[last] == b'A' { b'B' } else { b'A' };
        let forged = String::from_utf8(forged).unwrap();
        for cookie in [forged.as_str(), "", "garbage", "1"] {
            let reply = app.get_with_cookie("/api/getuserinfo", cookie).await;
            assert_eq!(reply.status, 200, "{cookie:?}: {}", reply.text);
            assert_eq!(reply.body, json!({ "user": null }), "{cookie:?}");
        }
    }

    async fn a_disabled_account_cannot_log_in(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        app.set_disabled(EMAIL, true);
        let browser = app.new_client();

        let body = json!({ "email": EMAIL, "password": PASSWORD });
        let reply = app.post_json_with(&browser, "/api/login", body).await;

        assert_eq!(reply.status, 403, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "This account has been disabled" }));
        let info = app.get_with(&browser, "/api/getuserinfo").await;
        assert_eq!(info.body, json!({ "user": null }));
    }
}
