//! Automatic top-up settings (`GET/PUT /api/user/auto_topup`): defaults off for both traffic
//! kinds, 422s for a piece kind or a bad threshold, 404 for a plan of another kind, and a setting saved
//! already below its threshold buying at once, once per window.

use crate::common::TestApp;
use domain::ProxyKind;
use serde_json::{Value, json};

const BUYER: &str = "topper@example.com";
const GB: i64 = 1_000_000_000;

async fn first_plan(app: &TestApp, kind: &str) -> (i64, f64, i64) {
    let reply = app.get(&format!("/api/user/plan?type={kind}")).await;
    let plan = &reply.body["plan"]["plans"][0];
    (
        plan["id"].as_i64().unwrap(),
        plan["price"].as_f64().unwrap(),
        plan["amount"].as_i64().unwrap(),
    )
}

async fn put(app: &TestApp, body: Value) -> crate::common::Reply {
    app.send(app.client.put(app.url("/api/user/auto_topup")).json(&body))
        .await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn settings_default_off_and_refuse_bad_values(backend) {
        let app = TestApp::funded(backend, BUYER, 0.0).await;
        let defaults = app.get("/api/user/auto_topup").await;
        assert_eq!(defaults.status, 200, "{}", defaults.text);
        assert_eq!(
            defaults.body,
            json!({"items": [
                {"type": "premium", "enabled": false, "belowGb": 1.0, "planId": null, "lastRunAt": null},
                {"type": "budget", "enabled": false, "belowGb": 1.0, "planId": null, "lastRunAt": null},
            ]})
        );
        let guest = app.get_with(&app.new_client(), "/api/user/auto_topup").await;
        assert_eq!(guest.status, 401);

        let (budget_plan, _, _) = first_plan(&app, "budget").await;
        let bad = put(&app, json!({"type": "static", "enabled": "on", "belowGb": 0, "planId": budget_plan})).await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        for field in ["type", "enabled", "belowGb"] {
            assert!(bad.body["fields"][field].is_string(), "{field}: {}", bad.text);
        }
        let wrong_kind = put(&app, json!({"type": "premium", "enabled": true, "belowGb": 2.5, "planId": budget_plan})).await;
        assert_eq!((wrong_kind.status, wrong_kind.message()), (404, "Plan not found"), "{}", wrong_kind.text);
        let too_fine = put(&app, json!({"type": "budget", "enabled": true, "belowGb": 1.005, "planId": budget_plan})).await;
        assert_eq!(too_fine.status, 422, "{}", too_fine.text);
        assert_eq!(app.get("/api/user/auto_topup").await.body, defaults.body, "nothing saved");

        // Off: saved, nothing bought.
        let saved = put(&app, json!({"type": "budget", "enabled": false, "belowGb": 2.5, "planId": budget_plan})).await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        assert_eq!(
            saved.body["items"][1],
            json!({"type": "budget", "enabled": false, "belowGb": 2.5, "planId": budget_plan, "lastRunAt": null})
        );
    }

    async fn saving_below_the_threshold_buys_once_per_window(backend) {
        let app = TestApp::funded(backend, BUYER, 100.0).await;
        let (plan, price, amount) = first_plan(&app, "premium").await;
        let body = json!({"type": "premium", "enabled": true, "belowGb": 2, "planId": plan});
        let saved = put(&app, body.clone()).await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        assert!(saved.body["items"][0]["lastRunAt"].is_i64(), "{}", saved.text);
        let id = app.user_id(BUYER);
        let traffic = app.with_conn(|c| persistence::traffic::balance(c, id, ProxyKind::Premium).unwrap());
        assert_eq!(traffic, (amount * GB, 0));
        let balance = app.current_user().await["balance"].as_f64().unwrap();
        assert!((balance - (100.0 - price)).abs() < 1e-9, "{balance}");

        // Still below 2 GB would need a plan under 2 GB; raise the threshold: same window.
        let again = put(&app, json!({"type": "premium", "enabled": true, "belowGb": 1000, "planId": plan})).await;
        assert_eq!(again.status, 200, "{}", again.text);
        let purchases = app.ledger(BUYER).iter().filter(|e| e.kind.as_str() == "purchase").count();
        assert_eq!(purchases, 1, "one top-up per window");
        let notes = app.get("/api/user/notifications").await;
        let kinds: Vec<_> = notes.body["items"].as_array().unwrap().iter().map(|n| n["kind"].clone()).collect();
        assert_eq!(kinds, [json!("renewed"), json!("payment_credited")], "{}", notes.text);
    }
}
