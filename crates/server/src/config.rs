//! Configuration from the environment and an optional `proxyshop.toml` (same key names; the
//! environment wins), validated at start-up with an error that names the bad key. Every key is
//! under `PROXYSHOP_` (but `RUST_LOG`); the old names of renamed keys are still read, with a
//! warning (`config/renamed.rs`).

mod access;
mod currencies;
#[cfg(test)]
mod documented;
mod gateway;
mod local_checkout;
mod loopback;
mod payments;
mod providers;
mod refunds;
mod renamed;
mod shop;
mod sla;
mod source;
#[cfg(test)]
mod tests;

use access::{TRUST_FORWARDED_FOR, admin_2fa, trusted_proxies};
pub use gateway::GatewaySettings;
use local_checkout::{Exposure, LOCAL_CHECKOUT_KEY, refuse_unless_local};
pub(crate) use loopback::url_host;
pub use payments::CryptomusConfig;
use payments::{CRYPTOMUS_API_KEY, CRYPTOMUS_MERCHANT_ID, cryptomus, cryptomus_payout_key};
pub use providers::ProviderConfig;
pub use source::{ConfigError, Deprecated, Source};
use source::{bad, days_kept, dollars, flag, http_url, percent, ports, socket_addr, whole};

use secrecy::SecretString;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Every setting, parsed. Provider keys stay optional: unset selects the local implementation.
/// Secrets (session secret, SMTP URL with its password, API keys) are `SecretString`s, so
/// `Debug` never shows them.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: String,
    pub database_url: String,
    pub data_dir: PathBuf,
    pub public_url: Option<String>,
    pub static_dir: PathBuf,
    pub cors_origins: Vec<String>,
    pub gateway_http_addr: SocketAddr,
    pub gateway_socks_addr: SocketAddr,
    /// Host written into generated proxies; default: the gateway's bind address.
    pub gateway_public_host: Option<String>,
    /// Let proxies reach private, loopback and link-local addresses (tests and local demos).
    pub gateway_allow_private: bool,
    /// Let customers' webhooks be http:// and reach private, loopback and link-local addresses
    /// (tests and local demos).
    pub webhook_allow_private: bool,
    /// Password hashing at the normal priority, not on idle cores only (a machine shared with
    /// other work, such as CI).
    pub password_hashing_normal_priority: bool,
    /// Destination ports the gateway never connects to.
    pub gateway_refused_ports: Vec<u16>,
    /// `PROXYSHOP_BLOCKLIST_FILES`: category files of blocked destinations, readable at start.
    pub blocklist_files: Vec<PathBuf>,
    /// The gateway node's pool, limits and drain (`config/gateway.rs`).
    pub gateway: GatewaySettings,
    pub session_secret: Option<SecretString>,
    pub smtp_url: Option<SecretString>,
    pub mail_from: String,
    pub google_client_id: Option<String>,
    pub google_jwks_url: String,
    /// `PROXYSHOP_TRUSTED_PROXIES`: the reverse proxies whose `X-Forwarded-For` hops are
    /// believed (the deprecated `PROXYSHOP_TRUST_FORWARDED_FOR=true`: the TCP peer, one hop).
    pub trusted_proxies: domain::network::TrustedProxies,
    /// The deprecated `PROXYSHOP_TRUST_FORWARDED_FOR` is set (logged at start).
    pub uses_trust_forwarded_for: bool,
    /// `PROXYSHOP_ADMIN_2FA=required`: administrators must have two-factor sign-in on to use
    /// /api/admin/*.
    pub admin_2fa_required: bool,
    /// Verification codes (sign-up) one client IP may request per hour.
    pub code_requests_per_ip: u32,
    /// Sign-ups one client address (an IPv6 /64) may complete per hour
    /// (`PROXYSHOP_REGISTER_PER_IP`).
    pub register_per_ip: u32,
    /// `PROXYSHOP_LOGIN_DELAY_MS`: the first delay of a sign-in slowed down by failed attempts
    /// (it doubles from there; 0: never wait).
    pub login_delay_unit: Duration,
    pub cryptomus: Option<CryptomusConfig>,
    /// `PROXYSHOP_CRYPTOMUS_PAYOUT_KEY`: sends approved referral payouts through Cryptomus.
    pub cryptomus_payout_key: Option<SecretString>,
    /// `PROXYSHOP_PAYOUT_MIN` (dollars, default 20): the smallest referral payout, in cents.
    pub payout_min_cents: i64,
    /// `PROXYSHOP_DISPLAY_CURRENCIES` (default `EUR,GBP`; `none`: USD only): the currencies an
    /// approximate price is shown in, from rates refreshed daily from Cryptomus when configured.
    pub display_currencies: Vec<domain::currency::CurrencyCode>,
    /// Take top-ups through the local checkout (no money moves): local runs and tests only.
    pub local_checkout: bool,
    pub referral_percent: u32,
    /// The most a referrer earns from one referred customer, in cents.
    pub referral_cap_cents: i64,
    /// MB of Premium traffic each new customer gets for 24 hours; 0: no trial.
    pub trial_mb: u32,
    pub trial_per_ip_per_day: u32,
    /// IPRoyal, Proxy-Seller, the upstream pools' file; unset: everything on our gateway.
    pub providers: ProviderConfig,
    /// `PROXYSHOP_RECONCILE_INTERVAL_SECS` (default 900; 0: off): how often pending payments
    /// are reconciled in the background.
    pub reconcile_every: Option<Duration>,
    /// `PROXYSHOP_USAGE_RECORDS_DAYS` (default 7, 1 to 3650; formerly
    /// `PROXYSHOP_USAGE_RETENTION_DAYS`): how long the gateway's usage records are kept before
    /// the background purge deletes them.
    pub usage_records_days: u32,
    /// `PROXYSHOP_USAGE_HOURLY_DAYS` (default 90, 1 to 3650): how long the hourly usage rollups
    /// are kept (the daily ones are kept for the account's life).
    pub usage_hourly_days: u32,
    /// The SLA's promise and smallest credit (`config/sla.rs`).
    pub sla: app::status::sla::SlaTerms,
    /// `PROXYSHOP_RENEWAL_LEAD_HOURS` (default 24, 1 to 720) and `PROXYSHOP_RENEWAL_GRACE_HOURS`
    /// (default 24, 0 to 720): how long before expiry a piece with auto-renew renews, and how
    /// long after it an expired piece keeps its address and can still be renewed.
    pub renewals: app::settings::RenewalPolicy,
    /// `PROXYSHOP_AUTO_TOPUP_WINDOW_SECS` (default 3600, 60 to 2592000): an automatic top-up
    /// buys at most once per this long per customer and traffic kind, on all nodes together.
    pub auto_topup_window: Duration,
    /// `PROXYSHOP_SHUTDOWN_GRACE_SECS` (default 0, at most 300): at the first stop signal,
    /// how long the API keeps serving while `/readyz` answers unready, so that a load balancer
    /// takes the instance out before it stops accepting.
    pub shutdown_grace: Duration,
    /// `PROXYSHOP_METRICS_ADDR` (default `127.0.0.1:9898`; `off`: none): where `/metrics` is
    /// served, apart from the public port.
    pub metrics_addr: Option<SocketAddr>,
    /// Whether `PROXYSHOP_METRICS_ADDR` was set: the default address may be taken by another
    /// instance on this machine (then metrics are off with a warning); a chosen one must bind.
    pub metrics_addr_chosen: bool,
    /// `PROXYSHOP_LOG_FORMAT`: `text` (the default) or `json`.
    pub log_format: LogFormat,
    /// `PROXYSHOP_CHECK_URL` (default `upstream::DEFAULT_CHECK_URL`): the IP-echo service the
    /// proxy checker asks through our gateway.
    pub check_url: String,
    /// `PROXYSHOP_CHECK_TIMEOUT_SECS` (default 10, 1 to 60): how long one check may take.
    pub check_timeout: Duration,
    /// The seller printed on receipts (`config/shop.rs`).
    pub shop: app::settings::ShopIdentity,
    /// The self-serve refund terms (`config/refunds.rs`).
    pub refunds: domain::refund::RefundPolicy,
    /// Old key names that are set (`config/renamed.rs`), each logged at start-up.
    pub deprecated: Vec<Deprecated>,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

impl Config {
    /// Every setting of `src`. An error names the key as the operator set it (an old name when
    /// only that is set).
    pub fn from_source(src: &Source) -> Result<Self, ConfigError> {
        Self::read(src).map_err(|err| ConfigError {
            key: src.name_of(err.key),
            ..err
        })
    }

    /// The name `key` was set under (its old name when only that is set), for errors found after
    /// start-up.
    pub fn key_name(&self, key: &'static str) -> &'static str {
        self.deprecated
            .iter()
            .find(|d| d.new == key && !d.ignored)
            .map_or(key, |d| d.old)
    }

    fn read(src: &Source) -> Result<Self, ConfigError> {
        let addr = socket_addr(src, "PROXYSHOP_ADDR", "127.0.0.1:8080")?.to_string();
        let data_dir = PathBuf::from(
            src.get("PROXYSHOP_DATA_DIR")
                .unwrap_or_else(|| "./var".into()),
        );
        let database_url = src
            .get("PROXYSHOP_DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("proxyshop.db").display()));
        persistence::Backend::from_url(&database_url).map_err(|_| {
            bad(
                "PROXYSHOP_DATABASE_URL",
                "must start with sqlite:// or postgres://",
            )
        })?;
        let session_secret = src.get("PROXYSHOP_SESSION_SECRET");
        if session_secret.as_ref().is_some_and(|s| s.len() < 32) {
            return Err(bad(
                "PROXYSHOP_SESSION_SECRET",
                "must be at least 32 characters",
            ));
        }
        let smtp_url = src.get("PROXYSHOP_SMTP_URL");
        if let Some(url) = &smtp_url
            && !(url.starts_with("smtp://") || url.starts_with("smtps://"))
        {
            return Err(bad(
                "PROXYSHOP_SMTP_URL",
                "must start with smtp:// or smtps://",
            ));
        }
        let public_url = http_url(src, "PROXYSHOP_PUBLIC_URL")?;
        let cryptomus = cryptomus(src)?;
        let cryptomus_payout_key = cryptomus_payout_key(src, cryptomus.as_ref())?;
        let payout_min_cents = match dollars(src, "PROXYSHOP_PAYOUT_MIN", 2_000)? {
            0 => {
                return Err(bad(
                    "PROXYSHOP_PAYOUT_MIN",
                    "must be above 0 (a payout of nothing costs a network fee)",
                ));
            }
            cents => cents,
        };
        let cors_origins = access::cors_origins(src, public_url.as_deref(), &addr)?;
        let config = Config {
            addr,
            database_url,
            public_url,
            static_dir: PathBuf::from(
                src.get("PROXYSHOP_STATIC_DIR")
                    .unwrap_or_else(|| "frontend/dist".into()),
            ),
            cors_origins,
            gateway_http_addr: socket_addr(src, "PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:8000")?,
            gateway_socks_addr: socket_addr(src, "PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:8001")?,
            gateway_public_host: src.get("PROXYSHOP_GATEWAY_PUBLIC_HOST"),
            gateway_allow_private: flag(src, "PROXYSHOP_GATEWAY_ALLOW_PRIVATE")?,
            webhook_allow_private: flag(src, "PROXYSHOP_WEBHOOK_ALLOW_PRIVATE")?,
            password_hashing_normal_priority: flag(
                src,
                "PROXYSHOP_PASSWORD_HASHING_NORMAL_PRIORITY",
            )?,
            gateway_refused_ports: ports(src, "PROXYSHOP_GATEWAY_REFUSED_PORTS", &[25])?,
            blocklist_files: source::readable_files(src, "PROXYSHOP_BLOCKLIST_FILES")?,
            gateway: GatewaySettings::from_source(src)?,
            session_secret: session_secret.map(SecretString::from),
            smtp_url: smtp_url.map(SecretString::from),
            mail_from: src
                .get("PROXYSHOP_MAIL_FROM")
                .unwrap_or_else(|| "ProxyShop <no-reply@proxyshop.local>".into()),
            google_client_id: src.get("PROXYSHOP_GOOGLE_CLIENT_ID"),
            google_jwks_url: http_url(src, "PROXYSHOP_GOOGLE_JWKS_URL")?
                .unwrap_or_else(|| upstream::google::GOOGLE_JWKS_URL.to_owned()),
            trusted_proxies: trusted_proxies(src)?,
            uses_trust_forwarded_for: src.get(TRUST_FORWARDED_FOR).is_some(),
            admin_2fa_required: admin_2fa(src)?,
            cryptomus,
            cryptomus_payout_key,
            payout_min_cents,
            display_currencies: currencies::display_currencies(src)?,
            local_checkout: flag(src, LOCAL_CHECKOUT_KEY)?,
            referral_percent: percent(src, "PROXYSHOP_REFERRAL_PERCENT", 10)?,
            referral_cap_cents: dollars(src, "PROXYSHOP_REFERRAL_CAP", 5_000)?,
            trial_mb: whole(src, "PROXYSHOP_TRIAL_MB", 100)?,
            trial_per_ip_per_day: match whole(src, "PROXYSHOP_TRIAL_PER_IP_PER_DAY", 3)? {
                // 0 would promise a trial that nobody gets.
                0 => {
                    return Err(bad(
                        "PROXYSHOP_TRIAL_PER_IP_PER_DAY",
                        "must be at least 1 (PROXYSHOP_TRIAL_MB=0 turns the trial off)",
                    ));
                }
                n => n,
            },
            register_per_ip: match whole(src, "PROXYSHOP_REGISTER_PER_IP", 20)? {
                0 => {
                    return Err(bad(
                        "PROXYSHOP_REGISTER_PER_IP",
                        "must be at least 1 (0 would refuse every sign-up)",
                    ));
                }
                n => n,
            },
            code_requests_per_ip: match whole(src, "PROXYSHOP_CODE_REQUESTS_PER_IP", 10)? {
                0 => {
                    return Err(bad(
                        "PROXYSHOP_CODE_REQUESTS_PER_IP",
                        "must be at least 1 (0 would refuse every sign-up)",
                    ));
                }
                n => n,
            },
            login_delay_unit: match whole(src, "PROXYSHOP_LOGIN_DELAY_MS", 1000)? {
                ms @ 0..=10_000 => Duration::from_millis(u64::from(ms)),
                _ => {
                    return Err(bad(
                        "PROXYSHOP_LOGIN_DELAY_MS",
                        "must be at most 10000 (the delay doubles up to 30 times this)",
                    ));
                }
            },
            providers: ProviderConfig::from_source(src)?,
            reconcile_every: match whole(src, "PROXYSHOP_RECONCILE_INTERVAL_SECS", 900)? {
                0 => None,
                secs => Some(Duration::from_secs(u64::from(secs))),
            },
            usage_records_days: days_kept(src, "PROXYSHOP_USAGE_RECORDS_DAYS", 7)?,
            usage_hourly_days: days_kept(src, "PROXYSHOP_USAGE_HOURLY_DAYS", 90)?,
            sla: sla::sla_terms(src)?,
            renewals: app::settings::RenewalPolicy {
                lead_secs: match whole(src, "PROXYSHOP_RENEWAL_LEAD_HOURS", 24)? {
                    hours @ 1..=720 => i64::from(hours) * 3600,
                    _ => {
                        return Err(bad(
                            "PROXYSHOP_RENEWAL_LEAD_HOURS",
                            "must be between 1 and 720 hours",
                        ));
                    }
                },
                grace_secs: match whole(src, "PROXYSHOP_RENEWAL_GRACE_HOURS", 24)? {
                    hours @ 0..=720 => i64::from(hours) * 3600,
                    _ => {
                        return Err(bad(
                            "PROXYSHOP_RENEWAL_GRACE_HOURS",
                            "must be between 0 and 720 hours",
                        ));
                    }
                },
            },
            auto_topup_window: match whole(src, "PROXYSHOP_AUTO_TOPUP_WINDOW_SECS", 3600)? {
                secs @ 60..=2_592_000 => Duration::from_secs(u64::from(secs)),
                _ => {
                    return Err(bad(
                        "PROXYSHOP_AUTO_TOPUP_WINDOW_SECS",
                        "must be between 60 and 2592000 seconds",
                    ));
                }
            },
            shutdown_grace: match whole(src, "PROXYSHOP_SHUTDOWN_GRACE_SECS", 0)? {
                secs @ 0..=300 => Duration::from_secs(u64::from(secs)),
                _ => {
                    return Err(bad(
                        "PROXYSHOP_SHUTDOWN_GRACE_SECS",
                        "must be at most 300 seconds",
                    ));
                }
            },
            metrics_addr: match src.get("PROXYSHOP_METRICS_ADDR").as_deref() {
                Some("off") => None,
                _ => Some(socket_addr(
                    src,
                    "PROXYSHOP_METRICS_ADDR",
                    "127.0.0.1:9898",
                )?),
            },
            metrics_addr_chosen: src.get("PROXYSHOP_METRICS_ADDR").is_some(),
            log_format: log_format(src)?,
            check_url: http_url(src, "PROXYSHOP_CHECK_URL")?
                .unwrap_or_else(|| upstream::DEFAULT_CHECK_URL.to_owned()),
            check_timeout: match whole(src, "PROXYSHOP_CHECK_TIMEOUT_SECS", 10)? {
                secs @ 1..=60 => Duration::from_secs(u64::from(secs)),
                _ => {
                    return Err(bad(
                        "PROXYSHOP_CHECK_TIMEOUT_SECS",
                        "must be from 1 to 60 seconds",
                    ));
                }
            },
            shop: shop::shop_identity(src)?,
            refunds: refunds::refund_policy(src)?,
            deprecated: src.deprecated(),
            data_dir,
        };
        if config.local_checkout {
            let cryptomus = format!(
                "{} / {}",
                src.name_of(CRYPTOMUS_MERCHANT_ID),
                src.name_of(CRYPTOMUS_API_KEY)
            );
            refuse_unless_local(&Exposure {
                public_url: config.public_url.as_deref(),
                addr: &config.addr,
                provider_keys: [
                    (config.cryptomus.is_some(), cryptomus),
                    (
                        config.providers.iproyal.is_some(),
                        src.name_of(providers::IPROYAL_API_TOKEN).to_owned(),
                    ),
                    (
                        config.providers.proxyseller.is_some(),
                        src.name_of(providers::PROXYSELLER_API_KEY).to_owned(),
                    ),
                ]
                .into_iter()
                .filter_map(|(set, key)| set.then_some(key))
                .collect(),
            })?;
        }
        Ok(config)
    }
}

/// `PROXYSHOP_LOG_FORMAT`: `text` (the default) or `json`.
fn log_format(src: &Source) -> Result<LogFormat, ConfigError> {
    const KEY: &str = "PROXYSHOP_LOG_FORMAT";
    match src.get(KEY).as_deref() {
        None | Some("text") => Ok(LogFormat::Text),
        Some("json") => Ok(LogFormat::Json),
        Some(other) => Err(bad(KEY, format!("'{other}' is not text or json"))),
    }
}
