//! What the server logs never holds a customer's full email address: rate-limit warnings mask
//! it (`m***@example.com`), and so does the line for each mail sent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "it/common/mod.rs"]
mod common;

use common::TestApp;
use serde_json::json;
use std::sync::{Arc, Mutex, OnceLock};

const EMAIL: &str = "marianne.private@example.com";

/// Every log line of this test binary (the server runs on other threads, so the subscriber is
/// global, set once).
fn captured() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let logs = Arc::new(Mutex::new(Vec::new()));
        let sink = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_ansi(false)
            .with_writer(move || Writer(sink.clone()))
            .finish();
        tracing::subscriber::set_global_default(subscriber).unwrap();
        logs
    })
    .clone()
}

struct Writer(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Writer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn rate_limit_warnings_and_mail_lines_mask_the_address(backend) {
        let logs = captured();
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

        let text = String::from_utf8(logs.lock().unwrap().clone()).unwrap();
        assert!(text.contains("rate limit reached"), "{text}");
        assert!(text.contains("code:email:m***@example.com"), "{text}");
        assert!(text.contains("mail written to file"), "{text}");
        assert!(!text.contains("marianne"), "a full address in the log:\n{text}");
    }
}
