//! The operator's access changes: disable (every session ends in the same transaction),
//! enable, and the role; nobody disables themselves and the shop keeps an enabled admin.

use crate::common::customers::ADMIN;
use crate::common::{PASSWORD, TestApp};
use persistence::admin_access::{self, Outcome};
use serde_json::{Value, json};

const ALICE: &str = "alice@example.com";
const CAROL: &str = "carol@example.com";

fn refused(reply: &crate::common::Reply, status: u16, field: Option<&str>, message: &str) {
    assert_eq!(reply.status, status, "{}", reply.text);
    let mut expected = json!({ "message": message });
    if let Some(field) = field {
        expected["fields"] = json!({ field: message });
    }
    assert_eq!(reply.body, expected);
}

persistence::both_backends! {

    #[actix_web::test]
    async fn disabling_ends_every_session_and_enabling_lets_the_customer_back(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let laptop = app.new_client();
        assert_eq!(app.post_json_with(&laptop, "/api/login", json!({ "email": ALICE, "password": PASSWORD })).await.status, 200);
        assert_eq!(app.session_count(ALICE), 2);
        let id = app.user_id(ALICE);

        let reply = app.admin_post(ALICE, "disable", json!({ "reason": "chargeback fraud" })).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["user"]["id"], id.get());
        assert_eq!(reply.body["user"]["disabled"], true);
        assert_eq!(app.session_count(ALICE), 0, "every session ended with the change");
        for client in [&alice, &laptop] {
            assert_eq!(app.get_with(client, "/api/getuserinfo").await.body, json!({ "user": null }));
        }
        let audit = app.audit_rows();
        assert_eq!(audit.len(), 1);
        assert_eq!((audit[0].action.as_str(), audit[0].target.clone(), audit[0].detail.as_deref(), audit[0].admin_id),
                   ("user.disable", Some(format!("user:{id}")), Some("chargeback fraud"), Some(app.user_id(ADMIN))));
        assert_eq!((audit[0].before(), audit[0].after()), (Some(json!({ "disabled": false })), Some(json!({ "disabled": true }))));
        let login = app.post_json_with(&alice, "/api/login", json!({ "email": ALICE, "password": PASSWORD })).await;
        assert_eq!(login.status, 403, "{}", login.text);

        let enabled = app.admin_post(ALICE, "enable", json!({})).await;

        assert_eq!(enabled.status, 200, "{}", enabled.text);
        assert_eq!(enabled.body["user"]["disabled"], false);
        let audit = app.audit_rows();
        assert_eq!((audit[0].action.as_str(), audit[0].detail.as_deref()), ("user.enable", None));
        assert_eq!((audit[0].before(), audit[0].after()), (Some(json!({ "disabled": true })), Some(json!({ "disabled": false }))));
        let login = app.post_json_with(&alice, "/api/login", json!({ "email": ALICE, "password": PASSWORD })).await;
        assert_eq!(login.status, 200, "{}", login.text);

        // Enabling with a reason records it.
        assert_eq!(app.admin_post(ALICE, "disable", json!({ "reason": "second look" })).await.status, 200);
        let again = app.admin_post(ALICE, "enable", json!({ "reason": "cleared by support" })).await;
        assert_eq!(again.status, 200, "{}", again.text);
        assert_eq!(app.audit_rows()[0].detail.as_deref(), Some("cleared by support"));
    }

    async fn refused_access_changes_write_nothing(backend) {
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        app.customer(CAROL).await;
        app.set_disabled(CAROL, true);
        let before = (app.snapshot(ADMIN), app.snapshot(ALICE), app.snapshot(CAROL));

        let me = app.admin_post(ADMIN, "disable", json!({ "reason": "leaving" })).await;
        refused(&me, 409, None, "You cannot disable your own account");
        let twice = app.admin_post(CAROL, "disable", json!({ "reason": "again" })).await;
        refused(&twice, 409, None, "This account is already disabled");
        let not_disabled = app.admin_post(ALICE, "enable", json!({})).await;
        refused(&not_disabled, 409, None, "This account is not disabled");
        let reason_required = "Please give a reason (3–200 characters)";
        for reason in [Value::Null, json!(" ab "), json!("y".repeat(201))] {
            let reply = app.admin_post(ALICE, "disable", json!({ "reason": reason })).await;
            refused(&reply, 422, Some("reason"), reason_required);
        }
        let short = app.admin_post(CAROL, "enable", json!({ "reason": "ok" })).await;
        refused(&short, 422, Some("reason"), reason_required);
        for role in [json!("boss"), json!(null), json!("ADMIN")] {
            let reply = app.admin_post(ALICE, "role", json!({ "role": role })).await;
            refused(&reply, 422, Some("role"), "Role must be admin or user");
        }
        // The only enabled admin (CAROL, disabled, does not count once promoted).
        app.make_admin(CAROL);
        let last = app.admin_post(ADMIN, "role", json!({ "role": "user" })).await;
        refused(&last, 409, None, "The shop must keep at least one administrator");
        app.with_conn(|conn| persistence::users::set_role(conn, app.user_id(CAROL), "user").unwrap());
        for action in ["disable", "enable", "role"] {
            let reply = app.post_json(&format!("/api/admin/users/999999/{action}"),
                                      json!({ "reason": "nobody here", "role": "user" })).await;
            refused(&reply, 404, None, "User not found");
        }

        assert_eq!((app.snapshot(ADMIN), app.snapshot(ALICE), app.snapshot(CAROL)), before, "nothing written");
    }

    async fn the_persistence_rules_keep_an_enabled_admin(backend) {
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        let boss = app.user_id(ADMIN);
        let alice = app.user_id(ALICE);
        let run = |f: &dyn Fn(&mut persistence::DbConnection) -> persistence::DbResult<Outcome>| {
            app.with_conn(|conn| persistence::write_transaction(conn, |c| f(c))).unwrap()
        };
        // Disabling the one enabled admin is refused even without the route's self check.
        assert_eq!(run(&|c| admin_access::disable(c, boss)), Outcome::LastAdmin);
        assert_eq!(run(&|c| admin_access::set_role(c, boss, domain::Role::User)), Outcome::LastAdmin);
        assert_eq!(run(&|c| admin_access::disable(c, alice)), Outcome::Changed);
        assert_eq!(run(&|c| admin_access::disable(c, alice)), Outcome::Unchanged);
        // A disabled admin is no enabled admin: promoting ALICE does not free BOSS.
        assert_eq!(run(&|c| admin_access::set_role(c, alice, domain::Role::Admin)), Outcome::Changed);
        assert_eq!(run(&|c| admin_access::set_role(c, boss, domain::Role::User)), Outcome::LastAdmin);
        // Demoting the disabled admin leaves the enabled ones as they are: allowed.
        assert_eq!(run(&|c| admin_access::set_role(c, alice, domain::Role::User)), Outcome::Changed);
        assert_eq!(run(&|c| admin_access::enable(c, alice)), Outcome::Changed);
        assert_eq!(run(&|c| admin_access::enable(c, alice)), Outcome::Unchanged);
        assert_eq!(run(&|c| admin_access::disable(c, domain::UserId::new(999_999))), Outcome::NotFound);
        assert!(app.audit_rows().is_empty(), "persistence writes no audit row of its own");
    }

    async fn role_changes_are_audited_and_take_effect_at_once(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        assert_eq!(app.get_with(&alice, "/api/admin/users").await.status, 403);

        let promote = app.admin_post(ALICE, "role", json!({ "role": "admin", "reason": "new operator" })).await;

        assert_eq!(promote.status, 200, "{}", promote.text);
        assert_eq!(promote.body["user"]["role"], "admin");
        let audit = app.audit_rows();
        assert_eq!((audit[0].action.as_str(), audit[0].target.clone(), audit[0].detail.as_deref()),
                   ("user.role", Some(format!("user:{id}")), Some("new operator")));
        assert_eq!((audit[0].before(), audit[0].after()), (Some(json!({ "role": "user" })), Some(json!({ "role": "admin" }))));
        assert_eq!(app.get_with(&alice, "/api/admin/users").await.status, 200);

        // The same role again changes nothing and records nothing.
        let same = app.admin_post(ALICE, "role", json!({ "role": "admin" })).await;
        assert_eq!((same.status, same.body["user"]["role"].as_str()), (200, Some("admin")));
        assert_eq!(app.audit_rows().len(), 1);

        // With two enabled admins, one may step down.
        let boss_id = app.user_id(ADMIN);
        let down = app.post_json_with(&alice, &format!("/api/admin/users/{boss_id}/role"), json!({ "role": "user" })).await;
        assert_eq!(down.status, 200, "{}", down.text);
        assert_eq!(app.audit_rows()[0].admin_id, Some(id));
        assert_eq!(app.get("/api/admin/users").await.status, 403, "demoted at once");
    }
}
