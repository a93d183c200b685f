//! JSON logs (as `PROXYSHOP_LOG_FORMAT=json` writes them): a line logged while serving a
//! request names that request's id, the same one the answer's `X-Request-Id` carries, and the
//! route pattern; never the cookie or the raw query.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "it/common/mod.rs"]
mod common;

use common::TestApp;
use common::proxyseller::{buyer, ipv4_order, provider, refused_order};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex, OnceLock};

/// Every log line of this test binary, as JSON (the server runs on other threads, so the
/// subscriber is global, set once) configured like the server's.
fn captured() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let logs = Arc::new(Mutex::new(Vec::new()));
        let sink = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_writer(move || Writer(sink.clone()))
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .finish();
        tracing::subscriber::set_global_default(subscriber).unwrap();
        logs
    })
    .clone()
}

/// The captured lines, parsed.
fn lines(logs: &Mutex<Vec<u8>>) -> (String, Vec<Value>) {
    let text = String::from_utf8(logs.lock().unwrap().clone()).unwrap();
    let lines = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (text, lines)
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
    async fn log_lines_of_a_request_name_its_id(backend) {
        let logs = captured();
        let app = TestApp::start(backend, |s| s.limits.login_per_account_network = 1).await;
        let login = json!({ "email": "logged@example.com", "password": "Wrong1!x" });
        assert_eq!(app.post_json("/api/login", login.clone()).await.status, 401);
        let refused = app
            .send(
                app.client
                    .post(app.url("/api/login?probe=secret-query"))
                    .header("X-Request-Id", "req-from-lb-1")
                    .header("Cookie", "proxyshop_session=cookie-value-never-logged")
                    .json(&login),
            )
            .await;
        assert_eq!(refused.status, 429);
        assert_eq!(refused.header("x-request-id"), Some("req-from-lb-1"));

        let (text, lines) = lines(&logs);
        let ours: Vec<&Value> = lines
            .iter()
            .filter(|line| line["span"]["request_id"] == "req-from-lb-1")
            .collect();
        // Logged by database work on the blocking pool (`blocking::with_conn`), in the span.
        let refusal = "sign-in attempts on one account from one network refused";
        assert!(
            ours.iter().any(|line| line["message"] == refusal),
            "the refusal's line does not name the request id:\n{text}"
        );
        for line in &ours {
            assert_eq!(line["span"]["route"], "/api/login", "{line}");
            assert_eq!(line["span"]["method"], "POST", "{line}");
        }
        assert!(!text.contains("cookie-value-never-logged"), "{text}");
        assert!(!text.contains("secret-query"), "{text}");
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_server_error_ends_with_one_error_line_naming_the_request(backend) {
        let logs = captured();
        let (server, source) = provider().await;
        refused_order().mount(&server).await;
        let app = buyer(backend, source).await;
        let reply = ipv4_order(&app).await;
        assert_eq!(reply.status, 502);
        let id = reply.header("x-request-id").unwrap().to_owned();

        let (text, lines) = lines(&logs);
        let ended: Vec<&Value> = lines
            .iter()
            .filter(|line| line["span"]["request_id"] == id.as_str())
            .filter(|line| line["message"] == "answered 502 Bad Gateway")
            .collect();
        assert_eq!(ended.len(), 1, "{text}");
        assert_eq!(ended[0]["level"], "ERROR");
        assert_eq!(ended[0]["span"]["route"], "/api/user/get_proxy");
        assert_eq!(ended[0]["span"]["status"], 502, "{text}");
    }
}

persistence::both_backends! {

    #[actix_web::test]
    // Anyone can send a made-up session cookie at full speed: it must cost no log line (a
    // well-formed key is looked up and found to be no session; anything else is not looked up).
    async fn a_made_up_session_cookie_writes_no_log_line(backend) {
        let logs = captured();
        let app = TestApp::start(backend, |_| {}).await;
        let made_up = ["Q".repeat(64), "not-a-session-key".to_owned()];
        for (n, cookie) in made_up.iter().enumerate() {
            let reply = app
                .send(
                    app.client
                        .get(app.url("/api/getuserinfo"))
                        .header("X-Request-Id", format!("made-up-{backend:?}-{n}"))
                        .header("Cookie", format!("proxyshop_session={cookie}")),
                )
                .await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            assert_eq!(reply.body, json!({ "user": null }));
            assert!(reply.session_set_cookie().is_none(), "{cookie}");
        }

        let (text, lines) = lines(&logs);
        let logged: Vec<&Value> = lines
            .iter()
            .filter(|line| {
                line["span"]["request_id"]
                    .as_str()
                    .is_some_and(|id| id.starts_with(&format!("made-up-{backend:?}-")))
            })
            .filter(|line| !matches!(line["level"].as_str(), Some("DEBUG" | "TRACE")))
            .collect();
        assert!(logged.is_empty(), "{logged:?}");
        for cookie in &made_up {
            assert!(!text.contains(cookie.as_str()), "{text}");
        }
    }
}
