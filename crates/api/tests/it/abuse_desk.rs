//! The abuse desk: the public report (its checks, its confirmation, its limit counted across
//! instances), the case that names exactly the customers and credentials that connected to the
//! destination in the window, the operator's audited actions, and two operators acting at once.

use crate::common::customers::ADMIN;
use crate::common::{PASSWORD, Reply, TestApp};
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::connection_records::{self, NewRecord};
use persistence::subusers::{self, NewSubuser};
use serde_json::{Value, json};

/// 2026-11-29T14:00:00Z.
const T0: i64 = 1_795_960_800;

fn report(destination: &str, from: &str, to: &str) -> Value {
    json!({
        "reporterEmail": "Abuse@Victim.example",
        "destination": destination,
        "from": from,
        "to": to,
        "description": "Credential stuffing against our login page",
        "evidence": "14:03:07 POST /login 401 x 900",
    })
}

fn record(
    user: UserId,
    at: i64,
    host: &str,
    port: i32,
    who: (CredentialKind, Option<i64>, &str),
) -> NewRecord {
    NewRecord {
        user_id: user,
        started_at: at,
        duration_ms: 90_000,
        credential_kind: who.0,
        credential_id: who.1,
        credential_label: who.2.into(),
        kind: ProxyKind::Premium,
        host: host.into(),
        port,
        bytes_up: 1_200,
        bytes_down: 48_000,
        outcome: Outcome::Ok,
        reason: None,
        upstream_id: None,
        source: Some("198.51.100.23".into()),
        connect_ms: None,
        country: None,
    }
}

fn subuser(app: &TestApp, user: UserId, name: &str) -> i64 {
    let new = NewSubuser {
        user_id: user,
        name: name.into(),
        kind: ProxyKind::Premium,
        password: "Sub-secret-1".into(),
        limit_bytes: None,
        max_connections: None,
    };
    app.with_conn(|c| subusers::insert(c, &new, 50).unwrap().unwrap())
}

/// A case about `evil.example:443` 14:00–14:10, and the records around it: the matches are
/// alice's main credential (from 13:59, still open at 14:00) and bob's sub-user `scraper`;
/// every other record misses by host, port or time. Returns (case id, alice, bob, sub-user).
async fn case_with_records(app: &TestApp) -> (i64, UserId, UserId, i64) {
    app.customer("alice@example.com").await;
    app.customer("bob@example.com").await;
    let (alice, bob) = (
        app.user_id("alice@example.com"),
        app.user_id("bob@example.com"),
    );
    let scraper = subuser(app, bob, "scraper");
    let alice_main = (CredentialKind::Main, None, "alice-main");
    let bob_sub = (CredentialKind::Subuser, Some(scraper), "scraper");
    let rows = [
        record(alice, T0 - 60, "evil.example", 443, alice_main),
        record(bob, T0 + 180, "evil.example", 443, bob_sub),
        record(alice, T0 + 180, "evil.example", 80, alice_main),
        record(bob, T0 + 180, "other.example", 443, bob_sub),
        record(bob, T0 + 601, "evil.example", 443, bob_sub),
        record(alice, T0 - 3_600, "evil.example", 443, alice_main),
    ];
    app.with_conn(|c| connection_records::insert_many(c, &rows).unwrap());
    let mut body = report(
        "Evil.Example.",
        "2026-11-29T14:00:00Z",
        "2026-11-29T14:10:00Z",
    );
    body["port"] = json!(443);
    let filed = app
        .post_json_with(&app.new_client(), "/api/abuse", body)
        .await;
    assert_eq!(filed.status, 202, "{}", filed.text);
    (filed.body["id"].as_i64().unwrap(), alice, bob, scraper)
}

fn case_path(id: i64, action: &str) -> String {
    format!("/api/admin/abuse/{id}{action}")
}

async fn act(app: &TestApp, id: i64, action: &str, record: i64) -> Reply {
    let body = json!({ "recordId": record, "reason": "abuse report" });
    app.post_json(&case_path(id, action), body).await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_report_is_checked_confirmed_and_limited_across_instances(backend) {
        let customise = |s: &mut api::Settings| s.limits.abuse_per_ip = 2;
        let app = TestApp::start(backend, customise).await;
        let second = app.second_instance(customise);
        let terms = app.get("/api/abuse").await;
        assert_eq!(terms.body, json!({ "daysKept": 7, "maxWindowHours": 24 }));

        let mut bad = report("not a host", "2026-11-29T14:00:00Z", "2026-11-30T14:00:01Z");
        bad["description"] = json!("short");
        bad["port"] = json!(70_000);
        let refused = app.post_json("/api/abuse", bad).await;
        assert_eq!(refused.status, 422, "{}", refused.text);
        let errors = &refused.body["fields"];
        assert_eq!(errors["destination"], "Enter the destination as a host name (example.com) or an IP address");
        assert_eq!(errors["to"], "The time window must end after it starts and span at most 24 hours");
        assert_eq!(errors["description"], "Please describe what happened in 10–5000 characters (line breaks allowed)");
        assert_eq!(errors["port"], "Port must be a whole number from 1 to 65535");

        // Two reports from one network, one on each instance; the third is refused on either.
        let good = report("[2001:DB8::7]", "2026-11-29T14:00:00Z", "2026-11-29T14:10:00+00:00");
        let first = app.post_json("/api/abuse", good.clone()).await;
        assert_eq!(first.status, 202, "{}", first.text);
        let id = first.body["id"].as_i64().unwrap();
        let other = app.send(app.client.post(format!("{second}/api/abuse")).json(&good)).await;
        assert_eq!(other.status, 202, "{}", other.text);
        let third = app.post_json("/api/abuse", good).await;
        assert_eq!(third.status, 429, "{}", third.text);
        assert_eq!(third.body, json!({ "message": "Too many requests. Please try again later" }));

        let stored = app.with_conn(|c| persistence::abuse::get(c, id).unwrap().unwrap());
        assert_eq!((stored.destination.as_str(), stored.reporter_email.as_str()), ("2001:db8::7", "abuse@victim.example"));
        assert_eq!(app.with_conn(|c| persistence::abuse::list(c, None, 10, 0).unwrap().1), 2);
        let mail = std::fs::read_to_string(&app.mails_to("abuse@victim.example")[0]).unwrap();
        assert!(mail.contains(&format!("#{id}")) && mail.contains("(7 days)"), "{mail}");
    }

    async fn a_case_names_exactly_who_connected_and_every_action_is_audited(backend) {
        let app = TestApp::with_admin(backend).await;
        let (id, alice, bob, scraper) = case_with_records(&app).await;

        let queue = app.get("/api/admin/abuse?status=open").await;
        assert_eq!((queue.status, queue.body["total"].as_i64()), (200, Some(1)), "{}", queue.text);
        let case = app.get(&case_path(id, "")).await;
        assert_eq!(case.status, 200, "{}", case.text);
        let matches = case.body["matches"].as_array().unwrap();
        let who: Vec<(i64, &str, &str, &str, Option<i64>)> = matches
            .iter()
            .map(|m| (m["userId"].as_i64().unwrap(), m["email"].as_str().unwrap(),
                m["credentialKind"].as_str().unwrap(), m["credential"].as_str().unwrap(),
                m["credentialId"].as_i64()))
            .collect();
        assert_eq!(who, vec![
            (alice.get(), "alice@example.com", "main", "alice-main", None),
            (bob.get(), "bob@example.com", "subuser", "scraper", Some(scraper)),
        ]);
        assert_eq!(case.body["case"]["destination"], "evil.example");
        assert_eq!(matches[1]["startedAt"].as_i64(), Some(T0 + 180));
        assert_eq!((matches[1]["bytesDown"].as_i64(), matches[1]["port"].as_i64()), (Some(48_000), Some(443)));
        assert_eq!(matches[1]["source"], "198.51.100.23", "the customer's machine that connected");
        let (alice_record, bob_record) = (matches[0]["recordId"].as_i64().unwrap(), matches[1]["recordId"].as_i64().unwrap());
        let customer = app.customer("carol@example.com").await;
        assert_eq!(app.get_with(&customer, &case_path(id, "")).await.status, 403);

        // A record the case does not match is refused, and nothing is written.
        let outside = alice_record + 2;
        let refused = act(&app, id, "/suspend", outside).await;
        assert_eq!(refused.status, 422, "{}", refused.text);
        assert_eq!(refused.body["fields"]["recordId"], "That connection record is not one of this case's matches");

        // Suspend bob's sub-user: disabled, the gateway told, audited.
        assert_eq!(act(&app, id, "/suspend", bob_record).await.status, 204);
        let row = app.with_conn(|c| subusers::get(c, bob, scraper).unwrap().unwrap());
        assert!(!row.enabled);
        assert_eq!(act(&app, id, "/suspend", bob_record).await.body["message"], "This sub-user is already suspended");
        // Suspend alice's main credential: the password that connected stops working.
        let before = app.user("alice@example.com").unwrap().proxy_password;
        assert_eq!(act(&app, id, "/suspend", alice_record).await.status, 204);
        assert_ne!(app.user("alice@example.com").unwrap().proxy_password, before);
        assert_eq!(app.audit_rows_of("abuse.suspend").len(), 2);

        // Warn alice: a notification and a mail.
        let warn = json!({ "recordId": alice_record, "message": "Stop attacking evil.example." });
        assert_eq!(app.post_json(&case_path(id, "/warn"), warn).await.status, 204);
        let notes = app.with_conn(|c| persistence::notifications::page(c, alice, 0, 10).unwrap().0);
        assert_eq!(notes[0].kind, "abuse_warning");
        assert!(notes[0].body.contains("Stop attacking evil.example."));
        assert_eq!(app.mails_to("alice@example.com").len(), 2, "registration and warning");

        // Block the destination for bob, once; disable bob.
        assert_eq!(act(&app, id, "/block", bob_record).await.status, 204);
        assert_eq!(act(&app, id, "/block", bob_record).await.body["message"], "This destination is already blocked for this customer");
        let blocks = app.with_conn(|c| persistence::abuse::blocks_of(c, bob).unwrap());
        assert_eq!((blocks.len(), blocks[0].destination.as_str(), blocks[0].report_id), (1, "evil.example", Some(id)));
        assert_eq!(act(&app, id, "/disable-customer", bob_record).await.status, 204);
        assert!(app.user("bob@example.com").unwrap().disabled);
        assert_eq!(app.get(&case_path(id, "")).await.body["blocks"][0]["userId"].as_i64(), Some(bob.get()));

        // Reply to the reporter: mailed, the case answered; then closed, and closed for actions.
        let reply = app.post_json(&case_path(id, "/reply"), json!({ "message": "We suspended the credentials." })).await;
        assert_eq!((reply.status, reply.body["case"]["status"].as_str()), (200, Some("answered")), "{}", reply.text);
        let mail = std::fs::read_to_string(app.latest_mail("abuse@victim.example")).unwrap();
        assert!(mail.contains("We suspended the credentials.") && mail.contains(&format!("#{id}")), "{mail}");
        let closed = app.send(app.client.patch(app.url(&case_path(id, ""))).json(&json!({ "status": "closed" }))).await;
        assert_eq!(closed.body["case"]["status"], "closed", "{}", closed.text);
        let late = act(&app, id, "/block", alice_record).await;
        assert_eq!((late.status, late.message()), (409, "This case is closed; reopen it first"));
        for action in ["abuse.warn", "abuse.block", "abuse.disable", "abuse.reply", "abuse.status"] {
            assert_eq!(app.audit_rows_of(action).len(), 1, "{action}");
        }
        assert_eq!(app.user(ADMIN).map(|u| u.role), Some("admin".to_owned()));
    }

    async fn two_operators_at_once_close_a_case_and_block_a_destination_once(backend) {
        let app = TestApp::with_admin(backend).await;
        let (id, _, bob, _) = case_with_records(&app).await;
        let other = app.new_client();
        app.register_with(&other, "second-admin@example.com", PASSWORD).await;
        app.make_admin("second-admin@example.com");
        let bob_record = app.get(&case_path(id, "")).await.body["matches"][1]["recordId"].as_i64().unwrap();

        let block = json!({ "recordId": bob_record, "reason": "abuse report" });
        let path = case_path(id, "/block");
        let (a, b) = tokio::join!(
            app.post_json_with(&app.client, &path, block.clone()),
            app.post_json_with(&other, &path, block),
        );
        let mut statuses = [a.status, b.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [204, 409], "{} / {}", a.text, b.text);
        assert_eq!(app.with_conn(|c| persistence::abuse::blocks_of(c, bob).unwrap()).len(), 1);
        assert_eq!(app.audit_rows_of("abuse.block").len(), 1);

        let close = |client: &reqwest::Client| {
            app.send(client.patch(app.url(&case_path(id, ""))).json(&json!({ "status": "closed" })))
        };
        let (a, b) = tokio::join!(close(&app.client), close(&other));
        let mut statuses = [a.status, b.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{} / {}", a.text, b.text);
        assert_eq!(app.audit_rows_of("abuse.status").len(), 1);
    }
}
