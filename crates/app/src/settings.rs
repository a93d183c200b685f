//! The plain configuration the use cases and jobs read, already validated by the composition
//! root (`server`).

use std::time::Duration;

/// How long a verification code lives, how often it may be resent, how many wrong tries it takes.
pub const CODE_TTL_SECS: i64 = 10 * 60;
pub const CODE_RESEND_SECS: i64 = 60;
pub const CODE_MAX_ATTEMPTS: i32 = 5;
/// How long the free trial's traffic stays valid.
pub const TRIAL_VALIDITY_SECS: i64 = 24 * 60 * 60;

/// The free trial (`accounts::trial`): MB (10^6 bytes) of Premium traffic for each new customer
/// with a verified email (0: no trial), and how many trials one network gets per UTC day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrialPolicy {
    pub mb: u32,
    pub per_ip_per_day: u32,
}

/// Renewals of pieces (docs/renewals.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenewalPolicy {
    /// Seconds before expiry from which a piece with auto-renew is renewed
    /// (`PROXYSHOP_RENEWAL_LEAD_HOURS`, default 24).
    pub lead_secs: i64,
    /// Seconds after expiry during which a piece keeps its address and can still be renewed;
    /// then it goes back to stock (`PROXYSHOP_RENEWAL_GRACE_HOURS`, default 24).
    pub grace_secs: i64,
}

impl Default for RenewalPolicy {
    fn default() -> Self {
        RenewalPolicy {
            lead_secs: 24 * 3600,
            grace_secs: 24 * 3600,
        }
    }
}

/// The seller printed on receipts (`PROXYSHOP_SHOP_NAME`, `PROXYSHOP_SHOP_ADDRESS`,
/// `PROXYSHOP_SHOP_TAX_ID`); each one line, empty when not set (the name never is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopIdentity {
    pub name: String,
    pub address: String,
    pub tax_id: String,
}

impl Default for ShopIdentity {
    fn default() -> Self {
        ShopIdentity {
            name: "ProxyShop".into(),
            address: String::new(),
            tax_id: String::new(),
        }
    }
}

/// What the background jobs (`crate::jobs`) are configured by.
#[derive(Clone)]
pub struct JobSettings {
    /// How often payments left pending are reconciled with the payment gateway (once across
    /// all instances); `None`: never (the command still does it).
    pub reconcile_every: Option<std::time::Duration>,
    /// The referral programme's terms, for the payments that reconciliation credits.
    pub referral: crate::wallet::ReferralTerms,
    /// Days the gateway's usage records are kept; older ones are purged.
    pub usage_records_days: u32,
    /// Days the hourly usage rollups are kept; older ones are purged (the daily ones stay).
    pub usage_hourly_days: u32,
    /// When pieces renew and how long an expired one keeps its address.
    pub renewals: RenewalPolicy,
    /// An automatic top-up buys at most once per this long per customer and traffic kind.
    pub auto_topup_window: std::time::Duration,
    /// Opens the customers' webhook secrets (the session secret).
    pub webhook_key: secrecy::SecretString,
    /// Where the upstream pools are probed through (`crate::upstream_pools`).
    pub pool_probe: crate::upstream_pools::ProbeSettings,
    /// The status page's gateway probe (docs/status.md).
    pub status: crate::status::StatusSettings,
    /// `PROXYSHOP_SLA_PERCENT` and `PROXYSHOP_SLA_MIN_CREDIT`.
    pub sla: crate::status::sla::SlaTerms,
    /// `PROXYSHOP_DISPLAY_CURRENCIES`: the currencies an approximate price is shown in beside
    /// USD, whose rates the `exchange_rates` job refreshes (`crate::currency`); empty: USD only.
    pub display_currencies: Vec<domain::currency::CurrencyCode>,
}

/// Abuse limits: how many attempts one client IP or one email gets in a window.
#[derive(Debug, Clone)]
pub struct RateLimits {
    /// Sign-in attempts from one network (any account) per window (`crate::sign_in::guard`).
    pub login_per_ip: u32,
    /// Sign-in attempts on one account from one network per window, since the last success
    /// there; other networks are not affected.
    pub login_per_account_network: u32,
    /// Failures on one account from one network after which each attempt waits.
    pub login_slow_after: u32,
    /// Failures on one account from networks it never signed in from, per window, after which
    /// the account is under attack (delays, a second factor from such networks, a notice).
    pub login_attack_failures: u32,
    /// The first delay of a slowed-down sign-in; it doubles up to 30 times this.
    pub login_delay_unit: Duration,
    pub login_window: Duration,
    pub code_per_ip: u32,
    pub code_per_email: u32,
    pub code_window: Duration,
    pub register_per_ip: u32,
    pub register_window: Duration,
    /// Invoices one customer may open per window.
    pub payments_per_user: u32,
    pub payments_window: Duration,
    /// Requests one API key may make per minute (all instances together).
    pub api_key_per_minute: u32,
    /// Two-factor codes (`POST /api/login/2fa`) per account and per client IP, counted in the
    /// database so that the limit holds across instances.
    pub two_factor_per_user: u32,
    pub two_factor_per_ip: u32,
    pub two_factor_window: Duration,
    /// Proxy checks (`POST /api/user/check`) one customer may run per window.
    pub check_per_user: u32,
    pub check_window: Duration,
    /// Photo uploads (`POST /api/user/avatar`) one customer may make per hour, counted in the
    /// database so that the limit holds across instances.
    pub avatar_per_user: u32,
    /// Abuse reports (`POST /api/abuse`) from one network, and about one reporter's address,
    /// per `abuse_window`.
    pub abuse_per_ip: u32,
    pub abuse_per_email: u32,
    pub abuse_window: Duration,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            login_per_ip: 30,
            login_per_account_network: 10,
            login_slow_after: 3,
            login_attack_failures: 10,
            login_delay_unit: Duration::from_secs(1),
            login_window: Duration::from_secs(15 * 60),
            code_per_ip: 10,
            code_per_email: 5,
            code_window: Duration::from_secs(60 * 60),
            register_per_ip: 20,
            register_window: Duration::from_secs(60 * 60),
            payments_per_user: 30,
            payments_window: Duration::from_secs(60 * 60),
            api_key_per_minute: 120,
            two_factor_per_user: 10,
            two_factor_per_ip: 30,
            two_factor_window: Duration::from_secs(15 * 60),
            check_per_user: 30,
            check_window: Duration::from_secs(10 * 60),
            avatar_per_user: 20,
            abuse_per_ip: 5,
            abuse_per_email: 10,
            abuse_window: Duration::from_secs(60 * 60),
        }
    }
}
