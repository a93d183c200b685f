//! SLA credits (docs/status.md#sla-credits): a month whose Premium availability fell below the
//! promise credits each customer with Premium traffic that month, once, whichever of two
//! instances racing the job gets there first, and a rerun credits nobody; the credit is a
//! ledger row of kind `sla_credit` with a notification, and the page's month shows it.

use crate::common::TestApp;
use app::status::sla::{SlaTerms, credit_month};
use domain::{Cents, ProxyKind};
use persistence::traffic_purchases::{NewTrafficPurchase, Source};
use persistence::{status_minutes, traffic, traffic_purchases, wallet};
use serde_json::json;

persistence::both_backends! {

    #[actix_web::test]
    async fn a_month_below_the_promise_credits_each_affected_customer_once(backend) {
        let app = TestApp::with_admin(backend).await;
        let _hit = app.customer("hit@example.com").await;
        let _idle = app.customer("idle@example.com").await;
        let _trial = app.customer("trial@example.com").await;
        let _refunded = app.customer("refunded@example.com").await;
        let (hit, idle) = (app.user_id("hit@example.com"), app.user_id("idle@example.com"));
        let (trial, refunded) = (app.user_id("trial@example.com"), app.user_id("refunded@example.com"));
        let now = persistence::now();
        let today = domain::calendar::utc_day(now);
        let month = today[..7].to_owned();
        app.with_conn(|c| {
            // Premium: 30 minutes down in 43200 (99.93 %), below 99.96; Budget all up.
            status_minutes::add_minutes(c, "gateway-premium", &today, 43_170, 30).unwrap();
            status_minutes::add_minutes(c, "gateway-budget", &today, 43_200, 0).unwrap();
            // `hit` bought $2880 of Premium and used some; `idle` bought Budget only.
            for (user, kind, cents) in [(hit, ProxyKind::Premium, 288_000), (idle, ProxyKind::Budget, 5_000)] {
                traffic_purchases::record(c, &NewTrafficPurchase {
                    user_id: user, kind, plan_id: None, bytes: 1_000_000_000,
                    price: Cents::new(cents), source: Source::Purchase,
                }).unwrap();
            }
            traffic::record_daily_usage(c, hit, ProxyKind::Premium, &today, 5_000_000).unwrap();
            traffic::record_daily_usage(c, idle, ProxyKind::Budget, &today, 5_000_000).unwrap();
            // `trial` used Premium it never paid for; `refunded` was refunded its whole purchase:
            // neither paid anything for Premium, so the minimum is no credit of theirs.
            let bought = traffic_purchases::record(c, &NewTrafficPurchase {
                user_id: refunded, kind: ProxyKind::Premium, plan_id: None, bytes: 1_000_000_000,
                price: Cents::new(1_500), source: Source::Purchase,
            }).unwrap();
            let refund = persistence::refunds::NewRefund {
                user_id: refunded, kind: ProxyKind::Premium, purchase_id: Some(bought), piece_id: None,
                bytes: 1_000_000_000, amount: Cents::new(1_500),
            };
            assert!(persistence::refunds::claim(c, &refund).unwrap().is_some());
            for user in [trial, refunded] {
                traffic::record_daily_usage(c, user, ProxyKind::Premium, &today, 1_000).unwrap();
            }
        });
        let before = app.with_conn(|c| wallet::ledger_sum(c, hit).unwrap());
        let terms = SlaTerms { percent: 99.96, minimum: Cents::new(100) };
        let pool = app.pool().clone();
        let (a, b) = tokio::join!(credit_month(&pool, &month, terms, now), credit_month(&pool, &month, terms, now));
        let credited = |run: Vec<app::status::sla::KindMonth>| run.iter().map(|k| k.credited).sum::<usize>();
        assert_eq!(credited(a.unwrap()) + credited(b.unwrap()), 1, "one credit across both instances");
        let rerun = credit_month(&pool, &month, terms, now).await.unwrap();
        assert_eq!(credited(rerun.clone()), 0, "a rerun credits nobody");
        let premium = rerun.iter().find(|k| k.kind == ProxyKind::Premium).unwrap();
        assert_eq!((premium.up_minutes, premium.down_minutes), (43_170, 30));

        // $2880 x 30/43200 = $2.00, above the $1 minimum.
        let share = domain::status::sla_credit_cents(288_000, 43_170, 30, 100, 288_000);
        assert_eq!(share, 200);
        let rows = app.with_conn(|c| wallet::history(c, hit, 50, 0).unwrap().0);
        let sla: Vec<_> = rows.iter().filter(|r| r.kind == domain::ledger::EntryKind::SlaCredit).collect();
        assert_eq!(sla.len(), 1, "{rows:?}");
        assert_eq!(sla[0].amount_cents, Cents::new(share));
        assert_eq!(app.with_conn(|c| wallet::ledger_sum(c, hit).unwrap()), Cents::new(before.get() + share));
        for (user, why) in [(idle, "Budget met its promise"), (trial, "nothing paid"), (refunded, "all refunded")] {
            let rows = app.with_conn(|c| wallet::history(c, user, 50, 0).unwrap().0);
            assert!(rows.iter().all(|r| r.kind != domain::ledger::EntryKind::SlaCredit), "{why}: {rows:?}");
        }

        let page = app.get("/api/status").await.body;
        assert_eq!(page["slaCredits"], json!([{ "month": month, "kind": "premium", "customers": 1 }]));
        // A month that is no month is refused by name.
        let bad = credit_month(&pool, "2026-13", terms, now).await;
        assert!(matches!(bad, Err(app::AppError::Validation(_))), "{bad:?}");
    }
}
