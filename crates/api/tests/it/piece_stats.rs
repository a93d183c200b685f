//! `GET /api/user/get_starts` counts the customer's pieces per piece kind (issue 10: the
//! overview's static, LTE, IPv4 and IPv6 tabs show pieces, not GB): live ones, those expiring
//! within `expiringSoonDays`, and the first expiry.

use crate::common::TestApp;
use diesel::prelude::*;
use persistence::schema::piece_proxies;
use serde_json::{Value, json};

const USER: &str = "buyer@example.com";
const DAY: i64 = 86_400;

async fn buy(app: &TestApp, kind: &str, body: Value) {
    let plans = app.get(&format!("/api/user/plan?type={kind}")).await;
    let plan = plans.body["plan"]["plans"][0]["id"].as_i64().unwrap();
    let mut body = body;
    body["type"] = json!(kind);
    body["plan"] = json!(plan);
    let reply = app.post_json("/api/user/get_proxy", body).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

/// The ids of the buyer's pieces of a kind, oldest first.
fn piece_ids(app: &TestApp, kind: &str) -> Vec<i64> {
    app.with_conn(|conn| {
        piece_proxies::table
            .filter(piece_proxies::kind.eq(kind))
            .order(piece_proxies::id.asc())
            .select(piece_proxies::id)
            .load(conn)
            .unwrap()
    })
}

fn set_expiry(app: &TestApp, id: i64, at: i64) {
    app.with_conn(|conn| {
        diesel::update(piece_proxies::table.find(id))
            .set(piece_proxies::expires_at.eq(at))
            .execute(conn)
            .unwrap();
    });
}

persistence::both_backends! {

    #[actix_web::test]
    async fn stats_count_live_and_soon_expiring_pieces_per_kind(backend) {
        let app = TestApp::funded(backend, USER, 20.0).await;
        let empty = app.get("/api/user/get_starts").await;
        assert_eq!(empty.status, 200, "{}", empty.text);
        assert_eq!(empty.body["expiringSoonDays"], 3);
        for kind in ["static", "lte", "ipv4", "ipv6"] {
            assert_eq!(empty.body["pieceStats"][kind], json!({ "live": 0, "expiringSoon": 0, "nextExpiresAt": null }), "{kind}");
        }

        buy(&app, "static", json!({ "country": "us", "location": "us-comcast", "quantity": 3 })).await;
        buy(&app, "ipv4", json!({ "location": "ipv4-us", "quantity": 1 })).await;
        let now = persistence::now();
        let statics = piece_ids(&app, "static");
        set_expiry(&app, statics[0], now + DAY);
        set_expiry(&app, statics[1], now + 10 * DAY);
        app.with_conn(|conn| {
            diesel::update(piece_proxies::table.find(statics[2]))
                .set(piece_proxies::released_at.eq(now))
                .execute(conn)
                .unwrap();
        });
        set_expiry(&app, piece_ids(&app, "ipv4")[0], now - 1);

        let stats = app.get("/api/user/get_starts").await;
        let pieces = &stats.body["pieceStats"];
        assert_eq!(pieces["static"], json!({ "live": 2, "expiringSoon": 1, "nextExpiresAt": now + DAY }));
        assert_eq!(pieces["ipv4"], json!({ "live": 0, "expiringSoon": 0, "nextExpiresAt": null }));
        assert_eq!(pieces["lte"]["live"], 0);

        // another customer's pieces are not counted
        let other = app.new_client();
        app.register_with(&other, "other@example.com", crate::common::PASSWORD).await;
        let theirs = app.get_with(&other, "/api/user/get_starts").await;
        assert_eq!(theirs.status, 200, "{}", theirs.text);
        assert_eq!(theirs.body["pieceStats"]["static"]["live"], 0);
    }
}
