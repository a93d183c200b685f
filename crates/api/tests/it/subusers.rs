//! Sub-users' routes (docs/api.md#sub-users): `GET/POST /api/user/subusers`,
//! `PATCH/DELETE /api/user/subusers/{id}` and `PUT /api/user/proxy_settings`; the checks of each
//! field, one owner per sub-user (404 for another customer's), at most 50, unique names, every
//! change told to the gateway nodes in its transaction, and generating lines with a sub-user's
//! credential.

use crate::common::{PASSWORD, TestApp};
use persistence::gateway_events::{self, Reason};
use serde_json::{Value, json};

const EMAIL: &str = "subs@example.com";

async fn app(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(EMAIL, PASSWORD).await;
    app
}

fn credential_events(app: &TestApp) -> usize {
    let mut conn = app.pool().get().unwrap();
    gateway_events::since(&mut conn, 0, 1000)
        .unwrap()
        .iter()
        .filter(|e| e.reason == Some(Reason::CredentialChanged))
        .count()
}

async fn patch(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    body: Value,
) -> crate::common::Reply {
    app.send(client.patch(app.url(path)).json(&body)).await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_sub_user_is_added_listed_changed_and_removed(backend) {
        let app = app(backend).await;
        let user = app.user(EMAIL).unwrap();
        let empty = app.get("/api/user/subusers").await;
        assert_eq!(empty.status, 200, "{}", empty.text);
        assert_eq!(empty.body, json!({ "main": { "username": user.proxy_username, "maxConnections": null }, "items": [] }));

        let reply = app
            .post_json("/api/user/subusers", json!({ "name": "scraper1", "type": "budget", "limitGb": 2.5, "maxConnections": 20 }))
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let item = reply.body.clone();
        let id = item["id"].as_i64().unwrap();
        assert_eq!(item["name"], "scraper1");
        assert_eq!(item["type"], "budget");
        assert_eq!(item["username"], format!("{}-sub-scraper1", user.proxy_username));
        let password = item["password"].as_str().unwrap().to_owned();
        assert_eq!(password.len(), 20);
        assert_ne!(password, user.proxy_password);
        assert_eq!((item["limitGb"].clone(), item["limitBytes"].clone()), (json!(2.5), json!(2_500_000_000i64)));
        assert_eq!((item["usedGb"].clone(), item["usedBytes"].clone(), item["remainingGb"].clone()), (json!(0.0), json!(0), json!(2.5)));
        assert_eq!((item["maxConnections"].clone(), item["enabled"].clone()), (json!(20), json!(true)));
        assert!(item["createdAt"].as_i64().unwrap() > 0);
        assert_eq!(credential_events(&app), 1);

        let list = app.get("/api/user/subusers").await;
        assert_eq!(list.body["items"], json!([item]));

        // Another customer neither sees it, nor changes it, nor removes it.
        let other = app.new_client();
        app.register_with(&other, "other@example.com", PASSWORD).await;
        assert_eq!(app.get_with(&other, "/api/user/subusers").await.body["items"], json!([]));
        let path = format!("/api/user/subusers/{id}");
        let stolen = patch(&app, &other, &path, json!({ "enabled": false })).await;
        assert_eq!((stolen.status, stolen.message()), (404, "Sub-user not found"));
        let stolen = app.send(other.delete(app.url(&path))).await;
        assert_eq!((stolen.status, stolen.message()), (404, "Sub-user not found"));
        // The same name is free for another customer.
        let theirs = app.post_json_with(&other, "/api/user/subusers", json!({ "name": "scraper1", "type": "premium" })).await;
        assert_eq!(theirs.status, 201, "{}", theirs.text);
        assert_eq!(credential_events(&app), 2);

        let changed = patch(&app, &app.client, &path, json!({ "limitGb": null, "maxConnections": 3, "enabled": false, "resetPassword": true })).await;
        assert_eq!(changed.status, 200, "{}", changed.text);
        assert_eq!(changed.body["limitGb"], Value::Null);
        assert_eq!(changed.body["remainingGb"], Value::Null);
        assert_eq!(changed.body["maxConnections"], 3);
        assert_eq!(changed.body["enabled"], false);
        assert_ne!(changed.body["password"], json!(password));
        assert_eq!(credential_events(&app), 3);
        // Absent fields stay as they are.
        let same = patch(&app, &app.client, &path, json!({ "limitGb": 0.5 })).await;
        assert_eq!((same.body["limitGb"].clone(), same.body["maxConnections"].clone()), (json!(0.5), json!(3)));
        assert_eq!(same.body["password"], changed.body["password"]);

        let main = app.send(app.client.put(app.url("/api/user/proxy_settings")).json(&json!({ "maxConnections": 100 }))).await;
        assert_eq!(main.status, 200, "{}", main.text);
        assert_eq!(main.body, json!({ "username": user.proxy_username, "maxConnections": 100 }));
        assert_eq!(app.get("/api/user/subusers").await.body["main"]["maxConnections"], 100);
        let bad = app.send(app.client.put(app.url("/api/user/proxy_settings")).json(&json!({ "maxConnections": 0 }))).await;
        assert_eq!((bad.status, bad.body["fields"]["maxConnections"].clone()), (422, json!("Please enter a whole number of connections from 1 to 10000")));
        let cleared = app.send(app.client.put(app.url("/api/user/proxy_settings")).json(&json!({ "maxConnections": null }))).await;
        assert_eq!(cleared.body["maxConnections"], Value::Null);
        assert_eq!(credential_events(&app), 6);

        let removed = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((removed.status, removed.body.clone()), (200, json!({ "message": "Sub-user deleted" })));
        assert_eq!(credential_events(&app), 7);
        assert_eq!(app.get("/api/user/subusers").await.body["items"], json!([]));
        let again = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!(again.status, 404);
    }

    async fn bad_sub_users_are_refused_with_field_messages(backend) {
        let app = app(backend).await;
        let name = "Please enter a name of 1–16 lowercase letters and digits";
        let gb = "Please enter a traffic cap above 0 GB with at most 2 decimals, at most 100000";
        let connections = "Please enter a whole number of connections from 1 to 10000";
        let cases = [
            (json!({ "name": "", "type": "premium" }), "name", name),
            (json!({ "name": "Scraper", "type": "premium" }), "name", name),
            (json!({ "name": "a-b", "type": "premium" }), "name", name),
            (json!({ "name": "abcdefghijklmnopq", "type": "premium" }), "name", name),
            (json!({ "name": "a", "type": "ipv4" }), "type", "Please choose Premium or Budget"),
            (json!({ "name": "a" }), "type", "Please choose Premium or Budget"),
            (json!({ "name": "a", "type": "premium", "limitGb": 0 }), "limitGb", gb),
            (json!({ "name": "a", "type": "premium", "limitGb": 1.234 }), "limitGb", gb),
            (json!({ "name": "a", "type": "premium", "limitGb": 100001 }), "limitGb", gb),
            (json!({ "name": "a", "type": "premium", "maxConnections": 0 }), "maxConnections", connections),
            (json!({ "name": "a", "type": "premium", "maxConnections": 2.5 }), "maxConnections", connections),
            (json!({ "name": "a", "type": "premium", "maxConnections": 10001 }), "maxConnections", connections),
        ];
        for (body, field, message) in cases {
            let reply = app.post_json("/api/user/subusers", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body["fields"][field], message, "{body}: {}", reply.text);
        }
        let reply = app.post_json("/api/user/subusers", json!({ "name": "a", "type": "premium" })).await;
        let path = format!("/api/user/subusers/{}", reply.body["id"]);
        let bad = patch(&app, &app.client, &path, json!({ "limitGb": -1, "maxConnections": "3" })).await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        assert_eq!((bad.body["fields"]["limitGb"].as_str(), bad.body["fields"]["maxConnections"].as_str()), (Some(gb), Some(connections)));
        assert_eq!(patch(&app, &app.client, "/api/user/subusers/999999", json!({})).await.status, 404);
        // Only the one good request told the gateway.
        assert_eq!(credential_events(&app), 1);
    }

    async fn names_are_unique_and_fifty_is_the_most(backend) {
        let app = app(backend).await;
        for i in 0..50 {
            let kind = if i % 2 == 0 { "premium" } else { "budget" };
            let reply = app.post_json("/api/user/subusers", json!({ "name": format!("s{i}"), "type": kind })).await;
            assert_eq!(reply.status, 201, "{}", reply.text);
            if i == 0 {
                let taken = app.post_json("/api/user/subusers", json!({ "name": "s0", "type": "budget" })).await;
                assert_eq!((taken.status, taken.message()), (409, "A sub-user with this name already exists"));
            }
        }
        let full = app.post_json("/api/user/subusers", json!({ "name": "extra", "type": "premium" })).await;
        assert_eq!((full.status, full.message()), (409, "You can have at most 50 sub-users. Delete one first."));
        assert_eq!(app.get("/api/user/subusers").await.body["items"].as_array().unwrap().len(), 50);
        assert_eq!(credential_events(&app), 50, "a refused sub-user is no change");
    }

    async fn lines_are_generated_with_a_sub_users_credential(backend) {
        let app = app(backend).await;
        let user = app.user(EMAIL).unwrap();
        let id = app.top_up(25.0).await;
        app.pay(&id).await;
        for kind in ["premium", "budget"] {
            let reply = app.post_json("/api/user/get_plan", json!({ "type": kind, "amount": 5 })).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
        let create = |name: &'static str, kind: &'static str| {
            let app = &app;
            async move {
                app.post_json("/api/user/subusers", json!({ "name": name, "type": kind })).await.body
            }
        };
        let cheap = create("cheap", "budget").await;
        let fancy = create("fancy", "premium").await;
        let budget = |sub: &Value| json!({ "country": "us", "city": "-city-losangeles", "quantity": 2, "lifetime": 15, "rotation": "random", "port": "http|https", "subuserId": sub["id"] });

        let reply = app.post_json("/api/user/generate_budget", budget(&cheap)).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        for line in reply.body["proxies"].as_array().unwrap() {
            let parts: Vec<&str> = line.as_str().unwrap().split(':').collect();
            assert!(parts[2].starts_with(&format!("{}-sub-cheap-type-budget-country-us", user.proxy_username)), "{line}");
            assert_eq!(parts[3], cheap["password"].as_str().unwrap());
        }
        let premium = json!({ "country": "us", "state": "ca", "city": "losangeles", "quantity": 1, "subuserId": fancy["id"] });
        let reply = app.post_json("/api/user/generate", premium).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let line = reply.body["proxies"][0].as_str().unwrap();
        assert!(line.contains(&format!(":{}-sub-fancy-type-premium-country-us-state-ca-city-losangeles:", user.proxy_username)), "{line}");

        let refused = "Please choose one of your enabled sub-users of this type";
        // Another kind's sub-user.
        let reply = app.post_json("/api/user/generate_budget", budget(&fancy)).await;
        assert_eq!((reply.status, reply.body["fields"]["subuserId"].as_str()), (422, Some(refused)));
        // A disabled one.
        let path = format!("/api/user/subusers/{}", cheap["id"]);
        assert_eq!(patch(&app, &app.client, &path, json!({ "enabled": false })).await.status, 200);
        let reply = app.post_json("/api/user/generate_budget", budget(&cheap)).await;
        assert_eq!((reply.status, reply.body["fields"]["subuserId"].as_str()), (422, Some(refused)));
        // Another customer's.
        let other = app.new_client();
        app.register_with(&other, "other@example.com", PASSWORD).await;
        let theirs = app.post_json_with(&other, "/api/user/subusers", json!({ "name": "theirs", "type": "budget" })).await;
        let reply = app.post_json("/api/user/generate_budget", budget(&theirs.body)).await;
        assert_eq!((reply.status, reply.body["fields"]["subuserId"].as_str()), (422, Some(refused)));
        // Without one the main credential is used, as before.
        let mut main = budget(&Value::Null);
        main.as_object_mut().unwrap().remove("subuserId");
        let reply = app.post_json("/api/user/generate_budget", main).await;
        let line = reply.body["proxies"][0].as_str().unwrap();
        assert!(line.contains(&format!(":{}-type-budget", user.proxy_username)), "{line}");
    }

    async fn signed_out_callers_are_refused(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        assert_eq!(app.get("/api/user/subusers").await.status, 401);
        let reply = app.post_json("/api/user/subusers", json!({ "name": "a", "type": "premium" })).await;
        assert_eq!(reply.status, 401);
        assert_eq!(patch(&app, &app.client, "/api/user/subusers/1", json!({})).await.status, 401);
        assert_eq!(app.send(app.client.delete(app.url("/api/user/subusers/1"))).await.status, 401);
        let main = app.send(app.client.put(app.url("/api/user/proxy_settings")).json(&json!({ "maxConnections": 1 }))).await;
        assert_eq!(main.status, 401);
    }
}
