//! Sessions and authorisation: `getuserinfo` for guests and members, logout (GET and POST) that
//! ends the session on the server, admin-only routes, disabled accounts signed out at once.

use crate::common::{PASSWORD, TestApp};
use serde_json::json;

const EMAIL: &str = "member@example.com";

/// Registers `EMAIL` on `app` and returns the attributes of the session cookie it was given.
async fn cookie_attributes(app: &TestApp) -> Vec<String> {
    let code = app.code_for(EMAIL).await;
    let body = TestApp::registration(EMAIL, PASSWORD, &code);
    let reply = app.post_json("/api/register", body).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let cookie = reply.session_set_cookie().expect("registration signs in");
    let key = cookie.split("; ").next().unwrap();
    assert_eq!(key.len(), "proxyshop_session=".len() + 64, "{cookie}");
    cookie.split("; ").skip(1).map(str::to_owned).collect()
}

/// Signs up, logs out with `method`, and checks the session is gone everywhere.
async fn logout_ends_the_session(app: &TestApp, method: reqwest::Method) {
    app.register(EMAIL, PASSWORD).await;
    let cookie = app.session_cookie().expect("signed in");
    assert_eq!(app.session_count(EMAIL), 1);

    let reply = app
        .send(app.client.request(method, app.url("/api/user/logout")))
        .await;

    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        reply.body,
        json!({ "success": true, "message": "Logged out successfully" })
    );
    assert!(app.current_user().await.is_null());
    assert!(app.session_cookie().is_none(), "the cookie is cleared");
    // Server-side invalidation: the old cookie replayed by someone else is worthless.
    let replayed = app.get_with_cookie("/api/getuserinfo", &cookie).await;
    assert_eq!(replayed.body, json!({ "user": null }));
    assert_eq!(app.session_count(EMAIL), 0);
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_guest_is_nobody(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app.get("/api/getuserinfo").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "user": null }));
        assert!(reply.session_set_cookie().is_none(), "no session for a mere visit");
    }

    async fn the_cookie_is_for_http_only_same_site_and_lasts_the_session_ttl(backend) {
        let ttl = std::time::Duration::from_secs(3 * 3600);
        let app = TestApp::start(backend, |s| s.session_ttl = ttl).await;

        let attributes = cookie_attributes(&app).await;

        for expected in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=10800"] {
            assert!(attributes.iter().any(|a| a == expected), "{expected}: {attributes:?}");
        }
        assert!(!attributes.iter().any(|a| a == "Secure"), "{attributes:?}");
    }

    async fn the_cookie_is_secure_when_the_shop_is_served_over_https(backend) {
        let app = TestApp::start(backend, |s| {
            s.public_url = Some("https://shop.example".to_owned());
        })
        .await;

        let attributes = cookie_attributes(&app).await;

        assert!(attributes.iter().any(|a| a == "Secure"), "{attributes:?}");
    }

    async fn a_member_sees_themself(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let user = app.register(EMAIL, PASSWORD).await;

        let reply = app.get("/api/getuserinfo").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "user": user }));
        assert_eq!(reply.header("cache-control"), Some("no-store"));
    }

    async fn logout_by_get_ends_the_session(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        logout_ends_the_session(&app, reqwest::Method::GET).await;
    }

    async fn logout_by_post_ends_the_session(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        logout_ends_the_session(&app, reqwest::Method::POST).await;
    }

    // A link on another site (top-level navigation: the Lax cookie rides along) once signed
    // the customer out.
    async fn a_cross_site_logout_link_is_refused(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;

        let request = app
            .client
            .get(app.url("/api/user/logout"))
            .header("sec-fetch-site", "cross-site")
            .header("sec-fetch-mode", "navigate");
        let reply = app.send(request).await;

        assert_eq!(reply.status, 403, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Request origin is not allowed" }));
        assert_eq!(app.current_user().await["email"], EMAIL, "still signed in");
        assert_eq!(app.session_count(EMAIL), 1);

        // The site's own pages (and typed URLs) still may.
        for site in ["same-origin", "none"] {
            let request = app
                .client
                .get(app.url("/api/user/logout"))
                .header("sec-fetch-site", site);
            assert_eq!(app.send(request).await.status, 200, "{site}");
        }
        assert!(app.current_user().await.is_null());
    }

    async fn a_logout_post_from_another_origin_is_refused(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;

        let request = app
            .client
            .post(app.url("/api/user/logout"))
            .header("origin", "https://evil.example")
            .header("sec-fetch-site", "cross-site");
        let reply = app.send(request).await;

        assert_eq!(reply.status, 403, "{}", reply.text);
        assert_eq!(app.current_user().await["email"], EMAIL, "still signed in");
    }

    async fn logout_ends_only_that_browsers_session(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let laptop = app.new_client();
        let body = json!({ "email": EMAIL, "password": PASSWORD });
        assert_eq!(app.post_json_with(&laptop, "/api/login", body).await.status, 200);
        assert_eq!(app.session_count(EMAIL), 2);

        assert_eq!(app.get("/api/user/logout").await.status, 200);

        assert_eq!(app.session_count(EMAIL), 1);
        let info = app.get_with(&laptop, "/api/getuserinfo").await;
        assert_eq!(info.body["user"]["email"], EMAIL);
    }

    async fn a_guest_may_log_out(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app.get("/api/user/logout").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["success"], true);
    }

    async fn admin_routes_need_an_admin(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let guest = app.get("/api/admin/users").await;
        assert_eq!(guest.status, 401, "{}", guest.text);
        assert_eq!(guest.body, json!({ "message": "Please log in to continue" }));

        app.register(EMAIL, PASSWORD).await;
        let member = app.get("/api/admin/users").await;
        assert_eq!(member.status, 403, "{}", member.text);
        assert_eq!(member.body, json!({ "message": "You do not have permission to do this" }));

        let boss = app.new_client();
        app.register_with(&boss, "boss@example.com", PASSWORD).await;
        app.make_admin("boss@example.com");

        let admin = app.get_with(&boss, "/api/admin/users").await;
        assert_eq!(admin.status, 200, "{}", admin.text);
        assert_eq!(admin.body["total"], 2);
        let users = admin.body["items"].as_array().unwrap();
        let emails: Vec<&str> = users.iter().map(|u| u["email"].as_str().unwrap()).collect();
        assert_eq!(emails, ["boss@example.com", EMAIL], "newest first");
        assert_eq!(users[0]["role"], "admin");
        assert_eq!(users[1]["role"], "user");
        assert_eq!(users[1]["disabled"], false);
        assert!(!admin.text.to_lowercase().contains("password"), "{}", admin.text);

        // A role change takes effect on the next request, without signing in again.
        let promoted = app.get("/api/admin/users").await;
        assert_eq!(promoted.status, 403, "main client is still the plain member");
        app.make_admin(EMAIL);
        assert_eq!(app.get("/api/admin/users").await.status, 200);
    }

    async fn admin_user_list_pages(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        for n in 0..3 {
            app.register(&format!("user{n}@example.com"), PASSWORD).await;
        }
        app.make_admin("user2@example.com");

        let reply = app.get("/api/admin/users?page=2&perPage=2").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["total"], 3);
        assert_eq!(reply.body["page"], 2);
        assert_eq!(reply.body["perPage"], 2);
        assert_eq!(reply.body["items"][0]["email"], "user0@example.com");

        let bad = app.get("/api/admin/users?page=x").await;
        assert_eq!(bad.status, 400, "{}", bad.text);
        for query in ["page=0&perPage=0", "page=-5&perPage=-1", "perPage=100000", "page=-1"] {
            let reply = app.get(&format!("/api/admin/users?{query}")).await;
            assert_eq!(reply.status, 422, "{query}: {}", reply.text);
        }
    }

    // The offset `(page - 1) * per_page` once overflowed for a huge page (a panic in debug, a
    // negative OFFSET in release) and answered 500.
    async fn admin_user_list_survives_a_huge_page_number(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        app.make_admin(EMAIL);

        let reply = app.get(&format!("/api/admin/users?page={}", i64::MAX)).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["items"], json!([]), "no user is that far down the list");
        assert_eq!(reply.body["total"], 1);
    }

    async fn a_disabled_account_is_signed_out_on_its_next_request(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let cookie = app.session_cookie().unwrap();

        app.set_disabled(EMAIL, true);

        assert!(app.current_user().await.is_null());
        assert_eq!(app.get("/api/admin/users").await.status, 401);
        assert_eq!(app.session_count(EMAIL), 0, "the session row is gone");
        // Enabling the account again does not bring the old session back.
        app.set_disabled(EMAIL, false);
        let replayed = app.get_with_cookie("/api/getuserinfo", &cookie).await;
        assert_eq!(replayed.body, json!({ "user": null }));
    }

    async fn a_disabled_admin_loses_admin_routes_at_once(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        app.make_admin(EMAIL);
        assert_eq!(app.get("/api/admin/users").await.status, 200);

        app.set_disabled(EMAIL, true);

        let reply = app.get("/api/admin/users").await;
        assert_eq!(reply.status, 401, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Please log in to continue" }));
    }
}
