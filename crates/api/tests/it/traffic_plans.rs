//! Plans and traffic purchases (`GET /api/user/plan`, `POST /api/user/get_plan`): the catalogue
//! is public, a purchase debits the wallet and adds the traffic in one transaction, and racing
//! purchases never overdraw.

use crate::common::TestApp;
use diesel::ExpressionMethods;
use serde_json::json;

const BUYER: &str = "buyer@example.com";
const GB: i64 = 1_000_000_000;

/// A signed-in buyer with `dollars` in the wallet.
async fn funded(backend: persistence::Backend, dollars: f64) -> TestApp {
    TestApp::funded(backend, BUYER, dollars).await
}

fn traffic(app: &TestApp, kind: domain::ProxyKind) -> (i64, i64) {
    let id = app.user_id(BUYER);
    app.with_conn(|conn| persistence::traffic::balance(conn, id, kind).unwrap())
}

persistence::both_backends! {

    #[actix_web::test]
    async fn every_kind_has_a_public_plan_group(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        for kind in ["premium", "budget", "static", "lte", "ipv4", "ipv6"] {
            let reply = app.get(&format!("/api/user/plan?type={kind}")).await;
            assert_eq!(reply.status, 200, "{kind}: {}", reply.text);
            assert_eq!(reply.body["plan"]["name"], kind);
            let plans = reply.body["plan"]["plans"].as_array().unwrap();
            assert!(!plans.is_empty(), "{kind}");
            for field in ["id", "name", "size", "price", "amount", "validityPeriod", "regions",
                          "countrySelection", "protocols", "ipDuration", "availability"] {
                assert!(plans[0].get(field).is_some(), "{kind} plan lacks {field}");
            }
        }
        let premium = app.get("/api/user/plan?type=premium").await;
        let first = &premium.body["plan"]["plans"][0];
        assert_eq!((first["amount"].as_i64(), first["price"].as_f64()), (Some(5), Some(15.0)));
        assert_eq!(first["size"], "5 GB");
        let bad = app.get("/api/user/plan?type=gold").await;
        assert_eq!((bad.status, bad.message()), (422, "Unknown proxy type"));
    }

    async fn buying_debits_the_wallet_and_adds_the_traffic(backend) {
        let app = funded(backend, 25.0).await;
        let reply = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["success"], true);
        assert_eq!(reply.message(), "Plan purchased successfully");
        assert_eq!(reply.body["user"]["balance"], 10.0);
        assert_eq!(traffic(&app, domain::ProxyKind::Premium), (5 * GB, 0));
        let stats = app.get("/api/user/get_starts").await;
        assert_eq!(stats.body["premiumStat"]["availableTraffic"], 5.0);
        assert_eq!(stats.body["budgetStat"]["availableTraffic"], 0.0);
        let ledger = app.ledger(BUYER);
        let purchase = ledger.iter().find(|e| e.kind.as_str() == "purchase").expect("a purchase row");
        assert_eq!((purchase.amount_cents.get(), purchase.balance_after.get()), (-1500, 1000));
        app.assert_books_balance(&[BUYER]);

        // By plan id too.
        let plans = app.get("/api/user/plan?type=budget").await;
        let id = plans.body["plan"]["plans"][0]["id"].as_i64().unwrap();
        let reply = app.post_json("/api/user/get_plan", json!({ "type": "budget", "planId": id })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(traffic(&app, domain::ProxyKind::Budget), (5 * GB, 0));
    }

    async fn refused_purchases_change_nothing(backend) {
        let app = funded(backend, 12.0).await;
        let poor = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!((poor.status, poor.message()), (402, "Insufficient balance"));
        let unknown = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 7 })).await;
        assert_eq!((unknown.status, unknown.message()), (404, "Plan not found"));
        let wrong_kind = app.post_json("/api/user/get_plan", json!({ "type": "static", "amount": 1 })).await;
        assert_eq!(wrong_kind.status, 422, "{}", wrong_kind.text);
        let premium_id = app.get("/api/user/plan?type=premium").await.body["plan"]["plans"][0]["id"].as_i64().unwrap();
        let mismatch = app.post_json("/api/user/get_plan", json!({ "type": "budget", "planId": premium_id })).await;
        assert_eq!(mismatch.status, 404, "a plan of another kind is not found");
        assert_eq!(app.balance_cents(BUYER), 1200);
        assert_eq!(traffic(&app, domain::ProxyKind::Premium), (0, 0));
        assert_eq!(app.ledger(BUYER).len(), 1, "only the top-up");
        let guest = app.post_json_with(&app.new_client(), "/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!(guest.status, 401);
    }

    async fn racing_purchases_never_overdraw(backend) {
        let app = funded(backend, 30.0).await;
        let buys = (0..6).map(|_| app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })));
        let replies = futures::future::join_all(buys).await;
        let ok = replies.iter().filter(|r| r.status == 200).count();
        let poor = replies.iter().filter(|r| r.status == 402).count();
        assert_eq!((ok, poor), (2, 4), "{:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
        assert_eq!(app.balance_cents(BUYER), 0);
        assert_eq!(traffic(&app, domain::ProxyKind::Premium), (10 * GB, 0));
        app.assert_books_balance(&[BUYER]);
    }

    async fn ended_or_inactive_plans_are_refused_and_purchases_carry_validity(backend) {
        let app = funded(backend, 100.0).await;
        let plans = app.get("/api/user/plan?type=premium").await;
        let ids: Vec<i64> = plans.body["plan"]["plans"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
        app.with_conn(|conn| {
            persistence::plans::set_available_until(conn, domain::PlanId::new(ids[0]), Some(persistence::now() - 1)).unwrap();
            persistence::plans::set_active(conn, domain::PlanId::new(ids[1]), false).unwrap();
        });
        for id in &ids[..2] {
            let reply = app.post_json("/api/user/get_plan", json!({ "type": "premium", "planId": id })).await;
            assert_eq!((reply.status, reply.message()), (410, "This plan is no longer available"));
        }
        let listed = app.get("/api/user/plan?type=premium").await;
        assert_eq!(listed.body["plan"]["plans"].as_array().unwrap().len(), ids.len() - 2, "ended plans are not listed");
        assert_eq!(app.balance_cents(BUYER), 10_000);

        // A 30-day plan: the traffic is valid for 30 days from the purchase.
        let before = persistence::now();
        let reply = app.post_json("/api/user/get_plan", json!({ "type": "premium", "planId": ids[2] })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let id = app.user_id(BUYER);
        let row = app.with_conn(|conn| persistence::traffic::balance_row(conn, id, domain::ProxyKind::Premium).unwrap().unwrap());
        let expires = row.expires_at.unwrap();
        assert!((before + 30 * 86_400..=persistence::now() + 30 * 86_400).contains(&expires), "{expires}");
        let stats = app.get("/api/user/get_starts").await;
        assert_eq!(stats.body["premiumStat"]["expiresAt"], expires);

        // Once expired, what is left is gone: no traffic, and generating is refused.
        app.with_conn(|conn| {
            diesel::RunQueryDsl::execute(
                diesel::update(persistence::schema::traffic_balances::table)
                    .set(persistence::schema::traffic_balances::expires_at.eq(persistence::now() - 1)),
                conn,
            ).unwrap();
        });
        let stats = app.get("/api/user/get_starts").await;
        assert_eq!(stats.body["premiumStat"]["availableTraffic"], 0.0);
        let generate = app.post_json("/api/user/generate", json!({
            "country": "us", "state": "ca", "city": "losangeles", "quantity": 1,
            "rotation": "random", "port": "http|https" })).await;
        assert_eq!(generate.status, 402, "{}", generate.text);
    }
}

/// A custom amount of GB at a plan's per-GB tier: the plan's price over its GB, rounded up to
/// the cent, times the GB.
mod custom_amounts {
    use super::*;

    /// The id of a new, active premium plan: `price_cents` for `gb`.
    fn plan(app: &TestApp, price_cents: i64, gb: i64) -> i64 {
        app.with_conn(|conn| {
            let t = persistence::now();
            persistence::plans::insert(
                conn,
                &persistence::plans::NewPlan {
                    kind: domain::ProxyKind::Premium,
                    name: "Odd",
                    tag: None,
                    note: None,
                    price_cents: domain::Cents::new(price_cents),
                    amount: gb,
                    validity_days: 30,
                    regions: "US",
                    features: "{}",
                    active: true,
                    sort: 99,
                    created_at: t,
                    updated_at: t,
                },
            )
            .unwrap()
            .get()
        })
    }

    persistence::both_backends! {

        #[actix_web::test]
        async fn a_custom_amount_costs_the_tier_times_the_gb(backend) {
            let app = funded(backend, 50.0).await;
            // $28 for 10 GB: $2.80 a GB, so 7 GB cost $19.60.
            let reply = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 10, "customGb": 7 })).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            assert_eq!(reply.message(), "Plan purchased successfully");
            assert_eq!(app.balance_cents(BUYER), 5000 - 1960);
            assert_eq!(traffic(&app, domain::ProxyKind::Premium), (7 * GB, 0));
            // $10 for 3 GB: 333.33… cents a GB, rounded up to 334; 2 GB cost $6.68.
            let odd = plan(&app, 1000, 3);
            let reply = app.post_json("/api/user/get_plan", json!({ "type": "premium", "planId": odd, "customGb": 2 })).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            assert_eq!(reply.body["user"]["balance"], 23.72);
            assert_eq!(traffic(&app, domain::ProxyKind::Premium), (9 * GB, 0));
            let ledger = app.ledger(BUYER);
            let last = ledger.iter().rev().find(|e| e.kind.as_str() == "purchase").unwrap();
            assert_eq!((last.amount_cents.get(), last.balance_after.get()), (-668, 2372));
            app.assert_books_balance(&[BUYER]);
        }

        async fn whole_numbers_are_read_by_value_however_written(backend) {
            // `10`, `10.0` and `1e1` are one whole number (JSON Schema's `integer` too); a
            // fraction is refused naming the field.
            let app = funded(backend, 50.0).await;
            for body in [
                r#"{"type": "premium", "amount": 10.0, "customGb": 2.0}"#,
                r#"{"type": "premium", "amount": 1e1, "customGb": 2e0}"#,
            ] {
                let request = app.client.post(app.url("/api/user/get_plan")).header("content-type", "application/json").body(body);
                let reply = app.send(request).await;
                assert_eq!(reply.status, 200, "{body}: {}", reply.text);
            }
            // $2.80 a GB, 2 GB twice.
            assert_eq!(app.balance_cents(BUYER), 5000 - 2 * 560);
            assert_eq!(traffic(&app, domain::ProxyKind::Premium), (4 * GB, 0));
            let reply = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 10.5 })).await;
            assert_eq!(reply.status, 422, "{}", reply.text);
            assert_eq!(reply.body["fields"], json!({ "amount": "amount must be a whole number" }));
            assert_eq!(app.balance_cents(BUYER), 5000 - 2 * 560);
        }

        async fn a_custom_amount_out_of_range_or_unaffordable_changes_nothing(backend) {
            let app = funded(backend, 20.0).await;
            for bad in [json!(0), json!(-3), json!(10_001), json!(2.5), json!("7"), json!(true)] {
                let reply = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5, "customGb": bad })).await;
                assert_eq!((reply.status, reply.message()), (422, "Custom amount must be a whole number of GB from 1 to 10000"), "{bad}");
            }
            // 7 GB at $3.00 a GB is $21.00, more than the $20 there is.
            let poor = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5, "customGb": 7 })).await;
            assert_eq!((poor.status, poor.message()), (402, "Insufficient balance"));
            let nowhere = app.post_json("/api/user/get_plan", json!({ "type": "premium", "customGb": 7 })).await;
            assert_eq!((nowhere.status, nowhere.message()), (422, "Please fill all the fields"));
            assert_eq!(app.balance_cents(BUYER), 2000);
            assert_eq!(traffic(&app, domain::ProxyKind::Premium), (0, 0));
            assert_eq!(app.ledger(BUYER).len(), 1, "only the top-up");
            // The largest custom amount is accepted (and then refused only for the balance).
            let most = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5, "customGb": 10_000 })).await;
            assert_eq!((most.status, most.message()), (402, "Insufficient balance"));
        }
    }
}
