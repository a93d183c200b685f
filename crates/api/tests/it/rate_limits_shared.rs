//! Every limit counts in the database: two API instances on one database, taking turns, refuse
//! at the same attempt as one instance alone (the single-instance counts are in
//! `rate_limits.rs`, `wallet_topup.rs` and `twofactor_login.rs`).

use crate::common::wallet::METHOD;
use crate::common::{PASSWORD, Reply, TestApp};
use serde_json::{Value, json};

const TOO_MANY: &str = "Too many requests. Please try again later";

fn assert_limited(reply: &Reply) {
    assert_eq!(reply.status, 429, "{}", reply.text);
    assert_eq!(reply.body, json!({ "message": TOO_MANY }));
    assert!(reply.header("retry-after").is_some());
}

/// Two instances on one database, both with the limits `customise` sets.
async fn two_instances(
    backend: persistence::Backend,
    customise: fn(&mut api::Settings),
) -> (TestApp, String) {
    let app = TestApp::start(backend, customise).await;
    let second = app.second_instance(customise);
    (app, second)
}

/// POSTs `body` to `path` on the first instance for even `n`, on the second for odd `n`.
async fn alternate(
    app: &TestApp,
    second: &str,
    client: &reqwest::Client,
    n: usize,
    path: &str,
    body: Value,
) -> Reply {
    let base = if n.is_multiple_of(2) {
        app.address.as_str()
    } else {
        second
    };
    app.send(client.post(format!("{base}{path}")).json(&body))
        .await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn login_attempts_per_account_and_network_are_counted_once_across_instances(backend) {
        let (app, second) = two_instances(backend, |s| {
            s.limits.login_per_account_network = 3;
            s.limits.login_per_ip = 100;
        })
        .await;
        app.register("member@example.com", PASSWORD).await;
        let wrong = json!({ "email": "member@example.com", "password": "Wrong1!x" });
        for n in 0..3 {
            let reply = alternate(&app, &second, &app.client, n, "/api/login", wrong.clone()).await;
            assert_eq!(reply.status, 401, "attempt {n}: {}", reply.text);
        }
        // The fourth attempt, on either instance, is refused: as with one instance.
        let right = json!({ "email": "member@example.com", "password": PASSWORD });
        assert_limited(&alternate(&app, &second, &app.client, 3, "/api/login", right.clone()).await);
        assert_limited(&alternate(&app, &second, &app.client, 4, "/api/login", right).await);
    }

    async fn login_attempts_per_address_are_counted_once_across_instances(backend) {
        let (app, second) = two_instances(backend, |s| {
            s.limits.login_per_ip = 3;
            s.limits.login_per_account_network = 100;
        })
        .await;
        for n in 0..3 {
            let body = json!({ "email": format!("user{n}@example.com"), "password": "Wrong1!x" });
            let reply = alternate(&app, &second, &app.client, n, "/api/login", body).await;
            assert_eq!(reply.status, 401, "attempt {n}: {}", reply.text);
        }
        let body = json!({ "email": "user9@example.com", "password": "Wrong1!x" });
        assert_limited(&alternate(&app, &second, &app.client, 3, "/api/login", body).await);
    }

    async fn code_requests_are_counted_once_across_instances(backend) {
        let (app, second) = two_instances(backend, |s| {
            s.limits.code_per_ip = 3;
            s.limits.code_per_email = 100;
        })
        .await;
        for n in 0..3 {
            let body = json!({ "email": format!("new{n}@example.com") });
            let reply = alternate(&app, &second, &app.client, n, "/api/register_verification", body).await;
            assert_eq!(reply.status, 200, "request {n}: {}", reply.text);
        }
        let body = json!({ "email": "new9@example.com" });
        assert_limited(&alternate(&app, &second, &app.client, 3, "/api/register_verification", body).await);
        assert!(app.mails_to("new9@example.com").is_empty());
    }

    async fn registrations_are_counted_once_across_instances(backend) {
        let (app, second) = two_instances(backend, |s| s.limits.register_per_ip = 2).await;
        let code = app.code_for("new@example.com").await;
        let wrong = TestApp::registration("new@example.com", PASSWORD, &crate::common::other_code(&code));
        for n in 0..2 {
            let reply = alternate(&app, &second, &app.client, n, "/api/register", wrong.clone()).await;
            assert_eq!(reply.status, 400, "attempt {n}: {}", reply.text);
        }
        let right = TestApp::registration("new@example.com", PASSWORD, &code);
        assert_limited(&alternate(&app, &second, &app.client, 2, "/api/register", right).await);
        assert!(app.user("new@example.com").is_none());
    }

    async fn invoices_are_counted_once_across_instances(backend) {
        let (app, second) = two_instances(backend, |s| s.limits.payments_per_user = 3).await;
        // The session lives in the database: the cookie signs in on both instances.
        app.register("payer@example.com", PASSWORD).await;
        let body = json!({ "amount": 5, "method": METHOD });
        for n in 0..3 {
            let reply = alternate(&app, &second, &app.client, n, "/api/payment", body.clone()).await;
            assert_eq!(reply.status, 200, "invoice {n}: {}", reply.text);
        }
        assert_limited(&alternate(&app, &second, &app.client, 3, "/api/payment", body).await);
    }
}
