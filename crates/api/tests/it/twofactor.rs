//! Two-factor sign-in, the account side: status, setup, enabling with a code computed from the
//! shown secret, turning it off, what is stored (sealed secret, hashed recovery codes), the
//! notice mails, and the administrators' requirement (`PROXYSHOP_ADMIN_2FA=required`).

use crate::common::two_factor::{code_at, step_now};
use crate::common::{PASSWORD, TestApp};
use serde_json::json;

const EMAIL: &str = "owner@example.com";

persistence::both_backends! {

    #[actix_web::test]
    async fn enrolment_with_a_code_from_the_shown_secret(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let status = app.get("/api/user/2fa").await;
        assert_eq!(status.body, json!({ "enabled": false, "recoveryCodesLeft": 0 }));

        let setup = app.post_json("/api/user/2fa/setup", json!({})).await;
        assert_eq!(setup.status, 200, "{}", setup.text);
        let text = setup.body["secret"].as_str().unwrap();
        let secret = domain::base32::decode(text).unwrap();
        assert_eq!(secret.len(), 20, "160 bits");
        assert_eq!(
            setup.body["otpauthUrl"],
            json!(format!(
                "otpauth://totp/ProxyShop:{EMAIL}?secret={text}&issuer=ProxyShop&algorithm=SHA1&digits=6&period=30"
            ))
        );
        // Not on before a first code.
        assert_eq!(app.get("/api/user/2fa").await.body["enabled"], json!(false));

        let step = step_now();
        let wrong = crate::common::other_code(&code_at(&secret, step));
        let reply = app.post_json("/api/user/2fa/enable", json!({ "code": wrong })).await;
        assert_eq!(reply.status, 400);
        assert_eq!(reply.body, json!({ "message": "Invalid code" }));
        assert_eq!(app.get("/api/user/2fa").await.body["enabled"], json!(false));
        assert!(app.stored_two_factor(EMAIL).1.is_empty(), "no recovery codes on refusal");

        let reply = app
            .post_json("/api/user/2fa/enable", json!({ "code": code_at(&secret, step) }))
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["message"], json!("Two-factor sign-in is on"));
        let codes = reply.body["recoveryCodes"].as_array().unwrap();
        assert_eq!(codes.len(), 10);
        for code in codes {
            let code = code.as_str().unwrap();
            let groups: Vec<&str> = code.split('-').collect();
            assert_eq!(groups.len(), 3, "{code}");
            assert!(groups.iter().all(|g| g.len() == 4
                && g.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())), "{code}");
        }
        let status = app.get("/api/user/2fa").await;
        assert_eq!(status.body, json!({ "enabled": true, "recoveryCodesLeft": 10 }));
        let notice = std::fs::read_to_string(app.latest_mail(EMAIL)).unwrap();
        assert!(notice.contains("Two-factor sign-in is on for your ProxyShop account"), "{notice}");

        // Stored sealed and hashed: neither the secret nor a code is in the database.
        let (stored, hashes) = app.stored_two_factor(EMAIL);
        let stored = stored.unwrap();
        assert!(stored.starts_with("v1:") && !stored.contains(text), "{stored}");
        assert_eq!(hashes.len(), 10);
        for code in codes {
            let plain = code.as_str().unwrap().replace('-', "");
            assert!(hashes.iter().all(|h| !h.contains(&plain) && h.len() == 64));
        }

        // Once on, neither setup nor enable again.
        for path in ["/api/user/2fa/setup", "/api/user/2fa/enable"] {
            let reply = app.post_json(path, json!({ "code": code_at(&secret, step + 1) })).await;
            assert_eq!(reply.status, 409, "{path}");
            assert_eq!(reply.body, json!({ "message": "Two-factor sign-in is already on" }));
        }
        assert_eq!(app.stored_two_factor(EMAIL).0.unwrap(), stored, "secret unchanged");
    }

    async fn enable_needs_a_setup_and_setup_replaces_a_pending_secret(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let reply = app.post_json("/api/user/2fa/enable", json!({ "code": "123456" })).await;
        assert_eq!(reply.status, 409);
        assert_eq!(reply.body, json!({ "message": "Please start the two-factor setup first" }));

        let first = app.post_json("/api/user/2fa/setup", json!({})).await;
        let second = app.post_json("/api/user/2fa/setup", json!({})).await;
        assert_ne!(first.body["secret"], second.body["secret"]);
        let old = domain::base32::decode(first.body["secret"].as_str().unwrap()).unwrap();
        let reply = app
            .post_json("/api/user/2fa/enable", json!({ "code": code_at(&old, step_now()) }))
            .await;
        assert_eq!(reply.status, 400, "the replaced secret no longer counts");
        assert_eq!(app.get("/api/user/2fa").await.body["enabled"], json!(false));
    }

    async fn turning_it_off_needs_the_password_and_a_code(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let off = app
            .post_json("/api/user/2fa/disable", json!({ "password": PASSWORD, "code": "123456" }))
            .await;
        assert_eq!(off.status, 409);
        assert_eq!(off.body, json!({ "message": "Two-factor sign-in is not on" }));

        let enrolled = app.enrol_with(&app.client).await;
        let next = code_at(&enrolled.secret, enrolled.step + 1);
        let reply = app
            .post_json("/api/user/2fa/disable", json!({ "password": "Wrong1!x", "code": next }))
            .await;
        assert_eq!(reply.status, 403);
        assert_eq!(reply.body, json!({ "message": "Current password is incorrect" }));
        let reply = app
            .post_json(
                "/api/user/2fa/disable",
                json!({ "password": PASSWORD, "code": crate::common::other_code(&next) }),
            )
            .await;
        assert_eq!(reply.status, 400);
        assert_eq!(reply.body, json!({ "message": "Invalid code" }));
        // The code already used to turn it on is no code to turn it off.
        let used = code_at(&enrolled.secret, enrolled.step);
        let reply = app
            .post_json("/api/user/2fa/disable", json!({ "password": PASSWORD, "code": used }))
            .await;
        assert_eq!(reply.status, 400);
        assert_eq!(app.get("/api/user/2fa").await.body["enabled"], json!(true));
        assert_eq!(app.stored_two_factor(EMAIL).1.len(), 10, "nothing removed on refusal");

        let reply = app
            .post_json(
                "/api/user/2fa/disable",
                json!({ "password": PASSWORD, "code": enrolled.recovery_codes[0] }),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Two-factor sign-in is off" }));
        assert_eq!(app.get("/api/user/2fa").await.body, json!({ "enabled": false, "recoveryCodesLeft": 0 }));
        assert_eq!(app.stored_two_factor(EMAIL), (None, vec![]));
        let notice = std::fs::read_to_string(app.latest_mail(EMAIL)).unwrap();
        assert!(notice.contains("Two-factor sign-in is off for your ProxyShop account"), "{notice}");

        // A password alone signs in again.
        app.post_json("/api/user/logout", json!({})).await;
        let login = app.login(EMAIL, PASSWORD).await;
        assert_eq!(login.status, 200);
        assert_eq!(login.body["user"]["email"], json!(EMAIL));
    }

    async fn administrators_must_enrol_when_required(backend) {
        let app = TestApp::start(backend, |s| s.admin_2fa_required = true).await;
        app.register("boss@example.com", PASSWORD).await;
        app.make_admin("boss@example.com");
        let customer = app.customer("someone@example.com").await;

        let reply = app.get("/api/admin/users").await;
        assert_eq!(reply.status, 403);
        assert_eq!(
            reply.body,
            json!({ "message": "Two-factor sign-in is required for administrators" })
        );
        // A customer is refused as before, not told to enrol.
        let reply = app.get_with(&customer, "/api/admin/users").await;
        assert_eq!(reply.status, 403);
        assert_ne!(reply.message(), "Two-factor sign-in is required for administrators");

        app.enrol_with(&app.client).await;
        let reply = app.get("/api/admin/users").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }

    async fn administrators_without_it_pass_when_not_required(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register("boss@example.com", PASSWORD).await;
        app.make_admin("boss@example.com");
        assert_eq!(app.get("/api/admin/users").await.status, 200);
    }
}
