//! What the server logs never holds a customer's full email address: rate-limit warnings mask
//! it (`m***@example.com`), and so does the line for each mail sent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "it/common/mod.rs"]
mod common;
use upstream::log_capture;

use common::TestApp;
use serde_json::json;

const EMAIL: &str = "marianne.private@example.com";

persistence::both_backends! {

    #[actix_web::test]
    async fn rate_limit_warnings_and_mail_lines_mask_the_address(backend) {
        let logs = log_capture::captured();
        let app = TestApp::start(backend, |s| {
            s.limits.login_per_account_network = 1;
            s.limits.code_per_email = 1;
        })
        .await;

        assert_eq!(app.request_code(EMAIL).await.status, 200);
        assert_eq!(app.request_code(EMAIL).await.status, 429);
        let login = json!({ "email": EMAIL, "password": "Wrong1!x" });
        assert_eq!(app.post_json("/api/login", login.clone()).await.status, 401);
        assert_eq!(app.post_json("/api/login", login).await.status, 429);

        let text = log_capture::text(&logs);
        assert!(text.contains("rate limit reached"), "{text}");
        assert!(text.contains("code:email:m***@example.com"), "{text}");
        assert!(text.contains("mail written to file"), "{text}");
        assert!(!text.contains("marianne"), "a full address in the log:\n{text}");
    }
}
