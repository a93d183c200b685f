//! Start-up work: data folder, session secret, database, the first admin, the outside services.

use crate::config::Config;
use crate::data_dir::{self, write_private};
use crate::first_admin;
use anyhow::Context;
use api::auth::service::{NewAccount, create_user, hash_password};
use api::{Application, Dependencies, GatewayEndpoints, Payments, RateLimits, Settings};
use persistence::{DbPool, PoolOptions, users};
use secrecy::{ExposeSecret, SecretString};
use std::sync::Arc;
use std::time::Duration;
use upstream::{
    FileMailer, GoogleVerifier, JwksGoogleVerifier, LocalCheckout, Mailer, PaymentGateway,
    SmtpMailer,
};

fn open_pool(config: &Config) -> anyhow::Result<DbPool> {
    data_dir::secure(config)?;
    let pool = persistence::connect(&config.database_url, &PoolOptions::default())
        .context("opening the database (DATABASE_URL)")?;
    // Again, now that SQLite may have created the database file.
    data_dir::secure(config)?;
    Ok(pool)
}

pub fn migrate(config: &Config) -> anyhow::Result<usize> {
    let pool = open_pool(config)?;
    let mut conn = pool.get().context("connecting to the database")?;
    Ok(persistence::run_migrations(&mut conn)?)
}

/// The session secret from config, or the one kept in the data folder (made on first start,
/// readable by the owner only), so that `make run` needs no setup and sessions survive restarts.
fn session_secret(config: &Config) -> anyhow::Result<String> {
    if let Some(secret) = &config.session_secret {
        return Ok(secret.expose_secret().to_owned());
    }
    let path = config.data_dir.join("session_secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let existing = existing.trim().to_owned();
        if existing.len() >= 32 {
            return Ok(existing);
        }
    }
    let secret = hex::encode(rand::random::<[u8; 32]>()) + &hex::encode(rand::random::<[u8; 32]>());
    write_private(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    tracing::debug!(path = %path.display(), "generated a session secret");
    Ok(secret)
}

fn mailer(config: &Config) -> anyhow::Result<Arc<dyn Mailer>> {
    Ok(match &config.smtp_url {
        Some(url) => Arc::new(
            SmtpMailer::from_url(url.expose_secret(), config.mail_from.clone())
                .context("SMTP_URL")?,
        ),
        None => Arc::new(FileMailer::new(
            config.data_dir.join("mail"),
            config.mail_from.clone(),
        )),
    })
}

fn google(config: &Config) -> anyhow::Result<Option<Arc<dyn GoogleVerifier>>> {
    let Some(client_id) = &config.google_client_id else {
        return Ok(None);
    };
    let verifier = JwksGoogleVerifier::new(client_id.clone(), config.google_jwks_url.clone())
        .context("GOOGLE_CLIENT_ID")?;
    Ok(Some(Arc::new(verifier)))
}

/// The metering gateway, running on its own threads beside the API.
pub struct RunningGateway {
    pub http: std::net::SocketAddr,
    pub socks: std::net::SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    thread: std::thread::JoinHandle<Result<(), gateway::GatewayError>>,
}

impl RunningGateway {
    /// Stops accepting, flushes the last metered bytes and waits for it.
    pub fn stop(self) -> anyhow::Result<()> {
        let _ = self.stop.send(());
        match self.thread.join() {
            Ok(result) => Ok(result?),
            Err(_) => Err(anyhow::anyhow!("the gateway thread panicked")),
        }
    }
}

/// Binds the gateway's HTTP and SOCKS5 ports and serves them on a runtime of its own.
pub fn start_gateway(config: &Config, pool: DbPool) -> anyhow::Result<RunningGateway> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("gateway")
        .enable_all()
        .build()?;
    let gw_config = gateway::GatewayConfig {
        http_addr: config.gateway_http_addr,
        socks_addr: config.gateway_socks_addr,
        allow_private: config.gateway_allow_private,
        refused_ports: config.gateway_refused_ports.clone(),
        // With IPRoyal, residential traffic is carried (and metered) there only.
        serve_traffic: config.providers.iproyal.is_none(),
        ..gateway::GatewayConfig::default()
    };
    let gw = runtime.block_on(gateway::Gateway::bind(gw_config, pool))?;
    let (http, socks) = (gw.http_addr(), gw.socks_addr());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("gateway".into())
        .spawn(move || {
            runtime.block_on(gw.run(async {
                let _ = stopped.await;
            }))
        })?;
    Ok(RunningGateway {
        http,
        socks,
        stop,
        thread,
    })
}

/// `proxyshop serve`: migrations and the default catalogue, the gateway, then the API until
/// stopped; the gateway flushes its meters on the way out.
pub fn run_serve(config: Config) -> anyhow::Result<()> {
    let pool = open_pool(&config)?;
    {
        let mut conn = pool.get().context("connecting to the database")?;
        persistence::run_migrations(&mut conn)?;
        api::catalog::seed::seed_defaults(&mut conn)?;
    }
    let gateway = start_gateway(&config, pool.clone())?;
    let endpoints = (gateway.http, gateway.socks);
    let served = actix_web::rt::System::new().block_on(serve(config, pool, endpoints));
    let stopped = gateway.stop();
    served.and(stopped)
}

/// `proxyshop gateway`: the metering gateway alone (scale it apart from the API).
pub fn run_gateway(config: &Config) -> anyhow::Result<()> {
    let pool = open_pool(config)?;
    // The gateway logs its bound addresses itself.
    let gateway = start_gateway(config, pool)?;
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(async {
            let _ = tokio::signal::ctrl_c().await;
        });
    gateway.stop()
}

async fn serve(
    config: Config,
    pool: DbPool,
    (gateway_http, gateway_socks): (std::net::SocketAddr, std::net::SocketAddr),
) -> anyhow::Result<()> {
    let mailer = mailer(&config)?;
    let google = google(&config)?;
    let secret = session_secret(&config)?;
    let (payments, payment_gateway) = crate::payments::payments(&config, &secret)?;
    let top_ups_off = matches!(payments, Payments::Off);
    let residential = config.providers.residential()?;
    let pieces = config.providers.pieces()?;
    let implementations = format!(
        "database={:?} mail={} google={} payments={} {}",
        persistence::Backend::from_url(&config.database_url)?,
        mailer.kind(),
        if google.is_some() { "on" } else { "off" },
        payment_gateway,
        config.providers.describe(),
    );
    let settings = Settings {
        addr: config.addr.clone(),
        public_url: config.public_url.clone(),
        cors_origins: config.cors_origins.clone(),
        static_dir: Some(config.static_dir.clone()),
        session_secret: SecretString::from(secret),
        session_ttl: Duration::from_secs(14 * 24 * 3600),
        google_client_id: config.google_client_id.clone(),
        trust_forwarded_for: config.trust_forwarded_for,
        limits: RateLimits::default(),
        referral_percent: config.referral_percent,
        referral_cap_cents: config.referral_cap_cents,
        trial_mb: config.trial_mb,
        trial_per_ip_per_day: config.trial_per_ip_per_day,
        gateway: GatewayEndpoints {
            host: gateway_host(&config, gateway_http),
            http_port: gateway_http.port(),
            socks_port: gateway_socks.port(),
        },
    };
    let deps = Dependencies {
        pool: pool.clone(),
        mailer,
        google,
        payments,
        pieces,
        residential,
    };
    let app = Application::build(settings, deps)?;
    tracing::info!(
        "proxyshop listening on {} (bound {}); gateway: http proxy {gateway_http}, socks5 {gateway_socks}",
        app.public_url(),
        app.addr()
    );
    tracing::info!("{implementations}");
    if top_ups_off {
        tracing::warn!(
            "top-ups are off: set CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_API_KEY (or, on a local \
             machine only, PROXYSHOP_LOCAL_CHECKOUT=true)"
        );
    }
    if !config.static_dir.join("index.html").is_file() {
        tracing::warn!(dir = %config.static_dir.display(), "no built front end found: serving the API only");
    }
    first_admin::bootstrap(&pool, &config.data_dir).await?;
    app.run_until_stopped().await?;
    Ok(())
}

pub async fn create_admin(
    config: &Config,
    email: &str,
    password: Option<String>,
) -> anyhow::Result<()> {
    let email = domain::Email::parse(email).map_err(|m| anyhow::anyhow!("--email: {m}"))?;
    if let Some(p) = &password {
        domain::Password::parse_new(p).map_err(|m| anyhow::anyhow!("--password: {m}"))?;
    }
    migrate(config)?;
    let pool = open_pool(config)?;
    let generated = password.is_none();
    let password = password.unwrap_or_else(domain::random::strong_password);
    let hash = hash_password(password.clone())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let address = email.as_str().to_owned();
    let created = actix_web::web::block(move || -> anyhow::Result<bool> {
        let mut conn = pool.get()?;
        if let Some(user) = users::find_by_email(&mut conn, &address)? {
            users::set_role(&mut conn, user.id, "admin")?;
            users::set_password_hash(&mut conn, user.id, &hash)?;
            persistence::sessions::delete_for_user(&mut conn, user.id)?;
            return Ok(false);
        }
        let name = api::auth::service::default_name(&address);
        create_user(
            &mut conn,
            &NewAccount {
                email: &address,
                password_hash: Some(&hash),
                google_sub: None,
                name: &name,
                avatar_url: None,
                role: "admin",
                referred_by: None,
            },
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(true)
    })
    .await??;
    let what = if created {
        "created admin"
    } else {
        "made admin (password reset, sessions ended)"
    };
    println!("{what}: {}", email.as_str());
    if generated {
        println!("password: {password}");
    }
    Ok(())
}

/// `proxyshop payments reconcile`: settles payments still pending after their invoice expired.
pub async fn reconcile_payments(config: &Config) -> anyhow::Result<()> {
    let pool = open_pool(config)?;
    let secret = session_secret(config)?;
    let gateway: Arc<dyn PaymentGateway> = match crate::payments::payments(config, &secret)?.0 {
        Payments::Gateway(gateway) => gateway,
        Payments::Local(key) => Arc::new(LocalCheckout::new(
            key,
            config
                .public_url
                .clone()
                .unwrap_or_else(|| format!("http://{}", config.addr)),
        )),
        Payments::Off => anyhow::bail!(
            "no payment gateway is configured (CRYPTOMUS_MERCHANT_ID, CRYPTOMUS_API_KEY): nothing to reconcile"
        ),
    };
    let terms = api::wallet::service::ReferralTerms {
        percent: config.referral_percent,
        cap_cents: config.referral_cap_cents,
    };
    let outcome = api::wallet::reconcile::run(&pool, gateway.as_ref(), terms)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "reconciled: {} credited, {} updated, {} expired, {} left pending (gateway did not answer)",
        outcome.credited, outcome.recorded, outcome.expired, outcome.failed
    );
    Ok(())
}

/// The host written into generated proxies: configured, or the gateway's bind address (the
/// public URL's host when it binds all interfaces).
fn gateway_host(config: &Config, bound: std::net::SocketAddr) -> String {
    if let Some(host) = &config.gateway_public_host {
        return host.clone();
    }
    if !bound.ip().is_unspecified() {
        return bound.ip().to_string();
    }
    config
        .public_url
        .as_deref()
        .and_then(|u| u.split("://").nth(1))
        .and_then(|rest| rest.split(['/', ':']).next())
        .map_or_else(|| "127.0.0.1".to_owned(), str::to_owned)
}
