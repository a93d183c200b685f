//! The free trial's limits as the customer and the operator see them: trials counted per network
//! (an IPv4 /24, an IPv6 /64) and UTC day, a sign-up refused a trial told so with the reason (in
//! the registration's answer and on the dashboard), and the operator's list of limited networks
//! with the audited allowance that lets one network have more trials today.

use crate::common::customers::ADMIN;
use crate::common::{PASSWORD, Reply, TestApp};
use domain::network::TrustedProxies;
use serde_json::{Value, json};

/// Trials on, 3 per network a day, and each request's address its `X-Forwarded-For` (the test
/// client is the trusted proxy).
async fn app(backend: persistence::Backend) -> TestApp {
    TestApp::start(backend, |s| {
        s.trial_mb = 100;
        s.trial_per_ip_per_day = 3;
        s.trusted_proxies = TrustedProxies::parse("127.0.0.1").unwrap();
    })
    .await
}

/// Registers `email` from `address` on a client of its own: (the answer, that client).
async fn sign_up_from(app: &TestApp, email: &str, address: &str) -> (Reply, reqwest::Client) {
    let code = app.code_for(email).await;
    let client = app.new_client();
    let reply = app
        .send(
            client
                .post(app.url("/api/register"))
                .header("x-forwarded-for", address)
                .json(&TestApp::registration(email, PASSWORD, &code)),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    (reply, client)
}

async fn trial_on_dashboard(app: &TestApp, client: &reqwest::Client) -> Value {
    let stats = app.get_with(client, "/api/user/get_starts").await;
    assert_eq!(stats.status, 200, "{}", stats.text);
    stats.body["trial"].clone()
}

fn premium_bytes(app: &TestApp, email: &str) -> i64 {
    let id = app.user_id(email);
    app.with_conn(|c| {
        persistence::traffic::balance(c, id, domain::ProxyKind::Premium)
            .unwrap()
            .0
    })
}

/// The app with an admin signed in on the main client (from 127.0.0.1: another network).
async fn with_admin(backend: persistence::Backend) -> TestApp {
    let app = app(backend).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    app
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_fourth_sign_up_from_one_network_is_told_it_got_no_trial(backend) {
        let app = app(backend).await;
        // Three addresses of one /24 share its three trials.
        for (n, address) in ["203.0.113.5", "203.0.113.6", "203.0.113.200"].iter().enumerate() {
            let (reply, client) = sign_up_from(&app, &format!("user{n}@example.com"), address).await;
            assert_eq!(reply.body["trial"]["state"], json!("active"), "{}", reply.text);
            let ends = reply.body["trial"]["endsAt"].as_i64().unwrap();
            assert!(ends > persistence::now() + 86_400 - 60, "{ends}");
            let shown = trial_on_dashboard(&app, &client).await;
            assert_eq!(shown, json!({"state": "active", "endsAt": ends, "reason": null}));
        }
        let (fourth, client) = sign_up_from(&app, "user3@example.com", "203.0.113.77").await;
        assert_eq!(fourth.body["message"], json!("Account created successfully"));
        assert_eq!(fourth.body["trial"], json!({"state": "refused", "endsAt": null, "reason": "network"}));
        assert_eq!(premium_bytes(&app, "user3@example.com"), 0);
        assert_eq!(
            trial_on_dashboard(&app, &client).await,
            json!({"state": "refused", "endsAt": null, "reason": "network"})
        );
        // The next /24 has trials of its own.
        let (other, _) = sign_up_from(&app, "user4@example.com", "203.0.114.5").await;
        assert_eq!(other.body["trial"]["state"], json!("active"), "{}", other.text);
        assert_eq!(premium_bytes(&app, "user4@example.com"), 100_000_000);
    }

    async fn a_mailbox_with_a_trial_before_is_told_why(backend) {
        let app = app(backend).await;
        sign_up_from(&app, "ab@gmail.com", "198.51.100.1").await;
        // The account goes; its mailbox's trial stays spent.
        let id = app.user_id("ab@gmail.com");
        app.with_conn(|c| {
            use diesel::prelude::*;
            diesel::delete(persistence::schema::users::table.find(id)).execute(c).unwrap()
        });

        let (again, client) = sign_up_from(&app, "A.B+two@googlemail.com", "192.0.2.1").await;

        assert_eq!(again.body["trial"], json!({"state": "refused", "endsAt": null, "reason": "mailbox"}));
        assert_eq!(trial_on_dashboard(&app, &client).await["reason"], json!("mailbox"));
    }

    async fn a_paying_customer_is_past_the_trial(backend) {
        let app = app(backend).await;
        app.register("payer@example.com", PASSWORD).await;
        assert_eq!(trial_on_dashboard(&app, &app.client).await["state"], json!("active"));
        app.add_funds(5.0).await;
        assert_eq!(trial_on_dashboard(&app, &app.client).await, Value::Null);
    }

    async fn the_operator_sees_a_limited_network_and_allows_it_more(backend) {
        let app = with_admin(backend).await;
        for n in 0..4 {
            sign_up_from(&app, &format!("office{n}@example.com"), &format!("198.51.100.{}", 10 + n)).await;
        }
        let listed = app.get("/api/admin/trials/networks").await;
        assert_eq!(listed.status, 200, "{}", listed.text);
        assert_eq!(listed.body["day"], json!(domain::calendar::utc_day(persistence::now())));
        assert_eq!(listed.body["perNetwork"], json!(3));
        assert_eq!(
            listed.body["networks"],
            json!([{"network": "198.51.100.0/24", "trials": 3, "allowance": 0, "limit": 3,
                "refused": 1, "atLimit": true}])
        );

        let allowed = app
            .post_json("/api/admin/trials/networks",
                json!({"network": "198.51.100.99", "trials": 2, "reason": "University open day"}))
            .await;
        assert_eq!(allowed.status, 200, "{}", allowed.text);
        assert_eq!(
            allowed.body,
            json!({"network": "198.51.100.0/24", "trials": 3, "allowance": 2, "limit": 5,
                "refused": 1, "atLimit": false})
        );
        let audit = app.audit_rows();
        let row = audit.first().expect("an audit row");
        assert_eq!(row.action, "trial.network.allow");
        assert_eq!(row.target.as_deref(), Some("network:198.51.100.0/24"));
        assert_eq!(row.detail.as_deref(), Some("University open day"));

        // Two more trials, then the network is at its new limit.
        for n in 4..7 {
            let (reply, _) = sign_up_from(&app, &format!("office{n}@example.com"), "198.51.100.50").await;
            let expected = if n < 6 { "active" } else { "refused" };
            assert_eq!(reply.body["trial"]["state"], json!(expected), "office{n}: {}", reply.text);
        }
        let listed = app.get("/api/admin/trials/networks").await;
        assert_eq!(listed.body["networks"][0]["trials"], json!(5), "{}", listed.text);
        assert_eq!(listed.body["networks"][0]["refused"], json!(2));
        assert_eq!(listed.body["networks"][0]["atLimit"], json!(true));
    }

    async fn a_bad_allowance_is_refused_and_writes_nothing(backend) {
        let app = with_admin(backend).await;
        let before = app.audit_rows().len();
        for (body, field) in [
            (json!({"network": "somewhere", "trials": 2, "reason": "Office"}), "network"),
            (json!({"network": "203.0.113", "trials": 2, "reason": "Office"}), "network"),
            (json!({"network": "203.0.113.0/24", "trials": 0, "reason": "Office"}), "trials"),
            (json!({"network": "203.0.113.0/24", "trials": 1001, "reason": "Office"}), "trials"),
            (json!({"network": "203.0.113.0/24", "trials": 1.5, "reason": "Office"}), "trials"),
            (json!({"network": "203.0.113.0/24", "trials": "2", "reason": "Office"}), "trials"),
            (json!({"network": "203.0.113.0/24", "trials": 2}), "reason"),
        ] {
            let reply = app.post_json("/api/admin/trials/networks", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert!(reply.body["fields"][field].is_string(), "{body}: {}", reply.text);
        }
        assert_eq!(
            app.post_json("/api/admin/trials/networks", json!({"network": "1.2.3.4", "trials": 1}))
                .await.body["fields"]["reason"],
            json!("Please give a reason (3–200 characters)")
        );
        assert_eq!(app.audit_rows().len(), before);
        let listed = app.get("/api/admin/trials/networks").await;
        assert_eq!(listed.body["networks"], json!([]), "{}", listed.text);

        // A customer may do neither.
        let customer = app.customer("someone@example.com").await;
        assert_eq!(app.get_with(&customer, "/api/admin/trials/networks").await.status, 403);
        let post = app
            .post_json_with(&customer, "/api/admin/trials/networks",
                json!({"network": "203.0.113.0/24", "trials": 2, "reason": "Office"}))
            .await;
        assert_eq!(post.status, 403);
    }
}
