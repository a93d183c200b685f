//! Generating with less targeting (docs/api.md#traffic-and-generators): a country alone, a
//! Premium state without a city, or nothing at all (any country); the lines carry only the
//! targeting chosen, and the gateway's username syntax reads them back.

use crate::traffic_generate::{USER, parts, with_traffic};
use domain::{ProxyKind, Targeting};
use serde_json::json;

persistence::both_backends! {

    #[actix_web::test]
    async fn a_country_alone_targets_only_the_country(backend) {
        let app = with_traffic(backend).await;
        let base = app.user(USER).unwrap().proxy_username;

        let premium = app.post_json("/api/user/generate", json!({ "country": "US", "quantity": 1 })).await;
        assert_eq!(premium.status, 200, "{}", premium.text);
        assert_eq!(parts(&premium).2, format!("{base}-type-premium-country-us"));

        // Blank state and city are "any", as the front end sends them.
        let blank = json!({ "country": "us", "state": "", "city": "", "quantity": 1, "rotation": "sticky" });
        let sticky = app.post_json("/api/user/generate", blank).await;
        assert_eq!(sticky.status, 200, "{}", sticky.text);
        let (_, t) = Targeting::parse(&parts(&sticky).2).unwrap();
        assert_eq!((t.country.as_deref(), t.state, t.city, t.lifetime_minutes), (Some("us"), None, None, Some(30)));

        let state_only = app.post_json("/api/user/generate", json!({ "country": "us", "state": "ca", "quantity": 1 })).await;
        assert_eq!(parts(&state_only).2, format!("{base}-type-premium-country-us-state-ca"));

        let budget = json!({ "country": "de", "state": "", "city": "", "quantity": 1, "lifetime": 60, "rotation": "random" });
        let budget = app.post_json("/api/user/generate_budget", budget).await;
        assert_eq!(budget.status, 200, "{}", budget.text);
        let (found, t) = Targeting::parse(&parts(&budget).2).unwrap();
        assert_eq!(found, base);
        assert_eq!((t.kind, t.country.as_deref(), t.state, t.city, t.lifetime_minutes), (ProxyKind::Budget, Some("de"), None, None, Some(60)));
    }

    async fn no_country_targets_any_country(backend) {
        let app = with_traffic(backend).await;
        let base = app.user(USER).unwrap().proxy_username;

        for body in [json!({ "quantity": 1 }), json!({ "country": null, "state": null, "city": null, "quantity": 1 }),
                     json!({ "country": " ", "state": "", "city": "", "quantity": 1 })] {
            let reply = app.post_json("/api/user/generate", body.clone()).await;
            assert_eq!(reply.status, 200, "{body}: {}", reply.text);
            assert_eq!(reply.message(), "Proxy generated successfully");
            assert_eq!(parts(&reply).2, format!("{base}-type-premium"), "{body}");
        }
        let budget = app.post_json("/api/user/generate_budget", json!({ "quantity": 1, "rotation": "sticky", "lifetime": 0, "port": "socks5" })).await;
        assert_eq!(budget.status, 200, "{}", budget.text);
        let (_, port, username, _) = parts(&budget);
        assert_eq!(port, 8001);
        let (_, t) = Targeting::parse(&username).unwrap();
        assert_eq!((t.kind, t.country, t.state, t.city), (ProxyKind::Budget, None, None, None));
        assert_eq!((t.session.map(|s| s.len()), t.lifetime_minutes), (Some(8), Some(1440)));

        let history = app.get("/api/user/proxy_history?type=premium").await;
        assert_eq!(history.body["history"].as_array().unwrap().len(), 3);
        assert_eq!(history.body["history"][0]["proxy"].as_str().unwrap().split(':').nth(2), Some(format!("{base}-type-premium").as_str()));
    }

    async fn a_state_or_city_without_a_country_is_refused_whatever_else_is_right(backend) {
        let app = with_traffic(backend).await;
        for (path, body) in [
            ("/api/user/generate", json!({ "state": "ca", "quantity": 1 })),
            ("/api/user/generate", json!({ "country": "", "state": "ca", "city": "losangeles", "quantity": 1 })),
            ("/api/user/generate_budget", json!({ "state": "ca", "quantity": 1 })),
            ("/api/user/generate_budget", json!({ "city": "-city-losangeles", "quantity": 1 })),
        ] {
            let reply = app.post_json(path, body.clone()).await;
            assert_eq!((reply.status, reply.message()), (422, "Choose a country before a state or city"), "{path} {body}");
            assert_eq!(reply.body["fields"], json!({ "country": "Choose a country before a state or city" }), "{path} {body}");
        }
        let city_alone = app.post_json("/api/user/generate", json!({ "country": "us", "city": "losangeles", "quantity": 1 })).await;
        assert_eq!((city_alone.status, city_alone.message()), (422, "Choose a state before a city"));
        for kind in ["premium", "budget"] {
            let history = app.get(&format!("/api/user/proxy_history?type={kind}")).await;
            assert!(history.body["history"].as_array().unwrap().is_empty(), "nothing recorded for a refusal");
        }
    }
}
