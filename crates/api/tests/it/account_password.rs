//! `POST /api/user/password` and the email change (`POST /api/user/email`,
//! `POST /api/user/email/confirm`) (docs/account.md).

use crate::common::{PASSWORD, TestApp, other_code};
use serde_json::json;

const EMAIL: &str = "ada@example.com";
const NEW_PASSWORD: &str = "Better2@";
const NEW_EMAIL: &str = "ada.new@example.com";

fn change(current: &str, new: &str, confirm: &str) -> serde_json::Value {
    json!({ "currentPassword": current, "newPassword": new, "confirmPassword": confirm })
}

async fn signed_in(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(EMAIL, PASSWORD).await;
    app
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_password_change_ends_the_other_sessions_but_not_this_one(backend) {
        let app = signed_in(backend).await;
        let other = app.new_client();
        let reply = app.post_json_with(&other, "/api/login", json!({ "email": EMAIL, "password": PASSWORD })).await;
        assert_eq!(reply.status, 200);
        assert_eq!(app.session_ids(EMAIL).len(), 2);
        let old_cookie = app.session_cookie().unwrap();

        let reply = app.post_json("/api/user/password", change(PASSWORD, NEW_PASSWORD, NEW_PASSWORD)).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Password changed" }));
        // This browser goes on, under a new session id; the other is signed out.
        assert_eq!(app.current_user().await["email"], EMAIL);
        assert_ne!(app.session_cookie().unwrap(), old_cookie);
        assert!(app.get_with_cookie("/api/getuserinfo", &old_cookie).await.body["user"].is_null());
        let theirs = app.get_with(&other, "/api/getuserinfo").await;
        assert!(theirs.body["user"].is_null(), "{}", theirs.text);
        assert_eq!(app.session_ids(EMAIL).len(), 1);
        assert!(app.password_works(EMAIL, NEW_PASSWORD).await);
        assert!(!app.password_works(EMAIL, PASSWORD).await);
        // The owner is told.
        let notice = std::fs::read_to_string(app.latest_mail(EMAIL)).unwrap();
        assert!(notice.contains("Your ProxyShop password was changed"), "{notice}");
    }

    async fn a_wrong_current_password_is_refused_and_nothing_changes(backend) {
        let app = signed_in(backend).await;
        let hash = app.user(EMAIL).unwrap().password_hash;
        let mails = app.mails_to(EMAIL).len();

        let reply = app.post_json("/api/user/password", change("Wrong1!x", NEW_PASSWORD, NEW_PASSWORD)).await;

        assert_eq!(reply.status, 403, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Current password is incorrect" }));
        assert_eq!(app.user(EMAIL).unwrap().password_hash, hash);
        assert_eq!(app.session_ids(EMAIL).len(), 1);
        assert_eq!(app.mails_to(EMAIL).len(), mails);

        // Missing when the account has one: a field error.
        let reply = app.post_json("/api/user/password", change("", NEW_PASSWORD, NEW_PASSWORD)).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["currentPassword"], "Password is required");
        assert_eq!(app.user(EMAIL).unwrap().password_hash, hash);
    }

    async fn the_new_password_follows_the_registration_rules(backend) {
        let app = signed_in(backend).await;
        let hash = app.user(EMAIL).unwrap().password_hash;
        let cases = [
            (change(PASSWORD, "", ""), "newPassword", "Password is required"),
            (change(PASSWORD, "Aa1!", "Aa1!"), "newPassword", "Password must be at least 6 characters"),
            (change(PASSWORD, "abcdef1!", "abcdef1!"), "newPassword",
             "Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character"),
            (change(PASSWORD, NEW_PASSWORD, ""), "confirmPassword", "Please confirm your password"),
            (change(PASSWORD, NEW_PASSWORD, "Better3@"), "confirmPassword", "Passwords do not match"),
        ];
        for (body, field, message) in cases {
            let reply = app.post_json("/api/user/password", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body["fields"][field], message, "{body}");
        }
        assert_eq!(app.user(EMAIL).unwrap().password_hash, hash);
    }

    async fn guessing_the_current_password_is_limited(backend) {
        let app = signed_in(backend).await;
        for _ in 0..10 {
            let reply = app.post_json("/api/user/password", change("Wrong1!x", NEW_PASSWORD, NEW_PASSWORD)).await;
            assert_eq!(reply.status, 403, "{}", reply.text);
        }
        // Even the right password waits now.
        let reply = app.post_json("/api/user/password", change(PASSWORD, NEW_PASSWORD, NEW_PASSWORD)).await;
        assert_eq!(reply.status, 429, "{}", reply.text);
        assert_eq!(reply.message(), "Too many requests. Please try again later");
        assert!(reply.header("retry-after").is_some());
        assert!(app.password_works(EMAIL, PASSWORD).await);
    }

    async fn a_google_only_account_sets_a_first_password_without_a_current_one(backend) {
        let app = signed_in(backend).await;
        let id = app.user(EMAIL).unwrap().id;
        app.with_conn(|conn| {
            use diesel::prelude::*;
            use persistence::schema::users;
            diesel::update(users::table.find(id))
                .set(users::password_hash.eq(None::<String>))
                .execute(conn)
                .unwrap();
        });
        let before = app.get("/api/getuserinfo").await;
        assert_eq!(before.body["user"]["hasPassword"], false, "{}", before.text);

        let reply = app.post_json("/api/user/password", json!({ "newPassword": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD })).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert!(app.password_works(EMAIL, NEW_PASSWORD).await);
        let after = app.get("/api/getuserinfo").await;
        assert_eq!(after.body["user"]["hasPassword"], true, "{}", after.text);
    }

    async fn a_guest_cannot_change_a_password(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let reply = app.post_json("/api/user/password", change(PASSWORD, NEW_PASSWORD, NEW_PASSWORD)).await;
        assert_eq!(reply.status, 401);
        assert_eq!(reply.body, json!({ "message": "Please log in to continue" }));
    }

    async fn the_email_changes_with_the_code_mailed_to_the_new_address(backend) {
        let app = signed_in(backend).await;

        let reply = app.post_json("/api/user/email", json!({ "newEmail": " Ada.New@Example.com ", "password": PASSWORD })).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": format!("We sent a code to {NEW_EMAIL}") }));
        let code = app.latest_code(NEW_EMAIL);
        let row = app.email_change_row(EMAIL).unwrap();
        assert_ne!(row.code_hash, code, "stored hashed");
        assert_eq!(app.user(EMAIL).unwrap().email, EMAIL, "not changed before the code");

        let reply = app.post_json("/api/user/email/confirm", json!({ "code": code })).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.message(), "Email changed");
        assert_eq!(reply.body["user"]["email"], NEW_EMAIL);
        assert!(app.user(EMAIL).is_none());
        assert!(app.user(NEW_EMAIL).is_some());
        assert!(app.email_change_row(NEW_EMAIL).is_none(), "the code is spent");
        // Quoted-printable may wrap long lines with a soft break.
        let notice = std::fs::read_to_string(app.latest_mail(EMAIL))
            .unwrap()
            .replace("=\r\n", "")
            .replace("=\n", "");
        assert!(notice.contains("Your ProxyShop email was changed"), "{notice}");
        assert!(notice.contains(NEW_EMAIL), "{notice}");
        // The new address signs in; the old mailbox is free for a new account.
        assert!(app.password_works(NEW_EMAIL, PASSWORD).await);
        assert_eq!(app.request_code(EMAIL).await.status, 200);
        // A spent code does not work twice.
        let reply = app.post_json("/api/user/email/confirm", json!({ "code": code })).await;
        assert_eq!(reply.status, 400, "{}", reply.text);
    }

    async fn email_change_refusals_write_nothing(backend) {
        let app = signed_in(backend).await;
        app.register_with(&app.new_client(), "taken@example.com", PASSWORD).await;

        let reply = app.post_json("/api/user/email", json!({ "newEmail": NEW_EMAIL, "password": "Wrong1!x" })).await;
        assert_eq!(reply.status, 403, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Current password is incorrect" }));

        let reply = app.post_json("/api/user/email", json!({ "newEmail": NEW_EMAIL })).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["password"], "Password is required");

        let reply = app.post_json("/api/user/email", json!({ "newEmail": "nope", "password": PASSWORD })).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["newEmail"], "Please enter a valid email");

        // Taken, by the address or by another spelling of its mailbox.
        for taken in ["taken@example.com", "TAKEN@example.com"] {
            let reply = app.post_json("/api/user/email", json!({ "newEmail": taken, "password": PASSWORD })).await;
            assert_eq!(reply.status, 409, "{}", reply.text);
            assert_eq!(reply.body, json!({ "message": "An account with this email already exists" }));
        }
        assert!(app.email_change_row(EMAIL).is_none());
        assert!(app.mails_to(NEW_EMAIL).is_empty());

        // No pending change: any code is refused.
        let reply = app.post_json("/api/user/email/confirm", json!({ "code": "123456" })).await;
        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Invalid or expired verification code" }));
        let reply = app.post_json("/api/user/email/confirm", json!({ "code": "12" })).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["code"], "Please enter the 6-digit verification code");
        assert_eq!(app.user(EMAIL).unwrap().email, EMAIL);
    }

    async fn a_wrong_code_counts_and_five_void_it(backend) {
        let app = signed_in(backend).await;
        app.post_json("/api/user/email", json!({ "newEmail": NEW_EMAIL, "password": PASSWORD })).await;
        let code = app.latest_code(NEW_EMAIL);
        let wrong = other_code(&code);
        for attempt in 1..=5 {
            let reply = app.post_json("/api/user/email/confirm", json!({ "code": wrong })).await;
            assert_eq!(reply.status, 400, "{}", reply.text);
            let expected = if attempt < 5 {
                "Invalid or expired verification code"
            } else {
                "Too many wrong attempts. Please request a new verification code"
            };
            assert_eq!(reply.message(), expected, "attempt {attempt}");
        }
        // Now even the right code is refused.
        let reply = app.post_json("/api/user/email/confirm", json!({ "code": code })).await;
        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.message(), "Too many wrong attempts. Please request a new verification code");
        assert_eq!(app.user(EMAIL).unwrap().email, EMAIL);
    }

    async fn an_expired_code_is_refused_and_resends_wait_a_minute(backend) {
        let app = signed_in(backend).await;
        app.post_json("/api/user/email", json!({ "newEmail": NEW_EMAIL, "password": PASSWORD })).await;
        let code = app.latest_code(NEW_EMAIL);

        let reply = app.post_json("/api/user/email", json!({ "newEmail": NEW_EMAIL, "password": PASSWORD })).await;
        assert_eq!(reply.status, 429, "{}", reply.text);
        assert!(reply.message().starts_with("Please wait"), "{}", reply.text);
        assert_eq!(app.mails_to(NEW_EMAIL).len(), 1);

        app.age_email_change(EMAIL, 11 * 60);
        let reply = app.post_json("/api/user/email/confirm", json!({ "code": code })).await;
        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.message(), "Invalid or expired verification code");
        assert_eq!(app.user(EMAIL).unwrap().email, EMAIL);
    }

    async fn an_address_registered_after_the_code_was_sent_is_not_taken_over(backend) {
        let app = signed_in(backend).await;
        app.post_json("/api/user/email", json!({ "newEmail": NEW_EMAIL, "password": PASSWORD })).await;
        let code = app.latest_code(NEW_EMAIL);
        app.register_with(&app.new_client(), NEW_EMAIL, PASSWORD).await;

        let reply = app.post_json("/api/user/email/confirm", json!({ "code": code })).await;

        assert_eq!(reply.status, 409, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "An account with this email already exists" }));
        assert_eq!(app.user(EMAIL).unwrap().email, EMAIL);
    }
}
