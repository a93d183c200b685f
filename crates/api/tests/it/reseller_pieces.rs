//! Pieces a reseller assigns to its clients (docs/resellers.md "Pieces"): one of its live pieces
//! goes to one of its own clients, never to two at once and never another reseller's; the client
//! reads it on `GET /api/client/pieces` under the brand's proxy host; suspending the client stops
//! the piece's credential at the gateway, taking it back changes its password, a client holding
//! one cannot be deleted, and both moves are in the reseller's ledger.

use crate::common::{PASSWORD, TestApp};
use domain::messages as msg;
use persistence::piece_credentials;
use serde_json::{Value, json};

const RESELLER: &str = "reseller@example.com";

/// `GET /api/user/pieces` of the main client's account.
async fn my_pieces(app: &TestApp) -> Vec<Value> {
    let reply = app.get("/api/user/pieces").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body["items"].as_array().unwrap().clone()
}

fn credential(app: &TestApp, username: &str) -> piece_credentials::PieceCredential {
    app.with_conn(|conn| piece_credentials::find(conn, username).unwrap())
        .expect("the piece's credential")
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_piece_goes_to_one_client_works_for_it_and_comes_back_with_a_new_password(backend) {
        let app = TestApp::funded(backend, RESELLER, 20.0).await;
        app.grant_reseller(RESELLER, 5);
        let brand = json!({ "slug": "acme", "name": "Acme Proxies", "colour": "#1A73E8",
                            "proxyHost": "proxy.acme.example" });
        let reply = app.send(app.client.put(app.url("/api/reseller/brand")).json(&brand)).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let plan = app.get("/api/user/plan?type=static").await.body["plan"]["plans"][0]["id"].as_i64().unwrap();
        let body = json!({"type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 2});
        let reply = app.post_json("/api/user/get_proxy", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let pieces = my_pieces(&app).await;
        assert_eq!(pieces.len(), 2);
        assert!(pieces.iter().all(|p| p["clientId"].is_null()), "{pieces:?}");
        let (a, b) = (pieces[0]["id"].as_i64().unwrap(), pieces[1]["id"].as_i64().unwrap());
        let user_a = pieces[0]["username"].as_str().unwrap().to_owned();
        let pass_a = pieces[0]["password"].as_str().unwrap().to_owned();
        let one = app.add_client(&app.client, "one@example.com").await;
        let two = app.add_client(&app.client, "two@example.com").await;

        // Bad bodies are named; an unknown piece and client are told apart.
        let assign = |client: i64| format!("/api/reseller/clients/{client}/pieces");
        for bad in [json!({}), json!({ "pieceId": "x" }), json!({ "pieceId": 0 })] {
            let reply = app.post_json(&assign(one), bad.clone()).await;
            assert_eq!((reply.status, reply.body["fields"]["pieceId"].clone()), (422, json!(msg::PIECE_ID)), "{bad}: {}", reply.text);
        }
        let reply = app.post_json(&assign(one), json!({ "pieceId": a + b + 1000 })).await;
        assert_eq!((reply.status, reply.message()), (404, msg::PIECE_NOT_FOUND));
        let reply = app.post_json(&assign(two + 1000), json!({ "pieceId": a })).await;
        assert_eq!((reply.status, reply.message()), (404, msg::CLIENT_NOT_FOUND));

        // A goes to client one, under the brand's host; nobody else can have it.
        let reply = app.post_json(&assign(one), json!({ "pieceId": a })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["items"].as_array().unwrap().len(), 1);
        assert_eq!(reply.body["items"][0]["host"], "proxy.acme.example");
        for client in [one, two] {
            let reply = app.post_json(&assign(client), json!({ "pieceId": a })).await;
            assert_eq!((reply.status, reply.message()), (409, msg::PIECE_HELD));
        }
        let pieces = my_pieces(&app).await;
        let held: Vec<Value> = pieces.iter().map(|p| p["clientId"].clone()).collect();
        assert!(held.contains(&json!(one)) && held.contains(&Value::Null), "{pieces:?}");

        let client_one = app.signed_in("one@example.com").await;
        let client_two = app.signed_in("two@example.com").await;
        let mine = app.get_with(&client_one, "/api/client/pieces").await;
        assert_eq!(mine.status, 200, "{}", mine.text);
        let item = &mine.body["items"][0];
        assert_eq!(
            (item["id"].as_i64(), item["host"].as_str(), item["username"].as_str(), item["password"].as_str(), item["type"].as_str()),
            (Some(a), Some("proxy.acme.example"), Some(user_a.as_str()), Some(pass_a.as_str()), Some("static"))
        );
        assert_eq!(app.get_with(&client_two, "/api/client/pieces").await.body["items"], json!([]));
        let reply = app.get("/api/client/pieces").await;
        assert_eq!((reply.status, reply.message()), (403, msg::NOT_A_CLIENT), "the reseller is nobody's client");
        // A client reaches neither the reseller's side nor another's pieces.
        for path in [assign(one), assign(two), "/api/reseller/piece_moves".to_owned()] {
            let reply = app.get_with(&client_two, &path).await;
            assert_eq!(reply.status, 403, "{path}: {}", reply.text);
        }
        let reply = app.post_json_with(&client_one, &assign(two), json!({ "pieceId": a })).await;
        assert_eq!(reply.status, 403, "{}", reply.text);

        // Another reseller can neither take the piece nor reach this reseller's client.
        let other = app.new_client();
        app.register_with(&other, "other@example.com", PASSWORD).await;
        app.grant_reseller("other@example.com", 5);
        let theirs = app.add_client(&other, "theirs@example.com").await;
        let reply = app.post_json_with(&other, &assign(theirs), json!({ "pieceId": b })).await;
        assert_eq!((reply.status, reply.message()), (404, msg::PIECE_NOT_FOUND));
        let reply = app.post_json_with(&other, &assign(one), json!({ "pieceId": b })).await;
        assert_eq!((reply.status, reply.message()), (404, msg::CLIENT_NOT_FOUND));
        let path = format!("/api/reseller/clients/{one}/pieces/{a}");
        let reply = app.send(other.delete(app.url(&path))).await;
        assert_eq!((reply.status, reply.message()), (404, msg::CLIENT_NOT_FOUND));

        // Suspending the client stops the piece at the gateway; resuming starts it again.
        assert!(!credential(&app, &user_a).refused());
        let client_path = format!("/api/reseller/clients/{one}");
        for (suspended, disabled) in [(true, true), (false, false)] {
            let reply = app.send(app.client.patch(app.url(&client_path)).json(&json!({ "suspended": suspended }))).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            let now = credential(&app, &user_a);
            assert_eq!((now.holder_disabled, now.disabled), (disabled, false), "the piece stays the reseller's");
        }
        // A client holding a piece is not deleted.
        let reply = app.send(app.client.delete(app.url(&client_path))).await;
        assert_eq!((reply.status, reply.message()), (409, msg::CLIENT_HOLDS_TRAFFIC));

        // Taken back: a new password, so the client's copy no longer works; only once.
        let reply = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((reply.status, reply.message()), (200, msg::PIECE_TAKEN_BACK));
        let now = credential(&app, &user_a);
        assert!(now.password != pass_a && !now.refused(), "the password changed");
        let reply = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((reply.status, reply.message()), (404, msg::PIECE_NOT_FOUND));
        let client_one = app.signed_in("one@example.com").await;
        assert_eq!(app.get_with(&client_one, "/api/client/pieces").await.body["items"], json!([]));
        assert!(my_pieces(&app).await.iter().all(|p| p["clientId"].is_null()));

        // Both moves are in the ledger, newest first; the client can be deleted now.
        let ledger = app.get(&format!("/api/reseller/piece_moves?clientId={one}")).await;
        assert_eq!(ledger.status, 200, "{}", ledger.text);
        let moves: Vec<(Value, Value)> = ledger.body["items"].as_array().unwrap().iter()
            .map(|m| (m["direction"].clone(), m["pieceId"].clone())).collect();
        assert_eq!(moves, vec![(json!("take_back"), json!(a)), (json!("assign"), json!(a))]);
        assert_eq!(app.get(&format!("/api/reseller/piece_moves?clientId={two}")).await.body["total"], 0);
        assert_eq!(app.get_with(&other, "/api/reseller/piece_moves").await.body["total"], 0);
        let reply = app.send(app.client.delete(app.url(&client_path))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
}
