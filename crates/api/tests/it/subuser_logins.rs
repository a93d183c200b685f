//! Sub-user sign-ins (docs/subusers.md): the owner invites an email by mail, the invitee sets a
//! password from the link and signs in with the normal sign-in; the session then sees only its
//! sub-user's line, usage, records and health, and nothing else of the account. Revoking the
//! sign-in or removing the sub-user ends its sessions at once; a key limited to a sub-user reads
//! only that sub-user's records. (Every route against such a session and key:
//! `authorisation.rs`.)

use crate::common::{PASSWORD, TestApp};
use crate::usage_records::{insert, record};
use domain::usage::CredentialKind;
use persistence::connection_records::NewRecord;
use serde_json::json;

const OWNER: &str = "owner@example.com";
const INVITEE: &str = "invitee@example.com";
const SESSION_REFUSED: &str =
    "A sub-user sign-in can only see its own sub-user's line, usage and records";
const OTHER_DATA: &str =
    "Only this sub-user's own data is visible here: credential must be blank or name this sub-user";

/// A record of sub-user `name` of `owner`, started now (a sub-user's viewers see nothing from
/// before its creation).
fn of_subuser(owner: domain::UserId, name: &str, host: &str) -> NewRecord {
    NewRecord {
        credential_kind: CredentialKind::Subuser,
        credential_label: name.into(),
        ..record(owner, persistence::now(), host, 10, 100)
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn an_invited_sub_user_signs_in_and_sees_only_its_own_data(backend) {
        let app = TestApp::start(backend, |s| s.usage_records_days = 30).await;
        app.register(OWNER, PASSWORD).await;
        let owner = app.user_id(OWNER);
        let topup = app.top_up(25.0).await;
        app.pay(&topup).await;
        let bought = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let beta = app.add_subuser(&app.client, "beta").await;
        let alpha = app.add_subuser(&app.client, "alpha").await;
        let alpha_id = alpha["id"].as_i64().unwrap();

        // The invitation: mailed, pending in the owner's list, the link's token spent once.
        let reply = app.invite(&app.client, alpha_id, INVITEE).await;
        assert_eq!((reply.status, reply.message()), (200, "Invitation sent"), "{}", reply.text);
        let list = app.get("/api/user/subusers").await.body;
        assert_eq!(list["items"][1]["login"], json!({ "email": INVITEE, "status": "pending" }));
        assert_eq!(list["items"][0]["login"], json!(null));
        let token = app.invitation_token(INVITEE);
        assert_eq!(app.login_elsewhere(INVITEE).await, 401, "no password before the link");
        // An address with an account, or with another sub-user's sign-in, is refused on `email`.
        let taken = "This email already belongs to an account or to another sub-user sign-in: please enter another email";
        for email in [OWNER, INVITEE] {
            let reply = app.invite(&app.client, beta["id"].as_i64().unwrap(), email).await;
            assert_eq!((reply.status, reply.body["fields"]["email"].as_str()), (422, Some(taken)), "{email}");
        }
        let reply = app.invite(&app.client, 999_999, "x@example.com").await;
        assert_eq!((reply.status, reply.message()), (404, "Sub-user not found"));
        let invalid = "This invitation link is invalid or has expired: ask the account owner for a new one";
        let reply = app.accept_invitation(INVITEE, &"A".repeat(32), PASSWORD).await;
        assert_eq!((reply.status, reply.message()), (400, invalid));
        let reply = app.accept_invitation(INVITEE, &token, "weak").await;
        assert_eq!((reply.status, reply.body["fields"]["password"].as_str()), (422, Some("Password must be at least 6 characters")));
        let reply = app.accept_invitation(INVITEE, &token, PASSWORD).await;
        assert_eq!((reply.status, reply.message()), (200, "Your password is set: sign in with your email and password"));
        assert_eq!(app.accept_invitation(INVITEE, &token, PASSWORD).await.status, 400, "spent");
        let list = app.get("/api/user/subusers").await.body;
        assert_eq!(list["items"][1]["login"]["status"], "active");
        let active = "This sub-user already has a sign-in: revoke it before inviting someone else";
        let reply = app.invite(&app.client, alpha_id, "new@example.com").await;
        assert_eq!((reply.status, reply.message()), (409, active));

        // Signed in: its own row, the sub-user named, no money.
        let sub = app.new_client();
        let reply = app.post_json_with(&sub, "/api/login", json!({ "email": INVITEE, "password": PASSWORD })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let me = app.get_with(&sub, "/api/getuserinfo").await.body["user"].clone();
        assert_eq!((me["email"].as_str(), me["subuserId"].as_i64(), me["balance"].as_f64()), (Some(INVITEE), Some(alpha_id), Some(0.0)));

        // Only its own records, breakdowns and health.
        let main_label = app.user(OWNER).unwrap().proxy_username;
        insert(&app, &[
            NewRecord { credential_label: main_label.clone(), ..record(owner, persistence::now() - 60, "main.example", 1, 1) },
            of_subuser(owner, "alpha", "alpha.example"),
            of_subuser(owner, "beta", "beta.example"),
        ]);
        let records = app.get_with(&sub, "/api/user/requests").await;
        assert_eq!(records.status, 200, "{}", records.text);
        let hosts: Vec<&str> = records.body["requests"].as_array().unwrap().iter().map(|r| r["host"].as_str().unwrap()).collect();
        assert_eq!(hosts, ["alpha.example"]);
        assert_eq!(app.get("/api/user/requests").await.body["requests"].as_array().unwrap().len(), 3, "the owner sees all");
        for path in ["/api/user/usage/breakdown?by=credential", "/api/user/usage/health?by=credential"] {
            let reply = app.get_with(&sub, path).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.text);
            let rows = reply.body["rows"].as_array().unwrap();
            assert_eq!(rows.len(), 1, "{path}: {}", reply.text);
            assert!(reply.text.contains("alpha") && !reply.text.contains("beta"), "{path}: {}", reply.text);
            assert!(!reply.text.contains(&main_label), "{path}: {}", reply.text);
        }
        for other in ["subuser:beta", &format!("main:{main_label}")] {
            for path in ["/api/user/requests?", "/api/user/requests.csv?", "/api/user/usage/breakdown?by=host&", "/api/user/usage/health?by=host&"] {
                let reply = app.get_with(&sub, &format!("{path}credential={other}")).await;
                assert_eq!((reply.status, reply.message()), (403, OTHER_DATA), "{path} {other}");
            }
        }
        let csv = app.get_with(&sub, "/api/user/requests.csv").await;
        assert!(csv.text.contains("alpha.example") && !csv.text.contains("beta.example") && !csv.text.contains("main.example"), "{}", csv.text);

        // Its own line only.
        let list = app.get_with(&sub, "/api/user/subusers").await;
        assert_eq!(list.status, 200, "{}", list.text);
        assert_eq!(list.body["items"].as_array().unwrap().len(), 1);
        assert_eq!(list.body["items"][0]["name"], "alpha");
        let premium = json!({ "country": "us", "quantity": 1 });
        let reply = app.post_json_with(&sub, "/api/user/generate", premium).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let line = reply.body["proxies"][0].as_str().unwrap();
        assert!(line.contains(&format!(":{main_label}-sub-alpha-type-premium")), "{line}");
        assert!(line.ends_with(alpha["password"].as_str().unwrap()), "{line}");
        let reply = app.post_json_with(&sub, "/api/user/generate", json!({ "quantity": 1, "subuserId": beta["id"] })).await;
        assert_eq!((reply.status, reply.message()), (403, OTHER_DATA));

        // Nothing of the owner's money, keys, other sub-users or settings.
        for (method, path) in [("get", "/api/user/wallet"), ("get", "/api/user/api-keys"), ("post", "/api/user/api-keys"),
                               ("post", "/api/user/subusers"), ("delete", "/api/user/subusers/{alpha}/login"),
                               ("post", "/api/payment"), ("post", "/api/user/get_plan"), ("patch", "/api/user/profile"),
                               ("post", "/api/user/password"), ("get", "/api/user/referrals")] {
            let url = app.url(&path.replace("{alpha}", &alpha_id.to_string()));
            let request = match method {
                "get" => sub.get(url),
                "post" => sub.post(url).json(&json!({})),
                "patch" => sub.patch(url).json(&json!({})),
                _ => sub.delete(url),
            };
            let reply = app.send(request).await;
            assert_eq!((reply.status, reply.message()), (403, SESSION_REFUSED), "{method} {path}");
        }

        // Revoked: the invitee's session ends at once, and a second revoke finds nothing.
        let path = format!("/api/user/subusers/{alpha_id}/login");
        let reply = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((reply.status, reply.message()), (200, "Sign-in revoked"));
        assert_eq!(app.get_with(&sub, "/api/getuserinfo").await.body["user"], json!(null));
        assert_eq!(app.get_with(&sub, "/api/user/requests").await.status, 401);
        let reply = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((reply.status, reply.message()), (404, "This sub-user has no sign-in"));
        // The address is free again once revoked.
        assert_eq!(app.invite(&app.client, beta["id"].as_i64().unwrap(), INVITEE).await.status, 200);
    }

    async fn a_sub_user_key_reads_only_its_sub_user_and_dies_with_it(backend) {
        let app = TestApp::start(backend, |s| s.usage_records_days = 30).await;
        app.register(OWNER, PASSWORD).await;
        let owner = app.user_id(OWNER);
        let signed_in = app.subuser_sign_in(&app.client, "alpha", INVITEE).await;
        let alpha_id = signed_in.subuser["id"].as_i64().unwrap();
        app.add_subuser(&app.client, "beta").await;
        insert(&app, &[of_subuser(owner, "alpha", "alpha.example"), of_subuser(owner, "beta", "beta.example")]);

        // Keys: limited to a sub-user of the owner's only; the list names it.
        let reply = app.post_json("/api/user/api-keys", json!({ "name": "theirs", "scopes": ["read"], "subuserId": 999_999 })).await;
        assert_eq!((reply.status, reply.body["fields"]["subuserId"].as_str()),
                   (422, Some("Please choose one of your sub-users, or none for the whole account")));
        let key = app.create_key_with(json!({ "name": "alpha", "scopes": ["read", "generate", "buy"], "subuserId": alpha_id })).await;
        let keys = app.get("/api/user/api-keys").await.body;
        assert_eq!((keys["items"][0]["subuserId"].as_i64(), keys["items"][0]["subuserName"].as_str()), (Some(alpha_id), Some("alpha")));

        let reply = app.with_key(&key, "get", "/api/user/requests", json!({})).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let hosts: Vec<&str> = reply.body["requests"].as_array().unwrap().iter().map(|r| r["host"].as_str().unwrap()).collect();
        assert_eq!(hosts, ["alpha.example"]);
        let reply = app.with_key(&key, "get", "/api/user/requests?credential=subuser:beta", json!({})).await;
        assert_eq!((reply.status, reply.message()), (403, OTHER_DATA));
        let main = format!("/api/user/requests?credential=main:{}", app.user(OWNER).unwrap().proxy_username);
        assert_eq!(app.with_key(&key, "get", &main, json!({})).await.status, 403);
        let refused = "This key is limited to one sub-user: it can only read that sub-user's records and generate its lines";
        for (method, path) in [("get", "/api/user/wallet"), ("post", "/api/user/get_plan"), ("get", "/api/user/get_starts"), ("get", "/api/user/usage")] {
            let reply = app.with_key(&key, method, path, json!({})).await;
            assert_eq!((reply.status, reply.message()), (403, refused), "{method} {path}");
        }

        // Removing the sub-user ends its sign-in's sessions and its keys at once.
        let reply = app.send(app.client.delete(app.url(&format!("/api/user/subusers/{alpha_id}")))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(app.get_with(&signed_in.client, "/api/getuserinfo").await.body["user"], json!(null));
        let reply = app.with_key(&key, "get", "/api/user/requests", json!({})).await;
        assert_eq!((reply.status, reply.message()), (401, "Invalid API key"));
        assert_eq!(app.login_elsewhere(INVITEE).await, 401, "the sign-in is gone");
    }

    async fn a_sign_in_sees_nothing_of_an_earlier_namesake_nor_past_its_guard(backend) {
        let app = TestApp::start(backend, |s| s.usage_records_days = 30).await;
        app.register(OWNER, PASSWORD).await;
        let owner = app.user_id(OWNER);
        // A sub-user "alpha" had traffic, was removed, and its name went to a new one.
        let old = app.add_subuser(&app.client, "alpha").await;
        let path = format!("/api/user/subusers/{}", old["id"].as_i64().unwrap());
        assert_eq!(app.send(app.client.delete(app.url(&path))).await.status, 200);
        let earlier = persistence::now() - 2 * 3_600;
        insert(&app, &[NewRecord { credential_label: "alpha".into(), credential_kind: CredentialKind::Subuser,
                                   ..record(owner, earlier, "before.example", 10, 100) }]);
        let signed_in = app.subuser_sign_in(&app.client, "alpha", INVITEE).await;
        insert(&app, &[NewRecord { credential_label: "alpha".into(), credential_kind: CredentialKind::Subuser,
                                   ..record(owner, persistence::now(), "after.example", 10, 100) }]);
        let sub = &signed_in.client;
        for path in ["/api/user/requests", "/api/user/requests.csv", "/api/user/usage/breakdown?by=host", "/api/user/usage/health?by=host"] {
            let reply = app.get_with(sub, path).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.text);
            assert!(reply.text.contains("after.example") && !reply.text.contains("before.example"), "{path}: {}", reply.text);
        }
        let owner_view = app.get("/api/user/usage/breakdown?by=host").await.text;
        assert!(owner_view.contains("before.example"), "the owner still sees it: {owner_view}");

        // The router decodes a path before it matches: an escaped one is guarded all the same.
        let reply = app.get_with(sub, "/%61pi/user/wallet").await;
        assert_eq!((reply.status, reply.message()), (403, SESSION_REFUSED));

        // The sign-in's own account row carries no proxy line of its own.
        let invitee = app.user(INVITEE).unwrap();
        let found = app.with_conn(|c| persistence::traffic::find_proxy_user(c, &invitee.proxy_username).unwrap());
        assert!(found.is_none());

        // A refused invitation costs a try like a sent one: five to one mailbox an hour, then 429,
        // so the route cannot tell accounts apart for free.
        let beta = app.add_subuser(&app.client, "beta").await["id"].as_i64().unwrap();
        for _ in 0..5 {
            assert_eq!(app.invite(&app.client, beta, OWNER).await.status, 422);
        }
        assert_eq!(app.invite(&app.client, beta, OWNER).await.status, 429);
    }
    async fn an_unused_invitation_gives_way_to_its_address_and_runs_out(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(OWNER, PASSWORD).await;
        let alpha = app.add_subuser(&app.client, "alpha").await["id"].as_i64().unwrap();
        let beta = app.add_subuser(&app.client, "beta").await["id"].as_i64().unwrap();
        let login = |list: &serde_json::Value, i: usize| list["items"][i]["login"].clone();

        // The invited address's owner registers it (the same mailbox by another spelling):
        // the code is mailed, the account made, the invitation gone and its link dead.
        let invited = "first.last+shop@gmail.com";
        assert_eq!(app.invite(&app.client, alpha, invited).await.status, 200);
        let token = app.invitation_token(invited);
        app.register_with(&app.new_client(), "firstlast@gmail.com", PASSWORD).await;
        assert_eq!(login(&app.get("/api/user/subusers").await.body, 0), json!(null));
        assert_eq!(app.accept_invitation(invited, &token, PASSWORD).await.status, 400);

        // One left unused runs out with its link: the purge removes it then, not before.
        assert_eq!(app.invite(&app.client, beta, INVITEE).await.status, 200);
        let sent = persistence::now();
        let requester = "subuser-invitation";
        let ttl = app::accounts::rules::INVITATION_TTL_SECS;
        let purge = |at: i64| app.with_conn(|c| persistence::subuser_logins::purge_expired(c, requester, at).unwrap());
        assert_eq!(purge(sent + ttl - 60), 0);
        assert_eq!(login(&app.get("/api/user/subusers").await.body, 1)["status"], "pending");
        assert_eq!(purge(sent + ttl + 60), 1);
        assert_eq!(login(&app.get("/api/user/subusers").await.body, 1), json!(null));
        assert!(app.user(INVITEE).is_none());
        // An active sign-in is never purged.
        let signed_in = app.subuser_sign_in(&app.client, "gamma", "gamma@example.com").await;
        assert_eq!(purge(sent + 10 * ttl), 0);
        assert_eq!(app.get_with(&signed_in.client, "/api/getuserinfo").await.body["user"]["email"], "gamma@example.com");
    }
}
