//! Limits an outsider cannot spend for the owner: someone who knows an account's address (or
//! even its password) runs every limit of the forgotten password and of the second step out from
//! networks of their own, and the owner, from a network the account signed in from before, still
//! gets a reset code and a reset, and gets past the second step with the app's code or a
//! recovery code; the outsider stays limited as documented (docs/account.md#limits,
//! docs/two-factor-and-sessions.md). Behind a trusted proxy (127.0.0.1), each request's network
//! is its `X-Forwarded-For`.

use crate::common::two_factor::code_at;
use crate::common::{PASSWORD, Reply, TestApp, other_code};
use api::Settings;
use domain::network::TrustedProxies;
use serde_json::{Value, json};

const OWNER: &str = "owner@example.com";
/// The network the owner signed in from before.
const HOME: &str = "198.51.100.7";
const NEW_PASSWORD: &str = "Better2@";
const TOO_MANY: &str = "Too many requests. Please try again later";
const INVALID: &str = "Invalid or expired code";

fn behind_proxy(s: &mut Settings) {
    s.trusted_proxies = TrustedProxies::parse("127.0.0.1").unwrap();
}

/// An outsider's network: one no other step uses.
fn outside(n: usize) -> String {
    format!("203.0.113.{}", n + 1)
}

/// `POST path` with `body` from `network` on `client`.
async fn from(
    app: &TestApp,
    client: &reqwest::Client,
    network: &str,
    path: &str,
    body: Value,
) -> Reply {
    app.send(
        client
            .post(app.url(path))
            .header("x-forwarded-for", network)
            .json(&body),
    )
    .await
}

async fn forgot(app: &TestApp, client: &reqwest::Client, network: &str) -> Reply {
    from(
        app,
        client,
        network,
        "/api/password/forgot",
        json!({ "email": OWNER }),
    )
    .await
}

async fn reset(app: &TestApp, client: &reqwest::Client, network: &str, code: &str) -> Reply {
    let body = json!({
        "email": OWNER, "code": code, "password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD,
    });
    from(app, client, network, "/api/password/reset", body).await
}

async fn password_step(app: &TestApp, client: &reqwest::Client, network: &str) {
    let body = json!({ "email": OWNER, "password": PASSWORD });
    let reply = from(app, client, network, "/api/login", body).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        reply.body,
        json!({ "twoFactorRequired": true, "method": "totp" })
    );
}

async fn second_step(app: &TestApp, client: &reqwest::Client, network: &str, code: &str) -> Reply {
    from(
        app,
        client,
        network,
        "/api/login/2fa",
        json!({ "code": code }),
    )
    .await
}

fn refused(reply: &Reply) {
    assert_eq!(
        (reply.status, reply.message()),
        (429, TOO_MANY),
        "{}",
        reply.text
    );
    assert!(reply.header("retry-after").is_some());
}

fn signed_in(reply: &Reply) {
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.body["user"]["email"], json!(OWNER), "{}", reply.text);
}

/// `OWNER` registered, and signed in once from `HOME` by password, so `HOME` is known.
async fn owner_app(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, behind_proxy).await;
    app.register_with(&app.new_client(), OWNER, PASSWORD).await;
    let body = json!({ "email": OWNER, "password": PASSWORD });
    signed_in(&from(&app, &app.new_client(), HOME, "/api/login", body).await);
    app
}

persistence::both_backends! {

    #[actix_web::test]
    async fn an_outsider_cannot_use_up_the_owners_reset_requests(backend) {
        let app = owner_app(backend).await;
        // An outsider asks for the owner's code five times, from five browsers and networks,
        // and types wrong codes: the mailbox's limit is spent for everyone but the owner.
        let outsider = app.new_client();
        for n in 0..5 {
            let client = if n == 0 { outsider.clone() } else { app.new_client() };
            assert_eq!(forgot(&app, &client, &outside(n)).await.status, 200);
        }
        for _ in 0..5 {
            let guess = reset(&app, &outsider, &outside(0), "123456").await;
            assert_eq!((guess.status, guess.message()), (400, INVALID));
        }
        app.wait_for_mails(OWNER, 6).await;
        refused(&forgot(&app, &app.new_client(), &outside(5)).await);

        // The owner, from home, still gets a code, and resets with it.
        let owner = app.new_client();
        assert_eq!(forgot(&app, &owner, HOME).await.status, 200);
        app.wait_for_mails(OWNER, 7).await;
        let code = app.latest_code(OWNER);
        let reply = reset(&app, &owner, HOME, &code).await;
        signed_in(&reply);
        assert_eq!(reply.message(), "Password reset");
        assert!(app.reset_rows(OWNER).is_empty(), "every code of the account is void");
        // The outsider is still held to the mailbox's limit.
        refused(&forgot(&app, &app.new_client(), &outside(6)).await);
    }

    async fn an_outsiders_wrong_codes_do_not_void_the_owners_code(backend) {
        let app = owner_app(backend).await;
        let owner = app.new_client();
        assert_eq!(forgot(&app, &owner, HOME).await.status, 200);
        app.wait_for_mails(OWNER, 2).await;
        let code = app.latest_code(OWNER);
        // Wrong codes from a browser that asked for none, and from one that asked for its own.
        let stranger = app.new_client();
        for _ in 0..6 {
            let guess = reset(&app, &stranger, &outside(0), &other_code(&code)).await;
            assert_eq!((guess.status, guess.message()), (400, INVALID));
        }
        let pending = app.reset_rows(OWNER);
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].attempts, 0, "none of the owner's attempts spent");
        let outsider = app.new_client();
        assert_eq!(forgot(&app, &outsider, &outside(1)).await.status, 200);
        app.wait_for_mails(OWNER, 3).await;
        let theirs = app.latest_code(OWNER);
        for _ in 0..5 {
            let guess = reset(&app, &outsider, &outside(1), &other_code(&theirs)).await;
            assert_eq!((guess.status, guess.message()), (400, INVALID));
        }
        // That browser's own code is void after its five, even typed right...
        let late = reset(&app, &outsider, &outside(1), &theirs).await;
        assert_eq!((late.status, late.message()), (400, INVALID));
        // ...and the owner's code works nowhere but in the owner's browser.
        let elsewhere = reset(&app, &outsider, &outside(1), &code).await;
        assert_eq!((elsewhere.status, elsewhere.message()), (400, INVALID));
        assert!(app.password_works(OWNER, PASSWORD).await);

        signed_in(&reset(&app, &owner, HOME, &code).await);
        assert!(app.password_works(OWNER, NEW_PASSWORD).await);
    }

    async fn an_outsider_with_the_password_cannot_keep_the_owner_out_at_the_second_step(backend) {
        let app = owner_app(backend).await;
        let home = app.new_client();
        let body = json!({ "email": OWNER, "password": PASSWORD });
        signed_in(&from(&app, &home, HOME, "/api/login", body).await);
        let enrolled = app.enrol_with(&home).await;
        let per_account = api::RateLimits::default().two_factor_per_user as usize;
        // Someone who knows the password types wrong codes from networks of their own, five per
        // pending sign-in, until the account's limit is spent...
        let right = code_at(&enrolled.secret, enrolled.step + 1);
        let mut guesses = Vec::new();
        for round in 0..per_account / 5 {
            let intruder = app.new_client();
            let network = outside(round);
            password_step(&app, &intruder, &network).await;
            for _ in 0..5 {
                guesses.push(second_step(&app, &intruder, &network, &other_code(&right)).await.status);
            }
        }
        assert!(!guesses.contains(&429), "{guesses:?}");
        // ...and from then on is refused, on any network of theirs.
        let intruder = app.new_client();
        let network = outside(per_account);
        password_step(&app, &intruder, &network).await;
        refused(&second_step(&app, &intruder, &network, &other_code(&right)).await);

        // The owner, from home, gets in with the app's code, and with a recovery code.
        let owner = app.new_client();
        password_step(&app, &owner, HOME).await;
        signed_in(&second_step(&app, &owner, HOME, &right).await);
        let phone = app.new_client();
        password_step(&app, &phone, HOME).await;
        signed_in(&second_step(&app, &phone, HOME, &enrolled.recovery_codes[0]).await);
        // The outsider is still refused (the account's count for other networks stands).
        let intruder = app.new_client();
        let network = outside(per_account + 1);
        password_step(&app, &intruder, &network).await;
        refused(&second_step(&app, &intruder, &network, &enrolled.recovery_codes[1]).await);
        // And the owner may turn two-factor sign-in off from home, which takes a code too.
        let body = json!({ "password": PASSWORD, "code": enrolled.recovery_codes[1] });
        let off = from(&app, &owner, HOME, "/api/user/2fa/disable", body).await;
        assert_eq!(off.status, 200, "{}", off.text);
    }
}
