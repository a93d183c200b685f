//! `POST /api/google-getway` and `/api/config`: off without a client id; with one, only a
//! Google-signed ID token for our client with a verified email signs anyone in.

use crate::common::google::{self, CLIENT_ID, EMAIL, SUB, claims, keys, sign_as, token};
use crate::common::{PASSWORD, Reply, TestApp};
use serde_json::{Value, json};

async fn google_sign_in(app: &TestApp, client: &reqwest::Client, credential: &str) -> Reply {
    let body = json!({
        "credential": credential,
        "name": "Alice Example",
        "email": EMAIL,
        "photoURL": "https://lh3.googleusercontent.com/a/alice",
        "googleId": SUB,
    });
    app.post_json_with(client, "/api/google-getway", body).await
}

fn user_count(app: &TestApp) -> i64 {
    app.with_conn(|conn| persistence::users::list(conn, 1, 0).unwrap().1)
}

/// A refused sign-in: 401 with `message`, nobody signed in, no account created.
async fn assert_refused(app: &TestApp, claims: &Value, credential: &str, message: &str) {
    let browser = app.new_client();
    let reply = google_sign_in(app, &browser, credential).await;
    assert_eq!(reply.status, 401, "{claims}: {}", reply.text);
    assert_eq!(reply.body, json!({ "message": message }), "{claims}");
    assert!(reply.session_set_cookie().is_none(), "{claims}");
    let info = app.get_with(&browser, "/api/getuserinfo").await;
    assert_eq!(info.body, json!({ "user": null }), "{claims}");
}

persistence::both_backends! {

    #[actix_web::test]
    async fn without_a_client_id_google_is_unavailable(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let config = app.get("/api/config").await;
        assert_eq!(config.status, 200, "{}", config.text);
        assert_eq!(config.body["googleClientId"], json!(null), "{}", config.text);

        let reply = google_sign_in(&app, &app.client, &token(&claims())).await;
        assert_eq!(reply.status, 404, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Google sign-in is not available" }));
        assert_eq!(user_count(&app), 0);
    }

    async fn config_shows_the_client_id(backend) {
        let app = TestApp::start_with_google(backend).await;

        let config = app.get("/api/config").await;

        assert_eq!(config.status, 200, "{}", config.text);
        assert_eq!(config.body["googleClientId"], json!(CLIENT_ID), "{}", config.text);
    }

    async fn a_valid_token_creates_the_account_and_signs_in(backend) {
        let app = TestApp::start_with_google(backend).await;

        let reply = google_sign_in(&app, &app.client, &token(&claims())).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.message(), "Successfully logged in with Google");
        let user = &reply.body["user"];
        assert_eq!(user["email"], EMAIL);
        assert_eq!(user["name"], "Alice Example");
        assert_eq!(user["photoURL"], "https://lh3.googleusercontent.com/a/alice");
        assert_eq!(user["role"], "user");
        assert!(!reply.text.contains(SUB), "the Google id is not echoed");
        assert_eq!(app.current_user().await, *user);
        let row = app.user(EMAIL).unwrap();
        assert_eq!(row.google_sub.as_deref(), Some(SUB));
        assert_eq!(row.password_hash, None);
        assert_eq!(app.session_count(EMAIL), 1);
        // A Google-only account has no password that could match.
        let login = app.post_json_with(
            &app.new_client(),
            "/api/login",
            json!({ "email": EMAIL, "password": PASSWORD }),
        )
        .await;
        assert_eq!(login.status, 401, "{}", login.text);
    }

    async fn a_google_sign_up_keeps_the_referral_code(backend) {
        let app = TestApp::start_with_google(backend).await;
        let referrer = app.register("referrer@example.com", PASSWORD).await;
        let ref_code = referrer["refCode"].as_str().unwrap().to_lowercase();
        let reply = app
            .post_json_with(
                &app.new_client(),
                "/api/google-getway",
                json!({ "credential": token(&claims()), "refCode": ref_code }),
            )
            .await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        let referrer_id = app.user("referrer@example.com").unwrap().id;
        assert_eq!(app.user(EMAIL).unwrap().referred_by, Some(referrer_id));
    }

    async fn signing_in_again_finds_the_same_account(backend) {
        let app = TestApp::start_with_google(backend).await;
        let first = google_sign_in(&app, &app.client, &token(&claims())).await;
        assert_eq!(first.status, 200, "{}", first.text);

        // Same Google account, even if its email changed meanwhile.
        let mut later = claims();
        later["email"] = json!("alice.new@example.com");
        let other = app.new_client();
        let second = google_sign_in(&app, &other, &token(&later)).await;

        assert_eq!(second.status, 200, "{}", second.text);
        assert_eq!(second.body["user"]["refCode"], first.body["user"]["refCode"]);
        assert_eq!(second.body["user"]["email"], EMAIL);
        assert_eq!(user_count(&app), 1);
        assert_eq!(app.session_count(EMAIL), 2);
    }

    async fn a_verified_email_links_to_the_password_account(backend) {
        let app = TestApp::start_with_google(backend).await;
        let registered = app.register("Alice@Example.com", PASSWORD).await;
        let browser = app.new_client();

        let reply = google_sign_in(&app, &browser, &token(&claims())).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["user"]["refCode"], registered["refCode"]);
        assert_eq!(user_count(&app), 1);
        let row = app.user(EMAIL).unwrap();
        assert_eq!(row.google_sub.as_deref(), Some(SUB));
        assert_eq!(row.avatar_url.as_deref(), Some("https://lh3.googleusercontent.com/a/alice"));
        // The password still works.
        let login = app.post_json_with(
            &app.new_client(),
            "/api/login",
            json!({ "email": EMAIL, "password": PASSWORD }),
        )
        .await;
        assert_eq!(login.status, 200, "{}", login.text);
    }

    async fn a_pending_sub_user_invitation_gives_way_to_its_addresses_own_account(backend) {
        let app = TestApp::start_with_google(backend).await;
        app.register("owner@example.com", PASSWORD).await;
        let sub = app.add_subuser(&app.client, "alpha").await;
        let id = sub["id"].as_i64().unwrap();
        assert_eq!(app.invite(&app.client, id, EMAIL).await.status, 200);

        let browser = app.new_client();
        let reply = google_sign_in(&app, &browser, &token(&claims())).await;

        // Alice never asked to see someone's sub-user: she gets her own account, and the
        // owner's invitation is gone.
        assert_eq!(reply.status, 200, "{}", reply.text);
        let row = app.user(EMAIL).unwrap();
        assert_eq!((row.subuser_id, row.google_sub.as_deref()), (None, Some(SUB)));
        let list = app.get("/api/user/subusers").await.body;
        assert_eq!(list["items"][0]["login"], json!(null));
    }

    async fn tokens_google_did_not_issue_to_us_are_refused(backend) {
        let app = TestApp::start_with_google(backend).await;
        let failed = "Failed to login with Google";

        let mut audience = claims();
        audience["aud"] = json!("someone-else.apps.googleusercontent.com");
        assert_refused(&app, &audience, &token(&audience), failed).await;

        let mut issuer = claims();
        issuer["iss"] = json!("https://evil.example.com");
        assert_refused(&app, &issuer, &token(&issuer), failed).await;

        let mut expired = claims();
        expired["exp"] = json!(persistence::now() - 3600);
        expired["iat"] = json!(persistence::now() - 7200);
        assert_refused(&app, &expired, &token(&expired), failed).await;

        // Signed with another key while naming Google's key: a forged signature.
        let forged = sign_as(&keys().1, keys().0.kid, &claims());
        assert_refused(&app, &claims(), &forged, failed).await;
        // Signed with a key Google does not publish.
        let unknown_key = sign_as(&keys().1, keys().1.kid, &claims());
        assert_refused(&app, &claims(), &unknown_key, failed).await;

        assert_eq!(user_count(&app), 0);
    }

    async fn an_unverified_email_is_refused(backend) {
        let app = TestApp::start_with_google(backend).await;
        // Someone holding a Google account with an unverified copy of a member's address.
        app.register(EMAIL, PASSWORD).await;

        for verified in [json!(false), json!("false"), json!(null)] {
            let mut unverified = claims();
            unverified["email_verified"] = verified;
            let message = "Your Google account email is not verified";
            assert_refused(&app, &unverified, &token(&unverified), message).await;
        }
        assert_eq!(app.user(EMAIL).unwrap().google_sub, None, "not linked");
        assert_eq!(user_count(&app), 1);
    }

    async fn client_sent_identity_alone_signs_nobody_in(backend) {
        let app = TestApp::start_with_google(backend).await;
        app.register(EMAIL, PASSWORD).await;
        // Link the member to the Google id the attacker will claim.
        let linked = google_sign_in(&app, &app.new_client(), &token(&claims())).await;
        assert_eq!(linked.status, 200, "{}", linked.text);
        let failed = "Failed to login with Google";

        for credential in ["", "not-a-jwt", "a.b.c"] {
            assert_refused(&app, &json!(credential), credential, failed).await;
        }
        let browser = app.new_client();
        let body = json!({ "name": "Alice", "email": EMAIL, "googleId": SUB, "photoURL": "x" });
        let reply = app.post_json_with(&browser, "/api/google-getway", body).await;
        assert_eq!(reply.status, 401, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": failed }));
        let info = app.get_with(&browser, "/api/getuserinfo").await;
        assert_eq!(info.body, json!({ "user": null }));
        assert_eq!(user_count(&app), 1);
    }
}

#[test]
fn the_google_fixture_keys_load() {
    assert_ne!(google::keys().0.jwk["n"], google::keys().1.jwk["n"]);
}
