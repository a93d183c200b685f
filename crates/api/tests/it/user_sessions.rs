//! The session list and ending sessions: each session with where and when it was used and a
//! readable device, the caller's own marked; ending one of one's own, never another account's
//! (404), and all but the current one. Also how the client is recorded: the trusted-proxy rule
//! for the address, the user agent cut to 255 bytes, last seen written at most once a minute.
//! And a session kept busy still ends 30 days after its sign-in.

use crate::common::{PASSWORD, TestApp};
use diesel::prelude::*;
use persistence::schema::sessions;
use serde_json::{Value, json};

const EMAIL: &str = "owner@example.com";
const CHROME_WINDOWS: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const FIREFOX_LINUX: &str =
    "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";
const SAFARI_IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

fn browser(agent: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .pool_max_idle_per_host(0)
        .user_agent(agent)
        .build()
        .unwrap()
}

async fn signed_in(app: &TestApp, agent: &str) -> reqwest::Client {
    let client = browser(agent);
    let reply = app
        .post_json_with(
            &client,
            "/api/login",
            json!({ "email": EMAIL, "password": PASSWORD }),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    client
}

async fn list(app: &TestApp, client: &reqwest::Client) -> Vec<Value> {
    let reply = app.get_with(client, "/api/user/sessions").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body["items"].as_array().unwrap().clone()
}

fn item<'a>(items: &'a [Value], device: &str) -> &'a Value {
    items
        .iter()
        .find(|i| i["device"] == json!(device))
        .unwrap_or_else(|| panic!("{device}: {items:?}"))
}

async fn is_signed_in(app: &TestApp, client: &reqwest::Client) -> bool {
    !app.get_with(client, "/api/getuserinfo").await.body["user"].is_null()
}

fn row_ids(app: &TestApp) -> Vec<String> {
    app.with_conn(|conn| sessions::table.select(sessions::id).load(conn).unwrap())
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_list_shows_each_session_and_marks_the_current_one(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let chrome = browser(CHROME_WINDOWS);
        app.register_with(&chrome, EMAIL, PASSWORD).await;
        let firefox = signed_in(&app, FIREFOX_LINUX).await;
        let stranger = app.customer("stranger@example.com").await;

        let before = persistence::now();
        let items = list(&app, &chrome).await;
        assert_eq!(items.len(), 2, "{items:?}");
        let mine = item(&items, "Chrome on Windows");
        let other = item(&items, "Firefox on Linux");
        assert_eq!(mine["current"], json!(true));
        assert_eq!(other["current"], json!(false));
        assert_eq!(mine["ip"], json!("127.0.0.1"));
        let seen = mine["lastSeenAt"].as_i64().unwrap();
        assert!((before - 5..=before + 5).contains(&seen), "{mine}");
        assert!(mine["createdAt"].as_i64().unwrap() <= seen);
        // The id is neither the cookie's key nor the stored row id.
        let ids = row_ids(&app);
        for i in &items {
            let id = i["id"].as_str().unwrap();
            assert_eq!(id.len(), 32);
            assert!(!ids.iter().any(|row| row == id));
        }
        let from_firefox = list(&app, &firefox).await;
        assert_eq!(item(&from_firefox, "Firefox on Linux")["current"], json!(true));
        assert_eq!(list(&app, &stranger).await.len(), 1, "only one's own sessions");
        let iphone = signed_in(&app, SAFARI_IPHONE).await;
        assert_eq!(item(&list(&app, &iphone).await, "Safari on iPhone")["current"], json!(true));
    }

    async fn ending_one_of_ones_own_sessions(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let chrome = browser(CHROME_WINDOWS);
        app.register_with(&chrome, EMAIL, PASSWORD).await;
        let firefox = signed_in(&app, FIREFOX_LINUX).await;
        let items = list(&app, &chrome).await;
        let id = item(&items, "Firefox on Linux")["id"].as_str().unwrap().to_owned();

        let reply = app.send(chrome.delete(app.url(&format!("/api/user/sessions/{id}")))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Session ended" }));
        assert!(!is_signed_in(&app, &firefox).await);
        assert!(is_signed_in(&app, &chrome).await);
        // Gone: a second time is 404.
        let reply = app.send(chrome.delete(app.url(&format!("/api/user/sessions/{id}")))).await;
        assert_eq!(reply.status, 404);
        assert_eq!(reply.body, json!({ "message": "Not found" }));

        // Ending the current one signs out here.
        let own = list(&app, &chrome).await[0]["id"].as_str().unwrap().to_owned();
        let reply = app.send(chrome.delete(app.url(&format!("/api/user/sessions/{own}")))).await;
        assert_eq!(reply.status, 200);
        assert!(!is_signed_in(&app, &chrome).await);
        assert_eq!(app.session_count(EMAIL), 0);
    }

    async fn another_accounts_session_is_not_found(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let mine = browser(CHROME_WINDOWS);
        app.register_with(&mine, EMAIL, PASSWORD).await;
        let victim = app.customer("victim@example.com").await;
        let theirs = list(&app, &victim).await[0]["id"].as_str().unwrap().to_owned();

        for id in [theirs.as_str(), "0123456789abcdef0123456789abcdef", "1"] {
            let reply = app.send(mine.delete(app.url(&format!("/api/user/sessions/{id}")))).await;
            assert_eq!(reply.status, 404, "{id}");
            assert_eq!(reply.body, json!({ "message": "Not found" }));
        }
        assert!(is_signed_in(&app, &victim).await);
        assert_eq!(app.session_count("victim@example.com"), 1);
    }

    async fn ending_all_other_sessions(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let chrome = browser(CHROME_WINDOWS);
        app.register_with(&chrome, EMAIL, PASSWORD).await;
        let firefox = signed_in(&app, FIREFOX_LINUX).await;
        let iphone = signed_in(&app, SAFARI_IPHONE).await;
        let stranger = app.customer("stranger@example.com").await;
        assert_eq!(app.session_count(EMAIL), 3);

        let reply = app.send(chrome.delete(app.url("/api/user/sessions"))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Other sessions ended" }));
        assert!(is_signed_in(&app, &chrome).await);
        assert!(!is_signed_in(&app, &firefox).await);
        assert!(!is_signed_in(&app, &iphone).await);
        assert!(is_signed_in(&app, &stranger).await, "another account is untouched");
        let items = list(&app, &chrome).await;
        assert_eq!(items.len(), 1);
        assert_eq!(items[0]["current"], json!(true));
    }

    async fn the_client_is_recorded_with_the_forwarded_rule_and_a_capped_agent(backend) {
        let app = TestApp::start(backend, |s| {
            s.trusted_proxies = domain::network::TrustedProxies::parse("127.0.0.1").unwrap();
        })
        .await;
        let long = format!("{CHROME_WINDOWS} {}", "x".repeat(400));
        let client = browser(&long);
        let code = app.code_for(EMAIL).await;
        let reply = app
            .send(
                client
                    .post(app.url("/api/register"))
                    .header("x-forwarded-for", "198.51.100.7, 203.0.113.9")
                    .json(&TestApp::registration(EMAIL, PASSWORD, &code)),
            )
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let items = list(&app, &client).await;
        assert_eq!(items[0]["ip"], json!("203.0.113.9"), "the hop the trusted proxy appended");
        assert_eq!(items[0]["device"], json!("Chrome on Windows"));
        let agents: Vec<Option<String>> = app.with_conn(|conn| {
            sessions::table.select(sessions::user_agent).load(conn).unwrap()
        });
        let agent = agents.into_iter().flatten().next().unwrap();
        assert_eq!(agent.len(), 255);
        assert!(long.starts_with(&agent));
    }

    async fn last_seen_is_written_at_most_once_a_minute(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let client = browser(FIREFOX_LINUX);
        app.register_with(&client, EMAIL, PASSWORD).await;
        let row = || -> (String, Option<i64>) {
            app.with_conn(|conn| {
                sessions::table
                    .filter(sessions::user_id.is_not_null())
                    .select((sessions::data, sessions::last_seen_at))
                    .first(conn)
                    .unwrap()
            })
        };
        let first = row();
        assert!(first.1.is_some());
        assert!(!first.0.contains("client"), "the client is kept in its columns only: {}", first.0);
        for _ in 0..3 {
            assert!(is_signed_in(&app, &client).await);
        }
        assert_eq!(row(), first, "no write for requests within the minute");

        // As if two minutes had passed since it was recorded.
        let old = persistence::now() - 120;
        app.with_conn(|conn| {
            diesel::update(sessions::table.filter(sessions::user_id.is_not_null()))
                .set(sessions::last_seen_at.eq(old))
                .execute(conn)
                .unwrap();
        });
        assert!(is_signed_in(&app, &client).await);
        let seen = row().1.unwrap();
        assert!(seen >= persistence::now() - 5, "refreshed: {seen}");
    }

    async fn a_busy_session_ends_thirty_days_after_its_sign_in(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(EMAIL, PASSWORD).await;
        let client = signed_in(&app, FIREFOX_LINUX).await;
        const MAX_AGE: i64 = 30 * 24 * 3600;
        // As if it was signed in `age` seconds ago and its client last recorded two minutes ago:
        // the next request records the client, and so writes the row.
        let aged = |age: i64| {
            let now = persistence::now();
            app.with_conn(|conn| {
                diesel::update(sessions::table.filter(sessions::user_agent.eq(FIREFOX_LINUX)))
                    .set((sessions::created_at.eq(now - age), sessions::last_seen_at.eq(now - 120)))
                    .execute(conn)
                    .unwrap();
            });
        };
        let lifetime = || -> (i64, i64) {
            app.with_conn(|conn| {
                sessions::table
                    .filter(sessions::user_agent.eq(FIREFOX_LINUX))
                    .select((sessions::created_at, sessions::expires_at))
                    .first(conn)
                    .unwrap()
            })
        };

        // A day before the limit: the write moves the expiry to the limit, not 14 days on.
        aged(MAX_AGE - 24 * 3600);
        assert!(is_signed_in(&app, &client).await);
        let (created, expires) = lifetime();
        assert_eq!(expires, created + MAX_AGE);
        assert!(is_signed_in(&app, &client).await, "still within its 30 days");

        // Past the limit: the request that writes it is its last.
        aged(MAX_AGE + 1);
        assert!(is_signed_in(&app, &client).await);
        assert!(!is_signed_in(&app, &client).await, "ended 30 days after its sign-in");
        // Signing in again starts a new session with its own 30 days.
        let again = signed_in(&app, FIREFOX_LINUX).await;
        assert!(is_signed_in(&app, &again).await);
    }
}
