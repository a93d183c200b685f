//! The served front end and the headers on every response: the app's routes answer 200, other
//! paths the app's page with 404, unknown API paths JSON 404; a Content-Security-Policy that lets
//! only our scripts (and the page's inline theme script by hash) run, Google's sign-in sources
//! only when it is on; nosniff, the referrer policy, and HSTS only for an https public URL.

use crate::common::TestApp;
use serde_json::json;
use std::path::Path;

const THEME_SCRIPT: &str = "\n      document.documentElement.classList.add('dark');\n    ";
/// sha256 of `THEME_SCRIPT`, base64 (`printf '%s' … | openssl dgst -sha256 -binary | base64`).
const THEME_HASH: &str = "'sha256-7m8mJ9bxgVOAoY1vW9uXFQMGbs1kirsUzP0cKnecTJk='";

fn index_html() -> String {
    format!(
        "<!doctype html><html><head><script>{THEME_SCRIPT}</script>\
         <script type=\"module\" crossorigin src=\"/assets/app.js\"></script></head>\
         <body><div id=\"root\"></div></body></html>"
    )
}

/// A built front end: `index.html`, one asset and, when given, the route list.
fn build(routes: Option<&[&str]>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "index.html", &index_html());
    write(dir.path(), "assets/app.js", "console.log('app')");
    if let Some(routes) = routes {
        write(dir.path(), "routes.json", &json!(routes).to_string());
    }
    dir
}

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

const ROUTES: &[&str] = &[
    "/",
    "/login",
    "/use-case/:slug",
    "/user&guide",
    "/onboard",
    "/onboard/wallet",
    "/onboard/*",
    "*",
];

fn assert_security_headers(reply: &crate::common::Reply, what: &str) {
    let csp = reply
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no CSP"));
    assert!(csp.starts_with("default-src 'self';"), "{what}: {csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert!(!csp.contains("'unsafe-eval'"), "{what}: {csp}");
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap();
    assert!(!script_src.contains("'unsafe-inline'"), "{what}: {csp}");
    assert_eq!(
        reply.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(
        reply.header("referrer-policy"),
        Some("strict-origin-when-cross-origin"),
        "{what}"
    );
}

persistence::both_backends! {

    #[actix_web::test]
    async fn app_routes_answer_200_and_other_paths_the_apps_404(backend) {
        let dist = build(Some(ROUTES));
        let dir = dist.path().to_owned();
        let app = TestApp::start(backend, |s| s.static_dir = Some(dir)).await;

        for path in ["/", "/login", "/login/", "/use-case/web-scraping", "/user&guide", "/onboard", "/onboard/wallet"] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 200, "{path}");
            assert_eq!(reply.text, index_html(), "{path}");
            assert!(reply.header("content-type").unwrap().starts_with("text/html"), "{path}");
            assert_security_headers(&reply, path);
        }
        for path in ["/nope", "/wp-admin.php", "/use-case/a/b", "/onboard/nope", "/assets/missing.js", "/assets", "/assets/"] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 404, "{path}");
            assert_eq!(reply.text, index_html(), "{path}: the app's own not-found page");
            assert_security_headers(&reply, path);
        }
        let asset = app.get("/assets/app.js").await;
        assert_eq!(asset.status, 200);
        assert_eq!(asset.text, "console.log('app')");
        assert!(asset.header("content-type").unwrap().contains("javascript"), "{:?}", asset.headers);
        assert!(asset.header("etag").is_some());
        assert_security_headers(&asset, "asset");

        for path in ["/api/nope", "/api/user/nope"] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 404, "{path}");
            assert_eq!(reply.body, json!({ "message": "Not found" }), "{path}");
            assert_security_headers(&reply, path);
        }
    }

    async fn the_csp_allows_the_pages_inline_script_by_hash_and_nothing_from_google_when_off(backend) {
        let dist = build(Some(ROUTES));
        let dir = dist.path().to_owned();
        let app = TestApp::start(backend, |s| s.static_dir = Some(dir)).await;

        let reply = app.get("/").await;

        let csp = reply.header("content-security-policy").unwrap();
        assert!(csp.contains(&format!("script-src 'self' {THEME_HASH};")), "{csp}");
        assert!(csp.contains(&format!("connect-src 'self' {};", app.address)), "{csp}");
        assert!(!csp.contains("google"), "{csp}");
        assert_eq!(reply.header("strict-transport-security"), None, "http public URL");
    }

    async fn google_sign_in_sources_are_allowed_when_it_is_on(backend) {
        let app = TestApp::start_with_google(backend).await;

        let reply = app.get("/api/config").await;

        let csp = reply.header("content-security-policy").unwrap();
        assert!(csp.contains("script-src 'self' https://accounts.google.com/gsi/client;"), "{csp}");
        assert!(csp.contains("https://accounts.google.com/gsi/style"), "{csp}");
        assert!(csp.contains("frame-src https://accounts.google.com/gsi/;"), "{csp}");
        assert!(csp.contains("https://accounts.google.com/gsi/;"), "{csp}");
    }

    async fn errors_carry_the_headers_too(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let unauthorised = app.get("/api/admin/users").await;
        assert_eq!(unauthorised.status, 401);
        assert_security_headers(&unauthorised, "401");
        let foreign = app
            .send(app.client.post(app.url("/api/login")).header("origin", "http://evil.example"))
            .await;
        assert_eq!(foreign.status, 403);
        assert_security_headers(&foreign, "403");
        let text = app
            .send(app.client.post(app.url("/api/login")).header("content-type", "text/plain").body("x"))
            .await;
        assert_eq!(text.status, 415);
        assert_security_headers(&text, "415");
        // No front end built: every other path is a JSON 404.
        let missing = app.get("/login").await;
        assert_eq!(missing.status, 404);
        assert_security_headers(&missing, "404 without a front end");
    }

    async fn hsts_only_for_an_https_public_url(backend) {
        let app = TestApp::start(backend, |s| {
            s.public_url = Some("https://shop.example".to_owned());
        })
        .await;

        let reply = app.get("/healthz").await;

        assert_eq!(reply.header("strict-transport-security"), Some("max-age=31536000"));
        assert_security_headers(&reply, "healthz");
    }

    async fn without_a_route_list_every_path_gets_the_app(backend) {
        let dist = build(None);
        let dir = dist.path().to_owned();
        let app = TestApp::start(backend, |s| s.static_dir = Some(dir)).await;

        assert_eq!(app.get("/anything").await.status, 200);
        assert_eq!(app.get("/api/nope").await.status, 404);
    }

    async fn other_methods_than_reads_get_json_answers_beside_the_app(backend) {
        let dist = build(Some(ROUTES));
        let dir = dist.path().to_owned();
        let app = TestApp::start(backend, |s| s.static_dir = Some(dir)).await;

        for (method, path, status, allow) in [
            ("TRACE", "/healthz", 405, Some("GET")),
            ("POST", "/readyz", 405, Some("GET")),
            ("DELETE", "/login", 404, None),
            ("PUT", "/assets/app.js", 404, None),
        ] {
            let request = app.client.request(method.parse().unwrap(), app.url(path));
            let reply = app.send(request).await;
            assert_eq!(reply.status, status, "{method} {path}: {}", reply.text);
            assert!(reply.header("content-type").unwrap().starts_with("application/json"), "{method} {path}");
            assert_eq!(reply.header("allow"), allow, "{method} {path}");
        }
        assert_eq!(app.get("/login").await.status, 200, "reads still get the app");
    }
}
