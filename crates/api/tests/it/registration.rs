//! `POST /api/register`: every field message of the form, the created account as the front end
//! sees it (and nothing secret), sign-in on success, referrals and duplicate emails.

use crate::common::{PASSWORD, TestApp};
use serde_json::{Value, json};

const EMAIL: &str = "newcomer@example.com";
const POLICY: &str = "Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character";

/// A valid form with `field` set to `value`.
fn form_with(field: &str, value: &str) -> Value {
    let mut body = TestApp::registration(EMAIL, PASSWORD, "123456");
    body[field] = json!(value);
    body
}

persistence::both_backends! {

    #[actix_web::test]
    async fn each_field_rule_has_its_message(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let cases = [
            ("email", "", "email", "Email is required"),
            ("email", "newcomer@", "email", "Please enter a valid email"),
            ("password", "", "password", "Password is required"),
            ("password", "Ab1!x", "password", "Password must be at least 6 characters"),
            ("password", "secret1!", "password", POLICY),
            ("password", "SECRET1!", "password", POLICY),
            ("password", "Secret!!", "password", POLICY),
            ("password", "Secret12", "password", POLICY),
            ("password", "Secret1!#", "password", POLICY),
            ("password", "Secret 1!", "password", POLICY),
            ("confirmPassword", "", "confirmPassword", "Please confirm your password"),
            ("confirmPassword", "Secret2!", "confirmPassword", "Passwords do not match"),
            ("code", "", "code", "Please enter the 6-digit verification code"),
            ("code", "12345", "code", "Please enter the 6-digit verification code"),
            ("code", "1234567", "code", "Code must be 6 characters"),
            ("code", "12a456", "code", "Code must contain 6 digits"),
        ];
        for (field, value, error_field, message) in cases {
            let reply = app.post_json("/api/register", form_with(field, value)).await;
            let case = format!("{field}={value:?}");
            assert_eq!(reply.status, 422, "{case}: {}", reply.text);
            assert_eq!(reply.body["fields"][error_field], message, "{case}: {}", reply.text);
            // Only the broken field is reported.
            let fields = reply.body["fields"].as_object().unwrap();
            assert_eq!(fields.len(), 1, "{case}: {}", reply.text);
            assert_eq!(reply.message(), message, "{case}");
        }
        assert!(app.user(EMAIL).is_none());
    }

    async fn the_confirmation_follows_the_password_rules(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let mut body = form_with("password", "short");
        body["confirmPassword"] = json!("short");

        let reply = app.post_json("/api/register", body).await;

        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"]["password"], "Password must be at least 6 characters");
        assert_eq!(
            reply.body["fields"]["confirmPassword"],
            "Password must be at least 6 characters"
        );
    }

    async fn the_message_is_the_first_failing_fields(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app.post_json("/api/register", json!({})).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(
            reply.body,
            json!({
                "message": "Email is required",
                "fields": {
                    "email": "Email is required",
                    "password": "Password is required",
                    "confirmPassword": "Please confirm your password",
                    "code": "Please enter the 6-digit verification code",
                }
            })
        );

        let mut body = form_with("confirmPassword", "Secret2!");
        body["code"] = json!("abc");
        let reply = app.post_json("/api/register", body).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.message(), "Passwords do not match");
        assert_eq!(reply.body["fields"]["code"], "Please enter the 6-digit verification code");
    }

    async fn success_creates_the_account_and_signs_it_in(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let code = app.code_for(EMAIL).await;

        let reply = app
            .post_json("/api/register", TestApp::registration(EMAIL, PASSWORD, &code))
            .await;

        assert_eq!(reply.status, 201, "{}", reply.text);
        assert_eq!(reply.message(), "Account created successfully");
        let user = &reply.body["user"];
        let row = app.user(EMAIL).expect("stored user");
        let mut keys: Vec<&str> = user.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "balance", "brand", "email", "hasPassword", "name", "photoURL", "profile", "refCode",
                "reseller", "resellerClient", "role", "subuserId",
            ],
            "{user}"
        );
        assert_eq!(user["email"], EMAIL);
        assert_eq!(user["name"], "newcomer");
        assert_eq!(user["profile"], json!({ "name": "newcomer", "avatarUrl": null }));
        assert_eq!(user["photoURL"], Value::Null);
        assert_eq!(user["role"], "user");
        assert_eq!(user["balance"].as_f64(), Some(0.0));
        assert_eq!(user["refCode"], row.ref_code.as_str());
        // Nothing secret crosses the wire (`hasPassword` says whether one is set, not what it is).
        let text = reply.text.to_lowercase().replace("\"haspassword\":true", "");
        for secret in ["password", "hash", "proxy", "google", "sub\""] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        assert!(!reply.text.contains(&row.proxy_username));
        assert!(!reply.text.contains(&row.proxy_password));
        assert!(!reply.text.contains(row.password_hash.as_deref().unwrap()));
        assert!(row.password_hash.as_deref().unwrap().starts_with("$argon2id$"));
        // The code is spent.
        let pending = app.with_conn(|conn| persistence::email_codes::find(conn, EMAIL).unwrap());
        assert!(pending.is_none());

        assert_eq!(app.current_user().await, *user);
        assert_eq!(app.session_count(EMAIL), 1);
    }

    async fn the_new_account_can_log_in(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;

        let other = app.new_client();
        let body = json!({ "email": EMAIL, "password": PASSWORD });
        let reply = app.post_json_with(&other, "/api/login", body).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
    }

    async fn a_referral_code_links_the_referrer(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let referrer = app.register("referrer@example.com", PASSWORD).await;
        let referrer_id = app.user("referrer@example.com").unwrap().id;
        let ref_code = referrer["refCode"].as_str().unwrap().to_owned();

        for (email, sent) in [
            ("first@example.com", ref_code.clone()),
            ("second@example.com", format!(" {} ", ref_code.to_lowercase())),
        ] {
            let code = app.code_for(email).await;
            let mut body = TestApp::registration(email, PASSWORD, &code);
            body["refCode"] = json!(sent);
            let reply = app.post_json("/api/register", body).await;
            assert_eq!(reply.status, 201, "{sent:?}: {}", reply.text);
            assert_eq!(app.user(email).unwrap().referred_by, Some(referrer_id), "{sent:?}");
        }
        assert_eq!(app.user("referrer@example.com").unwrap().referred_by, None);
    }

    async fn an_unknown_or_empty_referral_code_is_ignored(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        for (email, ref_code) in [
            ("first@example.com", json!("NOSUCHCODE")),
            ("second@example.com", json!("")),
            ("third@example.com", json!(null)),
        ] {
            let code = app.code_for(email).await;
            let mut body = TestApp::registration(email, PASSWORD, &code);
            body["refCode"] = ref_code.clone();
            let reply = app.post_json("/api/register", body).await;
            assert_eq!(reply.status, 201, "{ref_code}: {}", reply.text);
            assert_eq!(app.user(email).unwrap().referred_by, None, "{ref_code}");
        }
    }

    async fn registering_a_taken_email_conflicts(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        // A code is pending when the address gets taken by another sign-up (here: straight
        // through the repository, as a concurrent registration or Google sign-in would).
        let code = app.code_for(EMAIL).await;
        app.with_conn(|conn| {
            let t = persistence::now();
            persistence::users::insert(
                conn,
                &persistence::users::NewUser {
                    email: EMAIL,
                    password_hash: None,
                    google_sub: None,
                    name: "first",
                    avatar_url: None,
                    role: "user",
                    ref_code: "TAKEN001",
                    referred_by: None,
                    proxy_username: "utaken0001",
                    proxy_password: "x",
                    created_at: t,
                    updated_at: t,
                },
            )
            .unwrap()
        });

        let reply = app
            .post_json("/api/register", TestApp::registration(EMAIL, PASSWORD, &code))
            .await;

        assert_eq!(reply.status, 409, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "An account with this email already exists" }));
        assert!(app.current_user().await.is_null());
        assert_eq!(app.user(EMAIL).unwrap().name, "first");
    }

    async fn registering_twice_gets_no_second_code(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;

        // The code request answers as for a new address, but mails a notice, not a code.
        let reply = app.request_code(EMAIL).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Verification code sent to your email" }));
        let notice = std::fs::read_to_string(app.latest_mail(EMAIL)).unwrap();
        assert!(!notice.contains("verification code is"), "{notice}");
    }
}
