//! Blocked destinations (docs/admin-api/blocklist.md): the operator's rules created, listed,
//! edited and deleted, each change audited with its gateway change event in one transaction;
//! bad fields are 422 naming each and write nothing; a pattern is listed once, also when two
//! operators add it at once. The customer's own list is replaced whole, canonical, at most 200,
//! two replacements at once apply one after the other. The public acceptable use answer states
//! the rules, ports and category files the gateway enforces. Both backends.

use crate::common::{Reply, TestApp};
use persistence::gateway_events;
use serde_json::{Value, json};

const CUSTOMER: &str = "carol@example.com";

async fn send(app: &TestApp, method: &str, path: &str, body: Value) -> Reply {
    let url = app.url(path);
    let request = match method {
        "patch" => app.client.patch(url).json(&body),
        "delete" => app.client.delete(url),
        "put" => app.client.put(url).json(&body),
        _ => app.client.post(url).json(&body),
    };
    app.send(request).await
}

/// Change events of the blocklist written so far.
fn blocklist_events(app: &TestApp) -> usize {
    app.with_conn(|conn| {
        gateway_events::since(conn, 0, 10_000)
            .unwrap()
            .into_iter()
            .filter(|e| e.reason == Some(gateway_events::Reason::BlocklistChanged))
            .count()
    })
}

persistence::both_backends! {

    #[actix_web::test]
    async fn operator_rules_are_checked_audited_and_announced_to_the_gateway(backend) {
        let app = TestApp::with_admin(backend).await;
        let created = app
            .post_json("/api/admin/blocklist",
                json!({ "pattern": "*.Example.GOV", "reason": "Government sites" }))
            .await;
        assert_eq!(created.status, 201, "{}", created.text);
        let rule = &created.body;
        assert_eq!(rule["pattern"], "*.example.gov");
        assert_eq!(rule["kinds"], json!(["premium", "budget", "static", "lte", "ipv4", "ipv6"]));
        assert_eq!(rule["active"], true);
        let id = rule["id"].as_i64().unwrap();
        let cidr = app
            .post_json("/api/admin/blocklist", json!({ "pattern": "198.51.100.9/24",
                "kinds": ["budget", "premium"], "reason": "A network", "active": false }))
            .await;
        assert_eq!(cidr.status, 201, "{}", cidr.text);
        assert_eq!((cidr.body["pattern"].clone(), cidr.body["kinds"].clone()),
            (json!("198.51.100.0/24"), json!(["premium", "budget"])));
        assert_eq!(blocklist_events(&app), 2);

        // The same pattern again, however written: 409, nothing written.
        let again = app
            .post_json("/api/admin/blocklist", json!({ "pattern": "*.example.gov.", "reason": "Twice" }))
            .await;
        assert_eq!((again.status, again.message()), (409, "This destination is already blocked"));
        // Bad fields: each named, nothing written.
        let bad = app
            .post_json("/api/admin/blocklist",
                json!({ "pattern": "http://x.com/", "kinds": ["premium", "premium"], "reason": "x" }))
            .await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        assert_eq!(bad.body["fields"]["pattern"],
            "Please enter a domain (example.gov), its subdomains (*.gov), an IP address or CIDR range, or a port (:25)");
        assert_eq!(bad.body["fields"]["kinds"], "Please choose at least one proxy type, each once");
        assert_eq!(bad.body["fields"]["reason"], "Please give a reason (3–200 characters)");
        let missing = app.post_json("/api/admin/blocklist", json!({})).await;
        assert_eq!(missing.status, 422);
        assert!(missing.body["fields"]["pattern"].is_string() && missing.body["fields"]["reason"].is_string());
        assert_eq!(app.audit_rows_of("blocklist.create").len(), 2);
        assert_eq!(blocklist_events(&app), 2);

        let listed = app.get("/api/admin/blocklist?perPage=1").await;
        assert_eq!((listed.status, listed.body["total"].clone()), (200, json!(2)));
        assert_eq!(listed.body["items"][0]["pattern"], "198.51.100.0/24");

        let path = format!("/api/admin/blocklist/{id}");
        let edited = send(&app, "patch", &path,
            json!({ "kinds": ["lte"], "active": false, "reason": "Only mobile" })).await;
        assert_eq!(edited.status, 200, "{}", edited.text);
        assert_eq!((edited.body["kinds"].clone(), edited.body["active"].clone()),
            (json!(["lte"]), json!(false)));
        let taken = send(&app, "patch", &path, json!({ "pattern": "198.51.100.0/24" })).await;
        assert_eq!(taken.status, 409);
        let update = app.audit_rows_of("blocklist.update");
        assert_eq!(update.len(), 1);
        assert_eq!(update[0].detail.as_deref(), Some("Only mobile"));
        assert!(update[0].before_state.as_deref().unwrap().contains("\"active\":true"));
        assert!(update[0].after_state.as_deref().unwrap().contains("\"active\":false"));

        let deleted = send(&app, "delete", &path, json!({})).await;
        assert_eq!(deleted.status, 204);
        let gone = send(&app, "delete", &path, json!({})).await;
        assert_eq!((gone.status, gone.message()), (404, "Blocklist rule not found"));
        assert_eq!(send(&app, "patch", &path, json!({ "active": true })).await.status, 404);
        assert_eq!(app.audit_rows_of("blocklist.delete").len(), 1);
        assert_eq!(blocklist_events(&app), 4);

        // Two operators adding one pattern at once: one rule, one 409.
        let other = app.new_client();
        app.register_with(&other, "second-admin@example.com", crate::common::PASSWORD).await;
        app.make_admin("second-admin@example.com");
        let body = json!({ "pattern": "race.example", "reason": "Raced" });
        let (a, b) = tokio::join!(
            app.post_json("/api/admin/blocklist", body.clone()),
            app.post_json_with(&other, "/api/admin/blocklist", body.clone()),
        );
        let mut statuses = [a.status, b.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [201, 409], "{} {}", a.text, b.text);
        assert_eq!(app.audit_rows_of("blocklist.create").len(), 3);

        // The public statement of what is refused: active rules only, the refused ports.
        let policy = app.get_with(&app.new_client(), "/api/acceptable-use").await;
        assert_eq!(policy.status, 200, "{}", policy.text);
        assert_eq!(policy.body["ruleCount"], 1);
        assert_eq!(policy.body["rules"], json!([{ "pattern": "race.example", "reason": "Raced" }]));
        assert_eq!(policy.body["refusedPorts"], json!([25]));
        assert_eq!(policy.body["internalAddressesRefused"], true);
    }
}

persistence::both_backends! {
    #[actix_web::test]
    async fn a_customer_replaces_their_own_list_within_its_bounds(backend) {
        let dir = std::env::temp_dir().join(format!("proxyshop-cat-{}", domain::random::alphanumeric(10)));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("banking.txt");
        std::fs::write(&file, "# banks\nbank.example\n*.bank.test\nnot a pattern\n").unwrap();
        let files = vec![file.clone(), dir.join("missing.txt")];
        let app = TestApp::start(backend, move |s| s.acceptable_use.blocklist_files = files).await;
        app.register(CUSTOMER, crate::common::PASSWORD).await;
        let empty = app.get("/api/user/blocklist").await;
        assert_eq!((empty.status, empty.body.clone()), (200, json!({ "patterns": [] })));
        let put = send(&app, "put", "/api/user/blocklist",
            json!({ "patterns": ["Ads.Example.com", "*.doubleclick.net", "203.0.113.0/24", "443", "ads.example.com"] }))
            .await;
        assert_eq!(put.status, 200, "{}", put.text);
        let stored = json!({ "patterns": ["*.doubleclick.net", "203.0.113.0/24", ":443", "ads.example.com"] });
        assert_eq!(put.body, stored);
        assert_eq!(app.get("/api/user/blocklist").await.body, stored);
        assert_eq!(blocklist_events(&app), 1);

        let bad = send(&app, "put", "/api/user/blocklist", json!({ "patterns": ["ok.example", "a b"] })).await;
        assert_eq!(bad.status, 422);
        assert_eq!(bad.body["fields"]["patterns"],
            "Each entry must be a domain (example.com), its subdomains (*.example.com), an IP address or CIDR range, or a port (:25)");
        let none = send(&app, "put", "/api/user/blocklist", json!({})).await;
        assert_eq!(none.status, 422, "the list is required; [] empties it");
        assert!(none.body["fields"]["patterns"].is_string(), "{}", none.text);
        let many: Vec<String> = (0..201).map(|i| format!("h{i}.example")).collect();
        let over = send(&app, "put", "/api/user/blocklist", json!({ "patterns": many })).await;
        assert_eq!((over.status, over.body["fields"]["patterns"].clone()),
            (422, json!("You can block at most 200 destinations")));
        assert_eq!(app.get("/api/user/blocklist").await.body, stored);
        let full: Vec<String> = (0..200).map(|i| format!("h{i}.example")).collect();
        let at_limit = send(&app, "put", "/api/user/blocklist", json!({ "patterns": full })).await;
        assert_eq!(at_limit.status, 200);
        assert_eq!(at_limit.body["patterns"].as_array().unwrap().len(), 200);

        // Two replacements at once: one of them wins whole, never a mix.
        let first = json!({ "patterns": ["one.example", "two.example"] });
        let second = json!({ "patterns": ["three.example"] });
        let (a, b) = tokio::join!(
            send(&app, "put", "/api/user/blocklist", first.clone()),
            send(&app, "put", "/api/user/blocklist", second.clone()),
        );
        assert_eq!((a.status, b.status), (200, 200), "{} {}", a.text, b.text);
        let now = app.get("/api/user/blocklist").await.body;
        assert!(now == first || now == second, "{now}");
        let other = app.customer("dave@example.com").await;
        let theirs = app.get_with(&other, "/api/user/blocklist").await;
        assert_eq!(theirs.body, json!({ "patterns": [] }));

        // The category files as the public page states them; an unreadable one is left out.
        let policy = app.get("/api/acceptable-use").await;
        assert_eq!(policy.body["categories"], json!([{ "name": "banking", "patterns": 2 }]));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
