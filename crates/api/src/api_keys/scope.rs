//! What an API key may do: its scopes, and the one table saying which scope each
//! `/api/user/*` operation needs. The bearer middleware enforces the table and the OpenAPI
//! document declares it, both from here (a key limited to a sub-user also needs the sub-user
//! allowlist, `subuser_access`). A route missing from the table refuses every key
//! ("This action needs a signed-in session"): new routes are session-only until listed.

pub use domain::scope::Scope;

/// A key's scopes as stored: comma-separated names, sorted, no duplicates.
pub fn store(scopes: &[Scope]) -> String {
    let mut scopes = scopes.to_vec();
    scopes.sort();
    scopes.dedup();
    scopes
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(",")
}

/// The stored form read back; names this version does not know grant nothing.
pub fn load(stored: &str) -> Vec<Scope> {
    stored.split(',').filter_map(Scope::parse).collect()
}

/// Every `/api/user/*` and `/api/reseller/*` operation a key may call, by method and path as the
/// OpenAPI document writes them, with the scope it needs.
const KEY_ROUTES: &[(&str, &str, Scope)] = &[
    ("get", "/api/user/get_starts", Scope::Read),
    ("get", "/api/user/usage", Scope::Read),
    ("get", "/api/user/proxy_history", Scope::Read),
    ("get", "/api/user/requests", Scope::Read),
    ("get", "/api/user/requests.csv", Scope::Read),
    ("get", "/api/user/requests.json", Scope::Read),
    // An export prepared in the background is a read of the records too, and so are the
    // requests that ask for one and delete it (a script exporting every hour keeps at most 5).
    ("post", "/api/user/requests/exports", Scope::Read),
    ("get", "/api/user/requests/exports", Scope::Read),
    ("get", "/api/user/requests/exports/{id}", Scope::Read),
    ("delete", "/api/user/requests/exports/{id}", Scope::Read),
    ("get", "/api/user/requests/exports/{id}/file", Scope::Read),
    ("get", "/api/user/usage/breakdown", Scope::Read),
    ("get", "/api/user/usage/health", Scope::Read),
    ("get", "/api/user/proxies", Scope::Read),
    ("get", "/api/user/pieces", Scope::Read),
    ("get", "/api/user/wallet", Scope::Read),
    ("get", "/api/user/receipts/{id}.pdf", Scope::Read),
    ("get", "/api/user/referrals", Scope::Read),
    // Moving referral money and asking for payouts need a session: money leaves the balance.
    ("get", "/api/user/referral/payouts", Scope::Read),
    ("get", "/api/user/referral/ledger", Scope::Read),
    ("get", "/api/user/plan", Scope::Read),
    ("get", "/api/user/residential_location", Scope::Read),
    ("get", "/api/user/budget_residential_location", Scope::Read),
    ("get", "/api/user/server_credentials", Scope::Read),
    ("get", "/api/user/lte_credentials", Scope::Read),
    ("get", "/api/user/allowlist", Scope::Read),
    ("get", "/api/user/allowlist_pieces", Scope::Read),
    ("get", "/api/user/subusers", Scope::Read),
    ("get", "/api/user/notifications", Scope::Read),
    ("get", "/api/user/alerts", Scope::Read),
    ("get", "/api/user/alerts/deliveries", Scope::Read),
    ("get", "/api/user/auto_topup", Scope::Read),
    ("get", "/api/user/refunds/eligibility", Scope::Read),
    ("get", "/api/user/allocations", Scope::Read),
    ("post", "/api/user/generate", Scope::Generate),
    ("post", "/api/user/generate_budget", Scope::Generate),
    // A check spends a little of the customer's traffic, like using a generated line.
    ("post", "/api/user/check", Scope::Generate),
    ("post", "/api/user/pieces/{id}/check", Scope::Generate),
    ("post", "/api/user/get_plan", Scope::Buy),
    ("post", "/api/user/get_proxy", Scope::Buy),
    // A reseller's script checks a coupon before it buys with it.
    ("post", "/api/user/coupons/check", Scope::Buy),
    // A reseller's clients and the traffic moved to them (docs/resellers.md).
    ("get", "/api/reseller/account", Scope::Resell),
    ("get", "/api/reseller/clients", Scope::Resell),
    ("post", "/api/reseller/clients", Scope::Resell),
    ("get", "/api/reseller/clients/{id}", Scope::Resell),
    ("patch", "/api/reseller/clients/{id}", Scope::Resell),
    ("delete", "/api/reseller/clients/{id}", Scope::Resell),
    ("post", "/api/reseller/clients/{id}/allocate", Scope::Resell),
    ("post", "/api/reseller/clients/{id}/reclaim", Scope::Resell),
    ("get", "/api/reseller/transfers", Scope::Resell),
    ("get", "/api/reseller/reports/clients", Scope::Resell),
    // The pieces it assigns to its clients, found by id on `GET /api/user/pieces`.
    ("get", "/api/reseller/clients/{id}/pieces", Scope::Resell),
    ("post", "/api/reseller/clients/{id}/pieces", Scope::Resell),
    (
        "delete",
        "/api/reseller/clients/{id}/pieces/{piece_id}",
        Scope::Resell,
    ),
    ("get", "/api/reseller/piece_moves", Scope::Resell),
];

/// The scope operation `method path` needs from a key; None: keys may not call it.
pub fn required(method: &str, path: &str) -> Option<Scope> {
    KEY_ROUTES
        .iter()
        .find(|(m, p, _)| m.eq_ignore_ascii_case(method) && *p == path)
        .map(|(_, _, scope)| *scope)
}

/// Every listed operation, for checking the table against the routes.
pub fn listed() -> impl Iterator<Item = (&'static str, &'static str)> {
    KEY_ROUTES.iter().map(|(m, p, _)| (*m, *p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_round_trip_sorted_and_deduplicated() {
        let stored = store(&[Scope::Buy, Scope::Read, Scope::Buy]);
        assert_eq!(stored, "read,buy");
        assert_eq!(load(&stored), vec![Scope::Read, Scope::Buy]);
        assert_eq!(load("read,admin"), vec![Scope::Read]);
        assert!(load("").is_empty());
    }

    #[test]
    fn unlisted_operations_need_a_session() {
        assert_eq!(required("GET", "/api/user/get_starts"), Some(Scope::Read));
        assert_eq!(required("post", "/api/user/get_plan"), Some(Scope::Buy));
        assert_eq!(required("get", "/api/user/get_plan"), None);
        assert_eq!(required("get", "/api/user/api-keys"), None);
        assert_eq!(required("post", "/api/user/logout"), None);
    }
}
