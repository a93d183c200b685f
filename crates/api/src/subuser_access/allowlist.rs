//! The operations a sub-user's sign-in or key may call, by method and path as the OpenAPI
//! document writes them. Everything else is refused (403): a new route is closed to them
//! until it is listed here, and a listed route must show only the sub-user's own data
//! (`extractors::Viewer`). A key limited to a sub-user needs the route here and in the key
//! scope table (`api_keys::scope`).

const SUBUSER_ROUTES: &[(&str, &str)] = &[
    // The session itself: who is signed in (the sign-in's own row), signing in and out.
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
    ("get", "/api/user/residential_location"),
    ("get", "/api/user/budget_residential_location"),
    // The sub-user's own line, usage, records and health: each filtered to it.
    ("get", "/api/user/subusers"),
    ("get", "/api/user/requests"),
    ("get", "/api/user/requests.csv"),
    ("get", "/api/user/requests.json"),
    ("get", "/api/user/usage/breakdown"),
    ("get", "/api/user/usage/health"),
    // Lines of the sub-user only.
    ("post", "/api/user/generate"),
    ("post", "/api/user/generate_budget"),
];

/// Whether a sub-user's sign-in or key may call operation `method path`.
pub fn allowed(method: &str, path: &str) -> bool {
    SUBUSER_ROUTES
        .iter()
        .any(|(m, p)| m.eq_ignore_ascii_case(method) && *p == path)
}

/// Every listed operation, for checking the table against the routes.
pub fn listed() -> impl Iterator<Item = (&'static str, &'static str)> {
    SUBUSER_ROUTES.iter().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_listed_operations_are_allowed() {
        assert!(allowed("GET", "/api/user/requests"));
        assert!(allowed("post", "/api/user/generate"));
        assert!(!allowed("delete", "/api/user/subusers/{id}"));
        assert!(!allowed("get", "/api/user/wallet"));
        assert!(!allowed("post", "/api/user/api-keys"));
        assert!(!allowed("get", "/api/user/requests/exports"));
    }
}
