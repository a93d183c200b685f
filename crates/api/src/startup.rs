//! Building and running the HTTP application: bind (port 0 in tests), wire middleware, routes
//! and the built front end, and run the background jobs (`app::jobs`) beside it.

use crate::error::{json_error_handler, path_error_handler, query_error_handler};
use crate::origin_guard::{self, AllowedOrigins};
use crate::readiness::Readiness;
use crate::request_id;
use crate::routes::{self, KnownRoutes, OpenApiJson};
use crate::security_headers::{self, SecurityHeaders};
use crate::session::{DbSessionStore, Sessions};
use crate::settings::Settings;
use crate::spa::FrontEnd;
use crate::state::AppState;
use crate::{api_doc, http_metrics, user_sessions, wallet};
use actix_cors::Cors;
use actix_web::dev::Server;
use actix_web::{App, HttpServer, middleware, web};
use persistence::DbPool;
use secrecy::ExposeSecret;
use sha2::{Digest, Sha256};
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Duration;
use upstream::{
    ExchangeRates, GoogleVerifier, LocalCheckout, LocalPayouts, LocalResidential, Mailer,
    PaymentGateway, PayoutSender, PieceSource, ReqwestProxyChecker, ReqwestWebhookSender,
    ResidentialSource,
};
use url::Url;
use utoipa_actix_web::AppExt;

/// The outside services the API talks to, chosen by the composition root.
pub struct Dependencies {
    pub pool: DbPool,
    pub mailer: Arc<dyn Mailer>,
    pub google: Option<Arc<dyn GoogleVerifier>>,
    pub payments: Payments,
    /// The provider of proxies sold by the piece; `None`: the local stock on our gateway.
    pub pieces: Option<Arc<dyn PieceSource>>,
    /// The residential provider; `None`: our gateway (the local source).
    pub residential: Option<Arc<dyn ResidentialSource>>,
    /// Sends approved referral payouts (Cryptomus); `None`: the local stand-in under the local
    /// checkout, otherwise payouts are off.
    pub payouts: Option<Arc<dyn PayoutSender>>,
    /// The display currencies' exchange rates (Cryptomus); `None`: the site shows USD only.
    pub rates: Option<Arc<dyn ExchangeRates>>,
}

/// Which payment gateway takes top-ups.
pub enum Payments {
    /// A real gateway (Cryptomus).
    Gateway(Arc<dyn PaymentGateway>),
    /// The local checkout, signing with this key; built here because its pages live under the
    /// public URL, known only once the listener is bound. Its Pay button credits without any
    /// money: only for local runs and tests (`PROXYSHOP_LOCAL_CHECKOUT=true`).
    Local(secrecy::SecretString),
    /// No gateway: top-ups are off.
    Off,
}

pub struct Application {
    addr: SocketAddr,
    public_url: String,
    server: Server,
    /// What the handlers reach; the background jobs run with its `services`.
    state: web::Data<AppState>,
    /// Stops the background jobs (`jobs_stopper`).
    jobs: app::jobs::Stopper,
    /// How long the jobs may take to finish their runs once the server has stopped.
    jobs_grace: Duration,
}

/// How long the background jobs may take to finish their runs after the server stopped (as long
/// as requests in flight get), unless the composition root says otherwise
/// (`Application::with_jobs_grace`).
const DEFAULT_JOBS_GRACE: Duration = Duration::from_secs(30);

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("PROXYSHOP_SESSION_SECRET must be at least 32 bytes")]
    ShortSecret,
    #[error("the public URL {url} is not a URL: {source}")]
    PublicUrl {
        url: String,
        source: url::ParseError,
    },
    #[error("cannot build the webhook client: {0}")]
    WebhookClient(String),
    #[error("cannot bind {addr}: {source}")]
    Bind {
        addr: String,
        source: std::io::Error,
    },
}

impl Application {
    pub fn build(settings: Settings, deps: Dependencies) -> Result<Self, StartError> {
        let secret = settings.session_secret.expose_secret().as_bytes().to_vec();
        if secret.len() < 32 {
            return Err(StartError::ShortSecret);
        }
        let code_key: [u8; 32] = Sha256::new()
            .chain_update(b"proxyshop email code key\0")
            .chain_update(&secret)
            .finalize()
            .into();

        let bind_addr = settings.addr.clone();
        let bind_err = move |source| StartError::Bind {
            addr: bind_addr.clone(),
            source,
        };
        let listener = TcpListener::bind(&settings.addr).map_err(&bind_err)?;
        let addr = listener.local_addr().map_err(&bind_err)?;
        let public_url = settings
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{addr}"))
            .trim_end_matches('/')
            .to_owned();
        let parsed_url = Url::parse(&public_url).map_err(|source| StartError::PublicUrl {
            url: public_url.clone(),
            source,
        })?;
        let cookie_secure = parsed_url.scheme() == "https";
        let allowed = web::Data::new(AllowedOrigins::new(
            settings
                .cors_origins
                .iter()
                .map(String::as_str)
                .chain([public_url.as_str()]),
        ));
        let cors_origins = settings.cors_origins.clone();
        let front_end = settings.static_dir.as_deref().and_then(FrontEnd::load);
        let headers = web::Data::new(SecurityHeaders::new(
            &parsed_url,
            front_end.as_ref().map(FrontEnd::index_html),
            deps.google.is_some() && settings.google_client_id.is_some(),
        ));
        let ttl = settings.session_ttl;
        app::cpu_pool::keep_normal_priority(settings.password_hashing_normal_priority);
        let residential: Arc<dyn ResidentialSource> = deps.residential.unwrap_or_else(|| {
            Arc::new(LocalResidential {
                host: settings.gateway.host.clone(),
                http_port: settings.gateway.http_port,
                socks_port: settings.gateway.socks_port,
            })
        });
        let checker = Arc::new(ReqwestProxyChecker::new(
            settings.check.url.clone(),
            settings.check.timeout,
        ));
        let webhooks = Arc::new(
            ReqwestWebhookSender::new(settings.webhook_allow_private)
                .map_err(|e| StartError::WebhookClient(e.to_string()))?,
        );
        // Under the local checkout, payouts are paid by the local stand-in too (no money moves).
        let payouts: Option<Arc<dyn PayoutSender>> = match (&deps.payouts, &deps.payments) {
            (Some(sender), _) => Some(sender.clone()),
            (None, Payments::Local(_)) => Some(Arc::new(LocalPayouts)),
            (None, _) => None,
        };
        let services = Arc::new(app::state::Services {
            pool: deps.pool,
            settings: app::settings::JobSettings {
                reconcile_every: settings.reconcile_every,
                referral: settings.referral_terms(),
                usage_records_days: settings.usage_records_days,
                usage_hourly_days: settings.usage_hourly_days,
                renewals: settings.renewals,
                auto_topup_window: settings.auto_topup_window,
                webhook_key: settings.session_secret.clone(),
                pool_probe: app::upstream_pools::ProbeSettings {
                    url: settings.check.url.clone(),
                    timeout: settings.check.timeout,
                },
                status: app::status::StatusSettings {
                    gateway_host: settings.gateway.host.clone(),
                    gateway_port: settings.gateway.http_port,
                    timeout: settings.check.timeout,
                },
                sla: settings.sla,
                display_currencies: settings.display_currencies.clone(),
            },
            mailer: deps.mailer,
            payments: match deps.payments {
                Payments::Gateway(gateway) => Some(gateway),
                Payments::Local(key) => Some(Arc::new(LocalCheckout::new(key, public_url.clone()))),
                Payments::Off => None,
            },
            payouts,
            pieces: deps.pieces,
            residential,
            webhooks,
            rates: deps.rates,
        });
        let state = web::Data::new(AppState {
            services,
            settings,
            google: deps.google,
            checker,
            public_url: public_url.clone(),
            code_key,
            readiness: Readiness::default(),
            status: crate::status_cache::StatusCache::default(),
        });

        let openapi_json = web::Data::new(OpenApiJson(api_doc::document()));
        let known_routes = web::Data::new(KnownRoutes::from_document(&openapi_json.0));
        let jobs_state = state.clone();
        let blocking_threads = (state.services.pool.max_size() as usize)
            .div_ceil(std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(2);
        let server = HttpServer::new(move || {
            let sessions = Sessions::new(
                DbSessionStore::new(state.services.pool.clone()),
                ttl,
                cookie_secure,
            );
            let app = App::new()
                // Inside the session and bearer middlewares: a caller limited to a sub-user
                // reaches only the operations of its allowlist.
                .wrap(middleware::from_fn(crate::subuser_access::guard))
                // Inside the session middleware: it records the signed-in session's client.
                .wrap(middleware::from_fn(user_sessions::record::record))
                .wrap(middleware::from_fn(origin_guard::guard))
                .wrap(sessions)
                // Outside the session middleware, so that it can drop any cookie from the answer
                // to a request made with an API key.
                .wrap(middleware::from_fn(crate::api_keys::bearer::authenticate))
                .wrap(cors(&cors_origins))
                .wrap(middleware::from_fn(crate::compress::compress))
                .wrap(middleware::from_fn(security_headers::add))
                .wrap(middleware::from_fn(http_metrics::record))
                // Outermost: every answer, errors included, carries the request id, and
                // everything inside runs in the request's span.
                .wrap(middleware::from_fn(request_id::assign))
                .app_data(state.clone())
                .app_data(headers.clone())
                .app_data(allowed.clone())
                .app_data(openapi_json.clone())
                .app_data(
                    web::JsonConfig::default()
                        .limit(64 * 1024)
                        .error_handler(json_error_handler),
                )
                .app_data(web::QueryConfig::default().error_handler(query_error_handler))
                .app_data(web::PathConfig::default().error_handler(path_error_handler))
                .app_data(known_routes.clone());
            // The document served is built once above, from this same registration.
            let (app, _) = routes::register(app.into_utoipa_app()).split_for_parts();
            app.configure(wallet::configure_checkout)
                .configure(|cfg| match &front_end {
                    Some(front_end) => front_end.configure(cfg),
                    None => {
                        cfg.default_service(web::to(routes::not_found));
                    }
                })
        })
        // As many blocking threads per worker as the pool has connections to share among the
        // workers: database work is what runs there, and more threads than connections would
        // only queue on the pool and wake each other.
        .worker_max_blocking_threads(blocking_threads)
        .listen(listener)
        .map_err(&bind_err)?
        // Whoever runs the application decides when it stops (`stop_handle`): the `proxyshop`
        // binary turns readiness unready first and stops after a grace (docs/operations.md).
        .disable_signals()
        .run();
        Ok(Application {
            addr,
            public_url,
            server,
            state: jobs_state,
            jobs: app::jobs::Stopper::new(),
            jobs_grace: DEFAULT_JOBS_GRACE,
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// The flag that turns `/readyz` unready; shared with whoever begins shutdown.
    pub fn readiness(&self) -> Readiness {
        self.state.readiness.clone()
    }

    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    /// Stops the server: `graceful` lets requests in flight finish (up to 30 s) after the
    /// listener closes; otherwise connections close at once.
    pub fn stop_handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Stops the background jobs: each finishes the run in progress, then returns. The
    /// `proxyshop` binary stops them when shutdown begins; `run_until_stopped` does it anyway
    /// once the server has stopped.
    pub fn jobs_stopper(&self) -> app::jobs::Stopper {
        self.jobs.clone()
    }

    /// How long `run_until_stopped` waits for the jobs' runs in progress once the server has
    /// stopped (30 s unless set).
    pub fn with_jobs_grace(mut self, grace: Duration) -> Self {
        self.jobs_grace = grace;
        self
    }

    /// Serves until the server is stopped through `stop_handle`, running the background jobs
    /// meanwhile (each a task of its own); then stops the jobs and waits for their runs in
    /// progress (at most the jobs' grace).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let jobs = app::jobs::spawn(self.state.services.clone(), self.jobs);
        let result = self.server.await;
        jobs.stop(self.jobs_grace).await;
        result
    }
}

fn cors(origins: &[String]) -> Cors {
    origins
        .iter()
        .fold(Cors::default(), |cors, origin| cors.allowed_origin(origin))
        .supports_credentials()
        .allowed_methods(["GET", "POST", "PUT", "PATCH", "DELETE"])
        .allowed_headers(["content-type", "accept"])
        .max_age(3600)
}
