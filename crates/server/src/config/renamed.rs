//! The keys renamed to the one naming scheme (every key under `PROXYSHOP_`, durations in
//! `_SECS`). An old name is still read for one release: its value is used when the new key is
//! unset, and start-up logs a warning naming both (docs/configuration.md, "Deprecated names").

/// (old name, new name): the only list of renames. Each new name is a key the configuration
/// reads (checked by `config/tests.rs`), and docs/configuration.md lists the same pairs
/// (checked by `config/documented.rs`).
pub(super) const RENAMED: &[(&str, &str)] = &[
    // Storage and secrets
    ("DATABASE_URL", "PROXYSHOP_DATABASE_URL"),
    ("SESSION_SECRET", "PROXYSHOP_SESSION_SECRET"),
    // Mail and sign-in
    ("SMTP_URL", "PROXYSHOP_SMTP_URL"),
    ("GOOGLE_CLIENT_ID", "PROXYSHOP_GOOGLE_CLIENT_ID"),
    ("GOOGLE_JWKS_URL", "PROXYSHOP_GOOGLE_JWKS_URL"),
    // Gateway
    ("GATEWAY_HTTP_ADDR", "PROXYSHOP_GATEWAY_HTTP_ADDR"),
    ("GATEWAY_SOCKS_ADDR", "PROXYSHOP_GATEWAY_SOCKS_ADDR"),
    ("GATEWAY_PUBLIC_HOST", "PROXYSHOP_GATEWAY_PUBLIC_HOST"),
    ("GATEWAY_ALLOW_PRIVATE", "PROXYSHOP_GATEWAY_ALLOW_PRIVATE"),
    ("GATEWAY_REFUSED_PORTS", "PROXYSHOP_GATEWAY_REFUSED_PORTS"),
    ("GATEWAY_DB_POOL_SIZE", "PROXYSHOP_GATEWAY_DB_POOL_SIZE"),
    (
        "GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER",
        "PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER",
    ),
    (
        "GATEWAY_MAX_UNAUTHENTICATED",
        "PROXYSHOP_GATEWAY_MAX_UNAUTHENTICATED",
    ),
    (
        "GATEWAY_HANDSHAKE_TIMEOUT_SECS",
        "PROXYSHOP_GATEWAY_HANDSHAKE_TIMEOUT_SECS",
    ),
    ("GATEWAY_DRAIN_SECONDS", "PROXYSHOP_GATEWAY_DRAIN_SECS"),
    ("GATEWAY_EXPECTED_NODES", "PROXYSHOP_GATEWAY_EXPECTED_NODES"),
    ("GATEWAY_FD_RESERVE", "PROXYSHOP_GATEWAY_FD_RESERVE"),
    ("GATEWAY_LEASE_TTL_SECS", "PROXYSHOP_GATEWAY_LEASE_TTL_SECS"),
    // Payments
    ("CRYPTOMUS_MERCHANT_ID", "PROXYSHOP_CRYPTOMUS_MERCHANT_ID"),
    ("CRYPTOMUS_API_KEY", "PROXYSHOP_CRYPTOMUS_API_KEY"),
    ("CRYPTOMUS_API_URL", "PROXYSHOP_CRYPTOMUS_API_URL"),
    // Proxy providers
    ("IPROYAL_API_TOKEN", "PROXYSHOP_IPROYAL_API_TOKEN"),
    ("IPROYAL_API_URL", "PROXYSHOP_IPROYAL_API_URL"),
    ("IPROYAL_PROXY_HOST", "PROXYSHOP_IPROYAL_PROXY_HOST"),
    ("PROXYSELLER_API_KEY", "PROXYSHOP_PROXYSELLER_API_KEY"),
    ("PROXYSELLER_API_URL", "PROXYSHOP_PROXYSELLER_API_URL"),
    // Operations
    (
        "PROXYSHOP_SHUTDOWN_GRACE_SECONDS",
        "PROXYSHOP_SHUTDOWN_GRACE_SECS",
    ),
    // The raw records' tier of the usage retention (beside the hourly rollups' tier).
    (
        "PROXYSHOP_USAGE_RETENTION_DAYS",
        "PROXYSHOP_USAGE_RECORDS_DAYS",
    ),
];

/// The old name of `key`, if it was renamed.
pub(super) fn old_name(key: &str) -> Option<&'static str> {
    RENAMED
        .iter()
        .find(|(_, new)| *new == key)
        .map(|(old, _)| *old)
}
