//! Key scopes across every `/api/user/*` operation the OpenAPI document lists, so a route added
//! later is covered without anyone remembering to: the document must declare both security
//! schemes and give each operation the session and, when keys may call it, the one scope it
//! needs; then a key with that scope gets past the authorisation (neither 401 nor 403), a key
//! without it gets 403 naming the scope, and an operation without a key scope refuses every key
//! with 403 "This action needs a signed-in session" (default deny).

use crate::common::TestApp;
use serde_json::{Value, json};

const SCOPES: [&str; 3] = ["read", "generate", "buy"];

/// The key scope an operation declares: None when only the session may call it.
fn declared_scope(method: &str, path: &str, operation: &Value) -> Option<String> {
    let security = operation["security"]
        .as_array()
        .unwrap_or_else(|| panic!("{method} {path}: no security declared"));
    assert!(
        security
            .iter()
            .any(|r| r.get("session") == Some(&json!([]))),
        "{method} {path}: the session is not a way in: {security:?}"
    );
    let keys: Vec<&Value> = security.iter().filter_map(|r| r.get("apiKey")).collect();
    assert!(keys.len() <= 1, "{method} {path}: {security:?}");
    keys.first().map(|scopes| {
        let scopes = scopes.as_array().unwrap();
        assert_eq!(scopes.len(), 1, "{method} {path}: one scope per operation");
        let scope = scopes[0].as_str().unwrap().to_owned();
        assert!(SCOPES.contains(&scope.as_str()), "{method} {path}: {scope}");
        scope
    })
}

persistence::both_backends! {

    #[actix_web::test]
    async fn every_user_route_honours_key_scopes(backend) {
        let app = TestApp::start(backend, |s| s.limits.api_key_per_minute = 10_000).await;
        app.register("scopes@example.com", crate::common::PASSWORD).await;
        let doc = app.get("/api/openapi.json").await.body;

        let schemes = &doc["components"]["securitySchemes"];
        assert_eq!(schemes["session"]["type"], "apiKey");
        assert_eq!(schemes["session"]["in"], "cookie");
        assert_eq!(schemes["session"]["name"], "proxyshop_session");
        assert_eq!(schemes["apiKey"]["type"], "http");
        assert_eq!(schemes["apiKey"]["scheme"], "bearer");

        let mut operations = Vec::new();
        for (path, methods) in doc["paths"].as_object().unwrap() {
            if !path.starts_with("/api/user/") {
                continue;
            }
            for (method, operation) in methods.as_object().unwrap() {
                let scope = declared_scope(method, path, operation);
                operations.push((method.clone(), path.clone(), scope));
            }
        }
        // What the product promises keys can do (docs/api-keys.md).
        let expect = [
            ("get", "/api/user/get_starts", Some("read")),
            ("get", "/api/user/usage", Some("read")),
            ("get", "/api/user/wallet", Some("read")),
            ("post", "/api/user/generate", Some("generate")),
            ("post", "/api/user/get_plan", Some("buy")),
            ("post", "/api/user/get_proxy", Some("buy")),
            ("get", "/api/user/api-keys", None),
            ("post", "/api/user/api-keys", None),
            ("delete", "/api/user/api-keys/{id}", None),
            ("post", "/api/user/logout", None),
        ];
        for (method, path, scope) in expect {
            let found = operations.iter().find(|(m, p, _)| m == method && p == path);
            let found = found.unwrap_or_else(|| panic!("{method} {path} is not documented"));
            assert_eq!(found.2.as_deref(), scope, "{method} {path}");
        }

        let mut keys = Vec::new();
        for scope in SCOPES {
            keys.push((scope, app.create_key(scope, &[scope]).await));
        }
        let everything = app.create_key("all", &SCOPES).await;

        let mut wrong = Vec::new();
        // Logging out would be refused anyway; it goes last all the same.
        operations.sort_by_key(|(_, path, _)| path.ends_with("/logout"));
        for (method, path, scope) in &operations {
            let target = crate::common::filled(path);
            for (key_scope, key) in &keys {
                let reply = app.with_key(key, method, &target, json!({})).await;
                let (ok, wanted) = match scope {
                    None => (
                        reply.status == 403 && reply.message() == "This action needs a signed-in session",
                        "403 needs a session".to_owned(),
                    ),
                    Some(scope) if scope == key_scope => (
                        ![401, 403].contains(&reply.status),
                        "neither 401 nor 403".to_owned(),
                    ),
                    Some(scope) => {
                        let message = format!("This key lacks the {scope} scope");
                        (reply.status == 403 && reply.message() == message, format!("403 {message}"))
                    }
                };
                if !ok || reply.headers.get("set-cookie").is_some() {
                    let text: String = reply.text.chars().take(120).collect();
                    wrong.push(format!(
                        "{key_scope} key: {method} {path}: wanted {wanted}, got {} {text}",
                        reply.status
                    ));
                }
            }
            let reply = app.with_key(&everything, method, &target, json!({})).await;
            let ok = match scope {
                None => reply.status == 403,
                Some(_) => ![401, 403].contains(&reply.status),
            };
            if !ok {
                wrong.push(format!("all-scopes key: {method} {path}: got {} {}", reply.status, reply.text));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
