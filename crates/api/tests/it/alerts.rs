//! Alerts and the notification centre: thresholds as the customer sets them (defaults, 422s,
//! fields left out), each crossing firing once (notification and mail) even with two instances
//! running the check at the same moment, re-arming when the figure moves back; credited top-ups
//! in the notification centre; unread counts and marking read, one customer's own only; an
//! expiry warning whose date a purchase made false leaves the bell.

use crate::common::TestApp;
use domain::{ProxyKind, UserId};
use persistence::traffic;
use serde_json::json;
use std::sync::Arc;
use upstream::{FileMailer, Mailer};

const EMAIL: &str = "alerted@example.com";
const MB: i64 = 1_000_000;
const GB: i64 = 1_000 * MB;

/// Dates the validity of `id`'s traffic back `days` days, as if it was bought then.
fn bought_days_ago(app: &TestApp, id: UserId, days: i64) {
    use diesel::prelude::*;
    use persistence::schema::traffic_balances;
    let from = persistence::now() - days * 86_400;
    app.with_conn(|c| {
        diesel::update(traffic_balances::table.filter(traffic_balances::user_id.eq(id.get())))
            .set(traffic_balances::valid_from.eq(from))
            .execute(c)
            .unwrap()
    });
}

fn mailer(app: &TestApp) -> Arc<dyn Mailer> {
    Arc::new(FileMailer::new(
        app.mail_dir.path().to_path_buf(),
        "ProxyShop <no-reply@proxyshop.test>".to_owned(),
    ))
}

fn user_id(app: &TestApp) -> UserId {
    app.user(EMAIL).unwrap().id
}

/// Runs the check twice at once, each on its own pool (two instances); how many fired in all.
async fn check_twice_at_once(app: &TestApp, now: i64) -> usize {
    let other = persistence::connect(&app.db.url, &persistence::testing::small_pool()).unwrap();
    let (a, b) = tokio::join!(
        app::alerts::check_alerts(app.pool(), mailer(app), now),
        app::alerts::check_alerts(&other, mailer(app), now),
    );
    a.unwrap() + b.unwrap()
}

fn alert_mails(app: &TestApp, needle: &str) -> usize {
    app.mails_to(EMAIL)
        .into_iter()
        .filter(|path| std::fs::read_to_string(path).unwrap().contains(needle))
        .count()
}

async fn notifications(app: &TestApp) -> serde_json::Value {
    let reply = app.get("/api/user/notifications").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body
}

persistence::both_backends! {

    #[actix_web::test]
    async fn alert_settings_have_defaults_and_refuse_bad_values(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let defaults = app.get("/api/user/alerts").await;
        assert_eq!(
            defaults.body,
            json!({"trafficPercent": [95, 80], "expiryDays": [3, 1], "balanceBelow": null, "email": true,
                "webhookUrl": null, "runsOutWithinDays": null, "dailyReport": false, "webhookSecretSet": false})
        );
        let bad = app
            .send(app.client.put(app.url("/api/user/alerts")).json(&json!({
                "trafficPercent": [0, 80], "expiryDays": [45], "balanceBelow": -1, "email": "yes",
                "runsOutWithinDays": 0, "dailyReport": "yes"
            })))
            .await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        for field in ["trafficPercent", "expiryDays", "balanceBelow", "email", "runsOutWithinDays", "dailyReport"] {
            assert!(bad.body["fields"][field].is_string(), "{field}: {}", bad.text);
        }
        assert_eq!(app.get("/api/user/alerts").await.body, defaults.body, "nothing half-written");
        let saved = app
            .send(app.client.put(app.url("/api/user/alerts")).json(&json!({
                "trafficPercent": [50], "balanceBelow": 12.5
            })))
            .await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        assert_eq!(
            saved.body,
            json!({"trafficPercent": [50], "expiryDays": [3, 1], "balanceBelow": 12.5, "email": true,
                "webhookUrl": null, "runsOutWithinDays": null, "dailyReport": false, "webhookSecretSet": false})
        );
        // Signed out: 401.
        let guest = app.send(app.new_client().get(app.url("/api/user/alerts"))).await;
        assert_eq!(guest.status, 401);
    }

    async fn a_traffic_threshold_fires_once_per_crossing_across_two_instances(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let id = user_id(&app);
        let now = persistence::now();
        app.with_conn(|c| traffic::add_purchased(c, id, ProxyKind::Premium, 10 * MB, None).unwrap());
        let day = domain::calendar::utc_day(now);
        let use_bytes = |bytes: i64| {
            app.with_conn(|c| traffic::record_usage(c, id, ProxyKind::Premium, &day, bytes).unwrap());
        };
        use_bytes(7 * MB);
        assert_eq!(check_twice_at_once(&app, now).await, 0, "70 % crosses nothing");
        use_bytes(MB + MB / 2);
        // 85 %: the 80 % threshold fires, once, though two instances checked at once.
        assert_eq!(check_twice_at_once(&app, now).await, 1);
        assert_eq!(check_twice_at_once(&app, now).await, 0, "fired already");
        assert_eq!(alert_mails(&app, "80 % of your traffic used"), 1);
        let list = notifications(&app).await;
        assert_eq!(list["unread"], json!(1));
        assert_eq!(list["items"][0]["kind"], json!("alert"));
        assert!(list["items"][0]["title"].as_str().unwrap().contains("80 %"), "{list}");

        // A purchase moves the figure back under 80 %: re-armed, and the next crossing fires.
        app.with_conn(|c| traffic::add_purchased(c, id, ProxyKind::Premium, 10 * MB, None).unwrap());
        assert_eq!(check_twice_at_once(&app, now).await, 0);
        use_bytes(8 * MB);
        assert_eq!(check_twice_at_once(&app, now).await, 1, "8.5 + 8 of 20 MB is 82.5 %");
        assert_eq!(alert_mails(&app, "80 % of your traffic used"), 2);

        // With mail off, the notification still comes, the mail does not.
        let off = app
            .send(app.client.put(app.url("/api/user/alerts")).json(&json!({"email": false})))
            .await;
        assert_eq!(off.status, 200);
        use_bytes(3 * MB);
        assert_eq!(check_twice_at_once(&app, now).await, 1, "97.5 % crosses 95 %");
        assert_eq!(alert_mails(&app, "95 % of your traffic used"), 0);
        assert_eq!(notifications(&app).await["unread"], json!(3));
    }

    async fn traffic_running_out_at_the_recent_pace_fires_once_and_rearms_a_day_clear(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let id = user_id(&app);
        let only_forecast = json!({"trafficPercent": [], "expiryDays": [], "runsOutWithinDays": 3});
        let saved = app.send(app.client.put(app.url("/api/user/alerts")).json(&only_forecast)).await;
        assert_eq!((saved.status, saved.body["runsOutWithinDays"].as_i64()), (200, Some(3)), "{}", saved.text);
        // Noon UTC: the window is six and a half days long.
        let real = persistence::now();
        let now = real - real.rem_euclid(86_400) + 43_200;
        let day = |ago: i64| domain::calendar::utc_day(now - ago * 86_400);
        let buy = |gb: i64| app.with_conn(|c| traffic::add_purchased(c, id, ProxyKind::Premium, gb * GB, None).unwrap());
        let use_on = |ago: i64, hundredths_gb: i64| {
            app.with_conn(|c| traffic::record_usage(c, id, ProxyKind::Premium, &day(ago), hundredths_gb * GB / 100).unwrap());
        };
        buy(100);
        use_on(0, 1300);
        assert_eq!(check_twice_at_once(&app, now).await, 0, "2 GB a day, 87 GB left: 43.5 days");
        use_on(3, 5200);
        assert_eq!(check_twice_at_once(&app, now).await, 0, "10 GB a day, 35 left: 3.5 days");
        use_on(0, 650);
        assert_eq!(check_twice_at_once(&app, now).await, 1, "11 GB a day, 28.5 left: 2.6 days");
        assert_eq!(check_twice_at_once(&app, now).await, 0, "fired already");
        assert_eq!(alert_mails(&app, "traffic runs out in 3 days or less"), 1);
        assert!(notifications(&app).await["items"][0]["body"].as_str().unwrap().contains("11.00 GB a day"));
        // Back to 3.5 days: less than a day clear, the mark holds; crossing again fires nothing.
        buy(10);
        assert_eq!(check_twice_at_once(&app, now).await, 0);
        use_on(0, 650);
        assert_eq!(check_twice_at_once(&app, now).await, 0, "12 GB a day, 32 left: 2.7 days, still fired");
        // Eleven days clear: re-armed, and the next crossing fires.
        buy(100);
        assert_eq!(check_twice_at_once(&app, now).await, 0);
        use_on(0, 9100);
        assert_eq!(check_twice_at_once(&app, now).await, 1, "26 GB a day, 41 left: 1.6 days");
        assert_eq!(alert_mails(&app, "traffic runs out in 3 days or less"), 2);
    }

    async fn expiry_and_balance_thresholds_fire_once(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let id = user_id(&app);
        let now = persistence::now();
        // Traffic bought 28 days ago, expiring in two days: the 3-day threshold fires, the 1-day
        // one not yet.
        app.with_conn(|c| traffic::add_purchased(c, id, ProxyKind::Budget, 10 * MB, Some(now + 2 * 86_400)).unwrap());
        bought_days_ago(&app, id, 28);
        let saved = app
            .send(app.client.put(app.url("/api/user/alerts")).json(&json!({"balanceBelow": 5})))
            .await;
        assert_eq!(saved.status, 200);
        // The balance is $0.00, below $5: that fires too.
        assert_eq!(check_twice_at_once(&app, now).await, 2);
        assert_eq!(check_twice_at_once(&app, now).await, 0);
        assert_eq!(alert_mails(&app, "expires in 3 days or less"), 1);
        assert_eq!(alert_mails(&app, "Wallet balance below $5.00"), 1);
        // A day later, the 1-day threshold.
        assert_eq!(check_twice_at_once(&app, now + 86_400 + 60).await, 1);
        assert_eq!(alert_mails(&app, "expires in 1 day or less"), 1);
    }

    async fn traffic_valid_for_less_than_a_warning_gets_no_such_warning(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let id = user_id(&app);
        let now = persistence::now();
        // A 24-hour grant (the free trial's validity), checked at once: neither the 3-day nor
        // the 1-day warning (the customer knows it lasts a day), and none an hour before its end.
        app.with_conn(|c| traffic::add_purchased(c, id, ProxyKind::Premium, 100 * MB, Some(now + 86_400)).unwrap());
        assert_eq!(check_twice_at_once(&app, now).await, 0);
        assert_eq!(check_twice_at_once(&app, now + 23 * 3_600).await, 0);
        // Extended by a 30-day purchase: valid for longer than both, both warn in their time.
        app.with_conn(|c| traffic::add_purchased(c, id, ProxyKind::Premium, GB, Some(now + 30 * 86_400)).unwrap());
        assert_eq!(check_twice_at_once(&app, now + 27 * 86_400 + 60).await, 1);
        assert_eq!(alert_mails(&app, "expires in 3 days or less"), 1);
        assert_eq!(check_twice_at_once(&app, now + 29 * 86_400 + 60).await, 1);
        assert_eq!(alert_mails(&app, "expires in 1 day or less"), 1);
    }

    async fn a_purchase_that_moves_the_expiry_takes_the_outdated_warning_out_of_the_bell(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, crate::common::PASSWORD).await;
        let id = user_id(&app);
        let now = persistence::now();
        app.with_conn(|c| traffic::add_purchased(c, id, ProxyKind::Premium, GB, Some(now + 2 * 86_400)).unwrap());
        bought_days_ago(&app, id, 30);
        assert_eq!(check_twice_at_once(&app, now).await, 1);
        let warned = notifications(&app).await;
        assert_eq!(warned["total"], json!(1), "{warned}");
        let title = warned["items"][0]["title"].as_str().unwrap().to_owned();
        assert!(title.contains("expires in 3 days or less"), "{title}");
        // Checked again with the date unchanged: the warning stays.
        check_twice_at_once(&app, now + 60).await;
        assert_eq!(notifications(&app).await["total"], json!(1));

        // A purchase moves the expiry 30 days out: "expires on <date>" is no longer true.
        app.with_conn(|c| traffic::add_purchased(c, id, ProxyKind::Premium, GB, Some(now + 30 * 86_400)).unwrap());
        check_twice_at_once(&app, now + 120).await;
        let after = notifications(&app).await;
        assert_eq!(after["total"], json!(0), "{after}");
        assert_eq!(after["unread"], json!(0));
    }

    async fn notifications_are_listed_counted_and_marked_read_per_customer(backend) {
        let app = TestApp::funded(backend, EMAIL, 20.0).await;
        let list = notifications(&app).await;
        assert_eq!(list["total"], json!(1), "{list}");
        assert_eq!(list["unread"], json!(1));
        let item = &list["items"][0];
        assert_eq!(item["kind"], json!("payment_credited"));
        assert_eq!(item["title"], json!("Top-up of $20.00 credited"));
        assert_eq!(item["read"], json!(false));
        let id = item["id"].as_i64().unwrap();

        // Another customer can neither see nor mark it.
        let other = app.customer("other@example.com").await;
        let theirs = app.get_with(&other, "/api/user/notifications").await;
        assert_eq!(theirs.body["total"], json!(0));
        let marked = app.post_json_with(&other, "/api/user/notifications/read", json!({"ids": [id]})).await;
        assert_eq!(marked.body, json!({"unread": 0}));
        assert_eq!(notifications(&app).await["unread"], json!(1));

        let marked = app.post_json("/api/user/notifications/read", json!({"ids": [id]})).await;
        assert_eq!(marked.status, 200, "{}", marked.text);
        assert_eq!(marked.body, json!({"unread": 0}));
        assert_eq!(notifications(&app).await["items"][0]["read"], json!(true));

        app.add_funds(5.0).await;
        assert_eq!(notifications(&app).await["unread"], json!(1));
        let all = app.post_json("/api/user/notifications/read", json!({})).await;
        assert_eq!(all.body, json!({"unread": 0}));
        let too_many: Vec<i64> = (0..201).collect();
        let refused = app.post_json("/api/user/notifications/read", json!({"ids": too_many})).await;
        assert_eq!(refused.status, 422);
        let paged = app.get("/api/user/notifications?perPage=1&page=2").await;
        assert_eq!(paged.body["items"][0]["id"], json!(id), "newest first");
    }
}
