//! The HTTP contract around the routes: CSRF origin checks, CORS for the front end, JSON-only
//! bodies, errors that never leak internals, health checks, the OpenAPI document, and the
//! session cookie's attributes.

use crate::common::{FRONT_END, PASSWORD, TestApp};
use serde_json::{Value, json};

/// Asserts a JSON error body that carries only `message` and nothing from the server's insides.
fn assert_plain_error(text: &str, body: &Value, message: &str) {
    assert_eq!(*body, json!({ "message": message }), "{text}");
    for leak in [
        "serde", "line ", "column", "src/", "diesel", "panick", "actix", "expected",
    ] {
        assert!(!text.contains(leak), "{leak} in {text}");
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_foreign_origin_cannot_post(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register("member@example.com", PASSWORD).await;

        for path in ["/api/login", "/api/register_verification", "/api/user/logout"] {
            let request = app
                .client
                .post(app.url(path))
                .header("origin", "http://evil.example")
                .json(&json!({ "email": "member@example.com", "password": PASSWORD }));
            let reply = app.send(request).await;
            assert_eq!(reply.status, 403, "{path}: {}", reply.text);
            assert_eq!(reply.body, json!({ "message": "Request origin is not allowed" }));
            assert_eq!(reply.header("access-control-allow-origin"), None);
        }
        // The refused logout did not end the session.
        assert_eq!(app.current_user().await["email"], "member@example.com");
        assert!(app.mails_to("member@example.com").len() == 1);
    }

    async fn the_front_end_origin_may_post_with_credentials(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let request = app
            .client
            .post(app.url("/api/register_verification"))
            .header("origin", FRONT_END)
            .json(&json!({ "email": "new@example.com" }));
        let reply = app.send(request).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("access-control-allow-origin"), Some(FRONT_END));
        assert_eq!(reply.header("access-control-allow-credentials"), Some("true"));
    }

    async fn the_sites_own_origin_may_post(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        // A browser sends Origin on same-origin POSTs too (the built front end served by us).
        let request = app
            .client
            .post(app.url("/api/register_verification"))
            .header("origin", app.address.as_str())
            .json(&json!({ "email": "new@example.com" }));

        let reply = app.send(request).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
    }

    async fn a_cors_preflight_from_the_front_end_succeeds(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let request = app
            .client
            .request(reqwest::Method::OPTIONS, app.url("/api/login"))
            .header("origin", FRONT_END)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type");

        let reply = app.send(request).await;

        assert!((200..300).contains(&reply.status), "{} {}", reply.status, reply.text);
        assert_eq!(reply.header("access-control-allow-origin"), Some(FRONT_END));
        assert_eq!(reply.header("access-control-allow-credentials"), Some("true"));
        let methods = reply.header("access-control-allow-methods").unwrap_or_default();
        assert!(methods.contains("POST"), "{methods}");
        let headers = reply.header("access-control-allow-headers").unwrap_or_default();
        assert!(headers.to_lowercase().contains("content-type"), "{headers}");

        let foreign = app
            .client
            .request(reqwest::Method::OPTIONS, app.url("/api/login"))
            .header("origin", "http://evil.example")
            .header("access-control-request-method", "POST");
        let reply = app.send(foreign).await;
        assert_eq!(reply.header("access-control-allow-origin"), None);
    }

    async fn bodies_must_be_json(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
            let request = app
                .client
                .post(app.url("/api/login"))
                .header("content-type", content_type)
                .body(r#"{"email":"member@example.com","password":"Secret1!"}"#);
            let reply = app.send(request).await;
            assert_eq!(reply.status, 415, "{content_type}: {}", reply.text);
            assert_plain_error(&reply.text, &reply.body, "Requests must be sent as JSON");
        }
    }

    async fn malformed_json_is_a_plain_400(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        for body in [r#"{"email": "#, "not json", "", r#"{"email": "a@b.co", "email": "c@d.co"}"#] {
            let request = app
                .client
                .post(app.url("/api/login"))
                .header("content-type", "application/json")
                .body(body);
            let reply = app.send(request).await;
            assert_eq!(reply.status, 400, "{body:?}: {}", reply.text);
            assert_plain_error(&reply.text, &reply.body, "The request body is not valid JSON");
        }
    }

    async fn a_field_of_the_wrong_type_is_a_422_naming_it(backend) {
        // Valid JSON, the wrong type in a field: not "not valid JSON", but the field and its rule.
        let app = TestApp::start(backend, |_| {}).await;
        let request = app
            .client
            .post(app.url("/api/login"))
            .header("content-type", "application/json")
            .body(r#"{"email": 5, "password": []}"#);
        let reply = app.send(request).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "email must be text", "fields": { "email": "email must be text" } }));
    }

    async fn an_oversized_body_is_a_json_413(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let padding = "a".repeat(10 * 1024 * 1024);
        let huge = format!(r#"{{"email":"member@example.com","password":"{padding}"}}"#);
        for path in ["/api/login", "/api/payment/callback"] {
            let request = app
                .client
                .post(app.url(path))
                .header("content-type", "application/json")
                .body(huge.clone());
            let reply = app.send(request).await;
            assert_eq!(reply.status, 413, "{path}: {}", &reply.text[..reply.text.len().min(200)]);
            assert_plain_error(&reply.text, &reply.body, "The request body is too large");
        }
    }

    async fn a_json_body_that_is_not_an_object_is_a_plain_400(backend) {
        // serde would read a struct from an array of its fields in order: `[null, null]` used to
        // be a valid stock change. Every body schema is an object, so anything else is refused
        // like a body that does not parse, and changes nothing.
        let app = TestApp::with_admin(backend).await;
        let created = app
            .post_json("/api/admin/stock", json!({ "type": "ipv4", "country": "fi", "capacity": 5 }))
            .await;
        assert_eq!(created.status, 201, "{}", created.text);
        let path = format!("/api/admin/stock/{}", created.body["id"]);
        for body in ["[null, null]", "[7, false]", "[]", "null", "5", r#""capacity""#] {
            let request = app
                .client
                .patch(app.url(&path))
                .header("content-type", "application/json")
                .body(body);
            let reply = app.send(request).await;
            assert_eq!(reply.status, 400, "{body}: {}", reply.text);
            assert_plain_error(&reply.text, &reply.body, "The request body is not valid JSON");
        }
        let stock = app.get("/api/admin/stock?type=ipv4&country=fi").await;
        let entry = &stock.body["items"][0];
        assert_eq!(entry["id"], created.body["id"], "{}", stock.text);
        assert_eq!((entry["capacity"].as_i64(), entry["active"].as_bool()), (Some(5), Some(true)), "{}", stock.text);

        let login = app.post_json("/api/login", json!([crate::common::customers::ADMIN, PASSWORD])).await;
        assert_eq!(login.status, 400, "{}", login.text);
        assert_plain_error(&login.text, &login.body, "The request body is not valid JSON");

        // An object is read as before: fields by name, unknown ones ignored.
        let changed = app.send(app.client.patch(app.url(&path)).json(&json!({ "capacity": 7, "extra": 1 }))).await;
        assert_eq!((changed.status, changed.body["capacity"].as_i64()), (200, Some(7)), "{}", changed.text);
    }

    async fn request_schemas_carry_the_validation_rules(backend) {
        // A few of the rules the fuzzer's positive/negative checks rely on (docs/api.md,
        // "Fuzzing"); each pattern is tested against its parser
        // (`openapi::rules::tests::agree`, used there and beside the parsers it checks).
        let app = TestApp::start(backend, |_| {}).await;
        let doc = app.get("/api/openapi.json").await.body;
        let schemas = &doc["components"]["schemas"];
        assert_eq!(schemas["LoginRequest"]["required"], json!(["email", "password"]));
        assert_eq!(schemas["ResolveRequest"]["properties"]["outcome"]["enum"], json!(["failed", "delivered"]));
        assert_eq!(schemas["NewPlanForm"]["required"], json!(["type", "name", "price", "amount", "validityDays"]));
        assert_eq!(schemas["PlanForm"]["properties"]["validityDays"]["maximum"], json!(3650));
        let kind = &doc["paths"]["/api/user/plan"]["get"]["parameters"][0];
        assert_eq!((kind["name"].as_str(), kind["required"].as_bool()), (Some("type"), Some(true)));
        assert_eq!(kind["schema"]["enum"], json!(["premium", "budget", "static", "lte", "ipv4", "ipv6"]));

        // And the server refuses just past them, with the documented messages.
        let missing = app.get("/api/user/plan").await;
        assert_eq!((missing.status, missing.message()), (422, "Unknown proxy type"));
        let login = app.post_json("/api/login", json!({ "email": "a@b.co" })).await;
        assert_eq!((login.status, login.message()), (422, "Password is required"));
        let reset = &doc["paths"]["/api/password/reset"]["post"]["responses"]["200"];
        assert_eq!(
            reset["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/SignInReply"
        );
    }

    async fn unknown_routes_are_a_json_404(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        for path in ["/api/nope", "/api/user/nope", "/api/admin/nope", "/nope"] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 404, "{path}: {}", reply.text);
            assert_plain_error(&reply.text, &reply.body, "Not found");
        }
        let reply = app.post_json("/api/nope", json!({})).await;
        assert_eq!(reply.status, 404, "{}", reply.text);
        assert_plain_error(&reply.text, &reply.body, "Not found");
    }

    async fn health_checks_answer(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let health = app.get("/healthz").await;
        assert_eq!(health.status, 200, "{}", health.text);
        let ready = app.get("/readyz").await;
        assert_eq!(ready.status, 200, "{}", ready.text);
    }

    async fn openapi_describes_every_route(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app.get("/api/openapi.json").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert!(reply.header("content-type").unwrap().starts_with("application/json"));
        let paths = reply.body["paths"].as_object().expect("paths");
        for (path, method) in [
            ("/api/login", "post"),
            ("/api/register", "post"),
            ("/api/register_verification", "post"),
            ("/api/google-getway", "post"),
            ("/api/getuserinfo", "get"),
            ("/api/user/logout", "get"),
            ("/api/user/logout", "post"),
            ("/api/admin/users", "get"),
            ("/api/config", "get"),
            ("/healthz", "get"),
            ("/readyz", "get"),
        ] {
            assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "{method} {path}");
        }
        let schemas = &reply.body["components"]["schemas"];
        assert!(schemas["User"]["properties"]["refCode"].is_object(), "{schemas}");
    }

    async fn the_session_cookie_is_http_only_and_lax_over_http(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let code = app.code_for("new@example.com").await;

        let body = TestApp::registration("new@example.com", PASSWORD, &code);
        let reply = app.post_json("/api/register", body).await;

        let cookie = reply.session_set_cookie().expect("session cookie");
        let attributes: Vec<String> = cookie.split(';').map(|a| a.trim().to_lowercase()).collect();
        assert!(attributes.contains(&"httponly".to_owned()), "{cookie}");
        assert!(attributes.contains(&"samesite=lax".to_owned()), "{cookie}");
        assert!(!attributes.contains(&"secure".to_owned()), "{cookie}");
        assert!(attributes.contains(&"path=/".to_owned()), "{cookie}");
        let value = cookie.split(';').next().unwrap().trim_start_matches("proxyshop_session=");
        assert!(value.len() >= 32, "a long random id: {cookie}");
        assert!(!value.contains("user_id"), "no session state in the cookie: {cookie}");
    }

    async fn the_session_cookie_is_secure_behind_https(backend) {
        let app = TestApp::start(backend, |s| {
            s.public_url = Some("https://shop.example".to_owned());
        })
        .await;
        let code = app.code_for("new@example.com").await;

        let body = TestApp::registration("new@example.com", PASSWORD, &code);
        let reply = app.post_json("/api/register", body).await;

        assert_eq!(reply.status, 201, "{}", reply.text);
        let cookie = reply.session_set_cookie().expect("session cookie");
        let attributes: Vec<String> = cookie.split(';').map(|a| a.trim().to_lowercase()).collect();
        assert!(attributes.contains(&"secure".to_owned()), "{cookie}");
        assert!(attributes.contains(&"httponly".to_owned()), "{cookie}");
        assert!(attributes.contains(&"samesite=lax".to_owned()), "{cookie}");
    }

    async fn the_public_url_is_an_allowed_origin(backend) {
        let app = TestApp::start(backend, |s| {
            s.public_url = Some("https://shop.example/".to_owned());
        })
        .await;
        let request = app
            .client
            .post(app.url("/api/register_verification"))
            .header("origin", "https://shop.example")
            .json(&json!({ "email": "new@example.com" }));

        let reply = app.send(request).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_documented_path_asked_with_another_method_answers_405_with_allow(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        for (method, path, allow) in [
            ("DELETE", "/api/login", "POST"),
            ("TRACE", "/api/config", "GET"),
            ("PUT", "/api/user/api-keys/7", "DELETE"),
            ("POST", "/healthz", "GET"),
        ] {
            let request = app.client.request(method.parse().unwrap(), app.url(path));
            let reply = app.send(request).await;
            assert_eq!(reply.status, 405, "{method} {path}: {}", reply.text);
            assert_eq!(reply.body, json!({ "message": "Method not allowed" }), "{method} {path}");
            assert_eq!(reply.header("allow"), Some(allow), "{method} {path}");
        }
        let reply = app.get("/api/nothing-here").await;
        assert_eq!(reply.status, 404);
    }

    async fn a_path_parameter_that_does_not_parse_is_a_json_404(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let admin = app.new_client();
        app.register_with(&admin, "admin@example.com", PASSWORD).await;
        app.make_admin("admin@example.com");
        for path in ["/api/admin/users/9223372036854775808", "/api/admin/users/abc"] {
            let reply = app.send(admin.get(app.url(path))).await;
            assert_eq!(reply.status, 404, "{path}: {}", reply.text);
            assert_eq!(reply.body, json!({ "message": "Not found" }), "{path}");
        }
    }
}
