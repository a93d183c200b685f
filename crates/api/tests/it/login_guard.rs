//! The sign-in guard (`app::sign_in::guard`): failed passwords slow down and then refuse the network
//! they come from, for that account only; failures from many networks put the account under
//! attack, where a new network's right password must still pass a mailed code and the owner is
//! told once; a network the owner signed in from before is never held back by other networks.
//! Behind a trusted proxy (127.0.0.1), each attempt's network is its `X-Forwarded-For`.

use crate::common::{PASSWORD, Reply, TestApp};
use api::Settings;
use domain::network::TrustedProxies;
use serde_json::json;
use std::time::{Duration, Instant};

const OWNER: &str = "owner@example.com";
/// The network the owner signed in from before the attack.
const HOME: &str = "198.51.100.7";
const WRONG: &str = "Wr0ngPassw0rd!";
const NOTICE: &str = "Someone is trying to sign in to your ProxyShop account";
const CODE_SUBJECT: &str = "is your ProxyShop sign-in code";

fn behind_proxy(s: &mut Settings) {
    s.trusted_proxies = TrustedProxies::parse("127.0.0.1").unwrap();
    s.limits.login_per_ip = 1000;
}

/// A sign-in attempt from `network` on `client`.
async fn attempt(app: &TestApp, client: &reqwest::Client, network: &str, password: &str) -> Reply {
    app.send(
        client
            .post(app.url("/api/login"))
            .header("x-forwarded-for", network)
            .json(&json!({ "email": OWNER, "password": password })),
    )
    .await
}

/// The app with `OWNER` registered and signed in once from `HOME` (so `HOME` is known), signed
/// out again.
async fn owner_app(
    backend: persistence::Backend,
    customise: impl FnOnce(&mut Settings),
) -> TestApp {
    let app = TestApp::start(backend, |s| {
        behind_proxy(s);
        customise(s);
    })
    .await;
    app.register(OWNER, PASSWORD).await;
    let home = app.new_client();
    assert_eq!(attempt(&app, &home, HOME, PASSWORD).await.status, 200);
    app
}

/// Wrong passwords from `count` networks no other test step uses, one each.
async fn attack(app: &TestApp, count: usize) -> Vec<u16> {
    let client = app.new_client();
    let mut statuses = Vec::new();
    for n in 0..count {
        statuses.push(
            attempt(app, &client, &format!("203.0.113.{}", n + 1), WRONG)
                .await
                .status,
        );
    }
    statuses
}

/// The mails to `OWNER` whose text contains `needle`.
fn mails_with(app: &TestApp, needle: &str) -> Vec<String> {
    app.mails_to(OWNER)
        .into_iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .filter(|text| text.contains(needle))
        .collect()
}

/// Waits (up to 10 s) until `count` mails contain `needle`; they are sent in the background.
async fn await_mails(app: &TestApp, needle: &str, count: usize) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let found = mails_with(app, needle);
        if found.len() >= count || Instant::now() > deadline {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The second step from `network` on `client`.
async fn code_from(app: &TestApp, client: &reqwest::Client, network: &str, code: &str) -> Reply {
    app.send(
        client
            .post(app.url("/api/login/2fa"))
            .header("x-forwarded-for", network)
            .json(&json!({ "code": code })),
    )
    .await
}

fn mailed_code(mail: &str) -> String {
    let start = mail.find("sign-in code is ").expect("code sentence") + 16;
    mail[start..start + 6].to_owned()
}

fn signed_in(reply: &Reply) {
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.body["user"]["email"], json!(OWNER), "{}", reply.text);
}

fn emailed_step(reply: &Reply) {
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        reply.body,
        json!({ "twoFactorRequired": true, "method": "email" })
    );
}

persistence::both_backends! {

    #[actix_web::test]
    async fn failures_from_many_networks_never_lock_the_owner_out_of_a_known_network(backend) {
        let app = owner_app(backend, |_| {}).await;
        let threshold = app_limits().login_attack_failures as usize;
        let statuses = attack(&app, threshold + 20).await;
        // Refused as wrong passwords until the account is under attack; after that a wrong
        // password is answered like a right one from a new network: with the mailed-code step.
        assert!(statuses[..threshold].iter().all(|s| *s == 401), "{statuses:?}");
        assert!(statuses[threshold..].iter().all(|s| *s == 200), "{statuses:?}");
        assert!(!statuses.contains(&429), "nobody was refused: {statuses:?}");

        // The owner, from home, signs in at once: no code, no refusal.
        signed_in(&attempt(&app, &app.new_client(), HOME, PASSWORD).await);
        // Told once, however long the attack goes on.
        let notices = await_mails(&app, NOTICE, 1).await;
        assert_eq!(notices.len(), 1);
        assert!(!notices[0].contains("203.0.113."), "no attacker address in the notice");
        attack(&app, 5).await;
        signed_in(&attempt(&app, &app.new_client(), HOME, PASSWORD).await);
        assert_eq!(mails_with(&app, NOTICE).len(), 1);
    }

    async fn one_network_is_refused_for_one_account_and_no_other(backend) {
        // Not under attack in this test: one network's failures alone.
        let app = owner_app(backend, |s| s.limits.login_attack_failures = 1000).await;
        let limit = app_limits().login_per_account_network as usize;
        let noisy = app.new_client();
        for n in 0..limit {
            assert_eq!(attempt(&app, &noisy, "203.0.113.9", WRONG).await.status, 401, "attempt {n}");
        }
        // That network is refused for this account, even with the right password.
        let refused = attempt(&app, &noisy, "203.0.113.9", PASSWORD).await;
        assert_eq!(refused.status, 429, "{}", refused.text);
        assert!(refused.header("retry-after").is_some());
        // Home and a network never seen before are not.
        signed_in(&attempt(&app, &app.new_client(), HOME, PASSWORD).await);
        signed_in(&attempt(&app, &app.new_client(), "192.0.2.44", PASSWORD).await);
        // A success forgives its own network's earlier failures.
        let home = app.new_client();
        for _ in 0..limit - 1 {
            assert_eq!(attempt(&app, &home, HOME, WRONG).await.status, 401);
        }
        signed_in(&attempt(&app, &home, HOME, PASSWORD).await);
        for _ in 0..limit - 1 {
            assert_eq!(attempt(&app, &home, HOME, WRONG).await.status, 401);
        }
        signed_in(&attempt(&app, &home, HOME, PASSWORD).await);
    }

    async fn under_attack_a_new_network_needs_the_mailed_code(backend) {
        let app = owner_app(backend, |_| {}).await;
        attack(&app, app_limits().login_attack_failures as usize).await;

        // A wrong password from a new network gets the same answer as a right one...
        let guesser = app.new_client();
        emailed_step(&attempt(&app, &guesser, "192.0.2.66", WRONG).await);
        // ...but no code is mailed for it, and no code completes it.
        let guess = code_from(&app, &guesser, "192.0.2.66", "123456").await;
        assert_eq!(guess.status, 400, "{}", guess.text);

        let traveller = app.new_client();
        emailed_step(&attempt(&app, &traveller, "192.0.2.77", PASSWORD).await);
        let info = app.get_with(&traveller, "/api/getuserinfo").await;
        assert_eq!(info.body, json!({ "user": null }), "nobody is signed in yet");
        let codes = await_mails(&app, CODE_SUBJECT, 1).await;
        assert_eq!(codes.len(), 1, "one code, for the right password only");
        let code = mailed_code(&codes[0]);
        let wrong = crate::common::other_code(&code);
        assert_eq!(code_from(&app, &traveller, "192.0.2.77", &wrong).await.status, 400);
        signed_in(&code_from(&app, &traveller, "192.0.2.77", &code).await);
        // The code is used up, and the network is now known: no code next time.
        signed_in(&attempt(&app, &app.new_client(), "192.0.2.77", PASSWORD).await);
        assert_eq!(mails_with(&app, CODE_SUBJECT).len(), 1);
    }

    async fn under_attack_an_account_with_the_app_waits_for_the_app(backend) {
        let app = owner_app(backend, |_| {}).await;
        let client = app.new_client();
        assert_eq!(attempt(&app, &client, HOME, PASSWORD).await.status, 200);
        app.enrol_with(&client).await;
        attack(&app, app_limits().login_attack_failures as usize).await;
        let reply = attempt(&app, &app.new_client(), "192.0.2.88", PASSWORD).await;
        assert_eq!(reply.body, json!({ "twoFactorRequired": true, "method": "totp" }));
        assert!(mails_with(&app, CODE_SUBJECT).is_empty(), "the app, not the mail");
    }

    async fn two_instances_tell_the_owner_once(backend) {
        let app = owner_app(backend, |_| {}).await;
        let second = app.second_instance(behind_proxy);
        let threshold = app_limits().login_attack_failures as usize;
        let attempts = (0..threshold * 3).map(|n| {
            let base = if n % 2 == 0 { app.address.clone() } else { second.clone() };
            let client = app.new_client();
            async move {
                client
                    .post(format!("{base}/api/login"))
                    .header("x-forwarded-for", format!("203.0.113.{}", n + 1))
                    .json(&json!({ "email": OWNER, "password": WRONG }))
                    .send()
                    .await
                    .unwrap()
                    .status()
                    .as_u16()
            }
        });
        let statuses = futures::future::join_all(attempts).await;
        assert!(!statuses.contains(&429), "{statuses:?}");
        assert_eq!(await_mails(&app, NOTICE, 1).await.len(), 1);
        signed_in(&attempt(&app, &app.new_client(), HOME, PASSWORD).await);
        assert_eq!(mails_with(&app, NOTICE).len(), 1, "one notice from two instances");
    }
}

fn app_limits() -> api::RateLimits {
    api::RateLimits::default()
}

/// The guard's delays are counted by `proxyshop_sign_in_delayed_total` (one process-wide
/// recorder: one test of this binary samples it, and only it runs with a delay unit).
async fn delayed_total() -> f64 {
    let text = app::telemetry::install_recorder().unwrap().render();
    text.lines()
        .find_map(|line| line.strip_prefix("proxyshop_sign_in_delayed_total "))
        .map_or(0.0, |v| v.trim().parse().unwrap())
}

static DELAY_METRIC: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

persistence::both_backends! {

    #[actix_web::test]
    async fn a_networks_failures_slow_it_down_and_a_known_network_is_never_slowed(backend) {
        let _metric = DELAY_METRIC.lock().await;
        let app = owner_app(backend, |s| s.limits.login_delay_unit = Duration::from_millis(1)).await;
        let slow_after = app_limits().login_slow_after;
        let noisy = app.new_client();
        let before = delayed_total().await;
        for _ in 0..slow_after {
            assert_eq!(attempt(&app, &noisy, "203.0.113.200", WRONG).await.status, 401);
        }
        assert_eq!(delayed_total().await, before, "no delay before {slow_after} failures");
        assert_eq!(attempt(&app, &noisy, "203.0.113.200", WRONG).await.status, 401);
        assert_eq!(delayed_total().await, before + 1.0, "the next attempt waited");

        // Under attack, every new network waits; home does not.
        attack(&app, app_limits().login_attack_failures as usize).await;
        let during = delayed_total().await;
        signed_in(&attempt(&app, &app.new_client(), HOME, PASSWORD).await);
        assert_eq!(delayed_total().await, during, "home was slowed down");
        emailed_step(&attempt(&app, &app.new_client(), "192.0.2.99", PASSWORD).await);
        assert_eq!(delayed_total().await, during + 1.0, "a new network was not slowed down");
    }
}
