//! The plain configuration the use cases and jobs read, already validated by the composition
//! root (`server`).

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
    pub usage_retention_days: u32,
    /// When pieces renew and how long an expired one keeps its address.
    pub renewals: RenewalPolicy,
    /// An automatic top-up buys at most once per this long per customer and traffic kind.
    pub auto_topup_window: std::time::Duration,
    /// Opens the customers' webhook secrets (the session secret).
    pub webhook_key: secrecy::SecretString,
}
