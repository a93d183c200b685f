//! The forgotten password: `POST /api/password/forgot` and `POST /api/password/reset`
//! (docs/account.md#forgotten-password): the mailed code, no account enumeration, the attempt
//! and request limits, single use, expiry, sessions, and two-factor accounts.

use crate::common::two_factor::{code_at, step_now};
use crate::common::{PASSWORD, TestApp, other_code};
use serde_json::json;

const EMAIL: &str = "ada@example.com";
const NEW_PASSWORD: &str = "Better2@";
const SENT: &str = "If an account exists for this email, we sent a code to reset the password.";
const INVALID: &str = "Invalid or expired code";

fn reset(email: &str, code: &str, password: &str) -> serde_json::Value {
    json!({ "email": email, "code": code, "password": password, "confirmPassword": password })
}

/// A registered account, signed out on the main client, with a reset code mailed; the code.
async fn with_code(app: &TestApp) -> String {
    app.register_with(&app.new_client(), EMAIL, PASSWORD).await;
    let before = app.mails_to(EMAIL).len();
    let reply = app
        .post_json("/api/password/forgot", json!({ "email": EMAIL }))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    app.wait_for_mails(EMAIL, before + 1).await;
    app.latest_code(EMAIL)
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_mailed_code_resets_the_password_and_signs_in(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let elsewhere = app.new_client();
        app.register_with(&elsewhere, EMAIL, PASSWORD).await;

        let reply = app.post_json("/api/password/forgot", json!({ "email": "  ADA@example.com " })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": SENT }));
        app.wait_for_mails(EMAIL, 2).await;
        let code = app.latest_code(EMAIL);
        let row = app.reset_row(EMAIL).unwrap();
        assert_ne!(row.code_hash, code, "stored hashed");
        assert!(row.expires_at - row.sent_at == 30 * 60, "valid 30 minutes");

        let reply = app.post_json("/api/password/reset", reset(EMAIL, &code, NEW_PASSWORD)).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.message(), "Password reset");
        assert_eq!(reply.body["user"]["email"], EMAIL);
        assert_eq!(app.current_user().await["email"], EMAIL, "signed in");
        // Every other session ended: only this new one is left.
        assert!(app.get_with(&elsewhere, "/api/getuserinfo").await.body["user"].is_null());
        assert_eq!(app.session_ids(EMAIL).len(), 1);
        assert!(app.reset_row(EMAIL).is_none(), "spent");
        assert!(app.password_works(EMAIL, NEW_PASSWORD).await);
        assert!(!app.password_works(EMAIL, PASSWORD).await);
        let notice = std::fs::read_to_string(app.latest_mail(EMAIL)).unwrap();
        assert!(notice.contains("Your ProxyShop password was changed"), "{notice}");

        // Single use.
        let reply = app.post_json("/api/password/reset", reset(EMAIL, &code, "Third3@x")).await;
        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": INVALID }));
        assert!(app.password_works(EMAIL, NEW_PASSWORD).await);
    }

    async fn a_reset_from_a_browser_signed_in_to_the_account_keeps_it_signed_in(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let before = app.session_ids(EMAIL);
        assert_eq!(before.len(), 1);
        let reply = app.post_json("/api/password/forgot", json!({ "email": EMAIL })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        app.wait_for_mails(EMAIL, 2).await;
        let code = app.latest_code(EMAIL);

        let reply = app.post_json("/api/password/reset", reset(EMAIL, &code, NEW_PASSWORD)).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["user"]["email"], EMAIL);
        // As the answer says: signed in, under a new session id.
        assert_eq!(app.current_user().await["email"], EMAIL, "signed in");
        let after = app.session_ids(EMAIL);
        assert_eq!(after.len(), 1);
        assert_ne!(after, before);
    }

    async fn an_unknown_address_gets_the_same_answer_and_no_mail(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register_with(&app.new_client(), EMAIL, PASSWORD).await;

        let known = app.post_json("/api/password/forgot", json!({ "email": EMAIL })).await;
        let unknown = app.post_json("/api/password/forgot", json!({ "email": "nobody@example.com" })).await;

        assert_eq!((known.status, &known.text), (unknown.status, &unknown.text));
        assert_eq!(unknown.body, json!({ "message": SENT }));
        // Asked again at once: the same answer for both (the countdown shows nothing either).
        let known_again = app.post_json("/api/password/forgot", json!({ "email": EMAIL })).await;
        let unknown_again = app.post_json("/api/password/forgot", json!({ "email": "nobody@example.com" })).await;
        assert_eq!((known_again.status, &known_again.text), (unknown_again.status, &unknown_again.text));
        app.wait_for_mails(EMAIL, 2).await;
        assert!(app.mails_to("nobody@example.com").is_empty());
        // A reset for the unknown address answers as a wrong code does.
        let reply = app.post_json("/api/password/reset", reset("nobody@example.com", "123456", NEW_PASSWORD)).await;
        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": INVALID }));
        // Within the resend countdown no second code went out.
        assert_eq!(app.mails_to(EMAIL).len(), 2, "sign-up code and one reset code");
    }

    async fn five_wrong_codes_void_the_code(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let code = with_code(&app).await;
        let wrong = other_code(&code);
        let hash = app.user(EMAIL).unwrap().password_hash;
        for attempt in 1..=5 {
            let reply = app.post_json("/api/password/reset", reset(EMAIL, &wrong, NEW_PASSWORD)).await;
            assert_eq!(reply.status, 400, "attempt {attempt}: {}", reply.text);
            assert_eq!(reply.body, json!({ "message": INVALID }));
        }
        assert_eq!(app.reset_row(EMAIL).unwrap().attempts, 5);

        let reply = app.post_json("/api/password/reset", reset(EMAIL, &code, NEW_PASSWORD)).await;

        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": INVALID }));
        assert_eq!(app.user(EMAIL).unwrap().password_hash, hash, "nothing written");
        assert!(app.current_user().await.is_null());
    }

    async fn parallel_guesses_share_the_five_attempts(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let code = with_code(&app).await;
        let guesses: Vec<String> = (1..=12)
            .map(|i| format!("{:06}", (code.parse::<u32>().unwrap() + i) % 1_000_000))
            .collect();
        let replies = futures::future::join_all(guesses.iter().map(|g| {
            app.post_json("/api/password/reset", reset(EMAIL, g, NEW_PASSWORD))
        }))
        .await;
        assert!(replies.iter().all(|r| r.status == 400));
        assert_eq!(app.reset_row(EMAIL).unwrap().attempts, 5, "never more than five counted");
    }

    async fn an_expired_code_is_refused(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let code = with_code(&app).await;
        app.age_reset(EMAIL, 30 * 60 + 1);
        let hash = app.user(EMAIL).unwrap().password_hash;

        let reply = app.post_json("/api/password/reset", reset(EMAIL, &code, NEW_PASSWORD)).await;

        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": INVALID }));
        assert_eq!(app.user(EMAIL).unwrap().password_hash, hash);
        assert!(app.reset_row(EMAIL).is_none(), "the expired code is gone");
    }

    async fn a_new_request_after_the_countdown_replaces_the_code(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let first = with_code(&app).await;
        app.age_reset(EMAIL, 61);
        let reply = app.post_json("/api/password/forgot", json!({ "email": EMAIL })).await;
        assert_eq!(reply.status, 200);
        app.wait_for_mails(EMAIL, 3).await;
        let second = app.latest_code(EMAIL);
        if first != second {
            let reply = app.post_json("/api/password/reset", reset(EMAIL, &first, NEW_PASSWORD)).await;
            assert_eq!(reply.status, 400, "the replaced code must not work: {}", reply.text);
        }
        let reply = app.post_json("/api/password/reset", reset(EMAIL, &second, NEW_PASSWORD)).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }

    async fn requests_are_limited_per_mailbox_and_per_address(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        for i in 0..5 {
            let reply = app.post_json("/api/password/forgot", json!({ "email": format!("a.b+{i}@gmail.com") })).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
        // The sixth request for the same mailbox, however spelt, waits.
        let reply = app.post_json("/api/password/forgot", json!({ "email": "ab@gmail.com" })).await;
        assert_eq!(reply.status, 429, "{}", reply.text);
        assert_eq!(reply.message(), "Too many requests. Please try again later");
        assert!(reply.header("retry-after").is_some());

        app.clear_limits();
        for i in 0..10 {
            let reply = app.post_json("/api/password/forgot", json!({ "email": format!("u{i}@example.com") })).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
        let reply = app.post_json("/api/password/forgot", json!({ "email": "u99@example.com" })).await;
        assert_eq!(reply.status, 429, "per client address: {}", reply.text);
    }

    async fn reset_attempts_are_limited_per_address(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        for i in 0..30 {
            let reply = app.post_json("/api/password/reset", reset(&format!("u{i}@example.com"), "123456", NEW_PASSWORD)).await;
            assert_eq!(reply.status, 400, "{}", reply.text);
        }
        let reply = app.post_json("/api/password/reset", reset("u@example.com", "123456", NEW_PASSWORD)).await;
        assert_eq!(reply.status, 429, "{}", reply.text);
    }

    async fn form_errors_name_the_field(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let reply = app.post_json("/api/password/forgot", json!({ "email": "nope" })).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["email"], "Please enter a valid email");

        let reply = app.post_json("/api/password/reset", json!({})).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["email"], "Email is required");
        assert_eq!(reply.body["fields"]["code"], "Please enter the 6-digit verification code");
        assert_eq!(reply.body["fields"]["password"], "Password is required");
        assert_eq!(reply.body["fields"]["confirmPassword"], "Please confirm your password");
        let body = json!({ "email": EMAIL, "code": "123456", "password": NEW_PASSWORD, "confirmPassword": "Other3@x" });
        let reply = app.post_json("/api/password/reset", body).await;
        assert_eq!(reply.body["fields"]["confirmPassword"], "Passwords do not match");
    }

    async fn a_disabled_account_gets_no_code(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register_with(&app.new_client(), EMAIL, PASSWORD).await;
        app.set_disabled(EMAIL, true);
        let reply = app.post_json("/api/password/forgot", json!({ "email": EMAIL })).await;
        assert_eq!(reply.body, json!({ "message": SENT }));
        assert!(app.reset_row(EMAIL).is_none());
    }

    async fn with_two_factor_on_the_reset_signs_in_after_the_second_factor(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        // Enrolled as an authenticator app would be, on another browser.
        let elsewhere = app.new_client();
        app.register_with(&elsewhere, EMAIL, PASSWORD).await;
        let enrolled = app.enrol_with(&elsewhere).await;
        app.forget_used_step(EMAIL);
        let before = app.mails_to(EMAIL).len();
        let reply = app.post_json("/api/password/forgot", json!({ "email": EMAIL })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        app.wait_for_mails(EMAIL, before + 1).await;
        let code = app.latest_code(EMAIL);

        let reply = app.post_json("/api/password/reset", reset(EMAIL, &code, NEW_PASSWORD)).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "twoFactorRequired": true, "method": "totp" }));
        assert!(app.current_user().await.is_null(), "not signed in before the second factor");
        assert!(app.session_ids(EMAIL).is_empty(), "every session ended");
        assert!(app.get_with(&elsewhere, "/api/getuserinfo").await.body["user"].is_null());
        assert!(app.reset_row(EMAIL).is_none(), "spent");

        // The authenticator's current code completes the reset's sign-in.
        let reply = app.second_factor(&app.client, &code_at(&enrolled.secret, step_now())).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["user"]["email"], EMAIL);
        assert_eq!(app.current_user().await["email"], EMAIL, "signed in");
        assert_eq!(app.session_ids(EMAIL).len(), 1);
        assert!(app.password_works(EMAIL, NEW_PASSWORD).await);
    }
}
