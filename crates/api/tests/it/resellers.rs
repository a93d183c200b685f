//! Resellers (docs/resellers.md): the operator makes a customer a reseller (audited, refused
//! for what cannot be one), the reseller buys traffic at its discount, makes clients (with a
//! password, or invited by mail), moves GB to them and back, and every balance and ledger row
//! adds up to the byte; concurrent moves never take more than there is; a client is deleted
//! only when it holds nothing.

use crate::common::{PASSWORD, Reply, TestApp};
use domain::units::GB;
use domain::{ProxyKind, UserId};
use serde_json::{Value, json};

const RESELLER: &str = "reseller@example.com";
const OPERATOR: &str = "operator@example.com";

async fn put_terms(app: &TestApp, admin: &reqwest::Client, id: i64, body: Value) -> Reply {
    let url = app.url(&format!("/api/admin/users/{id}/reseller"));
    app.send(admin.put(url).json(&body)).await
}

/// The `type` entry of a traffic list (`[{type, …}]`).
fn of_kind<'a>(list: &'a Value, kind: &str) -> &'a Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|t| t["type"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in {list}"))
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_reseller_moves_traffic_to_clients_and_back_to_the_byte(backend) {
        let app = TestApp::start(backend, |s| s.limits.payments_per_user = 100).await;
        app.register(RESELLER, PASSWORD).await;
        let admin = app.customer(OPERATOR).await;
        app.make_admin(OPERATOR);
        let id = app.user_id(RESELLER);

        // Not a reseller yet.
        let reply = app.get("/api/reseller/clients").await;
        assert_eq!(reply.status, 403, "{}", reply.text);
        assert_eq!(reply.message(), "Only a reseller account can do this: ask the shop to make your account a reseller");

        // The operator's refusals write nothing.
        let good = json!({ "enabled": true, "discountPercent": 20, "maxClients": 2 });
        for (body, field, message) in [
            (json!({ "discountPercent": 20, "maxClients": 2 }), "enabled", "enabled must be true or false"),
            (json!({ "enabled": "yes", "discountPercent": 20, "maxClients": 2 }), "enabled", "enabled must be true or false"),
            (json!({ "enabled": true, "discountPercent": 91, "maxClients": 2 }), "discountPercent", "discountPercent must be a whole number from 0 to 90"),
            (json!({ "enabled": true, "discountPercent": 2.5, "maxClients": 2 }), "discountPercent", "discountPercent must be a whole number from 0 to 90"),
            (json!({ "enabled": true, "discountPercent": 20, "maxClients": 0 }), "maxClients", "maxClients must be a whole number from 1 to 10000"),
            (json!({ "enabled": true, "discountPercent": 20 }), "maxClients", "maxClients must be a whole number from 1 to 10000"),
        ] {
            let reply = put_terms(&app, &admin, id.get(), body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body["fields"][field], message, "{body}");
        }
        let reply = put_terms(&app, &admin, 999_999, good.clone()).await;
        assert_eq!((reply.status, reply.message()), (404, "User not found"));
        let reply = put_terms(&app, &app.client, id.get(), good.clone()).await;
        assert_eq!(reply.status, 403, "a customer is no operator: {}", reply.text);
        assert!(app.audit_rows_of("user.reseller").is_empty());

        // The grant, audited in its transaction; the same terms again record nothing.
        let mut body = good.clone();
        body["reason"] = json!("Agency deal");
        let reply = put_terms(&app, &admin, id.get(), body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["reseller"]["discountPercent"], 20);
        assert_eq!(reply.body["reseller"]["clients"], 0);
        let reply = put_terms(&app, &admin, id.get(), good.clone()).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let rows = app.audit_rows_of("user.reseller");
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert_eq!(rows[0].target.as_deref(), Some(format!("user:{id}").as_str()));
        assert_eq!(rows[0].detail.as_deref(), Some("Agency deal"));
        assert_eq!(rows[0].before(), Some(Value::Null));
        assert_eq!(rows[0].after(), Some(good.clone()));
        let detail = app.get_with(&admin, &format!("/api/admin/users/{id}")).await;
        assert_eq!(detail.body["reseller"]["maxClients"], 2, "{}", detail.text);

        // The reseller buys 50 GB of Budget at its 20 % off: $80 less $16.
        app.add_funds(100.0).await;
        let reply = app.post_json("/api/user/get_plan", json!({ "type": "budget", "amount": 50 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(app.balance_cents(RESELLER), 10_000 - 6_400);
        let bought = app.stored_balance(id, ProxyKind::Budget).0;
        assert_eq!(bought, 50 * GB);
        let account = app.get("/api/reseller/account").await;
        let reseller_end = of_kind(&account.body["traffic"], "budget")["expiresAt"].as_i64().unwrap();

        // Two clients: one with a password, one invited by mail.
        let a = app.add_client(&app.client, "a@example.com").await;
        let reply = app.post_json("/api/reseller/clients", json!({ "email": OPERATOR, "password": PASSWORD })).await;
        assert_eq!((reply.status, reply.message()), (409, "An account with this email already exists"));
        let reply = app.post_json("/api/reseller/clients", json!({ "email": "nope", "password": "short" })).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["email"], "Please enter a valid email");
        assert_eq!(reply.body["fields"]["password"], "Password must be at least 6 characters");
        let reply = app.post_json("/api/reseller/clients", json!({ "email": "b@example.com", "name": "Bee", "note": "pays monthly" })).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        assert_eq!(reply.message(), "Client created: an invitation to set a password was sent");
        assert_eq!(reply.body["client"]["status"], "pending");
        assert_eq!(reply.body["client"]["note"], "pays monthly");
        let b = reply.body["client"]["id"].as_i64().unwrap();
        let mail = std::fs::read_to_string(app.latest_mail("b@example.com")).unwrap();
        assert!(!mail.contains(RESELLER), "the invitation names no reseller: {mail}");
        let reply = app.post_json("/api/reseller/clients", json!({ "email": "c@example.com", "password": PASSWORD })).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["maxClients"], "You can have at most 2 clients (maxClients): delete one or ask the shop for more");

        // A client cannot be made a reseller; the operator sees whose client it is.
        let reply = put_terms(&app, &admin, a, good.clone()).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["id"], "A sub-user sign-in or a reseller's client cannot be made a reseller");
        let detail = app.get_with(&admin, &format!("/api/admin/users/{a}")).await;
        assert_eq!((detail.body["user"]["resellerId"].as_i64(), detail.body["reseller"].is_null()), (Some(id.get()), true));

        // 10 GB for 7 days to A, 5 GB to B until the reseller's own end.
        let reply = app.move_traffic(&app.client, a, "allocate", json!({ "type": "budget", "gb": 10, "validityDays": 7 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["direction"].as_str(), reply.body["bytes"].as_i64()), (Some("allocate"), Some(10 * GB)));
        let a_end = reply.body["expiresAt"].as_i64().unwrap();
        assert!((a_end - (persistence::now() + 7 * 86_400)).abs() < 60, "{a_end}");
        let reply = app.move_traffic(&app.client, b, "allocate", json!({ "type": "budget", "gb": 5 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["expiresAt"].as_i64(), Some(reseller_end));
        assert!(reply.body["apiKeyId"].is_null());

        // Refusals move nothing.
        for (client, way, body, status, field, message) in [
            (a, "allocate", json!({ "type": "budget", "gb": 35.01 }), 409, None, "Not enough traffic: you have less unused traffic of this type than that"),
            (a, "allocate", json!({ "type": "premium", "gb": 1 }), 409, None, "Not enough traffic: you have less unused traffic of this type than that"),
            (a, "allocate", json!({ "type": "static", "gb": 1 }), 422, Some("type"), "type must be premium or budget: only traffic sold by the GB moves"),
            (a, "allocate", json!({ "type": "budget", "gb": 0.001 }), 422, Some("gb"), "gb must be a number above 0 with at most 2 decimals, at most 100000"),
            (a, "allocate", json!({ "type": "budget", "gb": 1, "validityDays": 31 }), 422, Some("validityDays"), "validityDays reaches past the end of your own traffic of this type: choose fewer days, or leave it out to give the client your end"),
            (b, "reclaim", json!({ "type": "budget", "gb": 5.01 }), 409, None, "Not enough traffic: this client has less unused traffic of this type than that"),
            (999_999, "allocate", json!({ "type": "budget", "gb": 1 }), 404, None, "Client not found"),
            (id.get(), "allocate", json!({ "type": "budget", "gb": 1 }), 404, None, "Client not found"),
        ] {
            let reply = app.move_traffic(&app.client, client, way, body.clone()).await;
            assert_eq!((reply.status, reply.message()), (status, message), "{way} {body}: {}", reply.text);
            if let Some(field) = field {
                assert_eq!(reply.body["fields"][field], message);
            }
        }

        // 5 GB back from B.
        let reply = app.move_traffic(&app.client, b, "reclaim", json!({ "type": "budget", "gb": 5 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["direction"], "reclaim");

        // Every balance and the ledger add up to the byte.
        let (a_id, b_id) = (UserId::new(a), UserId::new(b));
        assert_eq!(app.stored_balance(id, ProxyKind::Budget), (40 * GB, 0, 0));
        assert_eq!(app.stored_balance(a_id, ProxyKind::Budget), (10 * GB, 0, 0));
        assert_eq!(app.stored_balance(b_id, ProxyKind::Budget), (0, 0, 0));
        assert_eq!(app.net_transfers(id, a_id, ProxyKind::Budget), 10 * GB);
        assert_eq!(app.net_transfers(id, b_id, ProxyKind::Budget), 0);
        let given = app.net_transfers(id, a_id, ProxyKind::Budget) + app.net_transfers(id, b_id, ProxyKind::Budget);
        assert_eq!(app.stored_balance(id, ProxyKind::Budget).0 + given, bought);
        let account = app.get("/api/reseller/account").await;
        assert_eq!(account.body["clients"], 2);
        assert_eq!(of_kind(&account.body["traffic"], "budget")["availableBytes"], 40 * GB);
        let list = app.get("/api/reseller/clients").await;
        assert_eq!(list.body["total"], 2, "{}", list.text);
        let first = &list.body["items"][0];
        assert_eq!(first["id"], a);
        assert_eq!(of_kind(&first["traffic"], "budget")["availableBytes"], 10 * GB);
        assert_eq!(of_kind(&first["traffic"], "budget")["expiresAt"], a_end);
        let ledger = app.get("/api/reseller/transfers").await;
        assert_eq!(ledger.body["total"], 3, "{}", ledger.text);
        let ledger = app.get(&format!("/api/reseller/transfers?clientId={b}")).await;
        assert_eq!(ledger.body["total"], 2, "{}", ledger.text);
        assert_eq!(ledger.body["items"][0]["direction"], "reclaim");

        // The client sees its own traffic and the moves of its account, and nothing of the
        // reseller's.
        let client_a = app.signed_in("a@example.com").await;
        let me = app.get_with(&client_a, "/api/getuserinfo").await;
        assert_eq!(me.body["user"]["resellerClient"], true);
        let mine = app.get_with(&client_a, "/api/user/allocations").await;
        assert_eq!(mine.status, 200, "{}", mine.text);
        assert_eq!(mine.body["total"], 1);
        assert_eq!(mine.body["items"][0]["bytes"], 10 * GB);
        assert!(mine.body["items"][0].get("apiKeyId").is_none());
        assert!(!mine.text.contains(RESELLER));
        let stats = app.get_with(&client_a, "/api/user/get_starts").await;
        assert_eq!(stats.body["budgetStat"]["availableTraffic"], 10.0, "{}", stats.text);
        // B sets the password from the invitation's link and signs in.
        let token = app.invitation_token("b@example.com");
        let reply = app.accept_invitation("b@example.com", &token, PASSWORD).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let client_b = app.signed_in("b@example.com").await;
        let mine = app.get_with(&client_b, "/api/user/allocations").await;
        assert_eq!(mine.body["total"], 2);
        let list = app.get("/api/reseller/clients").await;
        assert_eq!(list.body["items"][1]["status"], "active");

        // A client is deleted only once it holds nothing; its moves stay in the ledger.
        let path = format!("/api/reseller/clients/{a}");
        let reply = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((reply.status, reply.message()), (409, "This client still has unused traffic or working proxies: reclaim the traffic and take back its proxies first"));
        let reply = app.move_traffic(&app.client, a, "reclaim", json!({ "type": "budget", "gb": 10 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let reply = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((reply.status, reply.message()), (200, "Client deleted"));
        assert!(app.user("a@example.com").is_none());
        let me = app.get_with(&client_a, "/api/getuserinfo").await;
        assert_eq!(me.body["user"], Value::Null, "the deleted client's session ended");
        let reply = app.send(app.client.delete(app.url(&path))).await;
        assert_eq!((reply.status, reply.message()), (404, "Client not found"));
        let ledger = app.get(&format!("/api/reseller/transfers?clientId={a}")).await;
        assert_eq!(ledger.body["total"], 2, "{}", ledger.text);
        assert_eq!(app.stored_balance(id, ProxyKind::Budget), (50 * GB, 0, 0));
    }

    async fn an_unused_client_invitation_gives_way_to_its_address_unless_it_holds_traffic(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(RESELLER, PASSWORD).await;
        app.grant_reseller(RESELLER, 5);
        app.give_traffic(RESELLER, ProxyKind::Premium, 5 * GB, None);
        let invite = |email: &'static str| {
            app.post_json_with(&app.client, "/api/reseller/clients", json!({ "email": email }))
        };
        let clients = || app.get("/api/reseller/clients");

        // An invitation holding nothing: the address's owner registers it (another spelling of
        // the mailbox), the client is gone from the reseller's list and its link is dead.
        let invited = "first.last+shop@gmail.com";
        assert_eq!(invite(invited).await.status, 201);
        let token = app.invitation_token(invited);
        app.register_with(&app.new_client(), "firstlast@gmail.com", PASSWORD).await;
        assert_eq!(clients().await.body["total"], 0);
        assert_eq!(app.accept_invitation(invited, &token, PASSWORD).await.status, 400);

        // One the reseller gave traffic keeps its address: giving way would take the traffic.
        let holder = "holder@example.com";
        let reply = invite(holder).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let id = reply.body["client"]["id"].as_i64().unwrap();
        let one = json!({ "type": "premium", "gb": 1 });
        assert_eq!(app.move_traffic(&app.client, id, "allocate", one.clone()).await.status, 200);
        assert_eq!(app.request_code(holder).await.status, 200);
        let notice = std::fs::read_to_string(app.latest_mail(holder)).unwrap();
        assert!(notice.contains("You already have an account"), "no code: {notice}");
        assert_eq!(clients().await.body["total"], 1);

        // Past its link's life the purge removes an invitation holding nothing, not this one;
        // once the traffic is back, it goes too.
        let unused = "unused@example.com";
        assert_eq!(invite(unused).await.status, 201);
        let later = persistence::now() + app::accounts::rules::INVITATION_TTL_SECS + 60;
        let purge = || app.with_conn(|c| persistence::subuser_logins::purge_expired(c, "subuser-invitation", later).unwrap());
        assert_eq!(purge(), 1);
        assert!(app.user(unused).is_none());
        assert_eq!(clients().await.body["total"], 1);
        assert_eq!(app.move_traffic(&app.client, id, "reclaim", one).await.status, 200);
        assert_eq!(purge(), 1);
        assert_eq!(clients().await.body["total"], 0);
        assert_eq!(app.stored_balance(app.user_id(RESELLER), ProxyKind::Premium), (5 * GB, 0, 0));
    }

    async fn fifty_parallel_allocations_of_one_gb_from_twenty_succeed_twenty_times(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(RESELLER, PASSWORD).await;
        app.grant_reseller(RESELLER, 5);
        app.give_traffic(RESELLER, ProxyKind::Premium, 20 * GB, None);
        let id = app.user_id(RESELLER);
        let client = app.add_client(&app.client, "c@example.com").await;
        let client_id = UserId::new(client);
        let one = json!({ "type": "premium", "gb": 1 });

        let replies = futures::future::join_all(
            (0..50).map(|_| app.move_traffic(&app.client, client, "allocate", one.clone())),
        )
        .await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 20, "{statuses:?}");
        assert!(
            replies.iter().filter(|r| r.status != 200).all(|r| r.status == 409
                && r.message() == "Not enough traffic: you have less unused traffic of this type than that"),
            "{statuses:?}"
        );
        assert_eq!(app.stored_balance(id, ProxyKind::Premium), (0, 0, 0));
        assert_eq!(app.stored_balance(client_id, ProxyKind::Premium), (20 * GB, 0, 0));
        assert_eq!(app.net_transfers(id, client_id, ProxyKind::Premium), 20 * GB);

        // And back, as many at once: never more than the client holds.
        let replies = futures::future::join_all(
            (0..50).map(|_| app.move_traffic(&app.client, client, "reclaim", one.clone())),
        )
        .await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 20, "{statuses:?}");
        assert!(statuses.iter().all(|s| [200, 409].contains(s)), "{statuses:?}");
        assert_eq!(app.stored_balance(id, ProxyKind::Premium), (20 * GB, 0, 0));
        assert_eq!(app.stored_balance(client_id, ProxyKind::Premium), (0, 0, 0));
        assert_eq!(app.net_transfers(id, client_id, ProxyKind::Premium), 0);
        let ledger = app.get("/api/reseller/transfers?perPage=200").await;
        assert_eq!(ledger.body["total"], 40, "{}", ledger.text);
    }
}
