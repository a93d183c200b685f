//! `POST /api/register_verification`: email validation, the mailed six-digit code, the 60 s
//! resend countdown, and the same answer for registered addresses (whose owner gets a notice);
//! `POST /api/register`'s wrong codes, counted on the code's row in the database (five per code,
//! however many clients send them at once, with or without a cookie).

use crate::common::{PASSWORD, TestApp, other_code};
use serde_json::json;

const EMAIL: &str = "newcomer@example.com";

persistence::both_backends! {

    #[actix_web::test]
    async fn invalid_email_is_refused_with_the_field_message(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let cases = [
            (json!({}), "Email is required"),
            (json!({ "email": "" }), "Email is required"),
            (json!({ "email": "   " }), "Email is required"),
            (json!({ "email": "not-an-email" }), "Please enter a valid email"),
            (json!({ "email": "a@b" }), "Please enter a valid email"),
        ];
        for (body, message) in cases {
            let reply = app.post_json("/api/register_verification", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body["fields"]["email"], message, "{body}");
            assert_eq!(reply.message(), message, "{body}");
        }
        assert!(app.mails_to("not-an-email").is_empty());
    }

    async fn a_six_digit_code_is_mailed(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app.request_code(EMAIL).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Verification code sent to your email" }));
        assert_eq!(app.mails_to(EMAIL).len(), 1);
        let code = app.latest_code(EMAIL);
        assert_eq!(code.len(), 6);
        assert!(code.chars().all(|c| c.is_ascii_digit()));
        // Stored hashed, never as the code itself.
        let stored = app.with_conn(|conn| persistence::email_codes::find(conn, EMAIL).unwrap());
        let stored = stored.expect("pending code");
        assert_ne!(stored.code_hash, code);
        assert!(!stored.code_hash.contains(&code));
    }

    async fn the_address_is_matched_case_insensitively(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app.request_code("  NewComer@Example.COM ").await;
        assert_eq!(reply.status, 200, "{}", reply.text);

        // Mailed to the normalised address, and the code registers that address.
        let code = app.latest_code(EMAIL);
        let body = TestApp::registration("NEWCOMER@example.com", PASSWORD, &code);
        let reply = app.post_json("/api/register", body).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        assert_eq!(reply.body["user"]["email"], EMAIL);
    }

    async fn a_second_request_within_a_minute_must_wait(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let first = app.code_for(EMAIL).await;

        let reply = app.request_code(EMAIL).await;

        assert_eq!(reply.status, 429, "{}", reply.text);
        assert!(reply.message().starts_with("Please wait"), "{}", reply.text);
        let retry: u64 = reply.header("retry-after").expect("Retry-After").parse().unwrap();
        assert!((1..=60).contains(&retry), "Retry-After {retry}");
        assert_eq!(app.mails_to(EMAIL).len(), 1, "no second mail");
        // The pending code is untouched by the refused request.
        assert_eq!(app.latest_code(EMAIL), first);
    }

    async fn after_the_countdown_a_new_code_replaces_the_old_one(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let first = app.code_for(EMAIL).await;
        app.age_code(EMAIL, 61);

        let second = app.code_for(EMAIL).await;

        assert_eq!(app.mails_to(EMAIL).len(), 2);
        if first != second {
            let old = TestApp::registration(EMAIL, PASSWORD, &first);
            let reply = app.post_json("/api/register", old).await;
            assert_eq!(reply.status, 400, "the replaced code must not work: {}", reply.text);
        }
        let new = TestApp::registration(EMAIL, PASSWORD, &second);
        let reply = app.post_json("/api/register", new).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
    }

    async fn a_registered_address_gets_the_same_answer_and_a_notice_instead_of_a_code(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let fresh = app.request_code("stranger@example.com").await;

        let reply = app.request_code("NEWCOMER@EXAMPLE.COM").await;

        // Nothing tells a registered address from a new one.
        assert_eq!(reply.status, fresh.status, "{}", reply.text);
        assert_eq!(reply.text, fresh.text);
        assert_eq!(reply.body, json!({ "message": "Verification code sent to your email" }));
        // The owner is told, and gets no code.
        let mails = app.mails_to(EMAIL);
        assert_eq!(mails.len(), 2, "the sign-up mail and the notice");
        let notice = std::fs::read_to_string(app.latest_mail(EMAIL)).unwrap();
        assert!(notice.contains("You already have an account"), "{notice}");
        assert!(notice.contains(&format!("{}/login", app.address)), "{notice}");
        assert!(!notice.contains("verification code is"), "{notice}");
        assert!(
            !notice.lines().any(|l| l.len() == 6 && l.bytes().all(|b| b.is_ascii_digit())),
            "{notice}"
        );
        // The resend countdown holds for both alike.
        let again = app.request_code(EMAIL).await;
        let fresh_again = app.request_code("stranger@example.com").await;
        assert_eq!(again.status, 429, "{}", again.text);
        assert_eq!(fresh_again.status, 429, "{}", fresh_again.text);
        assert_eq!(app.mails_to(EMAIL).len(), 2);
        // No code exists to register the address a second time.
        for code in ["000000", "123456"] {
            let body = TestApp::registration(EMAIL, PASSWORD, code);
            let reply = app.post_json("/api/register", body).await;
            assert_eq!(reply.status, 400, "{}", reply.text);
            assert_eq!(reply.body, json!({ "message": "Invalid or expired verification code" }));
        }
    }

    async fn a_wrong_code_is_refused(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let code = app.code_for(EMAIL).await;

        let body = TestApp::registration(EMAIL, PASSWORD, &other_code(&code));
        let reply = app.post_json("/api/register", body).await;

        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Invalid or expired verification code" }));
        assert!(app.user(EMAIL).is_none());
        assert!(app.current_user().await.is_null());
    }

    async fn a_code_without_a_request_is_refused(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let body = TestApp::registration(EMAIL, PASSWORD, "123456");
        let reply = app.post_json("/api/register", body).await;

        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.message(), "Invalid or expired verification code");
    }

    async fn five_wrong_attempts_use_the_code_up(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let code = app.code_for(EMAIL).await;
        let wrong = TestApp::registration(EMAIL, PASSWORD, &other_code(&code));

        for attempt in 1..=4 {
            let reply = app.post_json("/api/register", wrong.clone()).await;
            assert_eq!(reply.status, 400, "attempt {attempt}: {}", reply.text);
            assert_eq!(reply.message(), "Invalid or expired verification code");
        }
        let fifth = app.post_json("/api/register", wrong).await;
        assert_eq!(fifth.status, 400, "{}", fifth.text);
        assert_eq!(
            fifth.message(),
            "Too many wrong attempts. Please request a new verification code"
        );

        let right = app
            .post_json("/api/register", TestApp::registration(EMAIL, PASSWORD, &code))
            .await;
        assert_eq!(right.status, 400, "the right code must no longer work: {}", right.text);
        assert_eq!(
            right.message(),
            "Too many wrong attempts. Please request a new verification code"
        );
        assert!(app.user(EMAIL).is_none());
    }

    async fn parallel_wrong_codes_from_cookieless_clients_are_judged_five_times_in_all(backend) {
        // The per-address limit is raised out of the way: the code's own count must stop them.
        let app = TestApp::start(backend, |s| s.limits.register_per_ip = 1_000).await;
        let code = app.code_for(EMAIL).await;
        let wrong = TestApp::registration(EMAIL, PASSWORD, &other_code(&code));
        // Each guess from a client of its own, without a cookie: nothing kept in a session can
        // be dropped to start the count over.
        let replies = futures::future::join_all((0..12).map(|_| {
            let client = app.new_client();
            let body = wrong.clone();
            let app = &app;
            async move { app.post_json_with(&client, "/api/register", body).await }
        }))
        .await;
        let answers: Vec<(u16, String)> =
            replies.iter().map(|r| (r.status, r.message().to_owned())).collect();
        let count = |message: &str| answers.iter().filter(|(s, m)| *s == 400 && m == message).count();
        let too_many = "Too many wrong attempts. Please request a new verification code";
        // Five codes judged, and the seven past them refused unjudged; the fifth judged says it
        // was the last, whichever of the racing requests it is (each reads its own attempt's
        // number from the update that took it).
        assert_eq!(app.code_attempts(EMAIL), 5, "five attempts counted, and none past them");
        assert_eq!(count("Invalid or expired verification code"), 4, "{answers:?}");
        assert_eq!(count(too_many), 8, "{answers:?}");
        let right = app
            .post_json_with(&app.new_client(), "/api/register", TestApp::registration(EMAIL, PASSWORD, &code))
            .await;
        assert_eq!((right.status, right.message()), (400, too_many));
        assert!(app.user(EMAIL).is_none());
    }

    async fn an_expired_code_is_refused(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let code = app.code_for(EMAIL).await;
        // Codes live ten minutes.
        app.age_code(EMAIL, 10 * 60 + 1);

        let body = TestApp::registration(EMAIL, PASSWORD, &code);
        let reply = app.post_json("/api/register", body).await;

        assert_eq!(reply.status, 400, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Invalid or expired verification code" }));
        assert!(app.user(EMAIL).is_none());
    }
}
