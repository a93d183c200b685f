//! IP allowlist authentication's routes: `GET/POST /api/user/allowlist` and
//! `DELETE /api/user/allowlist/{id}` (docs/api.md#ip-allowlist): entries listed, added and
//! removed, one owner per address (409), at most 20, internal sources only with
//! `PROXYSHOP_GATEWAY_ALLOW_PRIVATE`, a piece entry only for the customer's own piece, and every change
//! told to the gateway nodes in its transaction.

use crate::common::TestApp;
use domain::ProxyKind;
use persistence::gateway_events::{self, Reason};
use persistence::testing::{RawPiece, insert_raw_piece};
use serde_json::{Value, json};

const EMAIL: &str = "allow@example.com";

async fn app(backend: persistence::Backend, allow_private: bool) -> TestApp {
    let app = TestApp::start(backend, |s| s.gateway.allow_private = allow_private).await;
    app.register(EMAIL, crate::common::PASSWORD).await;
    app
}

fn allowlist_events(app: &TestApp) -> usize {
    let mut conn = app.pool().get().unwrap();
    gateway_events::since(&mut conn, 0, 1000)
        .unwrap()
        .iter()
        .filter(|e| e.reason == Some(Reason::AllowlistChanged))
        .count()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn an_entry_is_added_listed_and_removed(backend) {
        let app = app(backend, false).await;
        let reply = app
            .post_json("/api/user/allowlist", json!({ "ip": "203.0.113.77/24", "type": "premium", "country": "US", "rotation": "sticky" }))
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let id = reply.body["id"].as_i64().unwrap();
        assert_eq!(reply.body["ip"], "203.0.113.0/24");
        assert_eq!(reply.body["type"], "premium");
        assert_eq!(reply.body["country"], "us");
        assert_eq!(reply.body["rotation"], "sticky");
        assert_eq!(reply.body["pieceId"], Value::Null);
        assert_eq!(allowlist_events(&app), 1);

        let list = app.get("/api/user/allowlist").await;
        assert_eq!(list.status, 200);
        assert_eq!(list.body["items"].as_array().unwrap().len(), 1);
        assert_eq!(list.body["items"][0]["id"], id);

        // Another customer neither sees it, nor removes it, nor takes an address inside it.
        let other = app.new_client();
        app.register_with(&other, "other@example.com", crate::common::PASSWORD).await;
        assert_eq!(app.get_with(&other, "/api/user/allowlist").await.body, json!({ "items": [] }));
        let path = format!("/api/user/allowlist/{id}");
        let stolen = app.send(other.delete(app.url(&path))).await;
        assert_eq!((stolen.status, stolen.message()), (404, "Allowlist entry not found"));
        let taken = app
            .post_json_with(&other, "/api/user/allowlist", json!({ "ip": "203.0.113.5", "type": "budget" }))
            .await;
        assert_eq!((taken.status, taken.message()), (409, "This address is already allowlisted"));

        let removed = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((removed.status, removed.body.clone()), (200, json!({ "message": "Address removed" })));
        assert_eq!(allowlist_events(&app), 2);
        assert_eq!(app.get("/api/user/allowlist").await.body, json!({ "items": [] }));
        // Now free for the other customer.
        let free = app
            .post_json_with(&other, "/api/user/allowlist", json!({ "ip": "203.0.113.5", "type": "budget" }))
            .await;
        assert_eq!(free.status, 201, "{}", free.text);
    }

    async fn bad_entries_are_refused_with_field_messages(backend) {
        let app = app(backend, false).await;
        let cases = [
            (json!({ "ip": "203.0.0.0/16", "type": "premium" }), "ip", "Please enter an IP address or a CIDR range no wider than /24 (IPv4) or /48 (IPv6)"),
            (json!({ "ip": "2a00:1450::/32", "type": "premium" }), "ip", "Please enter an IP address or a CIDR range no wider than /24 (IPv4) or /48 (IPv6)"),
            (json!({ "ip": "nope", "type": "premium" }), "ip", "Please enter an IP address or a CIDR range no wider than /24 (IPv4) or /48 (IPv6)"),
            (json!({ "ip": "127.0.0.1", "type": "premium" }), "ip", "Private, loopback and link-local addresses cannot be allowlisted"),
            (json!({ "ip": "fe80::1", "type": "premium" }), "ip", "Private, loopback and link-local addresses cannot be allowlisted"),
            (json!({ "ip": "203.0.113.1", "type": "gold" }), "type", "Please choose a proxy type"),
            (json!({ "ip": "203.0.113.1", "type": "ipv4" }), "pieceId", "Please choose one of your proxies of this type"),
            (json!({ "ip": "203.0.113.1", "type": "premium", "country": "zz" }), "country", "This location is not available"),
            (json!({ "ip": "203.0.113.1", "type": "premium", "rotation": "often" }), "rotation", "Rotation must be random or sticky"),
        ];
        for (body, field, message) in cases {
            let reply = app.post_json("/api/user/allowlist", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body["fields"][field], message, "{body}: {}", reply.text);
        }
        // Someone else's piece is no piece of this customer's.
        let other = app.new_client();
        app.register_with(&other, "owner@example.com", crate::common::PASSWORD).await;
        let owner = app.user_id("owner@example.com");
        let piece = {
            let mut conn = app.pool().get().unwrap();
            insert_raw_piece(&mut conn, owner, &RawPiece {
                kind: ProxyKind::Ipv4.as_str(),
                status: "delivered",
                source: "local",
                username: "pcnotyours0001",
                expires_at: persistence::now() + 3600,
            })
        };
        let reply = app
            .post_json("/api/user/allowlist", json!({ "ip": "203.0.113.1", "type": "ipv4", "pieceId": piece }))
            .await;
        assert_eq!((reply.status, reply.body["fields"]["pieceId"].clone()), (422, json!("Please choose one of your proxies of this type")));
        let own = app
            .post_json_with(&other, "/api/user/allowlist", json!({ "ip": "203.0.113.1", "type": "ipv4", "pieceId": piece }))
            .await;
        assert_eq!(own.status, 201, "{}", own.text);
        assert_eq!(own.body["pieceId"], piece);
        assert_eq!(app.get("/api/user/allowlist").await.body, json!({ "items": [] }));
        // The pieces an entry may name: the owner's live local pieces, by the id the entry takes,
        // without the password; nobody else's, nor an expired one.
        {
            let mut conn = app.pool().get().unwrap();
            insert_raw_piece(&mut conn, owner, &RawPiece {
                kind: ProxyKind::Static.as_str(),
                status: "delivered",
                source: "local",
                username: "pcexpired00001",
                expires_at: persistence::now() - 1,
            });
        }
        let pieces = app.get_with(&other, "/api/user/allowlist_pieces").await;
        assert_eq!(pieces.status, 200, "{}", pieces.text);
        let items = pieces.body["items"].as_array().unwrap();
        assert_eq!(items.len(), 1, "{}", pieces.text);
        assert_eq!(items[0]["id"], piece);
        assert_eq!(items[0]["type"], "ipv4");
        assert_eq!(items[0]["username"], "pcnotyours0001");
        assert!(items[0].get("password").is_none());
        assert_eq!(app.get("/api/user/allowlist_pieces").await.body, json!({ "items": [] }));
        assert_eq!(allowlist_events(&app), 1);
    }

    async fn loopback_needs_the_private_setting_and_the_limit_holds(backend) {
        let app = app(backend, true).await;
        let reply = app.post_json("/api/user/allowlist", json!({ "ip": "127.0.0.1", "type": "premium" })).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        for i in 1..20 {
            let reply = app.post_json("/api/user/allowlist", json!({ "ip": format!("198.51.{i}.1"), "type": "budget" })).await;
            assert_eq!(reply.status, 201, "{}", reply.text);
        }
        let full = app.post_json("/api/user/allowlist", json!({ "ip": "198.51.99.1", "type": "budget" })).await;
        assert_eq!((full.status, full.message()), (409, "You can allowlist at most 20 addresses. Remove one first."));
        assert_eq!(app.get("/api/user/allowlist").await.body["items"].as_array().unwrap().len(), 20);
    }

    async fn signed_out_callers_are_refused(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        assert_eq!(app.get("/api/user/allowlist").await.status, 401);
        let reply = app.post_json("/api/user/allowlist", json!({ "ip": "203.0.113.1", "type": "premium" })).await;
        assert_eq!(reply.status, 401);
        assert_eq!(app.send(app.client.delete(app.url("/api/user/allowlist/1"))).await.status, 401);
    }
}
