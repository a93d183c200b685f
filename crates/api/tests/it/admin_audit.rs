//! The audit log for operators (`GET /api/admin/audit`, docs/admin-api/audit.md): every audited
//! change with who made it and the state before and after, newest first, filtered by actor (id or
//! email), action and target, in pages.

use crate::common::{PASSWORD, TestApp};
use serde_json::json;

const ADMIN: &str = "admin@example.com";
const OTHER_ADMIN: &str = "second-admin@example.com";

persistence::both_backends! {

    #[actix_web::test]
    async fn the_log_lists_and_filters_changes(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(ADMIN, PASSWORD).await;
        app.make_admin(ADMIN);
        let second = app.new_client();
        app.register_with(&second, OTHER_ADMIN, PASSWORD).await;
        app.make_admin(OTHER_ADMIN);

        let empty = app.get("/api/admin/audit").await;
        assert_eq!(empty.status, 200, "{}", empty.text);
        assert_eq!(empty.body, json!({ "items": [], "total": 0, "page": 1, "perPage": 50 }));

        let plan = app.post_json("/api/admin/plans", json!({ "type": "budget", "name": "Budget 3 GB", "price": 4, "amount": 3, "validityDays": 30 })).await;
        assert_eq!(plan.status, 201, "{}", plan.text);
        let plan_id = plan.body["id"].as_i64().unwrap();
        let stock = app.post_json_with(&second, "/api/admin/stock", json!({ "type": "ipv4", "code": "ipv4-jp-audit", "country": "jp", "capacity": 3 })).await;
        assert_eq!(stock.status, 201, "{}", stock.text);
        let stock_id = stock.body["id"].as_i64().unwrap();
        let patched = app.send(app.client.patch(app.url(&format!("/api/admin/plans/{plan_id}"))).json(&json!({ "price": 5 }))).await;
        assert_eq!(patched.status, 200, "{}", patched.text);

        let all = app.get("/api/admin/audit").await;
        assert_eq!(all.body["total"], 3);
        let items = all.body["items"].as_array().unwrap();
        let actions: Vec<&str> = items.iter().map(|i| i["action"].as_str().unwrap()).collect();
        assert_eq!(actions, ["plan.update", "stock.create", "plan.create"], "newest first");
        let update = &items[0];
        assert_eq!(update["actorId"], app.user_id(ADMIN).get());
        assert_eq!(update["actorEmail"], ADMIN);
        assert_eq!(update["target"], format!("plan:{plan_id}"));
        assert_eq!(update["reason"], serde_json::Value::Null);
        assert_eq!((update["before"]["price"].as_f64(), update["after"]["price"].as_f64()), (Some(4.0), Some(5.0)));
        assert!(update["createdAt"].as_i64().unwrap() > 0);
        assert_eq!(items[1]["actorEmail"], OTHER_ADMIN);
        assert_eq!(items[1]["before"], serde_json::Value::Null);
        assert_eq!(items[1]["after"]["id"], stock_id);

        let by_actor = app.get(&format!("/api/admin/audit?actor={}", app.user_id(OTHER_ADMIN).get())).await;
        assert_eq!((by_actor.body["total"].as_i64(), by_actor.body["items"][0]["action"].as_str()), (Some(1), Some("stock.create")));
        let by_email = app.get(&format!("/api/admin/audit?actor={ADMIN}")).await;
        assert_eq!(by_email.body["total"], 2);
        assert_eq!(app.get("/api/admin/audit?actor=nobody@example.com").await.body["total"], 0);
        let by_action = app.get("/api/admin/audit?action=plan.create").await;
        assert_eq!((by_action.body["total"].as_i64(), by_action.body["items"][0]["target"].clone()), (Some(1), json!(format!("plan:{plan_id}"))));
        let by_target = app.get(&format!("/api/admin/audit?target=plan:{plan_id}")).await;
        assert_eq!(by_target.body["total"], 2);
        let both = app.get(&format!("/api/admin/audit?target=plan:{plan_id}&action=plan.update&actor={ADMIN}")).await;
        assert_eq!(both.body["total"], 1);
        let paged = app.get("/api/admin/audit?page=2&perPage=2").await;
        assert_eq!((paged.body["page"].as_i64(), paged.body["perPage"].as_i64(), paged.body["total"].as_i64()), (Some(2), Some(2), Some(3)));
        assert_eq!(paged.body["items"][0]["action"], "plan.create");

        let customer = app.new_client();
        app.register_with(&customer, "customer@example.com", PASSWORD).await;
        assert_eq!(app.get_with(&customer, "/api/admin/audit").await.status, 403);
        assert_eq!(app.get_with(&reqwest::Client::new(), "/api/admin/audit").await.status, 401);
    }
}
