//! The operator's customer care (docs/admin-api/customers.md): a new code for an address that
//! waits to be verified, a forced password reset, notes, and the read-only "view as customer";
//! each audited in its own transaction, admins only, and a refusal writes nothing.

use crate::common::customers::ADMIN;
use crate::common::{PASSWORD, TestApp};
use domain::{Cents, EntryKind, ProxyKind};
use serde_json::json;

const ALICE: &str = "alice@example.com";
const NEW_ALICE: &str = "alice.new@example.com";
const NEW_PASSWORD: &str = "Better2@";

fn actions(app: &TestApp) -> Vec<String> {
    app.audit_rows().into_iter().map(|r| r.action).collect()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_new_code_goes_to_the_address_waiting_for_it(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        let path = format!("/api/admin/users/{id}/verification");

        // Nothing waits: Alice's own address was verified when she signed up.
        let detail = format!("/api/admin/users/{id}");
        assert_eq!(app.get(&detail).await.body["user"]["pendingEmail"], json!(null));
        let reply = app.post_json(&path, json!({})).await;
        assert_eq!((reply.status, reply.message()), (409, "This customer's email is already verified: no new address is waiting for its code"));
        assert!(app.audit_rows().is_empty(), "a refusal writes nothing");

        let asked = app.post_json_with(&alice, "/api/user/email", json!({ "newEmail": NEW_ALICE, "password": PASSWORD })).await;
        assert_eq!(asked.status, 200, "{}", asked.text);
        let first = app.latest_code(NEW_ALICE);
        assert_eq!(app.get(&detail).await.body["user"]["pendingEmail"], NEW_ALICE);

        let reply = app.post_json(&path, json!({})).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": format!("We sent a new code to {NEW_ALICE}") }));
        assert_eq!(app.mails_to(NEW_ALICE).len(), 2);
        let code = app.latest_code(NEW_ALICE);
        let rows = app.audit_rows();
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].action.as_str(), rows[0].target.as_deref(), rows[0].admin_id), ("user.verification_resend", Some(format!("user:{id}").as_str()), Some(app.user_id(ADMIN))));
        assert!(rows[0].after_state.as_deref().unwrap().contains(NEW_ALICE));
        if code != first {
            let old = app.post_json_with(&alice, "/api/user/email/confirm", json!({ "code": first })).await;
            assert_eq!(old.status, 400, "the new code replaced the old one: {}", old.text);
        }
        let confirmed = app.post_json_with(&alice, "/api/user/email/confirm", json!({ "code": code })).await;
        assert_eq!(confirmed.status, 200, "{}", confirmed.text);
        assert_eq!(confirmed.body["user"]["email"], NEW_ALICE);
        assert_eq!(app.get(&detail).await.body["user"]["pendingEmail"], json!(null));

        // Verified now: refused again, and nothing written.
        let again = app.post_json(&path, json!({})).await;
        assert_eq!(again.status, 409, "{}", again.text);
        assert_eq!(app.audit_rows().len(), 1);
        let missing = app.post_json("/api/admin/users/999999/verification", json!({})).await;
        assert_eq!((missing.status, missing.message()), (404, "User not found"));
    }

    async fn new_codes_are_limited_per_customer_in_the_database(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let asked = app.post_json_with(&alice, "/api/user/email", json!({ "newEmail": NEW_ALICE, "password": PASSWORD })).await;
        assert_eq!(asked.status, 200, "{}", asked.text);
        let path = format!("/api/admin/users/{}/verification", app.user_id(ALICE));
        for n in 0..3 {
            let reply = app.post_json(&path, json!({})).await;
            assert_eq!(reply.status, 200, "resend {n}: {}", reply.text);
        }
        // Another instance on the same database sees the same count.
        let other = app.second_instance(|_| {});
        let client = app.new_client();
        let login = app.send(client.post(format!("{other}/api/login")).json(&json!({ "email": ADMIN, "password": PASSWORD }))).await;
        assert_eq!(login.status, 200, "{}", login.text);

        let refused = app.send(client.post(format!("{other}{path}")).json(&json!({}))).await;

        assert_eq!(refused.status, 429, "{}", refused.text);
        assert_eq!(refused.message(), "Too many requests. Please try again later");
        assert!(refused.header("retry-after").is_some());
        assert_eq!(app.mails_to(NEW_ALICE).len(), 1 + 3);
        assert_eq!(actions(&app), vec!["user.verification_resend"; 3]);
    }

    async fn a_forced_reset_ends_every_session_and_the_password_until_the_customer_resets(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let phone = app.new_client();
        assert_eq!(app.post_json_with(&phone, "/api/login", json!({ "email": ALICE, "password": PASSWORD })).await.status, 200);
        let id = app.user_id(ALICE);
        let path = format!("/api/admin/users/{id}/password-reset");
        let mails = app.mails_to(ALICE).len();

        let refused = app.post_json(&path, json!({ "reason": "x" })).await;
        assert_eq!(refused.status, 422, "{}", refused.text);
        assert_eq!(refused.body["fields"]["reason"], "Please give a reason (3–200 characters)");
        assert!(app.audit_rows().is_empty());
        assert_eq!(app.session_ids(ALICE).len(), 2, "nothing changed");

        let reply = app.post_json(&path, json!({ "reason": "account taken over" })).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "The password no longer works, every session has ended, and a reset mail is on its way",
                                       "sessionsEnded": 2, "mailSent": true }));
        assert!(app.session_ids(ALICE).is_empty());
        for client in [&alice, &phone] {
            assert!(app.get_with(client, "/api/getuserinfo").await.body["user"].is_null(), "signed out");
        }
        assert!(!app.password_works(ALICE, PASSWORD).await, "the old password no longer signs in");
        assert_eq!(app.mails_to(ALICE).len(), mails + 1);
        // Quoted-printable may wrap long lines with a soft break.
        let mail = std::fs::read_to_string(app.latest_mail(ALICE)).unwrap().replace("=\r\n", "").replace("=\n", "");
        assert!(mail.contains("Please set a new ProxyShop password") && mail.contains("/forgot-password"), "{mail}");
        let rows = app.audit_rows();
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].action.as_str(), rows[0].detail.as_deref()), ("user.password_reset", Some("account taken over")));

        // The normal reset: a code for the browser that asks, then a new password.
        let browser = app.new_client();
        let forgot = app.post_json_with(&browser, "/api/password/forgot", json!({ "email": ALICE })).await;
        assert_eq!(forgot.status, 200, "{}", forgot.text);
        app.wait_for_mails(ALICE, mails + 2).await;
        let code = app.latest_code(ALICE);
        let reset = app.post_json_with(&browser, "/api/password/reset", json!({ "email": ALICE, "code": code, "password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD })).await;
        assert_eq!(reset.status, 200, "{}", reset.text);
        assert!(app.password_works(ALICE, NEW_PASSWORD).await);
        assert!(!app.password_works(ALICE, PASSWORD).await);
    }

    async fn a_forced_reset_refuses_oneself_and_unknown_customers(backend) {
        let app = TestApp::with_admin(backend).await;
        let own = format!("/api/admin/users/{}/password-reset", app.user_id(ADMIN));
        let reply = app.post_json(&own, json!({ "reason": "testing it" })).await;
        assert_eq!((reply.status, reply.message()), (409, "You cannot force a password reset on your own account; change your password in Settings"));
        assert!(app.password_works(ADMIN, PASSWORD).await);
        let missing = app.post_json("/api/admin/users/999999/password-reset", json!({ "reason": "testing it" })).await;
        assert_eq!((missing.status, missing.message()), (404, "User not found"));
        assert!(app.audit_rows().is_empty());
    }

    async fn notes_are_kept_with_author_and_time_newest_first(backend) {
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        let path = format!("/api/admin/users/{id}/notes");

        let first = app.post_json(&path, json!({ "text": "  Asked about\nrefunds  " })).await;
        assert_eq!(first.status, 201, "{}", first.text);
        let note = &first.body["note"];
        assert_eq!((note["text"].as_str(), note["authorEmail"].as_str(), note["authorId"].as_i64()), (Some("Asked about\nrefunds"), Some(ADMIN), Some(app.user_id(ADMIN).get())));
        assert!(note["createdAt"].as_i64().unwrap() > 1_700_000_000);
        let second = app.post_json(&path, json!({ "text": "Called back" })).await;
        assert_eq!(second.status, 201, "{}", second.text);

        let list = app.get(&path).await;
        assert_eq!(list.status, 200, "{}", list.text);
        assert_eq!(list.body["total"], 2);
        let texts: Vec<&str> = list.body["items"].as_array().unwrap().iter().map(|n| n["text"].as_str().unwrap()).collect();
        assert_eq!(texts, ["Called back", "Asked about\nrefunds"]);
        let rows = app.audit_rows();
        assert_eq!(rows.iter().map(|r| r.action.as_str()).collect::<Vec<_>>(), ["user.note", "user.note"]);
        assert!(rows[1].after_state.as_deref().unwrap().contains("Asked about\\nrefunds"));

        let invalid = "Please write a note of 1–1000 characters (line breaks allowed, no other control characters)";
        for body in [json!({}), json!({ "text": "   " }), json!({ "text": "x".repeat(1001) }), json!({ "text": "bell\u{7}" })] {
            let reply = app.post_json(&path, body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body, json!({ "message": invalid, "fields": { "text": invalid } }));
        }
        assert_eq!(app.post_json(&path, json!({ "text": "x".repeat(1000) })).await.status, 201, "1000 is allowed");
        assert_eq!(app.audit_rows().len(), 3, "refusals write nothing");
        let missing = app.post_json("/api/admin/users/999999/notes", json!({ "text": "hello" })).await;
        assert_eq!((missing.status, missing.message()), (404, "User not found"));
        assert_eq!(app.get("/api/admin/users/999999/notes").await.status, 404);
    }

    async fn the_view_as_customer_is_read_only_masked_and_audited(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        let user = app.user(ALICE).unwrap();
        app.with_conn(|conn| persistence::write_transaction(conn, |c| {
            persistence::wallet::credit(c, id, Cents::new(1234), EntryKind::Topup, "t-1", None).unwrap();
            let line = format!("gw.example:8000:{}:{}", user.proxy_username, user.proxy_password);
            persistence::proxy_history::insert(c, id, ProxyKind::Premium, &line, None, 1_800_000_000)?;
            persistence::proxy_history::insert(c, id, ProxyKind::Static, "user9:s3cretpw@10.1.2.3:3128", Some(1_900_000_000), 1_800_000_100)?;
            Ok::<_, persistence::DbError>(())
        })).unwrap();
        let sessions = app.session_ids(ALICE);

        let reply = app.get(&format!("/api/admin/users/{id}/view-as")).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("cache-control"), Some("no-store"));
        let view = &reply.body;
        assert_eq!((view["email"].as_str(), view["balance"].as_f64()), (Some(ALICE), Some(12.34)));
        assert_eq!(view["proxyUsername"], user.proxy_username.as_str());
        assert_eq!(view["proxyPassword"], "••••••");
        assert!(!reply.text.contains(&user.proxy_password), "no password anywhere: {}", reply.text);
        assert!(!reply.text.contains("s3cretpw"), "{}", reply.text);
        let lines: Vec<&str> = view["lines"].as_array().unwrap().iter().map(|l| l["proxy"].as_str().unwrap()).collect();
        assert_eq!(lines, ["user9:••••••@10.1.2.3:3128".to_owned(), format!("gw.example:8000:{}:••••••", user.proxy_username)]);
        assert_eq!(view["traffic"].as_array().unwrap().len(), 2);
        assert_eq!(view["ledger"][0]["amount"], 12.34);
        assert!(view["pieces"].as_array().unwrap().is_empty());
        assert_eq!(app.session_ids(ALICE), sessions, "no customer session made or ended");
        assert_eq!(app.get_with(&alice, "/api/getuserinfo").await.body["user"]["email"], ALICE);
        assert!(app.current_user().await["email"] == ADMIN, "the operator stays themselves");

        app.get(&format!("/api/admin/users/{id}/view-as")).await;
        let rows = app.audit_rows();
        assert_eq!(rows.iter().map(|r| (r.action.as_str(), r.target.clone())).collect::<Vec<_>>(),
                   vec![("user.view_as", Some(format!("user:{id}"))); 2], "each view is audited");
        let missing = app.get("/api/admin/users/999999/view-as").await;
        assert_eq!((missing.status, missing.message()), (404, "User not found"));
        assert_eq!(app.audit_rows().len(), 2);
    }

    async fn customer_care_is_for_admins_only(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        let asked = app.post_json_with(&alice, "/api/user/email", json!({ "newEmail": NEW_ALICE, "password": PASSWORD })).await;
        assert_eq!(asked.status, 200, "{}", asked.text);
        let before = app.snapshot(ALICE);
        for path in [format!("/api/admin/users/{id}/notes"), format!("/api/admin/users/{id}/view-as")] {
            let member = app.get_with(&alice, &path).await;
            assert_eq!((member.status, member.message()), (403, "You do not have permission to do this"), "{path}");
            let guest = app.get_with(&app.new_client(), &path).await;
            assert_eq!((guest.status, guest.message()), (401, "Please log in to continue"), "{path}");
        }
        for action in ["verification", "password-reset", "notes"] {
            let body = json!({ "reason": "testing", "text": "hello" });
            let path = format!("/api/admin/users/{id}/{action}");
            let member = app.post_json_with(&alice, &path, body.clone()).await;
            assert_eq!(member.status, 403, "{action}: {}", member.text);
            let guest = app.post_json_with(&app.new_client(), &path, body).await;
            assert_eq!(guest.status, 401, "{action}: {}", guest.text);
        }
        assert_eq!(app.snapshot(ALICE), before, "nothing written");
        assert_eq!(app.mails_to(NEW_ALICE).len(), 1);
        assert!(app.password_works(ALICE, PASSWORD).await);
    }
}
