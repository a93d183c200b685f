//! Generating residential proxies (docs/api.md#traffic-and-generators): the payloads and mappings,
//! every validation message, the traffic requirement, the targeting in the username, history,
//! and usage read back from the meter.

use crate::common::{PASSWORD, TestApp};
use serde_json::{Value, json};

pub(crate) const USER: &str = "gen@example.com";

/// A signed-in customer with 5 GB of Premium and 5 GB of Budget.
pub(crate) async fn with_traffic(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(USER, PASSWORD).await;
    let id = app.top_up(25.0).await;
    app.pay(&id).await;
    for kind in ["premium", "budget"] {
        let reply = app
            .post_json("/api/user/get_plan", json!({ "type": kind, "amount": 5 }))
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    app
}

pub(crate) fn premium(rotation: &str, port: &str) -> Value {
    json!({ "country": "us", "state": "ca", "city": "losangeles", "quantity": 1, "rotation": rotation, "port": port })
}

/// host, port, username, password of the single generated proxy.
pub(crate) fn parts(reply: &crate::common::Reply) -> (String, u16, String, String) {
    let line = reply.body["proxies"][0].as_str().unwrap();
    let p: Vec<&str> = line.split(':').collect();
    assert_eq!(p.len(), 4, "{line}");
    (
        p[0].to_owned(),
        p[1].parse().unwrap(),
        p[2].to_owned(),
        p[3].to_owned(),
    )
}

persistence::both_backends! {

    #[actix_web::test]
    async fn premium_proxies_carry_the_targeting(backend) {
        let app = with_traffic(backend).await;
        let user = app.user(USER).unwrap();

        let rotating = app.post_json("/api/user/generate", premium("random", "http|https")).await;
        assert_eq!(rotating.status, 200, "{}", rotating.text);
        assert_eq!(rotating.message(), "Proxy generated successfully");
        let (host, port, username, password) = parts(&rotating);
        assert_eq!((host.as_str(), port), ("127.0.0.1", 8000));
        assert_eq!(username, format!("{}-type-premium-country-us-state-ca-city-losangeles", user.proxy_username));
        assert_eq!(password, user.proxy_password);

        let sticky = app.post_json("/api/user/generate", premium("sticky", "socks5")).await;
        let (_, port, username, _) = parts(&sticky);
        assert_eq!(port, 8001, "SOCKS5 proxies use the SOCKS port");
        let (_, targeting) = domain::Targeting::parse(&username).unwrap();
        assert_eq!(targeting.session.as_ref().map(String::len), Some(8));
        assert_eq!(targeting.lifetime_minutes, Some(30));

        let history = app.get("/api/user/proxy_history?type=premium").await;
        let items = history.body["history"].as_array().unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0]["proxy"], sticky.body["proxies"][0], "newest first");
        assert_eq!(items[0]["type"], "premium");
        assert!(app.get("/api/user/proxy_history?type=budget").await.body["history"].as_array().unwrap().is_empty());
    }

    async fn budget_proxies_map_city_and_rotation_time(backend) {
        let app = with_traffic(backend).await;
        let body = |rotation: &str, lifetime: u32| json!({
            "country": "us", "state": "", "city": "-city-losangeles", "quantity": 1,
            "lifetime": lifetime, "rotation": rotation, "port": "http|https",
        });
        let rotating = app.post_json("/api/user/generate_budget", body("random", 60)).await;
        assert_eq!(rotating.status, 200, "{}", rotating.text);
        let (_, t) = domain::Targeting::parse(&parts(&rotating).2).unwrap();
        assert_eq!((t.kind, t.city.as_deref(), t.lifetime_minutes), (domain::ProxyKind::Budget, Some("losangeles"), Some(60)));
        let sticky = app.post_json("/api/user/generate_budget", body("sticky", 0)).await;
        let (_, t) = domain::Targeting::parse(&parts(&sticky).2).unwrap();
        assert_eq!(t.lifetime_minutes, Some(1440));
        let odd = app.post_json("/api/user/generate_budget", body("random", 7)).await;
        assert_eq!(odd.status, 422, "{}", odd.text);
    }

    async fn missing_fields_and_unknown_places_are_refused(backend) {
        let app = with_traffic(backend).await;
        let without = |field: &str| {
            let mut body = premium("random", "http|https");
            body[field] = Value::Null;
            body
        };
        let reply = app.post_json("/api/user/generate", without("quantity")).await;
        assert_eq!((reply.status, reply.message()), (422, "Please select all the fields"));
        assert_eq!(reply.body["fields"], json!({ "quantity": "Please select all the fields" }));
        // A state and city need their country, a Premium city its state.
        let reply = app.post_json("/api/user/generate", without("country")).await;
        assert_eq!((reply.status, reply.message()), (422, "Choose a country before a state or city"));
        assert_eq!(reply.body["fields"], json!({ "country": "Choose a country before a state or city" }));
        let reply = app.post_json("/api/user/generate", without("state")).await;
        assert_eq!((reply.status, reply.message()), (422, "Choose a state before a city"));
        assert_eq!(reply.body["fields"], json!({ "state": "Choose a state before a city" }));
        let budget = app.post_json("/api/user/generate_budget", json!({ "city": "-city-losangeles", "quantity": 1 })).await;
        assert_eq!((budget.status, budget.message()), (422, "Choose a country before a state or city"));
        // Values given keep their rules: an unknown country, state or city is not available.
        for (field, value) in [("country", "zz"), ("state", "zz"), ("city", "atlantis")] {
            let mut nowhere = premium("random", "http|https");
            nowhere[field] = json!(value);
            let reply = app.post_json("/api/user/generate", nowhere).await;
            assert_eq!((reply.status, reply.message()), (422, "This location is not available"), "{field}");
            assert_eq!(reply.body["fields"]["country"], "This location is not available", "{field}");
        }
        for body in [json!({ "country": "zz", "quantity": 1 }), json!({ "country": "us", "city": "-city-atlantis", "quantity": 1 })] {
            let reply = app.post_json("/api/user/generate_budget", body).await;
            assert_eq!((reply.status, reply.message()), (422, "This location is not available"));
        }
        let mut bad_port = premium("random", "ftp");
        bad_port["port"] = json!("ftp");
        assert_eq!(app.post_json("/api/user/generate", bad_port).await.status, 422);
        assert!(app.get("/api/user/proxy_history?type=premium").await.body["history"].as_array().unwrap().is_empty());
        assert!(app.get("/api/user/proxy_history?type=budget").await.body["history"].as_array().unwrap().is_empty());
    }

    async fn a_hundred_sticky_lines_each_have_their_own_session(backend) {
        let app = with_traffic(backend).await;
        let user = app.user(USER).unwrap();
        let mut body = premium("sticky", "http|https");
        body["quantity"] = json!(100);
        let reply = app.post_json("/api/user/generate", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let lines = reply.body["proxies"].as_array().unwrap();
        assert_eq!(lines.len(), 100);
        let mut sessions = std::collections::HashSet::new();
        for line in lines {
            let p: Vec<&str> = line.as_str().unwrap().split(':').collect();
            let (base, t) = domain::Targeting::parse(p[2]).unwrap();
            assert_eq!((base.as_str(), p[3]), (user.proxy_username.as_str(), user.proxy_password.as_str()));
            assert_eq!(t.lifetime_minutes, Some(30));
            sessions.insert(t.session.unwrap());
        }
        assert_eq!(sessions.len(), 100, "every sticky line has its own session id");
        let history = app.get("/api/user/proxy_history?type=premium").await;
        assert_eq!(history.body["history"].as_array().unwrap().len(), 100);

        let budget = json!({ "country": "us", "city": "-city-losangeles", "quantity": 1000, "lifetime": 0, "rotation": "sticky", "port": "socks5" });
        let reply = app.post_json("/api/user/generate_budget", budget).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["proxies"].as_array().unwrap().len(), 1000, "1000 is the most");
    }

    async fn a_quantity_is_a_plain_whole_number(backend) {
        let app = with_traffic(backend).await;
        let float = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        for path in ["/api/user/generate", "/api/user/generate_budget"] {
            let with = |quantity: Value| {
                let mut body = premium("random", "http|https");
                if path.ends_with("budget") {
                    body = json!({ "country": "us", "city": "-city-losangeles", "rotation": "random", "lifetime": 15 });
                }
                body["quantity"] = quantity;
                body
            };
            for bad in [json!("1e2"), json!("2e0"), json!(2.5), json!(" 2"), json!("+2"),
                        json!(-1), json!("-1"), json!(true), json!([2]), float("1e20")] {
                let reply = app.post_json(path, with(bad.clone())).await;
                assert_eq!((reply.status, reply.message()), (422, "Please enter a valid quantity"), "{path} {bad}");
                assert_eq!(reply.body["fields"]["quantity"], "Please enter a valid quantity", "{path} {bad}");
            }
            for over in [json!(5_000_000_000_u64), json!("1001"), json!("99999999999999999999999")] {
                let reply = app.post_json(path, with(over.clone())).await;
                assert_eq!((reply.status, reply.message()), (422, "Quantity must be between 1 and 1000"), "{path} {over}");
                assert_eq!(reply.body["fields"]["quantity"], "Quantity must be between 1 and 1000", "{path} {over}");
            }
            for missing in [json!(null), json!(""), json!("  ")] {
                let reply = app.post_json(path, with(missing.clone())).await;
                assert_eq!((reply.status, reply.message()), (422, "Please select all the fields"), "{path} {missing}");
                assert_eq!(reply.body["fields"], json!({ "quantity": "Please select all the fields" }), "{path} {missing}");
            }
            let kind = if path.ends_with("budget") { "budget" } else { "premium" };
            let history = app.get(&format!("/api/user/proxy_history?type={kind}")).await;
            assert!(history.body["history"].as_array().unwrap().is_empty(), "{path}");
            let reply = app.post_json(path, with(json!("2"))).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.text);
            assert_eq!(reply.body["proxies"].as_array().unwrap().len(), 2, "{path}");
            // A whole number by value, however written (`2.0`, `2e0`), as JSON Schema's integer.
            for whole in [json!(2.0), float("2e0")] {
                let reply = app.post_json(path, with(whole.clone())).await;
                assert_eq!(reply.status, 200, "{path} {whole}: {}", reply.text);
                assert_eq!(reply.body["proxies"].as_array().unwrap().len(), 2, "{path} {whole}");
            }
        }
    }

    async fn a_quantity_out_of_range_has_its_own_message(backend) {
        let app = with_traffic(backend).await;
        for quantity in [0, 1001, 100_000] {
            let mut body = premium("random", "http|https");
            body["quantity"] = json!(quantity);
            let reply = app.post_json("/api/user/generate", body).await;
            assert_eq!((reply.status, reply.message()), (422, "Quantity must be between 1 and 1000"), "{quantity}");
            let budget = json!({ "country": "us", "city": "-city-losangeles", "quantity": quantity, "rotation": "random", "lifetime": 15 });
            let reply = app.post_json("/api/user/generate_budget", budget).await;
            assert_eq!((reply.status, reply.message()), (422, "Quantity must be between 1 and 1000"), "{quantity}");
        }
        assert!(app.get("/api/user/proxy_history?type=premium").await.body["history"].as_array().unwrap().is_empty());
    }

    async fn no_traffic_no_proxy(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(USER, PASSWORD).await;
        let reply = app.post_json("/api/user/generate", premium("random", "http|https")).await;
        assert_eq!((reply.status, reply.message()), (402, "No traffic left for this plan. Buy a plan first."));
        let guest = app.post_json_with(&app.new_client(), "/api/user/generate", premium("random", "http|https")).await;
        assert_eq!(guest.status, 401);
    }

    async fn usage_comes_from_the_meter(backend) {
        let app = with_traffic(backend).await;
        let id = app.user_id(USER);
        let today = domain::calendar::utc_day(persistence::now());
        app.with_conn(|conn| persistence::traffic::record_usage(conn, id, domain::ProxyKind::Premium, &today, 1_500_000_000).unwrap());
        let stats = app.get("/api/user/get_starts").await;
        assert_eq!(stats.body["success"], true);
        assert_eq!(stats.body["premiumStat"]["usedTraffic"], 1.5);
        assert_eq!(stats.body["premiumStat"]["availableTraffic"], 3.5);
        let usage = app.get("/api/user/usage?type=premium&days=7").await;
        assert_eq!(usage.body["days"], json!([{ "day": today, "bytes": 1_500_000_000i64 }]));
        assert_eq!(app.get("/api/user/usage?type=budget").await.body["days"], json!([]));
        let locations = app.get("/api/user/residential_location").await;
        let us = locations.body["locations"].as_array().unwrap().iter().find(|c| c["code"] == "us").unwrap().clone();
        assert!(us["states"].as_array().unwrap().iter().any(|s| s["code"] == "ca"));
        let budget = app.get("/api/user/budget_residential_location").await;
        assert!(budget.body["locations"].as_array().unwrap().len() >= 195);
    }

    async fn the_forecast_is_the_pace_of_the_last_seven_days(backend) {
        let app = with_traffic(backend).await;
        let id = app.user_id(USER);
        let day = |ago: i64| domain::calendar::utc_day(persistence::now() - ago * 86_400);
        let used = [(0, 1_500_000_000), (3, 500_000_000), (10, 500_000_000)];
        app.with_conn(|conn| {
            for (ago, bytes) in used {
                persistence::traffic::record_usage(conn, id, domain::ProxyKind::Premium, &day(ago), bytes).unwrap();
            }
        });
        let before = persistence::now();
        let stats = app.get("/api/user/get_starts").await;
        let after = persistence::now();
        let premium = &stats.body["premiumStat"];
        assert_eq!(premium["availableTraffic"], 2.5, "{}", stats.text);
        // 2 GB in the window (the day 10 days ago is not in it), over the time since its start.
        let pace = |now: i64| domain::forecast::forecast(2_000_000_000, 2_500_000_000, now);
        let average = premium["dailyAverageGb"].as_f64().unwrap();
        assert!((pace(after).daily_average_gb()..=pace(before).daily_average_gb()).contains(&average), "{average}");
        let runs_out = premium["runsOutAt"].as_i64().unwrap();
        assert!((pace(before).runs_out_at.unwrap()..=pace(after).runs_out_at.unwrap()).contains(&runs_out), "{runs_out}");
        let budget = &stats.body["budgetStat"];
        assert_eq!((budget["dailyAverageGb"].as_f64(), budget["runsOutAt"].as_i64()), (Some(0.0), None));
    }
}
