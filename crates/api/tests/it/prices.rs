//! Prices beyond the list price (docs/admin-api/prices.md): coupons (`/api/admin/coupons`,
//! `POST /api/user/coupons/check`, the `coupon` of each purchase route), volume tiers of a
//! traffic plan, and a customer's own prices (`PUT /api/admin/users/{id}/prices`). Every
//! purchase path prices alike; a coupon's uses never pass its limit, however many purchases
//! race for the last one; receipts and the wallet history say how the price was reached.

use crate::common::TestApp;
use crate::common::customers::ADMIN;
use domain::{Cents, EntryKind};
use persistence::coupons::UseClaim;
use serde_json::{Value, json};

/// `email`'s client, signed in, with `dollars` in the wallet.
async fn customer_with(app: &TestApp, email: &str, dollars: i64) -> reqwest::Client {
    let client = app.customer(email).await;
    let id = app.user_id(email);
    app.with_conn(|conn| {
        persistence::wallet::credit(
            conn,
            id,
            Cents::new(dollars * 100),
            EntryKind::AdminAdjustment,
            &format!("seed_{email}"),
            None,
        )
        .unwrap();
    });
    client
}

async fn create_coupon(app: &TestApp, body: Value) -> Value {
    let reply = app.post_json("/api/admin/coupons", body).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.body
}

fn balance(app: &TestApp, email: &str) -> i64 {
    app.balance_cents(email)
}

/// The premium plan of `gb` GB's id.
async fn premium_plan(app: &TestApp, gb: i64) -> i64 {
    let plans = app.get("/api/user/plan?type=premium").await;
    plans.body["plan"]["plans"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["amount"] == gb)
        .and_then(|p| p["id"].as_i64())
        .expect("plan")
}

async fn buy(app: &TestApp, client: &reqwest::Client, body: Value) -> crate::common::Reply {
    app.post_json_with(client, "/api/user/get_plan", body).await
}

/// The receipt lines (description, amount in cents) of `email`'s newest purchase.
fn receipt_items(app: &TestApp, email: &str) -> Vec<(String, i64)> {
    let user = app.user(email).unwrap();
    let entry = app
        .ledger(email)
        .into_iter()
        .filter(|e| e.kind == EntryKind::Purchase)
        .max_by_key(|e| e.id)
        .expect("a purchase");
    let seller = app::settings::ShopIdentity {
        name: "Shop".into(),
        address: "Street".into(),
        tax_id: String::new(),
    };
    app.with_conn(|conn| {
        let receipt = app::receipts::gather(conn, &user, entry.id, &seller).unwrap();
        assert_eq!(receipt.total.get(), -entry.amount_cents.get());
        let sum: i64 = receipt.items.iter().map(|i| i.amount.get()).sum();
        assert_eq!(sum, receipt.total.get(), "the lines add up to the total");
        receipt
            .items
            .into_iter()
            .map(|i| (i.description, i.amount.get()))
            .collect()
    })
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_coupon_is_used_no_more_than_its_limit_even_all_at_once(backend) {
        let app = TestApp::with_admin(backend).await;
        let coupon = create_coupon(&app, json!({
            "code": "Spring20", "percentOff": 20, "kinds": ["premium"], "maxUses": 3
        })).await;
        assert_eq!((coupon["code"].as_str(), coupon["uses"].as_i64()), (Some("SPRING20"), Some(0)));
        let plan = premium_plan(&app, 10).await;
        let mut clients = Vec::new();
        for n in 0..5 {
            let email = format!("buyer{n}@example.com");
            clients.push((email.clone(), customer_with(&app, &email, 50).await));
        }
        // Five different customers, the same code, at once.
        let handles: Vec<_> = clients
            .iter()
            .map(|(_, client)| {
                let (client, url) = (client.clone(), app.url("/api/user/get_plan"));
                actix_web::rt::spawn(async move {
                    let body = json!({ "type": "premium", "planId": plan, "coupon": "spring20" });
                    let response = client.post(url).json(&body).send().await.unwrap();
                    (response.status().as_u16(), response.text().await.unwrap())
                })
            })
            .collect();
        let mut replies = Vec::new();
        for handle in handles {
            replies.push(handle.await.unwrap());
        }
        let bought = replies.iter().filter(|(status, _)| *status == 200).count();
        assert_eq!(bought, 3, "{replies:?}");
        for (status, text) in replies.iter().filter(|(status, _)| *status != 200) {
            assert_eq!(*status, 422, "{text}");
            let body: Value = serde_json::from_str(text).unwrap();
            assert_eq!(body["fields"]["coupon"], "This coupon has been used up", "{text}");
        }
        // The three paid $28.00 less 20 %; the two refused were not charged at all.
        let mut paid = clients.iter().map(|(email, _)| balance(&app, email)).collect::<Vec<_>>();
        paid.sort_unstable();
        assert_eq!(paid, vec![5000 - 2240, 5000 - 2240, 5000 - 2240, 5000, 5000]);
        let list = app.get("/api/admin/coupons").await;
        let row = &list.body["items"][0];
        assert_eq!(row["uses"], 3);
        assert_eq!(row["revenue"], 67.2);
        assert_eq!(row["discountGiven"], 16.8);
        // A sixth customer is told why.
        let late = customer_with(&app, "late@example.com", 50).await;
        let check = app
            .post_json_with(&late, "/api/user/coupons/check",
                json!({ "code": "SPRING20", "type": "premium", "planId": plan }))
            .await;
        assert_eq!(check.status, 200, "{}", check.text);
        assert_eq!(check.body["valid"], false);
        assert_eq!(check.body["message"], "This coupon has been used up");
        assert_eq!(check.body["price"], 28.0);
        app.assert_books_balance(&["buyer0@example.com", "buyer4@example.com", "late@example.com"]);
    }

    async fn a_coupon_applies_by_its_rules_and_the_receipt_shows_it(backend) {
        let app = TestApp::with_admin(backend).await;
        create_coupon(&app, json!({
            "code": "TENOFF", "amountOff": 10, "kinds": ["premium", "static"], "minSpend": 20
        })).await;
        let plan5 = premium_plan(&app, 5).await;
        let plan10 = premium_plan(&app, 10).await;
        let client = customer_with(&app, "c@example.com", 100).await;
        let check = |body: Value| {
            let client = client.clone();
            let app = &app;
            async move { app.post_json_with(&client, "/api/user/coupons/check", body).await }
        };
        let small = check(json!({ "code": "tenoff", "type": "premium", "planId": plan5 })).await;
        assert_eq!(small.body["valid"], false, "{}", small.text);
        assert_eq!(small.body["message"], "This coupon applies to purchases from $20.00");
        let budget = check(json!({ "code": "tenoff", "type": "budget", "amount": 5 })).await;
        assert_eq!(budget.body["message"], "This coupon does not apply to this proxy type");
        let unknown = check(json!({ "code": "NOPE1", "type": "premium", "planId": plan10 })).await;
        assert_eq!((unknown.body["valid"].as_bool(), unknown.body["message"].as_str()),
            (Some(false), Some("Unknown coupon code")));
        let good = check(json!({ "code": "tenoff", "type": "premium", "planId": plan10 })).await;
        assert_eq!((good.body["valid"].as_bool(), good.body["price"].as_f64(),
            good.body["discount"].as_f64(), good.body["listPrice"].as_f64()),
            (Some(true), Some(18.0), Some(10.0), Some(28.0)), "{}", good.text);

        // A purchase with a coupon that does not apply writes nothing.
        let before = (balance(&app, "c@example.com"), app.ledger("c@example.com").len());
        let refused = buy(&app, &client, json!({ "type": "premium", "planId": plan5, "coupon": "TENOFF" })).await;
        assert_eq!(refused.status, 422, "{}", refused.text);
        assert_eq!(refused.body["fields"]["coupon"], "This coupon applies to purchases from $20.00");
        assert_eq!((balance(&app, "c@example.com"), app.ledger("c@example.com").len()), before);

        let bought = buy(&app, &client, json!({ "type": "premium", "planId": plan10, "coupon": " tenoff " })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        assert_eq!(balance(&app, "c@example.com"), 10_000 - 1800);
        let items = receipt_items(&app, "c@example.com");
        assert_eq!(items, vec![
            ("Premium plan Growth (10 GB), coupon TENOFF".to_owned(), 2800),
            ("Coupon TENOFF".to_owned(), -1000),
        ]);
        let wallet = app.get_with(&client, "/api/user/wallet").await;
        let pricing = &wallet.body["entries"][0]["pricing"];
        assert_eq!((pricing["listPrice"].as_f64(), pricing["coupon"].as_str(),
            pricing["couponDiscount"].as_f64(), pricing["paid"].as_f64()),
            (Some(28.0), Some("TENOFF"), Some(10.0), Some(18.0)), "{}", wallet.text);
        // Once per customer by default.
        let again = buy(&app, &client, json!({ "type": "premium", "planId": plan10, "coupon": "TENOFF" })).await;
        assert_eq!(again.body["fields"]["coupon"], "You have already used this coupon");

        // Pieces take coupons too: at $3.50 each, two static proxies ($7.00) are below the
        // minimum, eight ($28.00) are not.
        let statics = app.get("/api/admin/plans?type=static").await;
        let plan = statics.body["items"].as_array().unwrap().iter()
            .find(|p| p["price"] == 3.5).and_then(|p| p["id"].as_i64()).unwrap();
        let pieces = |quantity: i64| json!({ "type": "static", "plan": plan, "country": "us",
            "location": "us-comcast", "quantity": quantity, "coupon": "TENOFF" });
        let other = customer_with(&app, "d@example.com", 100).await;
        let few = app.post_json_with(&other, "/api/user/get_proxy", pieces(2)).await;
        assert_eq!(few.body["fields"]["coupon"], "This coupon applies to purchases from $20.00", "{}", few.text);
        let many = app.post_json_with(&other, "/api/user/get_proxy", pieces(8)).await;
        assert_eq!(many.status, 200, "{}", many.text);
        assert_eq!(many.body["proxies"].as_array().map(Vec::len), Some(8));
        assert_eq!(balance(&app, "d@example.com"), 10_000 - 1800);
        let items = receipt_items(&app, "d@example.com");
        assert_eq!(items[1], ("Coupon TENOFF".to_owned(), -1000));
        assert_eq!(items[0].1, 2800);
    }

    async fn a_customer_price_shows_everywhere_and_is_paid(backend) {
        let app = TestApp::with_admin(backend).await;
        let client = customer_with(&app, "vip@example.com", 100).await;
        let id = app.user_id("vip@example.com");
        let path = format!("/api/admin/users/{id}/prices");
        let wrong = app.send(app.client.put(app.url(&path)).json(&json!({ "type": "premium", "percentOff": 91 }))).await;
        assert_eq!((wrong.status, wrong.body["fields"]["percentOff"].as_str()),
            (422, Some("percentOff must be a whole number from 0 to 90")));
        let set = app.send(app.client.put(app.url(&path)).json(&json!({ "type": "premium", "percentOff": 15 }))).await;
        assert_eq!(set.status, 200, "{}", set.text);
        assert_eq!(set.body["prices"], json!([{ "type": "premium", "percentOff": 15 }]));
        assert_eq!(app.audit_rows_of("user.prices").len(), 1);

        let mine = app.get_with(&client, "/api/user/plan?type=premium").await;
        let growth = mine.body["plan"]["plans"].as_array().unwrap().iter().find(|p| p["amount"] == 10).unwrap().clone();
        assert_eq!((growth["price"].as_f64(), growth["listPrice"].as_f64(), growth["percentOff"].as_i64()),
            (Some(23.8), Some(28.0), Some(15)));
        // A guest and another kind see the list price.
        let guest = app.send(reqwest::Client::new().get(app.url("/api/user/plan?type=premium"))).await;
        let listed = guest.body["plan"]["plans"].as_array().unwrap().iter().find(|p| p["amount"] == 10).unwrap().clone();
        assert_eq!((listed["price"].as_f64(), listed["listPrice"].is_null()), (Some(28.0), true));
        let budget = app.get_with(&client, "/api/user/plan?type=budget").await;
        assert!(budget.body["plan"]["plans"][0]["listPrice"].is_null());

        let bought = buy(&app, &client, json!({ "type": "premium", "planId": growth["id"] })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        assert_eq!(balance(&app, "vip@example.com"), 10_000 - 2380);
        assert_eq!(receipt_items(&app, "vip@example.com"), vec![
            ("Premium plan Growth (10 GB)".to_owned(), 2800),
            ("Your price: 15% off".to_owned(), -420),
        ]);
        // 0 removes it.
        let off = app.send(app.client.put(app.url(&path)).json(&json!({ "type": "premium", "percentOff": 0 }))).await;
        assert_eq!(off.body["prices"], json!([]));
        let mine = app.get_with(&client, "/api/user/plan?type=premium").await;
        assert!(mine.body["plan"]["plans"][0]["listPrice"].is_null());
    }

    async fn a_custom_amount_is_priced_at_its_volume_tier(backend) {
        let app = TestApp::with_admin(backend).await;
        let plan = premium_plan(&app, 10).await;
        let patch = |body: Value| {
            let app = &app;
            async move {
                app.send(app.client.patch(app.url(&format!("/api/admin/plans/{plan}"))).json(&body)).await
            }
        };
        let wrong = patch(json!({ "tiers": [{ "minGb": 25, "pricePerGb": 2.7 }, { "minGb": 25, "pricePerGb": 2.5 }] })).await;
        assert_eq!(wrong.status, 422, "{}", wrong.text);
        assert_eq!(wrong.body["fields"]["tiers"].as_str().unwrap(), domain::messages::TIERS_FORMAT);
        let set = patch(json!({ "tiers": [{ "minGb": 250, "pricePerGb": 1.8 }, { "minGb": 25, "pricePerGb": 2.7 }] })).await;
        assert_eq!(set.status, 200, "{}", set.text);
        assert_eq!(set.body["tiers"], json!([{ "minGb": 25, "pricePerGb": 2.7 }, { "minGb": 250, "pricePerGb": 1.8 }]));
        let statics = app.get("/api/admin/plans?type=static").await;
        let static_id = statics.body["items"][0]["id"].as_i64().unwrap();
        let on_piece = app.send(app.client.patch(app.url(&format!("/api/admin/plans/{static_id}")))
            .json(&json!({ "tiers": [{ "minGb": 5, "pricePerGb": 1 }] }))).await;
        assert_eq!(on_piece.body["fields"]["tiers"], "tiers applies to traffic plans (premium and budget)");

        let client = customer_with(&app, "bulk@example.com", 1000).await;
        let shown = app.get_with(&client, "/api/user/plan?type=premium").await;
        let growth = shown.body["plan"]["plans"].as_array().unwrap().iter().find(|p| p["id"] == plan).unwrap().clone();
        assert_eq!((growth["pricePerGb"].as_f64(), growth["tiers"].as_array().map(Vec::len)), (Some(2.8), Some(2)));
        let small = buy(&app, &client, json!({ "type": "premium", "planId": plan, "customGb": 20 })).await;
        assert_eq!(small.status, 200, "{}", small.text);
        assert_eq!(balance(&app, "bulk@example.com"), 100_000 - 5600);
        let big = buy(&app, &client, json!({ "type": "premium", "planId": plan, "customGb": 300 })).await;
        assert_eq!(big.status, 200, "{}", big.text);
        assert_eq!(balance(&app, "bulk@example.com"), 100_000 - 5600 - 54_000);
        assert_eq!(receipt_items(&app, "bulk@example.com"), vec![(
            "Premium plan Growth (custom 300 GB) at $1.80 per GB (volume price from 250 GB)".to_owned(),
            54_000,
        )]);
    }

    async fn operators_edit_coupons_within_their_rules(backend) {
        let app = TestApp::with_admin(backend).await;
        let made = create_coupon(&app, json!({ "code": "ONCE", "percentOff": 10, "maxUses": 5 })).await;
        let id = made["id"].as_i64().unwrap();
        // Uses taken since the operator's form was read: the write itself refuses a maximum below
        // them (a purchase racing the edit), and the form's check does too.
        app.with_conn(|conn| {
            for _ in 0..3 {
                assert_eq!(persistence::coupons::claim_use(conn, id).unwrap(), UseClaim::Counted);
            }
        });
        let row = app.with_conn(|conn| persistence::coupons::find(conn, id).unwrap().unwrap());
        let lowered = domain::pricing::CouponRules { max_uses: Some(2), ..row.rules() };
        assert!(!app.with_conn(|conn| persistence::coupons::update(conn, id, &lowered).unwrap()));
        assert_eq!(app.with_conn(|conn| persistence::coupons::find(conn, id).unwrap().unwrap().max_uses), Some(5));
        let below = app.send(app.client.patch(app.url(&format!("/api/admin/coupons/{id}"))).json(&json!({ "maxUses": 2 }))).await;
        assert_eq!((below.status, below.body["fields"]["maxUses"].as_str()),
            (422, Some("maxUses cannot be below the coupon's uses so far")));

        let taken = app.post_json("/api/admin/coupons", json!({ "code": "once", "amountOff": 1 })).await;
        assert_eq!((taken.status, taken.body["fields"]["code"].as_str()),
            (422, Some("A coupon with this code already exists")));
        let both = app.post_json("/api/admin/coupons", json!({ "code": "BOTH", "percentOff": 5, "amountOff": 1 })).await;
        assert_eq!(both.body["fields"]["percentOff"], "Give exactly one of percentOff and amountOff");
        let plans = app.post_json("/api/admin/coupons", json!({ "code": "PLANS", "percentOff": 5, "planIds": [999999] })).await;
        assert_eq!(plans.body["fields"]["planIds"], "planIds must list existing plans");

        let path = format!("/api/admin/coupons/{id}");
        let off = app.send(app.client.patch(app.url(&path)).json(&json!({ "active": false, "percentOff": 15 }))).await;
        assert_eq!(off.status, 200, "{}", off.text);
        assert_eq!((off.body["active"].as_bool(), off.body["percentOff"].as_i64(), off.body["maxUses"].as_i64()),
            (Some(false), Some(15), Some(5)));
        // A purchase quoted before the coupon was turned off is refused as such, not "used up".
        assert_eq!(app.with_conn(|conn| persistence::coupons::claim_use(conn, id).unwrap()), UseClaim::Inactive);
        let missing = app.send(app.client.patch(app.url("/api/admin/coupons/999999")).json(&json!({ "active": true }))).await;
        assert_eq!((missing.status, missing.message()), (404, "Coupon not found"));
        assert_eq!(app.audit_rows_of("coupon.create").len(), 1);
        assert_eq!(app.audit_rows_of("coupon.update").len(), 1);

        // An inactive coupon is refused at checkout.
        let client = customer_with(&app, "x@example.com", 50).await;
        let plan = premium_plan(&app, 5).await;
        let refused = buy(&app, &client, json!({ "type": "premium", "planId": plan, "coupon": "ONCE" })).await;
        assert_eq!(refused.body["fields"]["coupon"], "This coupon is no longer available");
        // A customer cannot reach the console's routes.
        let theirs = app.post_json_with(&client, "/api/admin/coupons", json!({ "code": "MINE", "percentOff": 90 })).await;
        assert_eq!(theirs.status, 403);
        assert!(app.user(ADMIN).is_some());
    }
}
