//! Abuse limits per account and network and per client IP on login, code requests and registration: the
//! attempt past the limit gets 429 with a Retry-After header. Limits are set small per test.

use crate::common::{PASSWORD, Reply, TestApp};
use diesel::prelude::*;
use domain::network::TrustedProxies;
use persistence::schema::rate_windows;
use serde_json::json;

const TOO_MANY: &str = "Too many requests. Please try again later";

fn assert_limited(reply: &Reply, window_secs: u64) {
    assert_eq!(reply.status, 429, "{}", reply.text);
    assert_eq!(reply.body, json!({ "message": TOO_MANY }));
    let retry: u64 = reply
        .header("retry-after")
        .expect("Retry-After header")
        .parse()
        .unwrap();
    assert!((1..=window_secs).contains(&retry), "Retry-After {retry}");
}

persistence::both_backends! {

    #[actix_web::test]
    async fn login_is_limited_per_account_from_one_network(backend) {
        let app = TestApp::start(backend, |s| {
            s.limits.login_per_account_network = 3;
            s.limits.login_per_ip = 100;
        })
        .await;
        app.register("member@example.com", PASSWORD).await;

        for _ in 0..3 {
            assert_eq!(app.login("member@example.com", "Wrong1!x").await.status, 401);
        }
        // From this network the right password does not get through either, under any spelling
        // of the address (other networks are not refused: tests/it/login_guard.rs).
        assert_limited(&app.login("member@example.com", PASSWORD).await, 15 * 60);
        assert_limited(&app.login("MEMBER@example.com", PASSWORD).await, 15 * 60);

        // Another address from the same IP is unaffected.
        assert_eq!(app.login("other@example.com", "Wrong1!x").await.status, 401);
    }

    async fn login_is_limited_per_ip(backend) {
        let app = TestApp::start(backend, |s| {
            s.limits.login_per_ip = 3;
            s.limits.login_per_account_network = 100;
        })
        .await;

        for n in 0..3 {
            let reply = app.login(&format!("user{n}@example.com"), "Wrong1!x").await;
            assert_eq!(reply.status, 401, "{}", reply.text);
        }
        assert_limited(&app.login("user9@example.com", "Wrong1!x").await, 15 * 60);
    }

    async fn invalid_forms_do_not_count_against_the_login_limit(backend) {
        let app = TestApp::start(backend, |s| s.limits.login_per_ip = 2).await;

        for _ in 0..5 {
            assert_eq!(app.post_json("/api/login", json!({})).await.status, 422);
        }
        assert_eq!(app.login("user@example.com", "Wrong1!x").await.status, 401);
    }

    async fn code_requests_are_limited_per_email(backend) {
        let app = TestApp::start(backend, |s| {
            s.limits.code_per_email = 2;
            s.limits.code_per_ip = 100;
        })
        .await;

        assert_eq!(app.request_code("new@example.com").await.status, 200);
        app.age_code("new@example.com", 61);
        assert_eq!(app.request_code("new@example.com").await.status, 200);
        app.age_code("new@example.com", 61);

        // The resend countdown is over, but the address has used its requests for the window.
        assert_limited(&app.request_code("new@example.com").await, 60 * 60);
        assert_eq!(app.mails_to("new@example.com").len(), 2);
        assert_eq!(app.request_code("else@example.com").await.status, 200);
    }

    async fn code_requests_are_limited_per_mailbox_whatever_the_spelling(backend) {
        let app = TestApp::start(backend, |s| {
            s.limits.code_per_email = 2;
            s.limits.code_per_ip = 100;
        })
        .await;

        // Each spelling has its own resend countdown, but they reach one mailbox.
        assert_eq!(app.request_code("mail.bomb@gmail.com").await.status, 200);
        assert_eq!(app.request_code("mailbomb+1@gmail.com").await.status, 200);
        assert_limited(&app.request_code("m.a.i.l.bomb+2@googlemail.com").await, 60 * 60);
        assert!(app.mails_to("m.a.i.l.bomb+2@googlemail.com").is_empty());
    }

    async fn code_requests_are_limited_per_ip(backend) {
        let app = TestApp::start(backend, |s| {
            s.limits.code_per_ip = 2;
            s.limits.code_per_email = 100;
        })
        .await;

        assert_eq!(app.request_code("a@example.com").await.status, 200);
        assert_eq!(app.request_code("b@example.com").await.status, 200);
        assert_limited(&app.request_code("c@example.com").await, 60 * 60);
        assert!(app.mails_to("c@example.com").is_empty());
    }

    async fn registration_is_limited_per_ip(backend) {
        let app = TestApp::start(backend, |s| s.limits.register_per_ip = 2).await;
        let code = app.code_for("new@example.com").await;
        let wrong = TestApp::registration("new@example.com", PASSWORD, &crate::common::other_code(&code));

        assert_eq!(app.post_json("/api/register", wrong.clone()).await.status, 400);
        assert_eq!(app.post_json("/api/register", wrong).await.status, 400);

        // Even the right code is refused until the window passes.
        let right = TestApp::registration("new@example.com", PASSWORD, &code);
        assert_limited(&app.post_json("/api/register", right).await, 60 * 60);
        assert!(app.user("new@example.com").is_none());
    }

    async fn forwarded_for_is_ignored_unless_trusted(backend) {
        let app = TestApp::start(backend, |s| s.limits.login_per_ip = 2).await;
        let attempt = |ip: &str| {
            app.client
                .post(app.url("/api/login"))
                .header("x-forwarded-for", ip)
                .json(&json!({ "email": "user@example.com", "password": "Wrong1!x" }))
        };

        assert_eq!(app.send(attempt("10.0.0.1")).await.status, 401);
        assert_eq!(app.send(attempt("10.0.0.2")).await.status, 401);
        // A client cannot escape the per-IP limit by making up addresses.
        assert_limited(&app.send(attempt("10.0.0.3")).await, 15 * 60);
    }

    async fn forwarded_for_keys_the_limit_behind_a_trusted_proxy(backend) {
        let app = TestApp::start(backend, |s| {
            s.limits.login_per_ip = 1;
            s.trusted_proxies = trusted("127.0.0.1");
        })
        .await;
        let attempt = |ip: &str| login_via(&app, ip);

        // The proxy appends the address it saw; what the client wrote before it is not believed.
        assert_eq!(app.send(attempt("fake-1, 10.0.0.1")).await.status, 401);
        assert_limited(&app.send(attempt("10.0.0.9, 10.0.0.1")).await, 15 * 60);
        assert_eq!(app.send(attempt("10.0.0.1, 10.0.0.2")).await.status, 401);
    }

    async fn the_client_is_the_right_most_hop_that_is_not_a_trusted_proxy(backend) {
        let app = TestApp::start(backend, |s| {
            s.limits.login_per_ip = 1;
            s.trusted_proxies = trusted("127.0.0.1, 10.0.0.0/8");
        })
        .await;
        let attempt = |ip: &str| login_via(&app, ip);

        // Two proxies of ours (the balancer 127.0.0.1, then 10.0.0.3) in front of 203.0.113.5.
        assert_eq!(app.send(attempt("6.6.6.6, 203.0.113.5, 10.0.0.3")).await.status, 401);
        // Other made-up left hops and another of our proxies: the same client, limited.
        assert_limited(&app.send(attempt("7.7.7.7, 203.0.113.5, 10.0.0.4")).await, 15 * 60);
        assert_limited(&app.send(attempt("203.0.113.5")).await, 15 * 60);
        // A hop that is no address ends the walk at the proxy that wrote it.
        assert_eq!(app.send(attempt("203.0.113.5, unknown, 10.0.0.3")).await.status, 401);
        assert_limited(&app.send(attempt("10.0.0.3")).await, 15 * 60);
    }

    async fn ipv6_clients_are_limited_by_their_64(backend) {
        let app = TestApp::start(backend, |s| {
            s.limits.login_per_ip = 2;
            s.limits.login_per_account_network = 100;
            s.trusted_proxies = trusted("127.0.0.1");
        })
        .await;
        let attempt = |ip: &str| login_via(&app, ip);

        assert_eq!(app.send(attempt("2001:db8:1:2::1")).await.status, 401);
        assert_eq!(app.send(attempt("2001:db8:1:2:ffff::9")).await.status, 401);
        // A fresh address in the same /64 does not escape the limit...
        assert_limited(&app.send(attempt("2001:db8:1:2:abcd::77")).await, 15 * 60);
        // ...the next /64 is another client.
        assert_eq!(app.send(attempt("2001:db8:1:3::1")).await.status, 401);
        let key: Vec<String> = app.with_conn(|conn| {
            rate_windows::table
                .select(rate_windows::key)
                .filter(rate_windows::key.like("login:net:%"))
                .order(rate_windows::key)
                .load(conn)
                .unwrap()
        });
        assert_eq!(key, ["login:net:2001:db8:1:2::/64", "login:net:2001:db8:1:3::/64"]);
    }
}

fn trusted(list: &str) -> TrustedProxies {
    TrustedProxies::parse(list).unwrap()
}

fn login_via(app: &TestApp, forwarded_for: &str) -> reqwest::RequestBuilder {
    app.client
        .post(app.url("/api/login"))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({ "email": "user@example.com", "password": "Wrong1!x" }))
}
