//! Who reaches what around resellers (docs/resellers.md): a customer who is no reseller gets
//! 403 from the reseller routes, a reseller never sees or touches another reseller's client
//! (404, as for any account that is not its client), a client reaches nothing of its reseller's
//! nor the shop's sales, keys follow the same lines (the `resell` scope for an enabled reseller
//! only, a client's keys read and generate only), and a suspended client is signed out, cannot
//! sign in and is refused by the gateway, which only its reseller can undo unless the shop's
//! operator disabled it. Every route one by one: `authorisation.rs`.

use crate::common::{PASSWORD, TestApp};
use diesel::prelude::*;
use domain::ProxyKind;
use domain::units::GB;
use persistence::gateway_events::Reason;
use serde_json::{Value, json};

const RESELLER: &str = "reseller@example.com";
const OTHER: &str = "other-reseller@example.com";
const CLIENT_REFUSED: &str =
    "A client account can only see its own traffic, usage and records and generate its lines";
const CLIENT_KEY_REFUSED: &str = "This key belongs to a client account: it can only read its own traffic, usage and records and generate its lines";

async fn call(
    app: &TestApp,
    client: &reqwest::Client,
    method: &str,
    path: &str,
    body: Value,
) -> crate::common::Reply {
    let url = app.url(path);
    let request = match method {
        "get" => client.get(url),
        "post" => client.post(url).json(&body),
        "patch" => client.patch(url).json(&body),
        "delete" => client.delete(url),
        other => panic!("{other}"),
    };
    app.send(request).await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn resellers_clients_and_keys_reach_only_their_own(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(RESELLER, PASSWORD).await;
        app.grant_reseller(RESELLER, 10);
        let other = app.customer(OTHER).await;
        app.grant_reseller(OTHER, 10);
        let plain = app.customer("plain@example.com").await;
        app.give_traffic(RESELLER, ProxyKind::Premium, 5 * GB, None);

        // A customer who is no reseller.
        for (method, path) in [("get", "/api/reseller/clients"), ("post", "/api/reseller/clients"), ("get", "/api/reseller/account")] {
            let reply = call(&app, &plain, method, path, json!({ "email": "x@example.com" })).await;
            assert_eq!(reply.status, 403, "{method} {path}: {}", reply.text);
            assert_eq!(reply.message(), "Only a reseller account can do this: ask the shop to make your account a reseller");
        }

        let a1 = app.add_client(&app.client, "a1@example.com").await;
        let b1 = app.add_client(&other, "b1@example.com").await;
        let reply = app.move_traffic(&app.client, a1, "allocate", json!({ "type": "premium", "gb": 2 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);

        // The other reseller sees its own client only, and A's client is no client of its.
        let list = app.get_with(&other, "/api/reseller/clients").await;
        assert_eq!(list.body["total"], 1, "{}", list.text);
        assert_eq!(list.body["items"][0]["id"], b1);
        assert!(!list.text.contains("a1@example.com"));
        for (method, path, body) in [
            ("get", format!("/api/reseller/clients/{a1}"), json!({})),
            ("patch", format!("/api/reseller/clients/{a1}"), json!({ "suspended": true })),
            ("delete", format!("/api/reseller/clients/{a1}"), json!({})),
            ("post", format!("/api/reseller/clients/{a1}/allocate"), json!({ "type": "premium", "gb": 1 })),
            ("post", format!("/api/reseller/clients/{a1}/reclaim"), json!({ "type": "premium", "gb": 1 })),
        ] {
            let reply = call(&app, &other, method, &path, body).await;
            assert_eq!((reply.status, reply.message()), (404, "Client not found"), "{method} {path}");
        }
        let ledger = app.get_with(&other, &format!("/api/reseller/transfers?clientId={a1}")).await;
        assert_eq!(ledger.body["total"], 0, "{}", ledger.text);
        assert!(!app.user("a1@example.com").unwrap().disabled);
        assert_eq!(app.stored_balance(domain::UserId::new(a1), ProxyKind::Premium), (2 * GB, 0, 0));

        // The client reaches its own account only.
        let client = app.signed_in("a1@example.com").await;
        for (method, path) in [
            ("get", "/api/reseller/clients"),
            ("get", "/api/reseller/account"),
            ("get", "/api/reseller/transfers"),
            ("get", "/api/user/wallet"),
            ("post", "/api/user/get_plan"),
            ("post", "/api/payment"),
            ("post", "/api/user/coupons/check"),
            ("get", "/api/user/referrals"),
            ("post", "/api/user/refunds"),
            ("get", "/api/user/plan"),
        ] {
            let reply = call(&app, &client, method, path, json!({})).await;
            assert_eq!((reply.status, reply.message()), (403, CLIENT_REFUSED), "{method} {path}");
        }
        let mine = app.get_with(&client, "/api/user/allocations").await;
        assert_eq!(mine.body["total"], 1, "{}", mine.text);
        let theirs = app.signed_in("b1@example.com").await;
        let mine = app.get_with(&theirs, "/api/user/allocations").await;
        assert_eq!(mine.body["total"], 0, "{}", mine.text);
        let me = app.get_with(&client, "/api/getuserinfo").await;
        assert_eq!(me.body["user"]["email"], "a1@example.com");
        assert!(!me.text.contains(RESELLER));

        // Keys: the resell scope is an enabled reseller's, a client's keys read and generate.
        let resell = app.create_key("script", &["resell"]).await;
        let reply = app.with_key(&resell, "get", "/api/reseller/clients", json!({})).await;
        assert_eq!((reply.status, reply.body["total"].as_i64()), (200, Some(1)), "{}", reply.text);
        let path = format!("/api/reseller/clients/{a1}/allocate");
        let reply = app.with_key(&resell, "post", &path, json!({ "type": "premium", "gb": 1 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert!(reply.body["apiKeyId"].is_i64(), "{}", reply.text);
        let read = app.create_key("reader", &["read"]).await;
        let reply = app.with_key(&read, "get", "/api/reseller/clients", json!({})).await;
        assert_eq!((reply.status, reply.message()), (403, "This key lacks the resell scope"));
        let body = json!({ "name": "k", "scopes": ["resell"] });
        let reply = app.post_json_with(&plain, "/api/user/api-keys", body).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["scopes"], "Only a reseller account can have a key with the resell scope");
        let reply = app.post_json_with(&client, "/api/user/api-keys", json!({ "name": "k", "scopes": ["read", "buy"] })).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["scopes"], "A client account's keys can only read and generate");
        let reply = app.post_json_with(&client, "/api/user/api-keys", json!({ "name": "k", "scopes": ["read", "generate"] })).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let client_key = reply.body["key"].as_str().unwrap().to_owned();
        let reply = app.with_key(&client_key, "get", "/api/user/get_starts", json!({})).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["premiumStat"]["availableTraffic"], 3.0);
        for path in ["/api/user/wallet", "/api/reseller/clients"] {
            let reply = app.with_key(&client_key, "get", path, json!({})).await;
            assert_eq!((reply.status, reply.message()), (403, CLIENT_KEY_REFUSED), "{path}");
        }

        // A reseller switched off by the operator loses its routes; its clients keep theirs.
        let id = app.user_id(RESELLER);
        let off = persistence::resellers::accounts::Terms { enabled: false, discount_percent: 0, max_clients: 10 };
        app.with_conn(|c| persistence::resellers::accounts::set(c, id, off).unwrap());
        let reply = app.get("/api/reseller/clients").await;
        assert_eq!((reply.status, reply.message()), (403, "Only a reseller account can do this: ask the shop to make your account a reseller"));
        let reply = app.with_key(&resell, "get", "/api/reseller/clients", json!({})).await;
        assert_eq!(reply.status, 403, "{}", reply.text);
        let mine = app.get_with(&client, "/api/user/allocations").await;
        assert_eq!((mine.status, mine.body["total"].as_i64()), (200, Some(2)));
        app.grant_reseller(RESELLER, 10);

        // Suspended: signed out, no sign-in, no key, refused by the gateway; resumed by the
        // reseller.
        let path = format!("/api/reseller/clients/{a1}");
        let reply = call(&app, &app.client, "patch", &path, json!({ "suspended": true, "note": " late payment " })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["suspended"].as_bool(), reply.body["note"].as_str()), (Some(true), Some("late payment")));
        let me = app.get_with(&client, "/api/getuserinfo").await;
        assert_eq!(me.body["user"], Value::Null, "the session ended");
        assert_eq!(app.login_elsewhere("a1@example.com").await, 403);
        let reply = app.with_key(&client_key, "get", "/api/user/get_starts", json!({})).await;
        assert_eq!(reply.status, 401, "{}", reply.text);
        let row = app.user("a1@example.com").unwrap();
        let proxy = app.with_conn(|c| persistence::traffic::find_proxy_user(c, &row.proxy_username).unwrap()).unwrap();
        assert!(proxy.disabled, "the gateway refuses its credentials");
        let events = app.with_conn(|c| persistence::gateway_events::since(c, 0, 1000).unwrap());
        assert!(events.iter().any(|e| e.user_id == Some(row.id) && e.reason == Some(Reason::UserDisabled)));
        let reply = call(&app, &app.client, "patch", &path, json!({ "suspended": false, "note": null })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["suspended"].as_bool(), reply.body["note"].is_null()), (Some(false), true));
        assert_eq!(app.login_elsewhere("a1@example.com").await, 200);

        // What the shop's operator disabled only the operator enables; the operator's disable
        // takes over a suspension.
        let reply = call(&app, &app.client, "patch", &path, json!({ "suspended": true })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let outcome = app.with_conn(|c| persistence::admin_access::disable(c, row.id).unwrap());
        assert_eq!(outcome, persistence::admin_access::Outcome::Changed);
        for suspended in [false, true] {
            let reply = call(&app, &app.client, "patch", &path, json!({ "suspended": suspended })).await;
            assert_eq!((reply.status, reply.message()), (409, "The shop has disabled this client's account: only the shop can enable it"));
        }
        assert_eq!(app.login_elsewhere("a1@example.com").await, 403);
        let stored = app.with_conn(|c| {
            persistence::schema::users::table
                .find(row.id)
                .select((persistence::schema::users::disabled, persistence::schema::users::suspended))
                .first::<(bool, bool)>(c)
                .unwrap()
        });
        assert_eq!(stored, (true, false));
    }
}
