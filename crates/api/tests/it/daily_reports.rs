//! The daily usage report: opt-in through the alert settings; the day before reported once per
//! customer and day though two instances run the job at the same moment, and not again on the
//! next run; figures from the daily rollup only (the test writes no connection record); the
//! mail, the notification and the signed webhook body; nothing for a customer who did not opt
//! in or whose account is disabled, no mail with mail off, nothing but the mark for a day
//! without traffic; a run bounded to its batch. Time is the
//! job's `now` argument, never a sleep.

use crate::common::{PASSWORD, TestApp};
use crate::usage_records::record;
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::alerts::{self, AlertSettings};
use persistence::connection_records::NewRecord;
use secrecy::SecretString;
use serde_json::{Value, json};
use std::sync::Arc;
use upstream::{FileMailer, Mailer, ReqwestWebhookSender, WebhookSender};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

const EMAIL: &str = "reported@example.com";
/// 2026-12-01T00:00:00Z, the day reported.
const T0: i64 = 1_796_083_200;
const DAY: i64 = 86_400;
/// 00:30 UTC the day after: the first run that reports T0's day.
const NOW: i64 = T0 + DAY + 1_800;
const GB: i64 = 1_000_000_000;

fn mailer(app: &TestApp) -> Arc<dyn Mailer> {
    Arc::new(FileMailer::new(
        app.mail_dir.path().to_path_buf(),
        "ProxyShop <no-reply@proxyshop.test>".to_owned(),
    ))
}

/// Runs the job twice at once, each on its own pool (two instances): (sent, quiet) in all.
async fn report_twice_at_once(app: &TestApp, now: i64) -> (usize, usize) {
    let other = persistence::connect(&app.db.url, &persistence::testing::small_pool()).unwrap();
    let (a, b) = tokio::join!(
        app::daily_reports::send_daily_reports(app.pool(), mailer(app), now),
        app::daily_reports::send_daily_reports(&other, mailer(app), now),
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    (a.sent + b.sent, a.quiet + b.quiet)
}

/// Adds `rows` to the usage rollups only: no connection record exists, so a figure in the
/// report can have come from the rollup alone.
fn rollups_only(app: &TestApp, rows: &[NewRecord]) {
    app.with_conn(|c| {
        persistence::write_transaction(c, |tx| persistence::usage_rollups::add(tx, rows)).unwrap()
    });
}

/// A customer of the database only, with these settings.
fn customer(app: &TestApp, tag: &str, settings: AlertSettings) -> UserId {
    app.with_conn(|c| {
        let id = persistence::testing::insert_user(c, tag);
        alerts::save(c, id, &settings, T0).unwrap();
        id
    })
}

/// The report mails to `email` (registration mailed a code before).
fn mail_texts(app: &TestApp, email: &str) -> Vec<String> {
    app.mails_to(email)
        .into_iter()
        // The message's lines end in CRLF.
        .map(|path| std::fs::read_to_string(path).unwrap().replace("\r\n", "\n"))
        .filter(|text| text.contains("usage report"))
        .collect()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_day_before_is_reported_once_from_the_rollups(backend) {
        let app = TestApp::start(backend, |s| s.webhook_allow_private = true).await;
        app.register(EMAIL, PASSWORD).await;
        let owner = app.user_id(EMAIL);
        let receiver = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(200)).mount(&receiver).await;
        let saved = app
            .send(app.client.put(app.url("/api/user/alerts")).json(&json!({
                "dailyReport": true, "webhookUrl": format!("{}/hook", receiver.uri())
            })))
            .await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        assert_eq!(saved.body["dailyReport"], json!(true));
        assert_eq!(app.get("/api/user/alerts").await.body["dailyReport"], json!(true));

        let opted_in = AlertSettings { daily_report: true, ..AlertSettings::default() };
        let no_mail = customer(&app, "nomail", AlertSettings { email: false, ..opted_in.clone() });
        let _quiet = customer(&app, "quiet", opted_in.clone());
        let opted_out = customer(&app, "optedout", AlertSettings::default());
        let disabled = customer(&app, "disabled", opted_in.clone());
        app.with_conn(|c| {
            use diesel::prelude::*;
            use persistence::schema::users;
            diesel::update(users::table.find(disabled.get())).set(users::disabled.eq(true)).execute(c).unwrap()
        });
        let failed = |user, reason: &str, at| NewRecord {
            outcome: Outcome::UpstreamError,
            reason: Some(reason.to_owned()),
            ..record(user, at, "example.com", 0, 0)
        };
        rollups_only(&app, &[
            record(owner, T0 + 10, "example.com", 100_000_000, 1_400_000_000),
            record(owner, T0 + 3_600, "example.com", 0, 500_000_000),
            record(owner, T0 + 7_200, "api.example.com", 10, 90),
            failed(owner, "connect_failed", T0 + 20),
            NewRecord {
                outcome: Outcome::Refused,
                reason: Some("no_traffic".into()),
                credential_kind: CredentialKind::Subuser,
                credential_label: "team-a".into(),
                ..record(owner, T0 + 30, "other.net", 0, 0)
            },
            NewRecord { kind: ProxyKind::Static, ..record(owner, T0 + 40, "shop.example", 1_000, 0) },
            // The days either side are not in the report.
            record(owner, T0 - 1, "before.example", 7, 7),
            record(owner, T0 + DAY, "after.example", 7, 7),
            record(no_mail, T0 + 50, "example.com", 5, 5),
            record(opted_out, T0 + 60, "example.com", 5, 5),
            record(disabled, T0 + 70, "example.com", 5, 5),
        ]);
        app.with_conn(|c| {
            persistence::traffic::add_purchased(c, owner, ProxyKind::Premium, 10 * GB, None).unwrap();
            persistence::traffic::record_usage(c, owner, ProxyKind::Premium, "2026-12-01", 2 * GB).unwrap();
        });

        // Before 00:30 the day may still be written to: nothing yet.
        assert_eq!(report_twice_at_once(&app, T0 + DAY + 1_799).await, (0, 0));
        // A run takes a bounded batch, lowest id first: the owner.
        let first = app::daily_reports::send_daily_reports_up_to(app.pool(), mailer(&app), NOW, 1);
        assert_eq!((first.await.unwrap().sent, mail_texts(&app, EMAIL).len()), (1, 1));
        // Then no-mail reported and quiet marked; once, though two instances ran at once.
        assert_eq!(report_twice_at_once(&app, NOW).await, (1, 1));
        assert_eq!(report_twice_at_once(&app, NOW + 600).await, (0, 0), "reported already");
        // The mark decides: a late claim of the same customer and day loses.
        let late = app.with_conn(|c| persistence::daily_reports::claim(c, owner, T0, true, NOW).unwrap());
        assert!(!late);

        let mails = mail_texts(&app, EMAIL);
        assert_eq!(mails.len(), 1, "one mail");
        let mail = &mails[0];
        assert!(mail.contains("Subject: ProxyShop usage report for 2026-12-01 (UTC)"), "{mail}");
        assert!(mail.contains("Content-Transfer-Encoding: 7bit"), "readable as sent: {mail}");
        for line in [
            "Premium Residential Proxies\n  2.00 GB (2.00 GB charged), 5 connections, 60.0 % succeeded",
            "Static Residential Proxies\n  0.00 GB (0.00 GB charged), 1 connection, 100.0 % succeeded",
            "All kinds\n  2.00 GB, 6 connections, 66.7 % succeeded",
            "  example.com: 2.00 GB, 3 connections",
            "  connect_failed: 1",
            "  no_traffic: 1",
            "  Premium Residential Proxies: 8.00 GB",
        ] {
            assert!(mail.contains(line), "{line}: {mail}");
        }
        assert!(!mail.contains("before.example") && !mail.contains("after.example"), "{mail}");
        assert!(mail_texts(&app, "nomail@example.com").is_empty(), "mail off");
        assert!(mail_texts(&app, "quiet@example.com").is_empty(), "no traffic, no report");
        assert!(mail_texts(&app, "optedout@example.com").is_empty(), "not opted in");
        assert!(mail_texts(&app, "disabled@example.com").is_empty(), "account disabled");
        for (user, expected) in [(no_mail, 1), (opted_out, 0), (disabled, 0)] {
            let bell = app.with_conn(|c| persistence::notifications::page(c, user, 0, 10).unwrap().1);
            assert_eq!(bell, expected, "{user:?}");
        }

        let bell = app.get("/api/user/notifications").await.body["items"][0].clone();
        assert_eq!(bell["kind"], json!("usage.daily_report"));
        assert_eq!(bell["title"], json!("Usage report for 2026-12-01 (UTC)"));
        assert_eq!(
            bell["body"],
            json!("2.00 GB over 6 connections, 66.7 % succeeded; most traffic: example.com.")
        );

        // The webhook call, through the signed deliveries.
        let sender: Arc<dyn WebhookSender> = Arc::new(ReqwestWebhookSender::new(true).unwrap());
        let key = SecretString::from(crate::common::SESSION_SECRET.to_owned());
        assert_eq!(app::alerts::send_webhooks(app.pool(), sender, &key, NOW).await.unwrap(), 1);
        let received = receiver.received_requests().await.unwrap();
        assert_eq!(received.len(), 1);
        assert!(received[0].headers.contains_key("x-proxyshop-signature"));
        let body: Value = serde_json::from_slice(&received[0].body).unwrap();
        assert_eq!(body["id"], bell["id"]);
        assert_eq!(body["type"], json!("usage.daily_report"));
        assert_eq!(body["title"], bell["title"]);
        assert_eq!(body["body"], bell["body"]);
        assert_eq!(body["createdAt"], json!(NOW));
        let premium = json!({"kind": "premium", "connections": 5, "succeeded": 3, "failed": 2,
            "successRate": 0.6, "bytes": 2_000_000_100_i64, "gb": 2.0, "chargedBytes": 2_000_000_100_i64});
        let fixed = json!({"kind": "static", "connections": 1, "succeeded": 1, "failed": 0,
            "successRate": 1.0, "bytes": 1_000, "gb": 0.0, "chargedBytes": 0});
        assert_eq!(
            body["data"],
            json!({
                "day": "2026-12-01",
                "kinds": [premium, fixed],
                "total": {"connections": 6, "succeeded": 4, "failed": 2,
                    "successRate": body["data"]["total"]["successRate"].clone(),
                    "bytes": 2_000_001_100_i64, "gb": 2.0, "chargedBytes": 2_000_000_100_i64},
                "topHosts": [
                    {"host": "example.com", "connections": 3, "bytes": 2_000_000_000_i64},
                    {"host": "shop.example", "connections": 1, "bytes": 1_000},
                    {"host": "api.example.com", "connections": 1, "bytes": 100},
                    {"host": "other.net", "connections": 1, "bytes": 0},
                ],
                "failuresByReason": {"connect_failed": 1, "no_traffic": 1},
                "balances": [{"kind": "premium", "remainingBytes": 8 * GB, "remainingGb": 8.0,
                    "expiresAt": null}],
            })
        );
        let rate = body["data"]["total"]["successRate"].as_f64().unwrap();
        assert!((rate - 4.0 / 6.0).abs() < 1e-9, "{rate}");
    }
}
