//! The operator's changes to a customer's wallet and traffic: each in one transaction with its
//! audit row; a refusal writes nothing; the customer sees an adjustment, with its reason, in
//! their own wallet history.

use crate::common::TestApp;
use crate::common::customers::ADMIN;
use domain::ProxyKind;
use serde_json::{Value, json};

const ALICE: &str = "alice@example.com";
const GB: i64 = 1_000_000_000;

fn refused(reply: &crate::common::Reply, status: u16, field: Option<&str>, message: &str) {
    assert_eq!(reply.status, status, "{}", reply.text);
    let mut expected = json!({ "message": message });
    if let Some(field) = field {
        expected["fields"] = json!({ field: message });
    }
    assert_eq!(reply.body, expected);
}

fn add_plan(app: &TestApp, kind: ProxyKind, validity_days: i32, active: bool) {
    let t = persistence::now();
    app.with_conn(|conn| {
        persistence::plans::insert(
            conn,
            &persistence::plans::NewPlan {
                kind,
                name: "Long",
                tag: None,
                note: None,
                price_cents: domain::Cents::new(100),
                amount: 1,
                validity_days,
                regions: "",
                features: "{}",
                active,
                sort: 99,
                created_at: t,
                updated_at: t,
            },
        )
        .unwrap();
    });
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_credit_and_a_debit_are_audited_and_shown_to_the_customer(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let id = app.user_id(ALICE);

        let credit = app.admin_post(ALICE, "balance", json!({ "amount": 12.34, "reason": "  goodwill credit  " })).await;

        assert_eq!(credit.status, 200, "{}", credit.text);
        assert_eq!(credit.body["user"]["id"], id.get());
        assert_eq!(credit.body["user"]["balance"], 12.34);
        let entry = &credit.body["entry"];
        assert_eq!((entry["kind"].as_str(), entry["amount"].as_f64(), entry["balanceAfter"].as_f64()),
                   (Some("admin_adjustment"), Some(12.34), Some(12.34)));
        assert_eq!(entry["note"], "goodwill credit", "the trimmed reason");
        let reference = entry["reference"].as_str().unwrap().to_owned();
        assert!(reference.starts_with("admin_") && reference.len() > 12, "{reference}");
        let audit = app.audit_rows();
        assert_eq!(audit.len(), 1);
        assert_eq!(audit[0].admin_id, Some(app.user_id(ADMIN)));
        assert_eq!((audit[0].action.as_str(), audit[0].target.as_deref(), audit[0].detail.as_deref()),
                   ("user.balance", Some(format!("user:{id}").as_str()), Some("goodwill credit")));
        assert_eq!(audit[0].before(), Some(json!({ "balance": 0.0 })));
        assert_eq!(audit[0].after(), Some(json!({ "balance": 12.34, "amount": 12.34, "reference": reference })));

        let debit = app.admin_post(ALICE, "balance", json!({ "amount": -2.34, "reason": "correction" })).await;
        assert_eq!(debit.status, 200, "{}", debit.text);
        assert_eq!(debit.body["user"]["balance"], 10.0);
        assert_eq!(debit.body["entry"]["amount"], -2.34);
        assert_eq!(app.audit_rows()[0].before(), Some(json!({ "balance": 12.34 })));
        app.assert_books_balance(&[ALICE]);

        // The customer's own wallet history shows both, the reason as the note.
        let wallet = app.get_with(&alice, "/api/user/wallet").await;
        assert_eq!(wallet.status, 200, "{}", wallet.text);
        assert_eq!(wallet.body["balance"], 10.0);
        let entries = wallet.body["entries"].as_array().unwrap();
        let shown: Vec<(&str, f64, &str)> = entries.iter()
            .map(|e| (e["kind"].as_str().unwrap(), e["amount"].as_f64().unwrap(), e["note"].as_str().unwrap()))
            .collect();
        assert_eq!(shown, [("admin_adjustment", -2.34, "correction"), ("admin_adjustment", 12.34, "goodwill credit")]);
    }

    async fn refused_balance_changes_write_nothing(backend) {
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        let funded = app.admin_post(ALICE, "balance", json!({ "amount": 5, "reason": "starting funds" })).await;
        assert_eq!(funded.status, 200, "{}", funded.text);
        let before = app.snapshot(ALICE);
        let invalid_amount = "Please enter a valid amount";
        for amount in [json!(0), json!(0.0), json!(0.001), json!(1.005), json!(100000.01), json!(-100000.01),
                       json!("5"), json!(null), json!(true)] {
            let reply = app.admin_post(ALICE, "balance", json!({ "amount": amount, "reason": "testing" })).await;
            refused(&reply, 422, Some("amount"), invalid_amount);
        }
        let missing = app.admin_post(ALICE, "balance", json!({ "reason": "testing" })).await;
        refused(&missing, 422, Some("amount"), invalid_amount);
        let reason_required = "Please give a reason (3–200 characters)";
        for reason in [Value::Null, json!(""), json!("  ab  "), json!("x".repeat(201))] {
            let reply = app.admin_post(ALICE, "balance", json!({ "amount": 1, "reason": reason })).await;
            refused(&reply, 422, Some("reason"), reason_required);
        }
        let too_much = app.admin_post(ALICE, "balance", json!({ "amount": -5.01, "reason": "over debit" })).await;
        refused(&too_much, 402, None, "The customer's balance is too low for this debit");
        let nobody = app.post_json("/api/admin/users/999999/balance", json!({ "amount": 1, "reason": "testing" })).await;
        refused(&nobody, 404, None, "User not found");
        let not_json = app.send(app.client.post(app.url(&format!("/api/admin/users/{}/balance", app.user_id(ALICE))))
            .header("content-type", "application/json").body("{")).await;
        assert_eq!(not_json.status, 400, "{}", not_json.text);

        assert_eq!(app.snapshot(ALICE), before, "nothing written");
        // The bounds themselves are allowed.
        let whole = app.admin_post(ALICE, "balance", json!({ "amount": -5, "reason": "empty it" })).await;
        assert_eq!((whole.status, whole.body["user"]["balance"].as_f64()), (200, Some(0.0)), "{}", whole.text);
        let max = app.admin_post(ALICE, "balance", json!({ "amount": 100000, "reason": "the most" })).await;
        assert_eq!((max.status, max.body["user"]["balance"].as_f64()), (200, Some(100000.0)), "{}", max.text);
        app.assert_books_balance(&[ALICE]);
    }

    async fn granting_and_removing_traffic_is_recorded_and_audited(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        add_plan(&app, ProxyKind::Budget, 90, true);
        add_plan(&app, ProxyKind::Budget, 365, false);

        let grant = app.admin_post(ALICE, "traffic", json!({ "type": "premium", "gb": 2.5, "reason": "welcome gift" })).await;

        assert_eq!(grant.status, 200, "{}", grant.text);
        let traffic = &grant.body["traffic"];
        assert_eq!((traffic["type"].as_str(), traffic["purchased"].as_f64(), traffic["used"].as_f64(), traffic["available"].as_f64()),
                   (Some("premium"), Some(2.5), Some(0.0), Some(2.5)));
        let expires = traffic["expiresAt"].as_i64().unwrap();
        assert!((expires - (persistence::now() + 30 * 86_400)).abs() <= 5, "as a 30-day plan would: {expires}");
        assert_eq!(app.traffic_purchases(ALICE), [("premium".to_owned(), 25 * GB / 10, 0, "admin".to_owned())]);
        let audit = app.audit_rows();
        assert_eq!((audit[0].action.as_str(), audit[0].target.clone(), audit[0].detail.as_deref()),
                   ("user.traffic", Some(format!("user:{id}")), Some("welcome gift")));
        assert_eq!(audit[0].before(), Some(json!({ "type": "premium", "purchased": 0.0, "used": 0.0, "available": 0.0, "expiresAt": null })));
        assert_eq!(audit[0].after(), Some(traffic.clone()));
        let stats = app.get_with(&alice, "/api/user/get_starts").await;
        assert_eq!(stats.body["premiumStat"]["availableTraffic"], 2.5, "{}", stats.text);

        // The longest validity of the kind's plans on sale (inactive ones do not count).
        let budget = app.admin_post(ALICE, "traffic", json!({ "type": "budget", "gb": 1, "reason": "budget gift" })).await;
        let expires = budget.body["traffic"]["expiresAt"].as_i64().unwrap();
        assert!((expires - (persistence::now() + 90 * 86_400)).abs() <= 5, "{}", budget.text);

        // Removal: never below what was used.
        let today = domain::calendar::utc_day(persistence::now());
        app.with_conn(|conn| persistence::write_transaction(conn, |c| {
            persistence::traffic::record_usage(c, id, ProxyKind::Premium, &today, GB)
        })).unwrap();
        let remove = app.admin_post(ALICE, "traffic", json!({ "type": "premium", "gb": -1.5, "reason": "refunded elsewhere" })).await;
        assert_eq!(remove.status, 200, "{}", remove.text);
        assert_eq!(remove.body["traffic"]["purchased"], 1.0);
        assert_eq!(remove.body["traffic"]["available"], 0.0);
        assert_eq!(app.traffic_purchases(ALICE).last().unwrap().1, -15 * GB / 10);
        assert_eq!(app.audit_rows()[0].before().unwrap()["purchased"], 2.5);

        let before = app.snapshot(ALICE);
        let below = app.admin_post(ALICE, "traffic", json!({ "type": "premium", "gb": -0.01, "reason": "one more" })).await;
        refused(&below, 409, None, "Cannot remove more traffic than is unused");
        let never_had = app.customer("bob@example.com").await;
        drop(never_had);
        let none = app.admin_post("bob@example.com", "traffic", json!({ "type": "premium", "gb": -1, "reason": "nothing there" })).await;
        refused(&none, 409, None, "Cannot remove more traffic than is unused");
        assert_eq!(app.snapshot(ALICE), before);
        assert!(app.traffic_purchases("bob@example.com").is_empty());
    }

    async fn refused_traffic_changes_write_nothing(backend) {
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        let grant = app.admin_post(ALICE, "traffic", json!({ "type": "budget", "gb": 3, "reason": "starting traffic" })).await;
        assert_eq!(grant.status, 200, "{}", grant.text);
        let before = app.snapshot(ALICE);
        let balance_before = app.with_conn(|conn| persistence::traffic::balance_row(conn, id, ProxyKind::Budget).unwrap());
        let post = |body: Value| app.admin_post(ALICE, "traffic", body);

        for kind in ["static", "lte", "ipv4", "ipv6"] {
            let reply = post(json!({ "type": kind, "gb": 1, "reason": "testing" })).await;
            refused(&reply, 422, Some("type"), "Traffic can only be changed for premium or budget");
        }
        for kind in [json!("gold"), json!(null), json!("")] {
            let reply = post(json!({ "type": kind, "gb": 1, "reason": "testing" })).await;
            refused(&reply, 422, Some("type"), "Unknown proxy type");
        }
        for gb in [json!(0), json!(0.001), json!(100000.01), json!(-100000.5), json!("1"), json!(null)] {
            let reply = post(json!({ "type": "budget", "gb": gb, "reason": "testing" })).await;
            refused(&reply, 422, Some("gb"), "Please enter a valid number of GB");
        }
        let no_reason = post(json!({ "type": "budget", "gb": 1 })).await;
        refused(&no_reason, 422, Some("reason"), "Please give a reason (3–200 characters)");
        let nobody = app.post_json("/api/admin/users/999999/traffic", json!({ "type": "budget", "gb": 1, "reason": "testing" })).await;
        refused(&nobody, 404, None, "User not found");
        // Expired traffic is used up: nothing left to remove.
        app.with_conn(|conn| {
            use diesel::prelude::*;
            use persistence::schema::traffic_balances as tb;
            diesel::update(tb::table.find((id, ProxyKind::Budget)))
                .set(tb::expires_at.eq(persistence::now() - 1)).execute(conn).unwrap();
        });
        let expired = post(json!({ "type": "budget", "gb": -1, "reason": "expired anyway" })).await;
        refused(&expired, 409, None, "Cannot remove more traffic than is unused");

        assert_eq!(app.snapshot(ALICE), before, "nothing written");
        let balance_after = app.with_conn(|conn| persistence::traffic::balance_row(conn, id, ProxyKind::Budget).unwrap());
        assert_eq!(balance_after.map(|b| b.used_bytes), balance_before.map(|b| b.used_bytes));
    }
}
