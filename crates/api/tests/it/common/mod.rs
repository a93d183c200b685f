//! The API spawned on a random port over a fresh database, driven over real HTTP with a cookie
//! jar. Each test gets its own database (rate-limit counters included), mail folder and
//! (optionally) a wiremock stand-in for Google's key set, so tests never share state.
#![allow(dead_code, reason = "each test binary uses a different subset")]

pub mod api_keys;
pub mod customers;
mod db;
pub mod google;
mod mail;
pub mod proxyseller;
pub mod resellers;
pub mod subuser_logins;
pub mod two_factor;
pub mod wallet;

use api::{Application, Dependencies, Settings};
use persistence::Backend;
use persistence::testing::TestDatabase;
use reqwest::cookie::{CookieStore, Jar};
use reqwest::header::{HeaderMap, SET_COOKIE};
use serde_json::{Value, json};
use std::sync::Arc;
use upstream::{FileMailer, GoogleVerifier, JwksGoogleVerifier};
use wiremock::MockServer;

pub const SESSION_SECRET: &str = "integration-test-session-secret-0123456789abcdef";
pub const COOKIE: &str = "proxyshop_session";
/// Satisfies the password policy (upper, lower, digit, special).
pub const PASSWORD: &str = "Secret1!";
pub const FRONT_END: &str = "http://localhost:5173";
/// The key the harness gives `api::Payments::Local`.
pub const CHECKOUT_KEY: &str = "test-local-checkout-key";

/// A response read in full: status, headers and the body as JSON (`Null` when it is not JSON).
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub text: String,
    pub body: Value,
}

impl Reply {
    pub async fn read(response: reqwest::Response) -> Reply {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Reply {
            status,
            headers,
            text,
            body,
        }
    }

    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The `Set-Cookie` line for the session cookie, if this response sets it.
    pub fn session_set_cookie(&self) -> Option<String> {
        self.headers
            .get_all(SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{COOKIE}=")))
            .map(str::to_owned)
    }
}

/// Which real provider clients a test app uses (the local implementations otherwise).
#[derive(Default)]
pub struct Providers {
    /// Google sign-in against a wiremock JWKS.
    pub google: bool,
    pub pieces: Option<Arc<dyn upstream::PieceSource>>,
    pub residential: Option<Arc<dyn upstream::ResidentialSource>>,
    /// No payment gateway at all (top-ups off), instead of the local checkout that
    /// `PROXYSHOP_LOCAL_CHECKOUT=true` gives.
    pub top_ups_off: bool,
    /// This payment gateway (e.g. Cryptomus against a mock) instead of the local checkout.
    pub payments: Option<Arc<dyn upstream::PaymentGateway>>,
    /// This payout sender (e.g. Cryptomus against a mock) instead of the local stand-in.
    pub payouts: Option<Arc<dyn upstream::PayoutSender>>,
}

pub struct TestApp {
    pub address: String,
    pub db: TestDatabase,
    pub mail_dir: tempfile::TempDir,
    /// A browser-like client: keeps cookies, sends no `Origin`.
    pub client: reqwest::Client,
    pub jar: Arc<Jar>,
    /// Google's JWKS endpoint, when started with Google sign-in.
    pub google: Option<MockServer>,
    /// The app's readiness flag (what a shutdown turns off).
    pub readiness: api::Readiness,
}

impl TestApp {
    /// The app on `backend` with `customise` applied to the test settings; None for PostgreSQL
    /// when `TEST_DATABASE_URL` is unset.
    pub async fn spawn(backend: Backend, customise: impl FnOnce(&mut Settings)) -> Option<TestApp> {
        Self::launch(backend, false, customise).await
    }

    /// As `spawn`, for tests that already know the backend is available.
    pub async fn start(backend: Backend, customise: impl FnOnce(&mut Settings)) -> TestApp {
        Self::launch(backend, false, customise)
            .await
            .expect("test database")
    }

    /// With Google sign-in on, verifying against a wiremock JWKS that lists test key A.
    pub async fn start_with_google(backend: Backend) -> TestApp {
        Self::launch_with(
            backend,
            Providers {
                google: true,
                ..Providers::default()
            },
            |_| {},
        )
        .await
        .expect("test database")
    }

    /// With these real provider clients instead of the local implementations.
    pub async fn start_with(backend: Backend, providers: Providers) -> TestApp {
        Self::start_with_settings(backend, providers, |s| s.limits.payments_per_user = 100).await
    }

    /// With these providers and `customise` applied to the test settings.
    pub async fn start_with_settings(
        backend: Backend,
        providers: Providers,
        customise: impl FnOnce(&mut Settings),
    ) -> TestApp {
        Self::launch_with(backend, providers, customise)
            .await
            .expect("test database")
    }

    async fn launch(
        backend: Backend,
        with_google: bool,
        customise: impl FnOnce(&mut Settings),
    ) -> Option<TestApp> {
        let providers = Providers {
            google: with_google,
            ..Providers::default()
        };
        Self::launch_with(backend, providers, customise).await
    }

    async fn launch_with(
        backend: Backend,
        providers: Providers,
        customise: impl FnOnce(&mut Settings),
    ) -> Option<TestApp> {
        let with_google = providers.google;
        let db = TestDatabase::new(backend)?;
        app::accounts::cheap_hashes_for_tests();
        let mail_dir = tempfile::tempdir().unwrap();
        let mut settings = Settings::for_tests(SESSION_SECRET);
        let (google_server, verifier) = if with_google {
            let server = google::jwks_server().await;
            let verifier: Arc<dyn GoogleVerifier> = Arc::new(JwksGoogleVerifier::with_client(
                google::CLIENT_ID.to_owned(),
                format!("{}{}", server.uri(), google::JWKS_PATH),
                reqwest::Client::builder()
                    .timeout(std::time::Duration::from_secs(5))
                    .build()
                    .unwrap(),
            ));
            settings.google_client_id = Some(google::CLIENT_ID.to_owned());
            (Some(server), Some(verifier))
        } else {
            (None, None)
        };
        customise(&mut settings);
        // Like `proxyshop serve`: a fresh shop starts with the default catalogue.
        app::catalog::seed_defaults(&mut db.pool.get().unwrap()).unwrap();
        let deps = Dependencies {
            pool: db.pool.clone(),
            mailer: Arc::new(FileMailer::new(
                mail_dir.path().to_path_buf(),
                "ProxyShop <no-reply@proxyshop.test>".to_owned(),
            )),
            google: verifier,
            payments: if let Some(gateway) = providers.payments {
                api::Payments::Gateway(gateway)
            } else if providers.top_ups_off {
                api::Payments::Off
            } else {
                api::Payments::Local(secrecy::SecretString::from(CHECKOUT_KEY.to_owned()))
            },
            pieces: providers.pieces,
            residential: providers.residential,
            payouts: providers.payouts,
            rates: None,
        };
        let app = Application::build(settings, deps).unwrap();
        let address = format!("http://{}", app.addr());
        let readiness = app.readiness();
        actix_web::rt::spawn(app.run_until_stopped());
        let jar = Arc::new(Jar::default());
        // A connection per request: a pooled one may be closed by the server's keep-alive timer
        // (5 s) just as a test busy elsewhere sends on it, and the request fails with
        // IncompleteMessage (seen on two loaded cores).
        let client = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .pool_max_idle_per_host(0)
            .build()
            .unwrap();
        Some(TestApp {
            address,
            db,
            mail_dir,
            client,
            jar,
            google: google_server,
            readiness,
        })
    }

    /// Another instance of the API serving this app's database with its own pool (as a second
    /// `serve` behind a balancer), with `customise` applied to the test settings; returns its
    /// address. It runs until the test ends.
    pub fn second_instance(&self, customise: impl FnOnce(&mut Settings)) -> String {
        let mut settings = Settings::for_tests(SESSION_SECRET);
        customise(&mut settings);
        let pool = persistence::connect(
            &self.db.url,
            &persistence::PoolOptions {
                max_size: 4,
                ..persistence::testing::small_pool()
            },
        )
        .unwrap();
        let deps = Dependencies {
            pool,
            mailer: Arc::new(FileMailer::new(
                self.mail_dir.path().to_path_buf(),
                "ProxyShop <no-reply@proxyshop.test>".to_owned(),
            )),
            google: None,
            payments: api::Payments::Local(secrecy::SecretString::from(CHECKOUT_KEY.to_owned())),
            pieces: None,
            residential: None,
            payouts: None,
            rates: None,
        };
        let app = Application::build(settings, deps).unwrap();
        let address = format!("http://{}", app.addr());
        actix_web::rt::spawn(app.run_until_stopped());
        address
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Another browser: its own, empty cookie jar.
    pub fn new_client(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .cookie_store(true)
            .pool_max_idle_per_host(0)
            .build()
            .unwrap()
    }

    pub async fn post_json(&self, path: &str, body: Value) -> Reply {
        self.post_json_with(&self.client, path, body).await
    }

    pub async fn post_json_with(&self, client: &reqwest::Client, path: &str, body: Value) -> Reply {
        Reply::read(
            client
                .post(self.url(path))
                .json(&body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    pub async fn get(&self, path: &str) -> Reply {
        self.get_with(&self.client, path).await
    }

    pub async fn get_with(&self, client: &reqwest::Client, path: &str) -> Reply {
        Reply::read(client.get(self.url(path)).send().await.unwrap()).await
    }

    pub async fn send(&self, request: reqwest::RequestBuilder) -> Reply {
        Reply::read(request.send().await.unwrap()).await
    }

    /// `GET path` from a cookie-less client presenting `proxyshop_session=<value>` by hand, as
    /// an attacker replaying a captured cookie would.
    pub async fn get_with_cookie(&self, path: &str, value: &str) -> Reply {
        let request = reqwest::Client::new()
            .get(self.url(path))
            .header("cookie", format!("{COOKIE}={value}"));
        self.send(request).await
    }

    /// The session cookie's value in the main client's jar.
    pub fn session_cookie(&self) -> Option<String> {
        let url = reqwest::Url::parse(&self.address).unwrap();
        let header = self.jar.cookies(&url)?;
        header
            .to_str()
            .unwrap()
            .split("; ")
            .find_map(|pair| pair.strip_prefix(&format!("{COOKIE}=")))
            .map(str::to_owned)
    }

    /// The user `getuserinfo` reports for the main client (`Null` for a guest).
    pub async fn current_user(&self) -> Value {
        let reply = self.get("/api/getuserinfo").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        reply.body["user"].clone()
    }

    pub async fn login(&self, email: &str, password: &str) -> Reply {
        self.post_json(
            "/api/login",
            json!({ "email": email, "password": password }),
        )
        .await
    }

    pub async fn request_code(&self, email: &str) -> Reply {
        self.post_json("/api/register_verification", json!({ "email": email }))
            .await
    }

    /// Requests a code for `email`, expects it sent, and returns it from the mail folder.
    pub async fn code_for(&self, email: &str) -> String {
        let reply = self.request_code(email).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        self.latest_code(email)
    }

    pub fn registration(email: &str, password: &str, code: &str) -> Value {
        json!({
            "email": email,
            "password": password,
            "confirmPassword": password,
            "code": code,
        })
    }

    /// The whole sign-up: code request, the code from the mail, registration. Leaves the main
    /// client signed in and returns the created user as the API showed it.
    pub async fn register(&self, email: &str, password: &str) -> Value {
        self.register_with(&self.client, email, password).await
    }

    /// As `register`, signing in `client` instead of the main client.
    pub async fn register_with(
        &self,
        client: &reqwest::Client,
        email: &str,
        password: &str,
    ) -> Value {
        let code = self.code_for(email).await;
        let body = Self::registration(email, password, &code);
        let reply = self.post_json_with(client, "/api/register", body).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        reply.body["user"].clone()
    }
}

/// An OpenAPI path with every `{parameter}` filled with 1, for calling each documented route.
pub fn filled(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut inside = false;
    for c in path.chars() {
        match c {
            '{' => {
                inside = true;
                out.push('1');
            }
            '}' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

/// A code that is certainly not `code`.
pub fn other_code(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000)
}
