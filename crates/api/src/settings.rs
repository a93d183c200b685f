//! What the API needs to know, already validated by the composition root (`server`). The parts
//! that are plain configuration of the use cases live in `app::settings`.

pub use app::settings::{
    CODE_MAX_ATTEMPTS, CODE_RESEND_SECS, CODE_TTL_SECS, RateLimits, TRIAL_VALIDITY_SECS,
};
use app::settings::{RenewalPolicy, ShopIdentity, TrialPolicy};
use app::wallet::ReferralTerms;
use secrecy::SecretString;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone)]
pub struct Settings {
    /// Address to bind, e.g. `127.0.0.1:8080`; port 0 picks a free port.
    pub addr: String,
    /// The site's public URL (links, callbacks, cookie Secure flag). None: derived from the
    /// bound address.
    pub public_url: Option<String>,
    /// Browser origins allowed to call the API with credentials (the dev server's, by default).
    pub cors_origins: Vec<String>,
    /// The built front end to serve at `/`, if present.
    pub static_dir: Option<PathBuf>,
    /// At least 32 bytes; keys session cookies and code hashes.
    pub session_secret: SecretString,
    pub session_ttl: Duration,
    pub google_client_id: Option<String>,
    /// The reverse proxies in front whose `X-Forwarded-For` hops are believed; none: the
    /// client is the TCP peer.
    pub trusted_proxies: domain::network::TrustedProxies,
    /// Administrators must have two-factor sign-in on to use /api/admin/*
    /// (`PROXYSHOP_ADMIN_2FA=required`).
    pub admin_2fa_required: bool,
    pub limits: RateLimits,
    /// Share of each credited top-up of a referred customer paid to the referrer, in percent.
    pub referral_percent: u32,
    /// The most a referrer earns from one referred customer, all top-ups together, in cents.
    pub referral_cap_cents: i64,
    /// The smallest referral payout a customer may ask for (`PROXYSHOP_PAYOUT_MIN`, $20).
    pub payout_min: domain::Cents,
    /// The free trial: MB (10^6 bytes) of Premium traffic for each new customer with a verified
    /// email, valid 24 hours, once per mailbox; 0 turns the trial off.
    pub trial_mb: u32,
    /// Trials one source address may get per UTC day.
    pub trial_per_ip_per_day: u32,
    /// Where generated proxies point: our metering gateway.
    pub gateway: GatewayEndpoints,
    /// How often payments left pending are reconciled with the payment gateway in the
    /// background (once across all instances); `None`: never (the command still does it).
    pub reconcile_every: Option<Duration>,
    /// Days the gateway's usage records are kept (`PROXYSHOP_USAGE_RECORDS_DAYS`, 1–3650);
    /// older ones are purged in the background.
    pub usage_records_days: u32,
    /// Days the hourly usage rollups are kept (`PROXYSHOP_USAGE_HOURLY_DAYS`, 1–3650).
    pub usage_hourly_days: u32,
    /// The SLA's promise and smallest credit (`PROXYSHOP_SLA_PERCENT`, `PROXYSHOP_SLA_MIN_CREDIT`).
    pub sla: app::status::sla::SlaTerms,
    /// How long the status page's computed answer is served before it is recomputed (15 s).
    pub status_fresh: std::time::Duration,
    /// When pieces renew and how long an expired one keeps its address.
    pub renewals: RenewalPolicy,
    /// An automatic top-up buys at most once per this long per customer and traffic kind
    /// (`PROXYSHOP_AUTO_TOPUP_WINDOW_SECS`).
    pub auto_topup_window: Duration,
    /// The proxy checker's echo service and time limit (`POST /api/user/check`).
    pub check: CheckSettings,
    /// The self-serve refund terms (docs/refunds.md), also stated by `GET /api/config`.
    pub refunds: domain::refund::RefundPolicy,
    /// Who sells: printed at the top of every receipt.
    pub shop: ShopIdentity,
    /// `PROXYSHOP_DISPLAY_CURRENCIES`: the currencies `GET /api/config` gives fresh rates of
    /// (approximate prices beside USD); empty: USD only.
    pub display_currencies: Vec<domain::currency::CurrencyCode>,
    /// `PROXYSHOP_WEBHOOK_ALLOW_PRIVATE`: customers' webhooks may be http:// URLs and reach
    /// private, loopback and link-local addresses (tests and local runs only).
    pub webhook_allow_private: bool,
    /// `PROXYSHOP_PASSWORD_HASHING_NORMAL_PRIORITY`: the password hashing and photo decoding
    /// threads keep the normal priority instead of running on idle cores only (`app::cpu_pool`).
    pub password_hashing_normal_priority: bool,
    /// What the gateway refuses besides the rules in the database, for the acceptable use page.
    pub acceptable_use: AcceptableUse,
}

/// The configured part of what the gateway refuses: the refused ports
/// (`PROXYSHOP_GATEWAY_REFUSED_PORTS`) and the category files of blocked destinations
/// (`PROXYSHOP_BLOCKLIST_FILES`), read again at each request of the page.
#[derive(Debug, Clone, Default)]
pub struct AcceptableUse {
    pub refused_ports: Vec<u16>,
    pub blocklist_files: Vec<PathBuf>,
}

/// Where the proxy checker sends its one request through our gateway, and how long it waits.
#[derive(Debug, Clone)]
pub struct CheckSettings {
    /// `PROXYSHOP_CHECK_URL`: an IP-echo service answering the caller's IP as text or
    /// `{"ip": ...}`. Set by the operator only; customers never choose it.
    pub url: String,
    pub timeout: Duration,
}

/// The host and ports written into generated proxies.
#[derive(Debug, Clone)]
pub struct GatewayEndpoints {
    pub host: String,
    pub http_port: u16,
    pub socks_port: u16,
    /// `PROXYSHOP_GATEWAY_ALLOW_PRIVATE`: the gateway reaches private destinations, and private,
    /// loopback and link-local sources may be allowlisted (tests and local runs only).
    pub allow_private: bool,
}

/// How long a password sign-in waits for its second factor, and how many wrong codes it takes.
pub const TWO_FACTOR_PENDING_SECS: i64 = 5 * 60;
pub const TWO_FACTOR_MAX_ATTEMPTS: u32 = 5;
/// How often a session's last-seen time is written at most.
pub const SESSION_SEEN_EVERY_SECS: i64 = 60;
/// The longest a session lives after its sign-in, however busy it is kept (its idle lifetime is
/// `Settings::session_ttl`, 14 days after its last change).
pub const SESSION_MAX_AGE_SECS: i64 = 30 * 24 * 60 * 60;
/// How long a top-up invoice stays payable.
pub const INVOICE_LIFETIME_SECS: u32 = 60 * 60;

impl Settings {
    /// The free trial's terms (`trial_mb`, `trial_per_ip_per_day`).
    pub fn trial(&self) -> TrialPolicy {
        TrialPolicy {
            mb: self.trial_mb,
            per_ip_per_day: self.trial_per_ip_per_day,
        }
    }

    /// The referral programme's terms (`referral_percent`, `referral_cap_cents`).
    pub fn referral_terms(&self) -> ReferralTerms {
        ReferralTerms {
            percent: self.referral_percent,
            cap_cents: self.referral_cap_cents,
        }
    }

    /// Settings for tests and local runs: loopback, port 0, the default rate limits, no Google.
    pub fn for_tests(session_secret: &str) -> Self {
        Settings {
            addr: "127.0.0.1:0".into(),
            public_url: None,
            cors_origins: vec!["http://localhost:5173".into()],
            static_dir: None,
            session_secret: SecretString::from(session_secret.to_owned()),
            session_ttl: Duration::from_secs(14 * 24 * 3600),
            google_client_id: None,
            trusted_proxies: domain::network::TrustedProxies::none(),
            admin_2fa_required: false,
            // No sign-in delays: a test of them sets `login_delay_unit`.
            limits: RateLimits {
                login_delay_unit: Duration::ZERO,
                ..RateLimits::default()
            },
            referral_percent: 10,
            referral_cap_cents: 5_000,
            payout_min: domain::Cents::new(2000),
            // Off, so that tests counting traffic start from zero; trial tests turn it on.
            trial_mb: 0,
            trial_per_ip_per_day: 3,
            gateway: GatewayEndpoints {
                host: "127.0.0.1".into(),
                http_port: 8000,
                socks_port: 8001,
                allow_private: false,
            },
            reconcile_every: None,
            usage_records_days: 7,
            usage_hourly_days: 90,
            sla: app::status::sla::SlaTerms::default(),
            status_fresh: std::time::Duration::from_secs(15),
            renewals: RenewalPolicy::default(),
            auto_topup_window: Duration::from_secs(3600),
            // Nothing listens on the discard port: a test that checks sets its own echo server.
            check: CheckSettings {
                url: "http://127.0.0.1:9/".into(),
                timeout: upstream::DEFAULT_CHECK_TIMEOUT,
            },
            refunds: domain::refund::RefundPolicy::default(),
            shop: ShopIdentity::default(),
            display_currencies: ["EUR", "GBP"]
                .iter()
                .filter_map(|c| domain::currency::CurrencyCode::parse(c))
                .collect(),
            webhook_allow_private: false,
            // Tests share the cores with other tests: on idle cores only, hashing and decoding
            // would wait for them (the idle policy has its own test in `app::accounts::hashing`).
            password_hashing_normal_priority: true,
            acceptable_use: AcceptableUse {
                refused_ports: vec![25],
                blocklist_files: Vec::new(),
            },
        }
    }
}
