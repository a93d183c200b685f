//! The operator's plan catalogue (`/api/admin/plans`, docs/admin-api/plans.md): every change
//! commits with its audit row, customers see it on their next request, a refusal writes nothing,
//! a plan ever sold is deactivated instead of deleted, and a new price never touches what was
//! already bought.

use crate::common::{PASSWORD, TestApp};
use diesel::prelude::*;
use persistence::audit::AuditFilter;
use persistence::schema::{plans, traffic_purchases};
use serde_json::{Value, json};

const ADMIN: &str = "admin@example.com";
const BUYER: &str = "buyer@example.com";

async fn admin_app(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |s| s.limits.payments_per_user = 100).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    app
}

fn audit_count(app: &TestApp) -> i64 {
    app.with_conn(|conn| {
        persistence::audit::list(conn, &AuditFilter::default(), 1, 0)
            .unwrap()
            .1
    })
}

fn ledger(app: &TestApp) -> Vec<(i64, i64, i64)> {
    app.ledger(BUYER)
        .iter()
        .map(|e| (e.id, e.amount_cents.get(), e.balance_after.get()))
        .collect()
}

fn plan_count(app: &TestApp) -> i64 {
    app.with_conn(|conn| persistence::plans::count(conn).unwrap())
}

fn new_plan() -> Value {
    json!({ "type": "premium", "name": "Premium 7 GB", "tag": "New", "price": 19.99, "amount": 7,
            "validityDays": 45, "regions": ["us", "DE"], "features": { "protocols": true }, "sort": 9 })
}

async fn customer_prices(client: &reqwest::Client, app: &TestApp, kind: &str) -> Vec<(i64, f64)> {
    let reply = app
        .get_with(client, &format!("/api/user/plan?type={kind}"))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    reply.body["plan"]["plans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_i64().unwrap(), p["price"].as_f64().unwrap()))
        .collect()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn create_edit_and_delete_an_unsold_plan(backend) {
        let app = admin_app(backend).await;
        let customer = app.new_client();
        let created = app.post_json("/api/admin/plans", new_plan()).await;
        assert_eq!(created.status, 201, "{}", created.text);
        let plan = created.body.clone();
        let id = plan["id"].as_i64().unwrap();
        assert_eq!(plan["type"], "premium");
        assert_eq!(plan["name"], "Premium 7 GB");
        assert_eq!(plan["tag"], "New");
        assert_eq!(plan["note"], Value::Null);
        assert_eq!(plan["price"], 19.99);
        assert_eq!((plan["amount"].as_i64(), plan["validityDays"].as_i64()), (Some(7), Some(45)));
        assert_eq!(plan["regions"], json!(["US", "DE"]));
        assert_eq!(plan["features"], json!({ "protocols": true }));
        assert_eq!((plan["active"].as_bool(), plan["sort"].as_i64(), plan["sold"].as_i64()), (Some(true), Some(9), Some(0)));
        assert_eq!(plan["availableUntil"], Value::Null);
        let rows = app.audit_rows_of("plan.create");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].target.as_deref(), Some(format!("plan:{id}").as_str()));
        assert_eq!(rows[0].admin_id, Some(app.user_id(ADMIN)));
        assert_eq!((rows[0].before(), rows[0].after()), (None, Some(plan.clone())));
        // Customers see the new plan at once.
        assert!(customer_prices(&customer, &app, "premium").await.contains(&(id, 19.99)));

        let listed = app.get("/api/admin/plans?type=premium").await;
        assert_eq!(listed.status, 200, "{}", listed.text);
        let items = listed.body["items"].as_array().unwrap();
        assert!(items.iter().all(|p| p["type"] == "premium"));
        assert!(items.iter().any(|p| p["id"] == id));
        let all = app.get("/api/admin/plans").await;
        assert_eq!(all.body["items"].as_array().unwrap().len() as i64, plan_count(&app));

        let edited = app.send(app.client.patch(app.url(&format!("/api/admin/plans/{id}")))
            .json(&json!({ "price": 17.5, "tag": null, "availableUntil": 4_000_000_000_i64, "type": "budget" }))).await;
        assert_eq!(edited.status, 200, "{}", edited.text);
        assert_eq!(edited.body["price"], 17.5);
        assert_eq!(edited.body["tag"], Value::Null);
        assert_eq!(edited.body["type"], "premium", "the kind never changes");
        assert_eq!(edited.body["name"], "Premium 7 GB", "absent fields are kept");
        assert_eq!(edited.body["availableUntil"], 4_000_000_000_i64);
        let rows = app.audit_rows_of("plan.update");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].before(), Some(plan.clone()));
        assert_eq!(rows[0].after(), Some(edited.body.clone()));
        assert!(customer_prices(&customer, &app, "premium").await.contains(&(id, 17.5)));

        let hidden = app.send(app.client.patch(app.url(&format!("/api/admin/plans/{id}"))).json(&json!({ "active": false }))).await;
        assert_eq!(hidden.status, 200);
        assert!(!customer_prices(&customer, &app, "premium").await.iter().any(|(p, _)| *p == id));

        let deleted = app.send(app.client.delete(app.url(&format!("/api/admin/plans/{id}")))).await;
        assert_eq!(deleted.status, 200, "{}", deleted.text);
        assert_eq!(deleted.body, json!({ "deleted": true }));
        let gone: i64 = app.with_conn(|conn| plans::table.filter(plans::id.eq(id)).count().get_result(conn).unwrap());
        assert_eq!(gone, 0);
        let rows = app.audit_rows_of("plan.delete");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].after(), None);
        assert_eq!(rows[0].before().unwrap()["id"], id);
    }

    async fn a_sold_plan_is_deactivated_and_its_price_change_touches_no_purchase(backend) {
        let app = admin_app(backend).await;
        let buyer = app.new_client();
        app.register_with(&buyer, BUYER, PASSWORD).await;
        let id = app.top_up_with(&buyer, 30.0, "LTC").await;
        app.pay(&id).await;
        let plans = customer_prices(&buyer, &app, "premium").await;
        let (plan_id, price) = plans[0];
        let bought = app.post_json_with(&buyer, "/api/user/get_plan", json!({ "type": "premium", "planId": plan_id })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let ledger_before = ledger(&app);

        let edited = app.send(app.client.patch(app.url(&format!("/api/admin/plans/{plan_id}"))).json(&json!({ "price": price + 10.0 }))).await;
        assert_eq!(edited.status, 200, "{}", edited.text);
        assert_eq!(edited.body["sold"], 1);
        let listed = app.get("/api/admin/plans?type=premium").await;
        let row = listed.body["items"].as_array().unwrap().iter().find(|p| p["id"] == plan_id).cloned().unwrap();
        assert_eq!(row, edited.body, "the list counts sales as the plan itself does");
        // What was bought keeps its price: the purchase row and the ledger are unchanged.
        let paid: Vec<i64> = app.with_conn(|conn| traffic_purchases::table
            .filter(traffic_purchases::plan_id.eq(plan_id))
            .select(traffic_purchases::price_cents)
            .load(conn)
            .unwrap());
        assert_eq!(paid, vec![(price * 100.0).round() as i64]);
        assert_eq!(ledger(&app), ledger_before);
        app.assert_books_balance(&[BUYER]);

        let count = plan_count(&app);
        let deleted = app.send(app.client.delete(app.url(&format!("/api/admin/plans/{plan_id}")))).await;
        assert_eq!(deleted.status, 200, "{}", deleted.text);
        assert_eq!(deleted.body["deleted"], false);
        assert_eq!(deleted.body["plan"]["active"], false);
        assert_eq!(deleted.body["plan"]["id"], plan_id);
        assert_eq!(plan_count(&app), count, "a sold plan is never deleted");
        let rows = app.audit_rows_of("plan.deactivate");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].before().unwrap()["active"], true);
        assert_eq!(rows[0].after().unwrap()["active"], false);
        assert!(app.audit_rows_of("plan.delete").is_empty());
        assert!(!customer_prices(&buyer, &app, "premium").await.iter().any(|(p, _)| *p == plan_id));
        // The purchase still points at its plan.
        let kept: i64 = app.with_conn(|conn| traffic_purchases::table
            .filter(traffic_purchases::plan_id.eq(plan_id)).count().get_result(conn).unwrap());
        assert_eq!(kept, 1);
    }

    async fn refusals_name_the_field_and_write_nothing(backend) {
        let app = admin_app(backend).await;
        let (plans_before, audit_before) = (plan_count(&app), audit_count(&app));
        let cases = [
            ("type", json!("gold"), "Unknown proxy type"),
            ("name", json!("  "), "Please enter a plan name (1–80 characters)"),
            ("name", json!("x".repeat(81)), "Please enter a plan name (1–80 characters)"),
            ("price", json!(-1), "Please enter a valid price"),
            ("price", json!(1.005), "Please enter a valid price"),
            ("price", json!(0.001), "Please enter a valid price"),
            ("amount", json!(0), "Amount must be greater than zero"),
            ("amount", json!(1.5), "Amount must be greater than zero"),
            ("validityDays", json!(0), "Please enter a valid number of days"),
            ("validityDays", json!(3651), "Please enter a valid number of days"),
        ];
        for (field, value, message) in cases {
            let mut body = new_plan();
            body[field] = value.clone();
            let reply = app.post_json("/api/admin/plans", body).await;
            assert_eq!(reply.status, 422, "{field} = {value}: {}", reply.text);
            assert_eq!(reply.message(), message);
            assert_eq!(reply.body["fields"][field], message);
        }
        // Valid JSON with a field of the wrong type names the field and what it must be.
        let wrong_types = [
            ("regions", json!("US"), "regions must be a list"),
            ("name", json!(5), "name must be text"),
            ("active", json!("yes"), "active must be true or false"),
            ("sort", json!("first"), "sort must be a whole number"),
            ("features", json!([1]), "features must be an object"),
        ];
        for (field, value, message) in wrong_types {
            let mut body = new_plan();
            body[field] = value.clone();
            let reply = app.post_json("/api/admin/plans", body).await;
            assert_eq!(reply.status, 422, "{field} = {value}: {}", reply.text);
            assert_eq!(reply.message(), message);
            assert_eq!(reply.body["fields"], json!({ field: message }), "{}", reply.text);
        }
        let mut nested = new_plan();
        nested["regions"] = json!(["US", 7]);
        let reply = app.post_json("/api/admin/plans", nested).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"], json!({ "regions[1]": "regions[1] must be text" }));
        let mut missing = new_plan();
        missing.as_object_mut().unwrap().remove("price");
        let reply = app.post_json("/api/admin/plans", missing).await;
        assert_eq!((reply.status, reply.body["fields"]["price"].as_str()), (422, Some("Please enter a valid price")));

        let id = app.get("/api/admin/plans").await.body["items"][0]["id"].as_i64().unwrap();
        let bad = app.send(app.client.patch(app.url(&format!("/api/admin/plans/{id}"))).json(&json!({ "validityDays": 4000 }))).await;
        assert_eq!((bad.status, bad.message()), (422, "Please enter a valid number of days"));
        let missing = app.send(app.client.patch(app.url("/api/admin/plans/999999")).json(&json!({ "price": 1 }))).await;
        assert_eq!((missing.status, missing.message()), (404, "Plan not found"));
        let missing = app.send(app.client.delete(app.url("/api/admin/plans/999999"))).await;
        assert_eq!((missing.status, missing.message()), (404, "Plan not found"));

        let customer = app.new_client();
        app.register_with(&customer, BUYER, PASSWORD).await;
        let forbidden = app.post_json_with(&customer, "/api/admin/plans", new_plan()).await;
        assert_eq!(forbidden.status, 403);
        let guest = app.post_json_with(&reqwest::Client::new(), "/api/admin/plans", new_plan()).await;
        assert_eq!(guest.status, 401);
        assert_eq!((plan_count(&app), audit_count(&app)), (plans_before, audit_before));
    }

    async fn a_traffic_plans_limits_are_set_audited_shown_and_told_to_the_gateway(backend) {
        let app = admin_app(backend).await;
        for (field, other) in [("maxConnections", "maxRequestsPerSecond"), ("maxRequestsPerSecond", "bandwidthMbps"), ("bandwidthMbps", "maxConnections")] {
            plan_limit_round(&app, field, other).await;
        }
    }
}

/// One of a plan's limits (`field`) set on a new plan, changed, kept, removed and refused where
/// it does not apply; the `other` limit, set on the side, stays as it is throughout.
async fn plan_limit_round(app: &TestApp, field: &str, other: &str) {
    let events = |app: &TestApp| -> i64 {
        use persistence::schema::gateway_events;
        app.with_conn(|c| gateway_events::table.count().get_result(c).unwrap())
    };
    let mut limited = new_plan();
    limited[field] = json!(10);
    let created = app.post_json("/api/admin/plans", limited).await;
    assert_eq!(created.status, 201, "{}", created.text);
    assert_eq!(
        (created.body[field].clone(), created.body[other].clone()),
        (json!(10), Value::Null)
    );
    let id = created.body["id"].as_i64().unwrap();
    let shown = |body: &Value, name: &str| {
        body["plan"]["plans"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .unwrap()[name]
            .clone()
    };
    assert_eq!(
        shown(&app.get("/api/user/plan?type=premium").await.body, field),
        10,
        "customers see it on the plan"
    );

    let before = events(app);
    let path = format!("/api/admin/plans/{id}");
    let raised = app
        .send(app.client.patch(app.url(&path)).json(&json!({ field: 25 })))
        .await;
    assert_eq!(
        (raised.status, raised.body[field].as_i64()),
        (200, Some(25)),
        "{}",
        raised.text
    );
    // newest first
    let rows = app.audit_rows_of("plan.update");
    assert_eq!(rows[0].before().unwrap()[field], 10);
    assert_eq!(rows[0].after().unwrap()[field], 25);
    assert_eq!(
        events(app),
        before + 1,
        "the gateway nodes are told in the same transaction"
    );
    let kept = app
        .send(
            app.client
                .patch(app.url(&path))
                .json(&json!({ "price": 21, other: 7 })),
        )
        .await;
    assert_eq!(
        (kept.body[field].clone(), kept.body[other].clone()),
        (json!(25), json!(7)),
        "absent, the limit stays"
    );
    let removed = app
        .send(
            app.client
                .patch(app.url(&path))
                .json(&json!({ field: null })),
        )
        .await;
    assert_eq!(
        (removed.body[field].clone(), removed.body[other].clone()),
        (Value::Null, json!(7))
    );
    let listed = app.get("/api/user/plan?type=premium").await.body;
    assert_eq!(
        (shown(&listed, field), shown(&listed, other)),
        (Value::Null, json!(7))
    );

    let rule = format!("{field} must be a whole number from 1 to 100000, or null");
    for bad in [json!(0), json!(100_001), json!(2.5), json!(-1)] {
        let reply = app
            .send(
                app.client
                    .patch(app.url(&path))
                    .json(&json!({ field: bad })),
            )
            .await;
        assert_eq!(
            (reply.status, reply.body["fields"].clone()),
            (422, json!({ field: rule })),
            "{bad}"
        );
    }
    let traffic_only = format!("{field} applies to traffic plans (premium and budget)");
    let mut piece = new_plan();
    piece["type"] = json!("ipv4");
    piece[field] = json!(5);
    let reply = app.post_json("/api/admin/plans", piece).await;
    assert_eq!(
        (reply.status, reply.body["fields"].clone()),
        (422, json!({ field: traffic_only }))
    );
    let ipv4 = app.get("/api/admin/plans?type=ipv4").await.body["items"][0]["id"]
        .as_i64()
        .unwrap();
    let audits = audit_count(app);
    let reply = app
        .send(
            app.client
                .patch(app.url(&format!("/api/admin/plans/{ipv4}")))
                .json(&json!({ field: 5, "price": 3 })),
        )
        .await;
    assert_eq!(
        (reply.status, reply.body["fields"].clone()),
        (422, json!({ field: traffic_only }))
    );
    assert_eq!(audit_count(app), audits, "nothing half-written");
    let price: i64 = app.with_conn(|c| {
        plans::table
            .find(ipv4)
            .select(plans::price_cents)
            .first(c)
            .unwrap()
    });
    assert_ne!(price, 300, "the price change went with the refusal");
}
