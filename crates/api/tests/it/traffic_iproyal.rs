//! Premium and Budget from IPRoyal (docs/providers.md#iproyal) against a local mock: a
//! purchase moves the bought GB to the customer's sub-user, generation builds IPRoyal's proxy
//! strings with the targeting in the password, and the sub-user's usage comes back into our
//! meter by difference (and may top the customer up automatically).

use crate::common::{PASSWORD, Providers, TestApp};
use secrecy::SecretString;
use serde_json::{Value, json};
use std::sync::Arc;
use upstream::{IpRoyalConfig, IpRoyalResidential, ResidentialSource};
use wiremock::matchers::{body_json, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const USER: &str = "royal@example.com";

fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

fn countries() -> Value {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../upstream/tests/fixtures/iproyal/countries.json"
    );
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

fn subuser(name: &str, available: f64, used: f64) -> Value {
    json!({ "hash": "hash-1", "username": name, "password": "royalPw",
            "traffic_available": available, "traffic_used": used })
}

async fn provider() -> (MockServer, Arc<dyn ResidentialSource>) {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/access/countries"))
        .respond_with(ok(countries()))
        .mount(&server)
        .await;
    let client = IpRoyalResidential::new(IpRoyalConfig {
        api_url: format!("{}/v1", server.uri()),
        ..IpRoyalConfig::new(SecretString::from("royal-token".to_owned()))
    })
    .unwrap();
    (server, Arc::new(client))
}

persistence::both_backends! {

    #[actix_web::test]
    async fn bought_traffic_moves_to_the_subuser_and_proxies_use_its_password(backend) {
        let (server, source) = provider().await;
        let app = TestApp::start_with(backend, Providers { residential: Some(source.clone()), ..Providers::default() }).await;
        app.register(USER, PASSWORD).await;
        let id = app.user_id(USER);
        let name = format!("ps{id}p");
        app.add_funds(25.0).await;

        // The first purchase: not found by search, created with the 5 GB bought.
        Mock::given(method("GET")).and(path("/v1/residential-subusers")).and(query_param("search", name.as_str()))
            .respond_with(ok(json!({ "data": [], "meta": { "current_page": 1, "last_page": 1 } })))
            .expect(1).mount(&server).await;
        let created = Mock::given(method("POST")).and(path("/v1/residential-subusers"))
            .respond_with(ok(subuser(&name, 5.0, 0.0)))
            .expect(1).mount_as_scoped(&server).await;
        let bought = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let body: Value = serde_json::from_slice(&created.received_requests().await[0].body).unwrap();
        assert_eq!((body["username"].as_str(), body["traffic"].as_f64()), (Some(name.as_str()), Some(5.0)));
        drop(created);

        let reply = app.post_json("/api/user/generate", json!({
            "country": "us", "state": "ca", "city": "losangeles", "quantity": 2,
            "rotation": "sticky", "port": "socks5" })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let proxies = reply.body["proxies"].as_array().unwrap();
        assert_eq!(proxies.len(), 2);
        let first = proxies[0].as_str().unwrap();
        let prefix = format!("geo.iproyal.com:32325:{name}:royalPw_country-us_state-california_city-losangeles_session-");
        assert!(first.starts_with(&prefix) && first.ends_with("_lifetime-30m"), "{first}");
        assert_ne!(proxies[0], proxies[1], "each sticky proxy has its own session");
        let history = app.get("/api/user/proxy_history?type=premium").await;
        assert_eq!(history.body["history"].as_array().unwrap().len(), 2);

        // The sync reads usage by hash and records what grew, once.
        Mock::given(method("GET")).and(path("/v1/residential-subusers/hash-1"))
            .respond_with(ok(subuser(&name, 4.75, 0.25))).mount(&server).await;
        assert_eq!(app::traffic::sync_all(app.pool(), source.as_ref(), std::time::Duration::from_secs(3600)).await.unwrap(), 1);
        assert_eq!(app::traffic::sync_all(app.pool(), source.as_ref(), std::time::Duration::from_secs(3600)).await.unwrap(), 1);
        let stats = app.get("/api/user/get_starts").await;
        assert_eq!(stats.body["premiumStat"]["usedTraffic"], 0.25);
        assert_eq!(stats.body["premiumStat"]["availableTraffic"], 4.75);

        // A place IPRoyal does not list is refused without a proxy.
        let unknown = app.post_json("/api/user/generate", json!({
            "country": "fr", "state": "idf", "city": "paris", "quantity": 1,
            "rotation": "random", "port": "http|https" })).await;
        assert_eq!((unknown.status, unknown.message()), (422, "This location is not available"));
    }

    async fn a_second_purchase_gives_only_the_difference(backend) {
        let (server, source) = provider().await;
        let app = TestApp::start_with(backend, Providers { residential: Some(source), ..Providers::default() }).await;
        app.register(USER, PASSWORD).await;
        let id = app.user_id(USER);
        let name = format!("ps{id}b");
        app.add_funds(25.0).await;
        app.with_conn(|conn| persistence::upstream_accounts::save(conn, id, domain::ProxyKind::Budget, "iproyal", "hash-1", &name, "royalPw").unwrap());
        app.with_conn(|conn| persistence::write_transaction(conn, |c| persistence::traffic::add_purchased(c, id, domain::ProxyKind::Budget, 5_000_000_000, None)).unwrap());
        Mock::given(method("GET")).and(path("/v1/residential-subusers/hash-1"))
            .respond_with(ok(subuser(&name, 5.0, 0.0))).expect(1).mount(&server).await;
        Mock::given(method("POST")).and(path("/v1/residential-subusers/hash-1/give-traffic"))
            .and(body_json(json!({ "amount": 5.0 })))
            .respond_with(ok(json!({}))).expect(1).mount(&server).await;
        let bought = app.post_json("/api/user/get_plan", json!({ "type": "budget", "amount": 5 })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);

        // Budget strings carry the city and the rotation time as a session lifetime.
        let reply = app.post_json("/api/user/generate_budget", json!({
            "country": "us", "city": "-city-chicago", "quantity": 1, "lifetime": 60,
            "rotation": "random", "port": "http|https" })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let line = reply.body["proxies"][0].as_str().unwrap();
        assert!(line.starts_with(&format!("geo.iproyal.com:12321:{name}:royalPw_country-us_city-chicago_session-")), "{line}");
        assert!(line.ends_with("_lifetime-1h"), "{line}");
    }

    async fn a_provider_that_fails_gives_a_clear_error_and_no_history(backend) {
        let server = MockServer::start().await;
        Mock::given(method("GET")).respond_with(ResponseTemplate::new(500)).mount(&server).await;
        let source: Arc<dyn ResidentialSource> = Arc::new(IpRoyalResidential::new(IpRoyalConfig {
            api_url: format!("{}/v1", server.uri()),
            ..IpRoyalConfig::new(SecretString::from("royal-token".to_owned()))
        }).unwrap());
        let app = TestApp::start_with(backend, Providers { residential: Some(source), ..Providers::default() }).await;
        app.register(USER, PASSWORD).await;
        app.add_funds(25.0).await;
        // The purchase itself stands: our balance is the truth, the sync retries later.
        let bought = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let reply = app.post_json("/api/user/generate", json!({
            "country": "us", "state": "ca", "city": "losangeles", "quantity": 1,
            "rotation": "random", "port": "http|https" })).await;
        assert_eq!((reply.status, reply.message()), (502, "The proxy provider is unavailable. Please try again later"));
        assert!(!reply.text.contains("royal-token"));
        let history = app.get("/api/user/proxy_history?type=premium").await;
        assert_eq!(history.body["history"], json!([]));
    }

    async fn racing_syncs_give_the_bought_traffic_once(backend) {
        let (server, source) = provider().await;
        let app = TestApp::start_with(backend, Providers { residential: Some(source.clone()), ..Providers::default() }).await;
        app.register(USER, PASSWORD).await;
        let id = app.user_id(USER);
        let name = format!("ps{id}p");
        app.with_conn(|conn| persistence::upstream_accounts::save(conn, id, domain::ProxyKind::Premium, "iproyal", "hash-1", &name, "royalPw").unwrap());
        app.with_conn(|conn| persistence::write_transaction(conn, |c| persistence::traffic::add_purchased(c, id, domain::ProxyKind::Premium, 10_000_000_000, None)).unwrap());
        // The sub-user holds 5 GB of the 10 bought; a slow answer keeps the syncs overlapping.
        Mock::given(method("GET")).and(path("/v1/residential-subusers/hash-1"))
            .respond_with(ok(subuser(&name, 5.0, 0.0)).set_delay(std::time::Duration::from_millis(300)))
            .mount(&server).await;
        Mock::given(method("POST")).and(path("/v1/residential-subusers/hash-1/give-traffic"))
            .and(body_json(json!({ "amount": 5.0 })))
            .respond_with(ok(json!({}))).expect(1).mount(&server).await;
        let syncs = (0..4).map(|_| app::traffic::sync_customer(app.pool(), source.as_ref(), id, domain::ProxyKind::Premium));
        for result in futures::future::join_all(syncs).await {
            assert_eq!(result.unwrap().unwrap().external_id, "hash-1");
        }
    }

    async fn usage_read_back_below_the_threshold_tops_up_once(backend) {
        let (server, source) = provider().await;
        let app = TestApp::start_with(backend, Providers { residential: Some(source.clone()), ..Providers::default() }).await;
        app.register(USER, PASSWORD).await;
        let id = app.user_id(USER);
        let name = format!("ps{id}b");
        app.add_funds(100.0).await;
        app.with_conn(|conn| persistence::upstream_accounts::save(conn, id, domain::ProxyKind::Budget, "iproyal", "hash-1", &name, "royalPw").unwrap());
        app.with_conn(|conn| persistence::write_transaction(conn, |c| persistence::traffic::add_purchased(c, id, domain::ProxyKind::Budget, 5_000_000_000, None)).unwrap());
        let plans = app.get("/api/user/plan?type=budget").await;
        let plan = &plans.body["plan"]["plans"][0];
        let (plan_id, amount) = (plan["id"].as_i64().unwrap(), plan["amount"].as_i64().unwrap());
        // Saved with 5 GB left: not due yet.
        let saved = app.send(app.client.put(app.url("/api/user/auto_topup"))
            .json(&json!({"type": "budget", "enabled": true, "belowGb": 4.5, "planId": plan_id}))).await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        assert_eq!(saved.body["items"][1]["lastRunAt"], Value::Null);

        // The provider carried 1 GB: 4 GB left, below 4.5, so the plan is bought once.
        Mock::given(method("GET")).and(path("/v1/residential-subusers/hash-1"))
            .respond_with(ok(subuser(&name, 4.0, 1.0))).mount(&server).await;
        Mock::given(method("POST")).and(path("/v1/residential-subusers/hash-1/give-traffic"))
            .respond_with(ok(json!({}))).mount(&server).await;
        let window = std::time::Duration::from_secs(3600);
        app::traffic::sync_all(app.pool(), source.as_ref(), window).await.unwrap();
        app::traffic::sync_all(app.pool(), source.as_ref(), window).await.unwrap();
        let traffic = app.with_conn(|c| persistence::traffic::balance(c, id, domain::ProxyKind::Budget).unwrap());
        assert_eq!(traffic, (5_000_000_000 + amount * 1_000_000_000, 1_000_000_000));
        let purchases = app.ledger(USER).iter().filter(|e| e.kind.as_str() == "purchase").count();
        assert_eq!(purchases, 1);
    }
}
