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
const TOO_MANY: &str = "Too many requests. Please try again later";

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
