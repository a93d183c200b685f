//! Many requests at once: independent sign-ups must not fail each other, and a verification code
//! must not take more than five guesses however the guesses are timed.
//!
//! Regression guards: on SQLite a deferred read-then-write transaction used to fail with
//! "database is locked" when another writer got in between (writes now `BEGIN IMMEDIATE`); on
//! PostgreSQL parallel wrong guesses used to slip past the five-attempt limit (an attempt is now
//! reserved by one conditional UPDATE before the code is compared).

use crate::common::{PASSWORD, TestApp, other_code};
use serde_json::Value;

/// Sends all `requests` (path, JSON body) at once, each from its own client; returns the
/// statuses and bodies in order.
async fn all_at_once(app: &TestApp, requests: Vec<(&str, Value)>) -> Vec<(u16, String)> {
    let handles: Vec<_> = requests
        .into_iter()
        .map(|(path, body)| {
            let (client, url) = (reqwest::Client::new(), app.url(path));
            actix_web::rt::spawn(async move {
                let response = client.post(url).json(&body).send().await.unwrap();
                let status = response.status().as_u16();
                (status, response.text().await.unwrap())
            })
        })
        .collect();
    let mut replies = Vec::new();
    for handle in handles {
        replies.push(handle.await.unwrap());
    }
    replies
}

fn generous(settings: &mut api::Settings) {
    settings.limits.code_per_ip = 1000;
    settings.limits.register_per_ip = 1000;
    settings.limits.login_per_ip = 1000;
    settings.limits.login_per_account_network = 1000;
}

persistence::both_backends! {

    #[actix_web::test]
    // SQLite once answered some of these with 500 ("database is locked").
    async fn concurrent_code_requests_all_succeed(backend) {
        let app = TestApp::start(backend, generous).await;
        let emails: Vec<String> = (0..30).map(|n| format!("user{n}@example.com")).collect();
        let requests = emails
            .iter()
            .map(|email| ("/api/register_verification", serde_json::json!({ "email": email })))
            .collect();

        let replies = all_at_once(&app, requests).await;

        let failed: Vec<_> = replies.iter().filter(|(status, _)| *status != 200).collect();
        assert!(failed.is_empty(), "{} of 30 failed: {failed:?}", failed.len());
        for email in &emails {
            assert_eq!(app.mails_to(email).len(), 1, "{email}");
        }
    }

    // SQLite once answered some of these with 500 ("database is locked").
    async fn concurrent_registrations_all_succeed(backend) {
        let app = TestApp::start(backend, generous).await;
        let mut requests = Vec::new();
        for n in 0..12 {
            let email = format!("user{n}@example.com");
            let code = app.code_for(&email).await;
            requests.push(("/api/register", TestApp::registration(&email, PASSWORD, &code)));
        }

        let replies = all_at_once(&app, requests).await;

        let failed: Vec<_> = replies.iter().filter(|(status, _)| *status != 201).collect();
        assert!(failed.is_empty(), "{} of 12 failed: {failed:?}", failed.len());
        let total = app.with_conn(|conn| persistence::users::list(conn, 1, 0).unwrap().1);
        assert_eq!(total, 12);
    }

    // PostgreSQL once evaluated more than five wrong guesses when they arrived together.
    // The race needs two transactions to interleave, so each run tries several codes.
    async fn concurrent_wrong_guesses_get_five_tries_in_all(backend) {
        let app = TestApp::start(backend, generous).await;
        for round in 0..4 {
            let email = format!("target{round}@example.com");
            let code = app.code_for(&email).await;
            let wrong = TestApp::registration(&email, PASSWORD, &other_code(&code));

            let replies = all_at_once(&app, vec![("/api/register", wrong); 30]).await;

            for (status, text) in &replies {
                assert_eq!(*status, 400, "{text}");
            }
            let pending =
                app.with_conn(|conn| persistence::email_codes::find(conn, &email).unwrap());
            let attempts = pending.expect("code still pending").attempts;
            assert!(attempts <= 5, "round {round}: {attempts} wrong guesses were checked");
            let right = TestApp::registration(&email, PASSWORD, &code);
            assert_eq!(app.post_json("/api/register", right).await.status, 400);
        }
    }

    async fn concurrent_logins_each_get_a_session(backend) {
        let app = TestApp::start(backend, generous).await;
        app.register("member@example.com", PASSWORD).await;
        let body = serde_json::json!({ "email": "member@example.com", "password": PASSWORD });

        let replies = all_at_once(&app, vec![("/api/login", body); 12]).await;

        for (status, text) in &replies {
            assert_eq!(*status, 200, "{text}");
        }
        assert_eq!(app.session_count("member@example.com"), 13);
    }
}
