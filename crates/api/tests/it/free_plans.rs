//! A plan priced $0 is not on sale: buying it (traffic or pieces, by amount or by id) answers
//! 410 "This plan is no longer available" and writes nothing (no zero-cent ledger row, no
//! traffic, no order, no stock taken); the catalogue no longer lists it.

use crate::common::TestApp;
use diesel::prelude::*;
use persistence::schema::{piece_orders, piece_stock, plans, traffic_balances};
use serde_json::json;

const BUYER: &str = "buyer@example.com";
const UNAVAILABLE: &str = "This plan is no longer available";

/// The first listed plan of `kind`, now priced $0; its id.
async fn made_free(app: &TestApp, kind: &str) -> i64 {
    let reply = app.get(&format!("/api/user/plan?type={kind}")).await;
    let id = reply.body["plan"]["plans"][0]["id"].as_i64().unwrap();
    app.with_conn(|conn| {
        diesel::update(plans::table.find(id))
            .set(plans::price_cents.eq(0))
            .execute(conn)
            .unwrap()
    });
    id
}

fn listed_ids(reply: &crate::common::Reply) -> Vec<i64> {
    reply.body["plan"]["plans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_free_traffic_plan_cannot_be_bought(backend) {
        let app = TestApp::funded(backend, BUYER, 5.0).await;
        let id = made_free(&app, "premium").await;
        let amount = app.with_conn(|conn| plans::table.find(id).select(plans::amount).first::<i64>(conn).unwrap());

        let by_id = app.post_json("/api/user/get_plan", json!({ "type": "premium", "planId": id })).await;
        let by_amount = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": amount })).await;

        for reply in [&by_id, &by_amount] {
            assert_eq!((reply.status, reply.message()), (410, UNAVAILABLE), "{}", reply.text);
        }
        let ledger = app.ledger(BUYER);
        assert_eq!(ledger.len(), 1, "only the top-up: {ledger:?}");
        assert_eq!(app.balance_cents(BUYER), 500);
        let traffic: i64 = app.with_conn(|conn| traffic_balances::table.count().get_result(conn).unwrap());
        assert_eq!(traffic, 0);
        let listed = app.get("/api/user/plan?type=premium").await;
        assert!(!listed_ids(&listed).contains(&id), "{}", listed.text);
        app.assert_books_balance(&[BUYER]);
    }

    async fn a_free_piece_plan_cannot_be_bought(backend) {
        let app = TestApp::funded(backend, BUYER, 5.0).await;
        let id = made_free(&app, "static").await;

        let reply = app
            .post_json("/api/user/get_proxy", json!({ "type": "static", "plan": id, "country": "us", "location": "us-comcast", "quantity": 1 }))
            .await;

        assert_eq!((reply.status, reply.message()), (410, UNAVAILABLE), "{}", reply.text);
        let (orders, sold): (i64, i32) = app.with_conn(|conn| {
            (
                piece_orders::table.count().get_result(conn).unwrap(),
                piece_stock::table
                    .filter(piece_stock::code.eq("us-comcast"))
                    .select(piece_stock::sold)
                    .first(conn)
                    .unwrap(),
            )
        });
        assert_eq!((orders, sold), (0, 0));
        assert_eq!(app.ledger(BUYER).len(), 1);
        app.assert_books_balance(&[BUYER]);
    }
}
