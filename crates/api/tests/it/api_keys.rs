//! The customer API's keys: `GET/POST /api/user/api-keys`, `DELETE /api/user/api-keys/{id}`,
//! and `Authorization: Bearer psk_…` on `/api/user/*` (docs/api-keys.md).

use crate::common::TestApp;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const EMAIL: &str = "keys@example.com";

async fn app(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(EMAIL, crate::common::PASSWORD).await;
    app
}

fn field(reply: &crate::common::Reply, name: &str) -> Value {
    reply.body["fields"][name].clone()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_key_is_created_shown_once_listed_and_revoked(backend) {
        let app = app(backend).await;
        let reply = app
            .post_json("/api/user/api-keys", json!({ "name": " CI ", "scopes": ["buy", "read", "read"] }))
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let key = reply.body["key"].as_str().unwrap().to_owned();
        let id = reply.body["id"].as_i64().unwrap();
        assert_eq!(reply.body["name"], "CI");
        assert_eq!(reply.body["scopes"], json!(["read", "buy"]));
        assert!(key.starts_with("psk_") && key.len() == 47, "{key}");
        assert!(key[4..].chars().all(|c| c.is_ascii_alphanumeric()));

        // Stored as its SHA-256 only.
        let rows = app.key_rows();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].2, hex::encode(Sha256::digest(key.as_bytes())));
        assert_eq!(rows[0].1, key[..8]);

        let list = app.get("/api/user/api-keys").await;
        assert_eq!(list.status, 200);
        assert!(!list.text.contains(&key[4..]), "the list shows the key: {}", list.text);
        let item = &list.body["items"][0];
        assert_eq!(item["id"], id);
        assert_eq!(item["name"], "CI");
        assert_eq!(item["prefix"], &key[..8]);
        assert_eq!(item["scopes"], json!(["read", "buy"]));
        assert_eq!(item["expiresAt"], Value::Null);
        assert_eq!(item["allowedIps"], json!([]));
        assert_eq!(item["lastUsedAt"], Value::Null);
        assert!(item["createdAt"].as_i64().unwrap() > 0);
        assert!(item.get("key").is_none() && item.get("keyHash").is_none());

        // Another customer can neither see nor revoke it.
        let other = app.new_client();
        app.register_with(&other, "other@example.com", crate::common::PASSWORD).await;
        let listed = app.get_with(&other, "/api/user/api-keys").await;
        assert_eq!(listed.body, json!({ "items": [] }));
        let path = format!("/api/user/api-keys/{id}");
        let stolen = app.send(other.delete(app.url(&path))).await;
        assert_eq!((stolen.status, stolen.message()), (404, "API key not found"));
        assert_eq!(app.key_rows()[0].3, None);

        let revoked = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((revoked.status, revoked.body.clone()), (200, json!({ "message": "Key revoked" })));
        assert!(app.key_rows()[0].3.is_some());
        assert_eq!(app.get("/api/user/api-keys").await.body, json!({ "items": [] }));
        let again = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((again.status, again.message()), (404, "API key not found"));
        let gone = app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await;
        assert_eq!((gone.status, gone.message()), (401, "Invalid API key"));
    }

    async fn bad_requests_are_refused_with_field_messages_and_write_nothing(backend) {
        let app = app(backend).await;
        let future = persistence::now() + 3600;
        let cases = [
            (json!({ "name": "  ", "scopes": ["read"] }), "name", "Please enter a key name (1–60 characters)"),
            (json!({ "name": "x".repeat(61), "scopes": ["read"] }), "name", "Please enter a key name (1–60 characters)"),
            (json!({ "name": "k", "scopes": [] }), "scopes", "Please choose at least one scope: read, generate, buy or resell"),
            (json!({ "name": "k" }), "scopes", "Please choose at least one scope: read, generate, buy or resell"),
            (json!({ "name": "k", "scopes": ["read", "admin"] }), "scopes", "Please choose at least one scope: read, generate, buy or resell"),
            (json!({ "name": "k", "scopes": ["read"], "expiresAt": persistence::now() - 1 }), "expiresAt", "The expiry must be in the future"),
            (json!({ "name": "k", "scopes": ["read"], "allowedIps": ["10.0.0.0/33"] }), "allowedIps",
             "Please enter IP addresses or CIDR ranges, e.g. 203.0.113.7 or 10.0.0.0/8 (at most 20)"),
            (json!({ "name": "k", "scopes": ["read"], "allowedIps": ["example.com"] }), "allowedIps",
             "Please enter IP addresses or CIDR ranges, e.g. 203.0.113.7 or 10.0.0.0/8 (at most 20)"),
        ];
        for (body, name, message) in cases {
            let reply = app.post_json("/api/user/api-keys", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(field(&reply, name), message, "{body}");
            assert_eq!(reply.message(), message);
        }
        assert!(app.key_rows().is_empty());

        // Up to 20 live keys; a revoked or expired one makes room.
        let mut ids = Vec::new();
        for n in 0..20 {
            app.create_key_with(json!({ "name": format!("k{n}"), "scopes": ["read"],
                "expiresAt": future, "allowedIps": ["2001:db8::1/32", "10.1.2.3/8", "127.0.0.1"] })).await;
            ids.push(app.key_rows().last().unwrap().0);
        }
        let listed = app.get("/api/user/api-keys").await;
        assert_eq!(listed.body["items"][0]["allowedIps"], json!(["2001:db8::/32", "10.0.0.0/8", "127.0.0.1"]));
        assert_eq!(listed.body["items"][0]["expiresAt"], future);
        let full = app.post_json("/api/user/api-keys", json!({ "name": "k", "scopes": ["read"] })).await;
        assert_eq!((full.status, full.message()), (409, "You can have at most 20 API keys. Revoke one first."));
        assert_eq!(app.key_rows().len(), 20);
        app.set_key_times(ids[0], Some(persistence::now() - 1), None);
        app.create_key("after expiry", &["read"]).await;
        let full = app.post_json("/api/user/api-keys", json!({ "name": "k", "scopes": ["read"] })).await;
        assert_eq!(full.status, 409);
        let path = format!("/api/user/api-keys/{}", ids[1]);
        assert_eq!(app.send(app.client.delete(app.url(&path))).await.status, 200);
        app.create_key("after revoke", &["read"]).await;
        assert_eq!(app.key_rows().len(), 22);
    }

    async fn a_read_key_reads_but_cannot_buy_and_never_gets_a_session(backend) {
        let app = TestApp::funded(backend, EMAIL, 50.0).await;
        let key = app.create_key("reader", &["read"]).await;
        let sessions = app.all_sessions();
        let balance = app.balance_cents(EMAIL);
        let ledger = app.ledger(EMAIL).len();

        let stats = app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await;
        assert_eq!(stats.status, 200, "{}", stats.text);
        assert!(stats.headers.get("set-cookie").is_none(), "{:?}", stats.headers);
        let wallet = app.with_key(&key, "get", "/api/user/wallet", Value::Null).await;
        assert_eq!(wallet.status, 200, "{}", wallet.text);

        let buy = app.with_key(&key, "post", "/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!((buy.status, buy.message()), (403, "This key lacks the buy scope"));
        assert!(buy.headers.get("set-cookie").is_none());
        let generate = app.with_key(&key, "post", "/api/user/generate", json!({})).await;
        assert_eq!((generate.status, generate.message()), (403, "This key lacks the generate scope"));
        assert_eq!((app.balance_cents(EMAIL), app.ledger(EMAIL).len()), (balance, ledger));
        assert_eq!(app.all_sessions(), sessions, "a key request created a session");

        // The same purchase with the buy scope goes through, as the owner.
        let buyer = app.create_key("buyer", &["buy"]).await;
        let bought = app.with_key(&buyer, "post", "/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        assert_eq!(bought.body["user"]["email"], EMAIL);
        assert!(app.balance_cents(EMAIL) < balance);
        assert!(bought.headers.get("set-cookie").is_none());
        assert_eq!(app.all_sessions(), sessions);
    }

    async fn unknown_expired_revoked_and_foreign_address_keys_are_invalid(backend) {
        let app = app(backend).await;
        let call = |key: String| {
            let app = &app;
            async move { app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await }
        };
        let invalid = |reply: crate::common::Reply| {
            assert_eq!((reply.status, reply.message()), (401, "Invalid API key"), "{}", reply.text);
            assert!(reply.headers.get("set-cookie").is_none());
        };
        invalid(call(format!("psk_{}", "A".repeat(43))).await);
        invalid(call("not-a-key".to_owned()).await);
        invalid(call(String::new()).await);

        let expiring = app.create_key("expiring", &["read"]).await;
        assert_eq!(call(expiring.clone()).await.status, 200);
        let id = app.key_rows().last().unwrap().0;
        app.set_key_times(id, Some(persistence::now()), None);
        invalid(call(expiring).await);

        let revoked = app.create_key("revoked", &["read"]).await;
        let id = app.key_rows().last().unwrap().0;
        app.send(app.client.delete(app.url(&format!("/api/user/api-keys/{id}")))).await;
        invalid(call(revoked).await);

        // The test client calls from 127.0.0.1.
        let elsewhere = app
            .create_key_with(json!({ "name": "office", "scopes": ["read"], "allowedIps": ["10.0.0.0/8", "2001:db8::/32"] }))
            .await;
        invalid(call(elsewhere).await);
        let here = app
            .create_key_with(json!({ "name": "here", "scopes": ["read"], "allowedIps": ["10.0.0.0/8", "127.0.0.0/8"] }))
            .await;
        assert_eq!(call(here).await.status, 200);

        // A bearer header outside /api/user/* is not a way in either.
        let key = app.create_key("admin?", &["read", "generate", "buy"]).await;
        app.make_admin(EMAIL);
        let admin = app.with_key(&key, "get", "/api/admin/summary", Value::Null).await;
        assert_eq!(admin.status, 401, "{}", admin.text);
    }

    async fn a_disabled_owner_s_keys_stop_working(backend) {
        let app = app(backend).await;
        let key = app.create_key("k", &["read"]).await;
        assert_eq!(app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await.status, 200);
        app.set_disabled(EMAIL, true);
        let reply = app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await;
        assert_eq!((reply.status, reply.message()), (401, "Invalid API key"));
        app.set_disabled(EMAIL, false);
        assert_eq!(app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await.status, 200);
    }

    async fn a_key_cannot_manage_keys_or_the_session(backend) {
        let app = app(backend).await;
        let key = app.create_key("all", &["read", "generate", "buy"]).await;
        let id = app.key_rows()[0].0;
        let needs_session = |reply: crate::common::Reply| {
            assert_eq!((reply.status, reply.message()), (403, "This action needs a signed-in session"), "{}", reply.text);
        };
        needs_session(app.with_key(&key, "get", "/api/user/api-keys", Value::Null).await);
        needs_session(app.with_key(&key, "post", "/api/user/api-keys", json!({ "name": "more", "scopes": ["buy"] })).await);
        needs_session(app.with_key(&key, "delete", &format!("/api/user/api-keys/{id}"), Value::Null).await);
        needs_session(app.with_key(&key, "post", "/api/user/logout", json!({})).await);
        needs_session(app.with_key(&key, "get", "/api/user/logout", Value::Null).await);
        assert_eq!(app.key_rows().len(), 1);
        assert_eq!(app.key_rows()[0].3, None);
        // With the session cookie beside it, the key still decides, and no cookie comes back.
        let both = app
            .send(app.client.get(app.url("/api/user/api-keys")).bearer_auth(&key))
            .await;
        needs_session(both);
        let both = app
            .send(app.client.get(app.url("/api/user/get_starts")).bearer_auth(&key))
            .await;
        assert_eq!(both.status, 200);
        assert!(both.session_set_cookie().is_none());
        // The customer's own session is untouched.
        assert_eq!(app.get("/api/user/api-keys").await.status, 200);
    }

    async fn last_use_is_written_at_most_once_a_minute(backend) {
        let app = app(backend).await;
        let key = app.create_key("k", &["read"]).await;
        let id = app.key_rows()[0].0;
        app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await;
        let first = app.key_rows()[0].4.expect("last use recorded");
        assert!(first >= persistence::now() - 5);
        let recent = persistence::now() - 30;
        app.set_key_times(id, None, Some(recent));
        app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await;
        assert_eq!(app.key_rows()[0].4, Some(recent));
        app.set_key_times(id, None, Some(recent - 60));
        app.with_key(&key, "get", "/api/user/get_starts", Value::Null).await;
        assert!(app.key_rows()[0].4.unwrap() >= persistence::now() - 5);
        // Shown in the list.
        let list = app.get("/api/user/api-keys").await;
        assert!(list.body["items"][0]["lastUsedAt"].as_i64().is_some());
    }

    async fn each_key_has_its_own_rate_limit(backend) {
        let app = TestApp::start(backend, |s| s.limits.api_key_per_minute = 3).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let busy = app.create_key("busy", &["read"]).await;
        let calm = app.create_key("calm", &["read"]).await;
        for _ in 0..3 {
            assert_eq!(app.with_key(&busy, "get", "/api/user/get_starts", Value::Null).await.status, 200);
        }
        let limited = app.with_key(&busy, "get", "/api/user/get_starts", Value::Null).await;
        assert_eq!((limited.status, limited.message()), (429, "Too many requests. Please try again later"));
        let retry: u64 = limited.header("retry-after").unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry), "{retry}");
        assert_eq!(app.with_key(&calm, "get", "/api/user/get_starts", Value::Null).await.status, 200);
        // The session is not limited by the key's window.
        assert_eq!(app.get("/api/user/get_starts").await.status, 200);
    }
}
