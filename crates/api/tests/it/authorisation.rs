//! Authorisation of every route the OpenAPI document lists, so a route added later is covered
//! without anyone remembering to: a guest gets 401 from each route that is not listed as public
//! below, a signed-in customer gets 403 from every admin route, and an admin gets past both.
//! A sub-user's sign-in and a key limited to a sub-user get 403 from every route that is not on
//! the sub-user allowlist (default deny), and the listed ones answer them without a word of the
//! owner's other data. The reseller routes answer a customer who is no reseller 403 and let a
//! reseller in; a reseller's client's session and key get 403 from every route that is not on
//! the client allowlist (default deny), and the listed ones answer without a word of the
//! reseller's data. (Ownership between customers, e.g. another customer's checkout, is tested
//! per feature; what the listed routes show a sub-user: `subuser_logins.rs`; a client:
//! `reseller_access.rs`.)

use crate::common::{PASSWORD, Reply, TestApp};
use serde_json::json;

/// Routes a guest may call, each for its reason.
const PUBLIC: [&str; 24] = [
    "/healthz",
    "/readyz",
    "/api/config",
    // signing in and up
    "/api/login",
    "/api/register",
    "/api/register_verification",
    "/api/google-getway",
    // the second step of a sign-in: needs the pending state a right password left in the
    // session, and answers 401 "Please sign in again" without it
    "/api/login/2fa",
    // answers `user: null` to a guest (the session check of the API contract)
    "/api/getuserinfo",
    // ends whatever session there is; a guest's logout is a no-op
    "/api/user/logout",
    // the plans on sale and the residential locations: the catalogue the public pages show
    "/api/user/plan",
    "/api/user/residential_location",
    "/api/user/budget_residential_location",
    // the payment gateway's webhook, authenticated by its signature
    "/api/payment/callback",
    // the payout provider's status callback, authenticated by its signature (payout key)
    "/api/payout/callback",
    // the forgotten password: for someone who cannot sign in, proven by the mailed code
    "/api/password/forgot",
    "/api/password/reset",
    // a sub-user sign-in's first password, proven by the mailed invitation link
    "/api/invitation/accept",
    // avatars are shown wherever the customer's name is; their ids are random and unguessable
    "/api/avatars/{id}.{ext}",
    // what the gateway refuses to everyone: the acceptable use page states it
    "/api/acceptable-use",
    // the abuse desk's public form: anyone may report abuse (limited per network and address)
    "/api/abuse",
    // the public status page: components, history, incidents
    "/api/status",
    // a reseller's branded sign-in page: its name, colour, support contact and logo
    "/api/brands/{slug}",
    "/api/brands/{slug}/logo",
];

async fn call(app: &TestApp, client: &reqwest::Client, method: &str, path: &str) -> Reply {
    let url = app.url(&crate::common::filled(path));
    let request = match method {
        "get" => client.get(url),
        "post" => client.post(url).json(&json!({})),
        "put" => client.put(url).json(&json!({})),
        "patch" => client.patch(url).json(&json!({})),
        "delete" => client.delete(url),
        other => panic!("{other} {path}: a method this test does not know"),
    };
    app.send(request).await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn every_documented_route_is_authorised(backend) {
        // Two keys call every operation under `/api/user/` once: above the default limit.
        let app = TestApp::start(backend, |s| s.limits.api_key_per_minute = 10_000).await;
        let doc = app.get("/api/openapi.json").await.body;
        let routes: Vec<(String, String)> = doc["paths"]
            .as_object()
            .unwrap()
            .iter()
            .flat_map(|(path, methods)| {
                methods
                    .as_object()
                    .unwrap()
                    .keys()
                    .map(move |method| (method.clone(), path.clone()))
            })
            .collect();
        // Operation ids name the generated client's functions: two routes must not share one.
        let mut ids: Vec<&str> = doc["paths"]
            .as_object()
            .unwrap()
            .values()
            .flat_map(|methods| methods.as_object().unwrap().values())
            .filter_map(|op| op["operationId"].as_str())
            .collect();
        let count = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), count, "duplicate operationId in the OpenAPI document");
        // Logging out ends the session the later calls need: last.
        let mut routes = routes;
        routes.sort_by_key(|(_, path)| path.ends_with("/logout"));
        assert!(routes.len() > 20, "{routes:?}");
        for public in PUBLIC {
            assert!(routes.iter().any(|(_, p)| p == public), "{public} is no longer documented");
        }
        // The document tells its readers (and the fuzzer) the same: a public operation lists the
        // empty requirement `{}`, every other one needs the session (or a key).
        for (method, path) in &routes {
            let security = doc["paths"][path][method]["security"].as_array().cloned().unwrap_or_default();
            let anonymous = security.contains(&json!({}));
            assert_eq!(anonymous, PUBLIC.contains(&path.as_str()), "{method} {path}: security {security:?}");
            assert!(security.contains(&json!({ "session": [] })), "{method} {path}: security {security:?}");
        }

        let guest = app.new_client();
        let customer = app.new_client();
        app.register_with(&customer, "customer@example.com", PASSWORD).await;
        let admin = app.new_client();
        app.register_with(&admin, "admin@example.com", PASSWORD).await;
        app.make_admin("admin@example.com");

        // A sub-user's sign-in and a key limited to that sub-user, of an owner whose other data
        // (another sub-user, the owner's email and proxy password) must never reach them.
        let owner = app.new_client();
        app.register_with(&owner, "owner@example.com", PASSWORD).await;
        let other = app.add_subuser(&owner, "othersecret").await;
        let signed_in = app.subuser_sign_in(&owner, "mine", "invitee@example.com").await;
        let sub_id = signed_in.subuser["id"].as_i64().unwrap();
        let key_body = json!({ "name": "mine", "scopes": ["read", "generate", "buy"], "subuserId": sub_id });
        let key = app.post_json_with(&owner, "/api/user/api-keys", key_body).await;
        assert_eq!(key.status, 201, "{}", key.text);
        let key = key.body["key"].as_str().unwrap().to_owned();
        let owner_row = app.user("owner@example.com").unwrap();
        let secrets = [
            other["password"].as_str().unwrap().to_owned(),
            "othersecret".to_owned(),
            "owner@example.com".to_owned(),
            owner_row.proxy_password.clone(),
        ];
        let allowlisted: Vec<(&str, &str)> = api::subuser_access::listed().collect();
        // The document does not describe itself; every other listed operation is documented.
        for (method, path) in allowlisted.iter().filter(|(_, p)| *p != "/api/openapi.json") {
            assert!(routes.iter().any(|(m, p)| m == method && p == path), "{method} {path} is listed but not documented");
        }

        // A reseller, and its client signed in and holding a key of the scopes a client may
        // have; the reseller's email and proxy password must never reach the client.
        let reseller = app.new_client();
        app.register_with(&reseller, "reseller@example.com", PASSWORD).await;
        app.grant_reseller("reseller@example.com", 5);
        app.add_client(&reseller, "client@example.com").await;
        let client = app.signed_in("client@example.com").await;
        let client_key = app.post_json_with(&client, "/api/user/api-keys", json!({ "name": "mine", "scopes": ["read", "generate"] })).await;
        assert_eq!(client_key.status, 201, "{}", client_key.text);
        let client_key = client_key.body["key"].as_str().unwrap().to_owned();
        let reseller_row = app.user("reseller@example.com").unwrap();
        let reseller_secrets = ["reseller@example.com".to_owned(), reseller_row.proxy_password.clone()];
        let client_listed: Vec<(&str, &str)> = api::client_access::listed().collect();
        // The reseller lets its clients buy: the client's session reaches its wallet and top-ups.
        let reseller_id = reseller_row.id;
        app.with_conn(|conn| persistence::resellers::catalogue::set(conn, reseller_id, true, &[(domain::ProxyKind::Budget, Some(domain::Cents::new(300)))]).unwrap());
        let buyer_listed: Vec<(&str, &str)> = api::client_access::listed_for_buyers().collect();
        for (method, path) in client_listed.iter().filter(|(_, p)| *p != "/api/openapi.json") {
            assert!(routes.iter().any(|(m, p)| m == method && p == path), "{method} {path} is listed for clients but not documented");
        }

        let mut wrong = Vec::new();
        let mut expect = |who: &str, method: &str, path: &str, reply: &Reply, ok: bool| {
            if !ok {
                let text: String = reply.text.chars().take(120).collect();
                wrong.push(format!("{who} {method} {path}: {} {text}", reply.status));
            }
        };
        for (method, path) in &routes {
            let public = PUBLIC.contains(&path.as_str());
            let admin_route = path.starts_with("/api/admin/");
            let reseller_route = path.starts_with("/api/reseller/");
            // A client's purchases from its reseller: refused to anyone else.
            let client_route = path.starts_with("/api/client/");
            if !public {
                let reply = call(&app, &guest, method, path).await;
                let refused = reply.status == 401
                    && reply.body == json!({ "message": "Please log in to continue" });
                expect("guest", method, path, &reply, refused);
            }
            let reply = call(&app, &customer, method, path).await;
            if admin_route || reseller_route || client_route {
                expect("customer", method, path, &reply, reply.status == 403);
            } else if !public {
                expect("customer", method, path, &reply, ![401, 403].contains(&reply.status));
            }
            if admin_route {
                let reply = call(&app, &admin, method, path).await;
                expect("admin", method, path, &reply, ![401, 403].contains(&reply.status));
            }
            if reseller_route {
                let reply = call(&app, &reseller, method, path).await;
                expect("reseller", method, path, &reply, ![401, 403].contains(&reply.status));
            }
            // A reseller's client: its own dashboard only.
            let client_ok = client_listed.contains(&(method.as_str(), path.as_str()));
            let buyer_ok = buyer_listed.contains(&(method.as_str(), path.as_str()));
            let reply = call(&app, &client, method, path).await;
            let leaked = reseller_secrets.iter().any(|s| reply.text.contains(s.as_str()));
            let ok = if client_ok || buyer_ok {
                (reply.status != 401 || path == "/api/login/2fa") && reply.status != 403 && !leaked
            } else {
                reply.status == 403 && reply.message() == "A client account can only see its own traffic, usage and records and generate its lines"
            };
            expect("client", method, path, &reply, ok);
            if path.starts_with("/api/user/") || reseller_route {
                let reply = app.with_key(&client_key, method, &crate::common::filled(path), json!({})).await;
                let keyed = doc["paths"][path][method]["security"].as_array().is_some_and(|s| s.iter().any(|r| r.get("apiKey").is_some()));
                let leaked = reseller_secrets.iter().any(|s| reply.text.contains(s.as_str()));
                let ok = match (client_ok, keyed) {
                    (true, true) => ![401, 403].contains(&reply.status) && !leaked,
                    (true, false) => reply.status == 403,
                    (false, _) => reply.status == 403
                        && reply.message() == "This key belongs to a client account: it can only read its own traffic, usage and records and generate its lines",
                };
                expect("client key", method, path, &reply, ok);
            }
            let listed = allowlisted.contains(&(method.as_str(), path.as_str()));
            let reply = call(&app, &signed_in.client, method, path).await;
            let leaked = secrets.iter().any(|s| reply.text.contains(s.as_str()));
            let ok = if listed {
                // The second step of a sign-in answers 401 to a session without one pending.
                (reply.status != 401 || path == "/api/login/2fa") && reply.status != 403 && !leaked
            } else {
                reply.status == 403 && reply.message() == "A sub-user sign-in can only see its own sub-user's line, usage and records"
            };
            expect("sub-user sign-in", method, path, &reply, ok);
            // A key counts on `/api/user/*` only, within the key scope table too.
            if path.starts_with("/api/user/") {
                let reply = app.with_key(&key, method, &crate::common::filled(path), json!({})).await;
                let keyed = doc["paths"][path][method]["security"].as_array().is_some_and(|s| s.iter().any(|r| r.get("apiKey").is_some()));
                let leaked = secrets.iter().any(|s| reply.text.contains(s.as_str()));
                let ok = match (listed, keyed) {
                    (true, true) => ![401, 403].contains(&reply.status) && !leaked,
                    (true, false) => reply.status == 403,
                    (false, _) => reply.status == 403
                        && reply.message() == "This key is limited to one sub-user: it can only read that sub-user's records and generate its lines",
                };
                expect("sub-user key", method, path, &reply, ok);
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
