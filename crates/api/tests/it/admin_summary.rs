//! The operator's overview (`GET /api/admin/summary`): every figure checked exactly after real
//! top-ups and purchases through the API (plus rows an operator's work or time would leave:
//! orders waiting, metered usage, older activity), the window's bounds, and who may ask; the
//! sales are what the ledger took, every kind of sale included (plans bought by hand and by
//! automatic top-up, pieces, renewals by hand and by the job).

use crate::common::{PASSWORD, TestApp};
use app::pieces::renew_due;
use app::settings::RenewalPolicy;
use diesel::prelude::*;
use domain::calendar::utc_day;
use domain::{ProxyKind, UserId};
use persistence::schema::{
    piece_orders, piece_proxies, piece_renewals, piece_stock, users, wallet_ledger,
};
use serde_json::{Value, json};
use std::sync::Arc;
use upstream::FileMailer;

const ADMIN: &str = "boss@example.com";
const DAY: i64 = 86_400;
const GB: i64 = 1_000_000_000;

/// An app whose main client is signed in as an operator.
async fn console(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |s| s.limits.payments_per_user = 100).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    app
}

/// A customer signed in on a client of their own, with `dollars` topped up and paid.
async fn customer(app: &TestApp, email: &str, dollars: f64) -> reqwest::Client {
    let client = app.new_client();
    app.register_with(&client, email, PASSWORD).await;
    if dollars > 0.0 {
        let id = app.top_up_with(&client, dollars, "LTC").await;
        app.pay(&id).await;
    }
    client
}

async fn buy(app: &TestApp, client: &reqwest::Client, path: &str, body: Value) {
    let reply = app.post_json_with(client, path, body).await;
    assert_eq!(reply.status, 200, "{path}: {}", reply.text);
}

/// A piece order as a provider's order would leave it, `days_ago` days back.
fn order(app: &TestApp, user: UserId, kind: &str, status: &str, cents: i64, days_ago: i64) {
    let t = persistence::now() - days_ago * DAY;
    app.with_conn(|conn| {
        diesel::insert_into(piece_orders::table)
            .values((
                piece_orders::user_id.eq(user),
                piece_orders::kind.eq(kind),
                piece_orders::quantity.eq(1),
                piece_orders::price_cents.eq(cents),
                piece_orders::status.eq(status),
                piece_orders::source.eq("proxyseller"),
                piece_orders::created_at.eq(t),
                piece_orders::updated_at.eq(t),
            ))
            .execute(conn)
            .unwrap()
    });
}

fn usage(app: &TestApp, user: UserId, kind: ProxyKind, days_ago: i64, bytes: i64) {
    let day = utc_day(persistence::now() - days_ago * DAY);
    app.with_conn(|conn| {
        persistence::write_transaction(conn, |c| {
            persistence::traffic::record_usage(c, user, kind, &day, bytes)
        })
        .unwrap()
    });
}

/// What the stock table holds per piece kind, computed here from the rows themselves:
/// (capacity, sold, available, entries below the threshold) over the active entries.
fn stock_from_rows(app: &TestApp, kind: &str) -> (i64, i64, i64, i64) {
    let rows: Vec<(i32, i32)> = app.with_conn(|conn| {
        piece_stock::table
            .filter(piece_stock::kind.eq(kind))
            .filter(piece_stock::active.eq(true))
            .select((piece_stock::capacity, piece_stock::sold))
            .load(conn)
            .unwrap()
    });
    rows.iter()
        .fold((0, 0, 0, 0), |(c, s, a, l), &(capacity, sold)| {
            let left = i64::from(capacity - sold);
            (
                c + i64::from(capacity),
                s + i64::from(sold),
                a + left,
                l + i64::from(left < 5),
            )
        })
}

/// What the ledger took in sales from `since` on: purchases less what was refunded of them, in
/// cents.
fn ledger_sales(app: &TestApp, since: i64) -> i64 {
    let amounts: Vec<i64> = app.with_conn(|conn| {
        wallet_ledger::table
            .filter(wallet_ledger::kind.eq_any(["purchase", "refund"]))
            .filter(wallet_ledger::created_at.ge(since))
            .select(wallet_ledger::amount_cents)
            .load(conn)
            .unwrap()
    });
    -amounts.iter().sum::<i64>()
}

/// A number of dollars from the API as cents.
fn cents(dollars: &Value) -> i64 {
    (dollars.as_f64().unwrap() * 100.0).round() as i64
}

/// The per-day list `list` with `field` read as a number, oldest first.
fn column(list: &Value, field: &str) -> Vec<f64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|d| d[field].as_f64().unwrap())
        .collect()
}

/// `days` zeros with `values` at their (index from the newest day, value) places.
fn series(days: usize, values: &[(usize, f64)]) -> Vec<f64> {
    let mut out = vec![0.0; days];
    for &(ago, value) in values {
        out[days - 1 - ago] = value;
    }
    out
}

persistence::both_backends! {

    #[actix_web::test]
    async fn every_figure_adds_up(backend) {
        let app = console(backend).await;
        let alice = customer(&app, "alice@example.com", 50.0).await;
        buy(&app, &alice, "/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        buy(&app, &alice, "/api/user/get_plan", json!({ "type": "budget", "amount": 5 })).await;
        let plans = app.get("/api/user/plan?type=static").await;
        let static_plan = plans.body["plan"]["plans"][0]["id"].as_i64().unwrap();
        buy(&app, &alice, "/api/user/get_proxy", json!({
            "type": "static", "plan": static_plan, "country": "us", "location": "us-comcast", "quantity": 2,
        })).await;

        let bob = customer(&app, "bob@example.com", 20.0).await;
        app.top_up_with(&bob, 10.0, "LTC").await; // waiting for its money
        let lapsed = app.top_up_with(&bob, 5.0, "LTC").await;
        app.expire(&lapsed, 60); // its invoice expired: no longer waiting
        app.set_disabled("bob@example.com", true);

        customer(&app, "carol@example.com", 30.0).await;
        let (alice_id, bob_id, carol_id) =
            (app.user_id("alice@example.com"), app.user_id("bob@example.com"), app.user_id("carol@example.com"));
        // Carol signed up three days ago and her top-up was credited two days ago.
        app.with_conn(|conn| {
            diesel::update(users::table.find(carol_id))
                .set(users::created_at.eq(users::created_at - 3 * DAY)).execute(conn).unwrap();
            diesel::update(wallet_ledger::table.filter(wallet_ledger::user_id.eq(carol_id)))
                .set(wallet_ledger::created_at.eq(wallet_ledger::created_at - 2 * DAY)).execute(conn).unwrap();
        });

        order(&app, alice_id, "lte", "pending", 1_200, 0);
        order(&app, alice_id, "ipv4", "unknown", 150, 0);
        order(&app, alice_id, "ipv6", "failed", 30, 0); // refunded: not a sale
        order(&app, bob_id, "static", "delivered", 900, 40); // before a 30-day window
        usage(&app, alice_id, ProxyKind::Premium, 0, 1_500_000_000);
        usage(&app, alice_id, ProxyKind::Budget, 0, GB / 4);
        usage(&app, bob_id, ProxyKind::Premium, 1, 2 * GB);

        let reply = app.get("/api/admin/summary?days=30").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let s = &reply.body;
        let now = persistence::now();
        assert_eq!(s["days"], 30);
        assert_eq!(s["to"], utc_day(now));
        assert_eq!(s["from"], utc_day(now - 29 * DAY));
        let days: Vec<&str> = s["customers"]["newPerDay"].as_array().unwrap().iter()
            .map(|d| d["day"].as_str().unwrap()).collect();
        let expected_days: Vec<String> = (0..30).rev().map(|ago| utc_day(now - ago * DAY)).collect();
        assert_eq!(days, expected_days);
        for list in [&s["topups"]["perDay"], &s["sales"]["perDay"], &s["traffic"]["perDay"]] {
            let listed: Vec<&str> = list.as_array().unwrap().iter().map(|d| d["day"].as_str().unwrap()).collect();
            assert_eq!(listed, expected_days);
        }

        // The operator is not a customer; Bob is disabled.
        assert_eq!((s["customers"]["total"].as_i64(), s["customers"]["disabled"].as_i64()), (Some(3), Some(1)));
        assert_eq!(column(&s["customers"]["newPerDay"], "count"), series(30, &[(0, 2.0), (3, 1.0)]));

        assert_eq!(s["topups"]["total"], 100.0);
        assert_eq!(column(&s["topups"]["perDay"], "amount"), series(30, &[(0, 70.0), (2, 30.0)]));

        assert_eq!(s["sales"]["total"], 45.5);
        let sales = &s["sales"]["perDay"];
        assert_eq!(column(sales, "premium"), series(30, &[(0, 15.0)]));
        assert_eq!(column(sales, "budget"), series(30, &[(0, 10.0)]));
        assert_eq!(column(sales, "static"), series(30, &[(0, 7.0)]));
        assert_eq!(column(sales, "lte"), series(30, &[(0, 12.0)]));
        assert_eq!(column(sales, "ipv4"), series(30, &[(0, 1.5)]));
        assert_eq!(column(sales, "ipv6"), series(30, &[]));

        let traffic = &s["traffic"]["perDay"];
        assert_eq!(column(traffic, "premiumSold"), series(30, &[(0, 5.0)]));
        assert_eq!(column(traffic, "budgetSold"), series(30, &[(0, 5.0)]));
        assert_eq!(column(traffic, "premiumUsed"), series(30, &[(0, 1.5), (1, 2.0)]));
        assert_eq!(column(traffic, "budgetUsed"), series(30, &[(0, 0.25)]));

        assert_eq!(s["piecesLive"], json!({ "static": 2, "lte": 0, "ipv4": 0, "ipv6": 0 }));
        assert_eq!(s["lowStockThreshold"], 5);
        let stock = s["stock"].as_array().unwrap();
        let kinds: Vec<&str> = stock.iter().map(|r| r["type"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["static", "lte", "ipv4", "ipv6"]);
        for row in stock {
            let kind = row["type"].as_str().unwrap();
            let (capacity, sold, available, low) = stock_from_rows(&app, kind);
            assert_eq!(row["capacity"].as_i64(), Some(capacity), "{kind}");
            assert_eq!(row["sold"].as_i64(), Some(sold), "{kind}");
            assert_eq!(row["available"].as_i64(), Some(available), "{kind}");
            assert_eq!(row["lowEntries"].as_i64(), Some(low), "{kind}");
            assert_eq!(row["low"], low > 0, "{kind}");
        }
        assert_eq!(stock[0]["sold"], 2, "the two static pieces Alice bought");

        assert_eq!((s["paymentsPending"].as_i64(), s["ordersPending"].as_i64(), s["ordersUnknown"].as_i64()),
            (Some(1), Some(1), Some(1)));

        // A year's window also holds the order of forty days ago.
        let year = app.get("/api/admin/summary?days=365").await;
        assert_eq!(year.status, 200, "{}", year.text);
        assert_eq!(year.body["sales"]["total"], 54.5);
        assert_eq!(column(&year.body["sales"]["perDay"], "static"), series(365, &[(0, 7.0), (40, 9.0)]));
        assert_eq!(year.body["from"], utc_day(now - 364 * DAY));
    }

    async fn sales_are_what_the_ledger_took(backend) {
        let app = console(backend).await;
        let dana = customer(&app, "dana@example.com", 60.0).await;
        // A plan bought by hand, and one bought by an automatic top-up (saved below its
        // threshold, it buys at once).
        buy(&app, &dana, "/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        let budget = app.get_with(&dana, "/api/user/plan?type=budget").await.body["plan"]["plans"][0]["id"]
            .as_i64().unwrap();
        let saved = app.send(dana.put(app.url("/api/user/auto_topup"))
            .json(&json!({ "type": "budget", "enabled": true, "belowGb": 2, "planId": budget }))).await;
        assert!(saved.body["items"][1]["lastRunAt"].is_i64(), "{}", saved.text);
        // A piece, renewed by hand and then by the job.
        let plan = app.get_with(&dana, "/api/user/plan?type=static").await.body["plan"]["plans"][0]["id"]
            .as_i64().unwrap();
        buy(&app, &dana, "/api/user/get_proxy", json!({
            "type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 1,
        })).await;
        let piece: i64 = app.with_conn(|conn| {
            piece_proxies::table.select(piece_proxies::id).first(conn).unwrap()
        });
        buy(&app, &dana, &format!("/api/user/pieces/{piece}/renew"), json!({})).await;
        let patched = app.send(dana.patch(app.url(&format!("/api/user/pieces/{piece}")))
            .json(&json!({ "autoRenew": true }))).await;
        assert_eq!(patched.status, 200, "{}", patched.text);
        let now = persistence::now();
        app.with_conn(|conn| {
            diesel::update(piece_proxies::table.find(piece))
                .set(piece_proxies::expires_at.eq(now + 3_600)).execute(conn).unwrap();
        });
        let mailer = Arc::new(FileMailer::new(
            app.mail_dir.path().to_path_buf(),
            "ProxyShop <no-reply@proxyshop.test>".to_owned(),
        ));
        let run = renew_due(app.pool(), None, mailer, RenewalPolicy::default(), now).await.unwrap();
        assert_eq!(run.renewed, 1, "{run:?}");
        let renewals: Vec<bool> = app.with_conn(|conn| {
            piece_renewals::table.order(piece_renewals::id.asc())
                .select(piece_renewals::automatic).load(conn).unwrap()
        });
        assert_eq!(renewals, [false, true], "one renewal by hand, one by the job");

        let reply = app.get("/api/admin/summary?days=1").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let s = &reply.body;
        let today = utc_day(now);
        let day_start = now - now.rem_euclid(DAY);
        assert_eq!(s["from"], today.as_str());
        let taken = ledger_sales(&app, day_start);
        assert_eq!(cents(&s["sales"]["total"]), taken, "the ledger took {taken} cents: {}", s["sales"]);
        let sales = &s["sales"]["perDay"][0];
        let per_kind: i64 = ["premium", "budget", "static", "lte", "ipv4", "ipv6"]
            .iter().map(|kind| cents(&sales[*kind])).sum();
        assert_eq!(per_kind, taken);
        assert_eq!(cents(&sales["static"]), 3 * 350, "the piece and its two renewals");
        assert!(cents(&sales["budget"]) > 0, "the automatic top-up");
    }

    async fn low_stock_is_flagged_per_entry(backend) {
        let app = console(backend).await;
        // One static entry left with fewer pieces than the threshold, one with exactly it.
        let codes: Vec<String> = app.with_conn(|conn| {
            piece_stock::table.filter(piece_stock::kind.eq("static")).filter(piece_stock::active.eq(true))
                .order(piece_stock::id.asc()).select(piece_stock::code).load(conn).unwrap()
        });
        assert!(codes.len() >= 2, "the seeded stock has static entries");
        app.with_conn(|conn| {
            diesel::update(piece_stock::table.filter(piece_stock::kind.eq("static")))
                .set((piece_stock::capacity.eq(100), piece_stock::sold.eq(0))).execute(conn).unwrap();
            diesel::update(piece_stock::table.filter(piece_stock::code.eq(&codes[0])))
                .set((piece_stock::capacity.eq(4), piece_stock::sold.eq(0))).execute(conn).unwrap();
            diesel::update(piece_stock::table.filter(piece_stock::code.eq(&codes[1])))
                .set((piece_stock::capacity.eq(7), piece_stock::sold.eq(2))).execute(conn).unwrap();
        });
        let reply = app.get("/api/admin/summary").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["days"], 30, "30 days by default");
        let row = &reply.body["stock"][0];
        assert_eq!((row["type"].as_str(), row["lowEntries"].as_i64(), row["low"].as_bool()),
            (Some("static"), Some(1), Some(true)));
        let (capacity, sold, available, _) = stock_from_rows(&app, "static");
        assert_eq!((row["capacity"].as_i64(), row["sold"].as_i64(), row["available"].as_i64()),
            (Some(capacity), Some(sold), Some(available)));
        // Deactivated entries are not stock.
        app.with_conn(|conn| {
            diesel::update(piece_stock::table.filter(piece_stock::code.eq(&codes[0])))
                .set(piece_stock::active.eq(false)).execute(conn).unwrap();
        });
        let reply = app.get("/api/admin/summary").await;
        assert_eq!((reply.body["stock"][0]["lowEntries"].as_i64(), reply.body["stock"][0]["low"].as_bool()),
            (Some(0), Some(false)));
    }

    async fn the_window_is_one_to_365_days(backend) {
        let app = console(backend).await;
        let now = persistence::now();
        let one = app.get("/api/admin/summary?days=1").await;
        assert_eq!(one.status, 200, "{}", one.text);
        assert_eq!((one.body["from"].as_str(), one.body["to"].as_str()),
            (Some(utc_day(now).as_str()), Some(utc_day(now).as_str())));
        for list in [&one.body["customers"]["newPerDay"], &one.body["topups"]["perDay"],
                     &one.body["sales"]["perDay"], &one.body["traffic"]["perDay"]] {
            assert_eq!(list.as_array().unwrap().len(), 1);
        }
        let year = app.get("/api/admin/summary?days=365").await;
        assert_eq!(year.status, 200, "{}", year.text);
        assert_eq!(year.body["traffic"]["perDay"].as_array().unwrap().len(), 365);
        for bad in ["0", "366", "-3", "abc", "2.5", "", "99999999999"] {
            let reply = app.get(&format!("/api/admin/summary?days={bad}")).await;
            assert_eq!(reply.status, 422, "days={bad}: {}", reply.text);
            assert_eq!(reply.body["fields"]["days"], "Days must be between 1 and 365", "days={bad}");
        }
    }

    async fn only_operators_see_the_overview(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let guest = app.get("/api/admin/summary").await;
        assert_eq!((guest.status, guest.message()), (401, "Please log in to continue"));
        app.register("someone@example.com", PASSWORD).await;
        let customer = app.get("/api/admin/summary").await;
        assert_eq!((customer.status, customer.message()), (403, "You do not have permission to do this"));
        app.make_admin("someone@example.com");
        assert_eq!(app.get("/api/admin/summary").await.status, 200);
    }
}
