//! The operator's customer reads: the list with its filters and pages, the CSV export
//! (streamed, spreadsheet-safe), one customer's detail and their ledger.

use crate::common::TestApp;
use crate::common::customers::ADMIN;
use diesel::prelude::*;
use domain::ProxyKind;
use persistence::schema::users;
use serde_json::{Value, json};

const ALICE: &str = "alice@example.com";
const BOB: &str = "bob@example.com";

fn emails(reply: &crate::common::Reply) -> Vec<String> {
    reply.body["items"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", reply.text))
        .iter()
        .map(|u| u["email"].as_str().unwrap().to_owned())
        .collect()
}

fn set_name(app: &TestApp, email: &str, name: &str) {
    app.with_conn(|conn| {
        diesel::update(users::table.filter(users::email.eq(email)))
            .set(users::name.eq(name))
            .execute(conn)
            .unwrap()
    });
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_list_filters_and_pages_newest_first(backend) {
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        app.customer(BOB).await;
        set_name(&app, ALICE, "Alice Smith");
        let alice = app.user(ALICE).unwrap();

        let all = app.get("/api/admin/users").await;
        assert_eq!(all.status, 200, "{}", all.text);
        assert_eq!(emails(&all), [BOB, ALICE, ADMIN], "newest first");
        assert_eq!((all.body["total"].as_i64(), all.body["page"].as_i64(), all.body["perPage"].as_i64()),
                   (Some(3), Some(1), Some(50)));
        let row = &all.body["items"][1];
        assert_eq!(row["id"], alice.id.get());
        assert_eq!(row["name"], "Alice Smith");
        assert_eq!(row["role"], "user");
        assert_eq!(row["balance"], 0.0);
        assert_eq!(row["disabled"], false);
        assert_eq!(row["refCode"], alice.ref_code.as_str());
        assert_eq!(row["proxyUsername"], alice.proxy_username.as_str());
        assert_eq!(row["createdAt"], alice.created_at);
        assert!(row["lastLoginAt"].as_i64().is_some(), "registration signs in: {row}");
        assert!(!all.text.to_lowercase().contains("password"), "{}", all.text);

        let by = |query: String| {
            let app = &app;
            async move { app.get(&format!("/api/admin/users?{query}")).await }
        };
        assert_eq!(emails(&by("q=ALICE".into()).await), [ALICE], "email substring, any case");
        assert_eq!(emails(&by("q=%20smith%20".into()).await), [ALICE], "name substring, trimmed");
        assert_eq!(emails(&by(format!("q={}", alice.ref_code.to_lowercase())).await), [ALICE], "ref code");
        assert_eq!(emails(&by(format!("q={}", alice.proxy_username)).await), [ALICE], "proxy username");
        assert_eq!(emails(&by(format!("q={}", alice.id.get())).await), [ALICE], "id");
        let part_of_ref = &alice.ref_code[..alice.ref_code.len() - 1];
        assert!(emails(&by(format!("q={part_of_ref}")).await).is_empty(), "ref codes match whole");
        for wildcard in ["%25", "_", "%5C"] {
            assert!(emails(&by(format!("q={wildcard}")).await).is_empty(), "{wildcard} is literal");
        }
        assert_eq!(emails(&by("q=example.com&role=admin".into()).await), [ADMIN]);
        assert_eq!(emails(&by("role=user".into()).await), [BOB, ALICE]);
        app.set_disabled(BOB, true);
        assert_eq!(emails(&by("disabled=true".into()).await), [BOB]);
        assert_eq!(emails(&by("disabled=false&role=user".into()).await), [ALICE]);

        let page = by("perPage=2&page=2".into()).await;
        assert_eq!(emails(&page), [ADMIN]);
        assert_eq!((page.body["total"].as_i64(), page.body["page"].as_i64(), page.body["perPage"].as_i64()),
                   (Some(3), Some(2), Some(2)));
        let too_many = by("perPage=1000".into()).await;
        assert_eq!(too_many.status, 422, "{}", too_many.text);
        assert_eq!(too_many.body, json!({ "message": "perPage must be a whole number from 1 to 200",
                                          "fields": { "perPage": "perPage must be a whole number from 1 to 200" } }));
        let below = by("page=-1".into()).await;
        assert_eq!((below.status, below.message()), (422, "page must be a whole number of at least 1"));
        for search in ["q=%00", "q=al%0Aice", "q=%1F"] {
            let reply = by(search.into()).await;
            assert_eq!(reply.status, 422, "{search}: {}", reply.text);
            assert_eq!(reply.body["fields"], json!({ "q": "q must not contain control characters" }), "{search}");
        }
        for path in ["/api/admin/orders?q=%00", "/api/admin/payments?q=%00", "/api/admin/audit?actor=%00"] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 422, "{path}: {}", reply.text);
        }

        let bad_role = by("role=boss".into()).await;
        assert_eq!(bad_role.status, 422, "{}", bad_role.text);
        assert_eq!(bad_role.body, json!({ "message": "Role must be admin or user",
                                          "fields": { "role": "Role must be admin or user" } }));
        assert_eq!(by("disabled=maybe".into()).await.status, 400);
    }

    async fn customer_routes_need_an_admin(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        for path in ["/api/admin/users".to_owned(), "/api/admin/users.csv".to_owned(),
                     format!("/api/admin/users/{id}"), format!("/api/admin/users/{id}/ledger")] {
            let member = app.get_with(&alice, &path).await;
            assert_eq!((member.status, member.message()), (403, "You do not have permission to do this"), "{path}");
            let guest = app.get_with(&app.new_client(), &path).await;
            assert_eq!((guest.status, guest.message()), (401, "Please log in to continue"), "{path}");
        }
        let before = app.snapshot(ALICE);
        for action in ["balance", "traffic", "disable", "enable", "role"] {
            let body = json!({ "amount": 5, "type": "premium", "gb": 1, "role": "admin", "reason": "testing" });
            let reply = app.post_json_with(&alice, &format!("/api/admin/users/{id}/{action}"), body).await;
            assert_eq!(reply.status, 403, "{action}: {}", reply.text);
        }
        assert_eq!(app.snapshot(ALICE), before, "nothing written");
    }

    async fn the_csv_export_streams_every_match_spreadsheet_safe(backend) {
        // More than one batch of the export, straight into the table, before the main client
        // opens a connection (a long pause between requests would idle its kept-alive
        // connection into the server's timeout).
        let app = TestApp::start(backend, |_| {}).await;
        let extra = 1_203;
        app.with_conn(|conn| persistence::write_transaction(conn, |c| {
            for n in 0..extra {
                let tag = match n % 4 {
                    0 => format!("+plus{n}"),
                    1 => format!("-minus{n}"),
                    2 => format!("@at{n}"),
                    _ => format!("plain{n}"),
                };
                persistence::testing::insert_user_with_email(c, &format!("bulk{n}@example.com"), &tag)?;
            }
            Ok::<_, persistence::DbError>(())
        })).unwrap();
        app.register(ADMIN, crate::common::PASSWORD).await;
        app.make_admin(ADMIN);
        app.customer(ALICE).await;
        set_name(&app, ALICE, "=HYPERLINK(\"http://evil\",\"x\")");
        let credit = app.admin_post(ALICE, "balance", json!({ "amount": 12.5, "reason": "goodwill" })).await;
        assert_eq!(credit.status, 200, "{}", credit.text);

        let reply = app.get("/api/admin/users.csv").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("content-type"), Some("text/csv; charset=utf-8"));
        assert_eq!(reply.header("content-disposition"), Some("attachment; filename=\"customers.csv\""));
        assert_eq!(reply.header("content-length"), None, "streamed, not one body of known size");
        let lines: Vec<&str> = reply.text.split_terminator("\r\n").collect();
        assert_eq!(lines[0], "id,email,name,role,balance,disabled,ref_code,proxy_username,created_at,last_login_at");
        assert_eq!(lines.len(), 1 + 2 + extra);
        let ids: Vec<i64> = lines[1..].iter().map(|l| l.split(',').next().unwrap().parse().unwrap()).collect();
        assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first, each once");
        for line in &lines[1..] {
            // A cell never starts with a formula character (quoted cells start with `"`).
            for cell in line.split(',') {
                assert!(!cell.starts_with(['=', '+', '-', '@']), "{line}");
                assert!(!cell.trim_start_matches('"').starts_with(['=', '+', '-', '@']), "{line}");
            }
        }
        let alice = app.user(ALICE).unwrap();
        let line = lines.iter().find(|l| l.contains(ALICE)).unwrap();
        let created = line.split(',').nth_back(1).unwrap();
        assert_eq!(
            line.to_string(),
            format!("{},{ALICE},\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",user,12.50,false,{},{},{created},{}",
                    alice.id.get(), alice.ref_code, alice.proxy_username, line.rsplit(',').next().unwrap()),
        );
        for time in [created, line.rsplit(',').next().unwrap()] {
            assert_eq!(time.len(), 20, "{time}");
            assert!(time.ends_with('Z') && &time[10..11] == "T", "{time}");
        }
        assert!(lines.iter().any(|l| l.contains(",'+plus0,")), "prefixed");
        assert!(lines.iter().any(|l| l.contains(",'-minus1,")), "prefixed");
        assert!(lines.iter().any(|l| l.contains(",'@at2,")), "prefixed");
        let bulk_line = lines.iter().find(|l| l.contains("bulk7@example.com")).unwrap();
        assert!(bulk_line.ends_with(','), "never signed in: empty last_login_at: {bulk_line}");

        let filtered = app.get("/api/admin/users.csv?role=admin").await;
        let admin_lines: Vec<&str> = filtered.text.split_terminator("\r\n").collect();
        assert_eq!(admin_lines.len(), 2, "{}", filtered.text);
        assert!(admin_lines[1].contains(ADMIN));
        let bad = app.get("/api/admin/users.csv?role=root").await;
        assert_eq!((bad.status, bad.message()), (422, "Role must be admin or user"));
    }

    async fn the_detail_shows_the_whole_customer(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let ref_code = app.user(ALICE).unwrap().ref_code;
        app.register_referred(&app.new_client(), BOB, &ref_code).await;
        let payment = app.top_up_with(&alice, 10.0, "LTC").await;
        app.pay(&payment).await;
        let grant = app.admin_post(ALICE, "traffic", json!({ "type": "premium", "gb": 2.5, "reason": "welcome gift" })).await;
        assert_eq!(grant.status, 200, "{}", grant.text);
        let id = app.user_id(ALICE);
        let today = domain::calendar::utc_day(persistence::now());
        app.with_conn(|conn| {
            persistence::write_transaction(conn, |c| {
                persistence::traffic::record_usage(c, id, ProxyKind::Premium, &today, 500_000_000)
            }).unwrap();
            persistence::traffic::record_daily_usage(conn, id, ProxyKind::Static, &today, 42).unwrap();
            persistence::traffic::record_daily_usage(conn, id, ProxyKind::Budget, "2000-01-01", 7).unwrap();
            let raw = |username, expires_at| persistence::testing::RawPiece {
                kind: "static", status: "delivered", source: "local", username, expires_at,
            };
            persistence::testing::insert_raw_piece(conn, id, &raw("live1", persistence::now() + 3_600));
            persistence::testing::insert_raw_piece(conn, id, &raw("gone1", persistence::now() - 10));
        });

        let reply = app.get(&format!("/api/admin/users/{id}")).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        let user = &reply.body["user"];
        assert_eq!(user["email"], ALICE);
        assert_eq!(user["balance"], 10.0);
        assert_eq!(user["refCode"], ref_code.as_str());
        for key in ["phone", "avatarUrl", "updatedAt", "lastLoginAt", "proxyUsername", "createdAt"] {
            assert!(user.get(key).is_some(), "user lacks {key}: {user}");
        }
        assert_eq!(user["referrer"], Value::Null);
        assert_eq!(user["referredCount"], 1);
        let traffic = reply.body["traffic"].as_array().unwrap();
        assert_eq!(traffic.len(), 2);
        assert_eq!(traffic[0]["type"], "premium");
        assert_eq!((traffic[0]["purchased"].as_f64(), traffic[0]["used"].as_f64(), traffic[0]["available"].as_f64()),
                   (Some(2.5), Some(0.5), Some(2.0)));
        assert!(traffic[0]["expiresAt"].as_i64().unwrap() > persistence::now());
        assert_eq!(traffic[1], json!({ "type": "budget", "purchased": 0.0, "used": 0.0, "available": 0.0, "expiresAt": null }));
        let pieces = reply.body["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 1, "only live pieces: {pieces:?}");
        assert_eq!((pieces[0]["type"].as_str(), pieces[0]["username"].as_str(), pieces[0]["port"].as_i64()),
                   (Some("static"), Some("live1"), Some(8000)));
        assert!(!reply.text.contains("pw-live1"), "no piece password");
        let payments = reply.body["payments"].as_array().unwrap();
        assert_eq!(payments.len(), 1);
        assert_eq!((payments[0]["id"].as_str(), payments[0]["amount"].as_f64(), payments[0]["status"].as_str()),
                   (Some(payment.as_str()), Some(10.0), Some("paid")));
        assert!(payments[0]["creditedAt"].as_i64().is_some());
        assert_eq!(reply.body["usage"], json!([
            { "day": today, "type": "premium", "bytes": 500_000_000 },
            { "day": today, "type": "static", "bytes": 42 },
        ]), "the last 30 days only");

        let bob = app.get(&format!("/api/admin/users/{}", app.user_id(BOB))).await;
        assert_eq!(bob.body["user"]["referrer"], json!({ "id": id.get(), "email": ALICE }));
        assert_eq!(bob.body["user"]["referredCount"], 0);

        let missing = app.get("/api/admin/users/999999").await;
        assert_eq!(missing.status, 404, "{}", missing.text);
        assert_eq!(missing.body, json!({ "message": "User not found" }));
    }

    async fn the_ledger_pages_newest_first(backend) {
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        for (amount, reason) in [(5.0, "first credit"), (2.25, "second credit"), (-1.5, "small debit")] {
            let reply = app.admin_post(ALICE, "balance", json!({ "amount": amount, "reason": reason })).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
        let id = app.user_id(ALICE);

        let first = app.get(&format!("/api/admin/users/{id}/ledger?perPage=2")).await;

        assert_eq!(first.status, 200, "{}", first.text);
        assert_eq!((first.body["total"].as_i64(), first.body["page"].as_i64(), first.body["perPage"].as_i64()),
                   (Some(3), Some(1), Some(2)));
        let items = first.body["items"].as_array().unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0]["kind"], "admin_adjustment");
        assert_eq!(items[0]["amount"], -1.5);
        assert_eq!(items[0]["balanceAfter"], 5.75);
        assert_eq!(items[0]["note"], "small debit");
        assert!(items[0]["reference"].as_str().unwrap().starts_with("admin_"));
        assert!(items[0]["createdAt"].as_i64().is_some() && items[0]["id"].as_i64().is_some());
        assert_eq!(items[1]["note"], "second credit");
        let second = app.get(&format!("/api/admin/users/{id}/ledger?perPage=2&page=2")).await;
        assert_eq!(second.body["items"][0]["note"], "first credit");
        assert_eq!(second.body["items"][0]["balanceAfter"], 5.0);

        let missing = app.get("/api/admin/users/999999/ledger").await;
        assert_eq!((missing.status, missing.message()), (404, "User not found"));
    }
}
