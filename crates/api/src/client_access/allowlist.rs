//! The operations a reseller's client may call, by method and path as the OpenAPI document
//! writes them: its own dashboard's reads (traffic, usage, records, health, lines), generating
//! and testing its lines, its account's own settings (profile, photo, email, password, two-factor
//! sign-in, sessions), its notifications and its API keys (read and generate scopes only,
//! `api_keys::manage`). Everything else is refused (403): buying, top-ups, the wallet, coupons,
//! referrals, refunds, receipts, billing, automatic top-ups, pieces, sub-users, the IP allowlist,
//! the shop's plans and prices, and every reseller route. A new route is closed to clients until
//! it is listed here. A key of a client needs the route here and in the key scope table
//! (`api_keys::scope`).

const CLIENT_ROUTES: &[(&str, &str)] = &[
    // The session itself: who is signed in, signing in and out.
    ("get", "/api/getuserinfo"),
    ("post", "/api/login"),
    ("post", "/api/login/2fa"),
    ("get", "/api/user/logout"),
    ("post", "/api/user/logout"),
    // Public reads the pages load for anyone, and the health probes (outside `/api/`, so the
    // guard does not look at them; listed so that the table says what such a caller reaches).
    ("get", "/healthz"),
    ("get", "/readyz"),
    ("get", "/api/config"),
    ("get", "/api/openapi.json"),
    ("get", "/api/status"),
    ("get", "/api/acceptable-use"),
    ("get", "/api/avatars/{id}.{ext}"),
    ("get", "/api/user/residential_location"),
    ("get", "/api/user/budget_residential_location"),
    // Its own traffic, usage, records and health.
    ("get", "/api/user/get_starts"),
    ("get", "/api/user/usage"),
    ("get", "/api/user/proxy_history"),
    ("get", "/api/user/proxies"),
    ("get", "/api/user/requests"),
    ("get", "/api/user/requests.csv"),
    ("get", "/api/user/requests.json"),
    ("post", "/api/user/requests/exports"),
    ("get", "/api/user/requests/exports"),
    ("get", "/api/user/requests/exports/{id}"),
    ("delete", "/api/user/requests/exports/{id}"),
    ("get", "/api/user/requests/exports/{id}/file"),
    ("get", "/api/user/usage/breakdown"),
    ("get", "/api/user/usage/health"),
    // The traffic its reseller moved to and from it.
    ("get", "/api/user/allocations"),
    // Its lines: generating them and testing one (which spends a little of its traffic).
    ("post", "/api/user/generate"),
    ("post", "/api/user/generate_budget"),
    ("post", "/api/user/check"),
    // Its account's settings.
    ("patch", "/api/user/profile"),
    ("post", "/api/user/avatar"),
    ("delete", "/api/user/avatar"),
    ("post", "/api/user/email"),
    ("post", "/api/user/email/confirm"),
    ("post", "/api/user/password"),
    ("get", "/api/user/2fa"),
    ("post", "/api/user/2fa/setup"),
    ("post", "/api/user/2fa/enable"),
    ("post", "/api/user/2fa/disable"),
    ("get", "/api/user/sessions"),
    ("delete", "/api/user/sessions"),
    ("delete", "/api/user/sessions/{id}"),
    ("get", "/api/user/notifications"),
    ("post", "/api/user/notifications/read"),
    // Its API keys, of the read and generate scopes only.
    ("get", "/api/user/api-keys"),
    ("post", "/api/user/api-keys"),
    ("delete", "/api/user/api-keys/{id}"),
    // Its reseller's brand (public) and catalogue; buying answers 403 unless the reseller lets
    // its clients buy.
    ("get", "/api/brands/{slug}"),
    ("get", "/api/brands/{slug}/logo"),
    ("get", "/api/client/catalogue"),
    ("post", "/api/client/purchases"),
    // The pieces its reseller assigned to it.
    ("get", "/api/client/pieces"),
];

/// What a client's session may call besides, when its reseller lets its clients buy from its
/// catalogue: its wallet and topping it up (the checkout pages included). Never with a key.
const BUYER_ROUTES: &[(&str, &str)] = &[
    ("get", "/api/user/wallet"),
    ("post", "/api/payment"),
    ("get", "/checkout/{id}"),
    ("post", "/checkout/{id}/pay"),
    ("post", "/checkout/{id}/cancel"),
];

/// Whether a reseller's client may call operation `method path`.
pub fn allowed(method: &str, path: &str) -> bool {
    CLIENT_ROUTES
        .iter()
        .any(|(m, p)| m.eq_ignore_ascii_case(method) && *p == path)
}

/// Whether operation `method path` is one a client's session may call when its reseller lets
/// its clients buy (and only then).
pub fn for_buyers(method: &str, path: &str) -> bool {
    BUYER_ROUTES
        .iter()
        .any(|(m, p)| m.eq_ignore_ascii_case(method) && *p == path)
}

/// Every listed operation, for checking the table against the routes.
pub fn listed() -> impl Iterator<Item = (&'static str, &'static str)> {
    CLIENT_ROUTES.iter().copied()
}

/// Every operation open to a client only while its reseller lets it buy.
pub fn listed_for_buyers() -> impl Iterator<Item = (&'static str, &'static str)> {
    BUYER_ROUTES.iter().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_listed_operations_are_allowed() {
        assert!(allowed("GET", "/api/user/requests"));
        assert!(allowed("post", "/api/user/generate"));
        assert!(allowed("get", "/api/user/allocations"));
        assert!(!allowed("post", "/api/user/get_plan"));
        assert!(!allowed("post", "/api/payment"));
        assert!(!allowed("get", "/api/user/wallet"));
        assert!(!allowed("post", "/api/user/coupons/check"));
        assert!(!allowed("get", "/api/user/referrals"));
        assert!(!allowed("post", "/api/user/refunds"));
        assert!(!allowed("get", "/api/reseller/clients"));
        assert!(!allowed("get", "/api/user/plan"));
        assert!(!allowed("post", "/api/payment") && for_buyers("post", "/api/payment"));
        assert!(!for_buyers("post", "/api/user/get_plan"));
    }
}
