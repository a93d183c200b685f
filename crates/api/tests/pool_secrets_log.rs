//! No upstream secret in the log or in a customer's answers, on both backends: with every log
//! line captured (a `tracing` subscriber at TRACE), a pool created and edited through the admin
//! API and pools loaded from a `PROXYSHOP_UPSTREAMS` file leave neither a pool password nor the
//! customer's proxy password in any line; and no customer-facing answer (generated lines, the
//! profile, the history, the sub-users) names a pool's host or username.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "it/common/mod.rs"]
mod common;
use upstream::log_capture;

use api::admin::upstreams::configured::{add_missing, parse_file};
use common::TestApp;
use domain::ProxyKind;
use persistence::traffic;
use serde_json::json;

const POOL_HOST: &str = "gate.provider-one.example";
const POOL_USER: &str = "shop-at-provider-one";
const POOL_PASSWORD: &str = "Pool-Pa55word-One";
const NEW_POOL_PASSWORD: &str = "Pool-Pa55word-Two";
const FILE_POOL_HOST: &str = "gate.provider-two.example";
const FILE_POOL_USER: &str = "shop-at-provider-two";
const FILE_POOL_PASSWORD: &str = "Pool-Pa55word-Env";
const CUSTOMER: &str = "buyer@example.com";

fn upstreams_file() -> String {
    format!(
        "[[upstream]]\nname = \"From the file\"\nkinds = [\"premium\", \"budget\"]\n\
         protocol = \"socks5\"\nhost = \"{FILE_POOL_HOST}\"\nport = 1080\n\
         username = \"{FILE_POOL_USER}\"\npasswordEnv = \"POOL_TWO_PASSWORD\"\n\
         preset = \"iproyal\"\ncostPerGb = 2\n"
    )
}

persistence::both_backends! {

    #[actix_web::test]
    async fn pool_and_customer_passwords_stay_out_of_logs_and_answers(backend) {
        let logs = log_capture::captured();
        let app = TestApp::with_admin(backend).await;

        // A pool created and edited through the admin API.
        let created = app.post_json("/api/admin/upstreams", json!({
            "name": "Provider one", "kinds": ["premium", "budget"], "protocol": "http",
            "host": POOL_HOST, "port": 7000, "username": POOL_USER, "password": POOL_PASSWORD,
            "preset": "decodo", "costPerGb": 1.5 })).await;
        assert_eq!(created.status, 201, "{}", created.text);
        let id = created.body["upstream"]["id"].as_i64().unwrap();
        let edited = app.send(app.client.patch(app.url(&format!("/api/admin/upstreams/{id}")))
            .json(&json!({ "password": NEW_POOL_PASSWORD, "weight": 3 }))).await;
        assert_eq!(edited.status, 200, "{}", edited.text);
        // A bad edit's answer names the field, not the value.
        let bad = app.send(app.client.patch(app.url(&format!("/api/admin/upstreams/{id}")))
            .json(&json!({ "password": format!("{NEW_POOL_PASSWORD}\n"), "port": 0 }))).await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        assert!(!bad.text.contains(NEW_POOL_PASSWORD), "{}", bad.text);

        // Pools from a `PROXYSHOP_UPSTREAMS` file, the secret from the environment.
        let env = |name: &str| (name == "POOL_TWO_PASSWORD").then(|| FILE_POOL_PASSWORD.to_owned());
        let pools = match parse_file("upstreams.toml", &upstreams_file(), &env) {
            Ok(pools) => pools,
            Err(errors) => panic!("{errors:?}"),
        };
        assert_eq!(app.with_conn(|c| add_missing(c, &pools).unwrap()), ["From the file"]);
        let missing = |_: &str| None;
        let Err(errors) = parse_file("upstreams.toml", &upstreams_file(), &missing) else {
            panic!("a missing secret was accepted")
        };
        assert!(errors.concat().contains("POOL_TWO_PASSWORD"), "{errors:?}");

        // A customer with traffic generates lines and reads what the dashboard reads.
        let customer = app.customer(CUSTOMER).await;
        let user = app.user(CUSTOMER).unwrap();
        app.with_conn(|c| traffic::add_purchased(c, user.id, ProxyKind::Premium, 1_000_000_000, None).unwrap());
        let lines = app.post_json_with(&customer, "/api/user/generate", json!({
            "country": "us", "quantity": 3, "rotation": "sticky" })).await;
        assert_eq!(lines.status, 200, "{}", lines.text);
        assert!(lines.text.contains(&user.proxy_password), "the lines carry the customer's own credential");
        let sub = app.post_json_with(&customer, "/api/user/subusers", json!({
            "name": "worker1", "type": "premium", "limitGb": 1, "maxConnections": 5 })).await;
        assert_eq!(sub.status, 201, "{}", sub.text);
        let mut answers = vec![lines.text, sub.text];
        for path in ["/api/getuserinfo", "/api/user/proxy_history?type=premium", "/api/user/subusers",
                     "/api/user/get_starts", "/api/user/requests", "/api/user/usage?type=premium&days=7"] {
            let reply = app.get_with(&customer, path).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.text);
            answers.push(reply.text);
        }
        for answer in &answers {
            for upstream in [POOL_HOST, POOL_USER, FILE_POOL_HOST, FILE_POOL_USER] {
                assert!(!answer.contains(upstream), "{upstream} in a customer's answer: {answer}");
            }
        }

        let text = log_capture::text(&logs);
        assert!(text.contains("sub-user added"), "the capture sees the server's lines:\n{text}");
        for secret in [POOL_PASSWORD, NEW_POOL_PASSWORD, FILE_POOL_PASSWORD, user.proxy_password.as_str(), common::PASSWORD] {
            assert!(!text.contains(secret), "{secret} in the log:\n{text}");
        }
    }
}
