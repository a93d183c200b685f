//! The operator's changes under concurrency: an admin's debits racing the customer's own
//! purchases never overdraw and keep the books balanced; two admins demoting or disabling each
//! other at once leave the shop with an enabled admin.

use crate::common::customers::ADMIN;
use crate::common::{PASSWORD, TestApp};
use diesel::prelude::*;
use persistence::schema::users;
use serde_json::json;

const ALICE: &str = "alice@example.com";

fn enabled_admins(app: &TestApp) -> i64 {
    app.with_conn(|conn| {
        users::table
            .filter(users::role.eq("admin"))
            .filter(users::disabled.eq(false))
            .count()
            .get_result(conn)
            .unwrap()
    })
}

persistence::both_backends! {

    #[actix_web::test]
    async fn admin_debits_racing_purchases_never_overdraw(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let rounds = 6;
        let mut admin_debits = 0;
        for round in 0..rounds {
            // $30: room for two of the racing $15 takes.
            let top = 3_000 - app.balance_cents(ALICE);
            if top > 0 {
                let reply = app.admin_post(ALICE, "balance", json!({ "amount": top as f64 / 100.0, "reason": "round top-up" })).await;
                assert_eq!(reply.status, 200, "{}", reply.text);
            }
            let audit_before = app.audit_rows().len();
            let buys = (0..4).map(|_| app.post_json_with(&alice, "/api/user/get_plan", json!({ "type": "premium", "amount": 5 })));
            let debits = (0..4).map(|n| app.admin_post(ALICE, "balance", json!({ "amount": -15, "reason": format!("race {round}.{n}") })));
            let (buys, debits) = futures::future::join(
                futures::future::join_all(buys), futures::future::join_all(debits)).await;

            let bought = buys.iter().filter(|r| r.status == 200).count();
            let debited = debits.iter().filter(|r| r.status == 200).count();
            for r in &buys {
                assert!(r.status == 200 || (r.status == 402 && r.message() == "Insufficient balance"), "{}", r.text);
            }
            for r in &debits {
                assert!(r.status == 200 || (r.status == 402 && r.message() == "The customer's balance is too low for this debit"), "{}", r.text);
            }
            assert_eq!(bought + debited, 2, "round {round}: exactly the $30 was taken");
            assert_eq!(app.balance_cents(ALICE), 0, "never below zero");
            app.assert_books_balance(&[ALICE]);
            assert_eq!(app.audit_rows().len(), audit_before + debited, "one audit row per debit that went through");
            admin_debits += debited;
        }
        let adjustments = app.ledger(ALICE).iter().filter(|e| e.kind.as_str() == "admin_adjustment" && e.amount_cents.get() < 0).count();
        assert_eq!(adjustments, admin_debits);
    }

    async fn two_admins_demoting_or_disabling_each_other_keep_an_admin(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let boss_id = app.user_id(ADMIN);
        let alice_id = app.user_id(ALICE);
        for round in 0..8 {
            app.make_admin(ALICE);
            app.make_admin(ADMIN);
            app.set_disabled(ALICE, false);
            app.set_disabled(ADMIN, false);
            // Disabling signs out: sign both in again.
            for (client, email) in [(&app.client, ADMIN), (&alice, ALICE)] {
                if app.session_count(email) == 0 {
                    let login = app.post_json_with(client, "/api/login", json!({ "email": email, "password": PASSWORD })).await;
                    assert_eq!(login.status, 200, "{}", login.text);
                }
            }
            let (action, body) = if round % 2 == 0 {
                ("role", json!({ "role": "user" }))
            } else {
                ("disable", json!({ "reason": "mutual distrust" }))
            };
            let (by_boss, by_alice) = futures::future::join(
                app.post_json(&format!("/api/admin/users/{alice_id}/{action}"), body.clone()),
                app.post_json_with(&alice, &format!("/api/admin/users/{boss_id}/{action}"), body.clone()),
            ).await;

            assert!(enabled_admins(&app) >= 1, "round {round}: {} / {}", by_boss.text, by_alice.text);
            let won = [&by_boss, &by_alice].iter().filter(|r| r.status == 200).count();
            assert!(won <= 1, "round {round}: both won: {} / {}", by_boss.text, by_alice.text);
            for r in [&by_boss, &by_alice] {
                // The loser is refused by the rule, or no longer an admin (or signed out) at all.
                assert!(matches!(r.status, 200 | 401 | 403 | 409), "{}", r.text);
                if r.status == 409 {
                    assert_eq!(r.message(), "The shop must keep at least one administrator");
                }
            }
            let audit = app.audit_rows().iter().filter(|a| a.action == format!("user.{action}")).count();
            assert!(audit >= won, "an audit row per change");
        }
    }
}
