//! The local piece inventory: what the built-in gateway sells by the piece when no
//! provider is configured. `data/inventory.json` lists, per kind, the static-residential ISPs per
//! country, the datacenter IPv4 and IPv6 countries, and the LTE endpoints (city, carrier and
//! connection type). It seeds the `piece_stock` table on first start; the table is the stock
//! from then on.
//!
//! Codes are stable: `us-comcast` (static), `ipv4-us` / `ipv6-us` (datacenter),
//! `lte-us-newyork-tmobile-https` (LTE).

use crate::ProxyKind;
use serde::Deserialize;
use std::sync::OnceLock;

const DATA: &str = include_str!("../data/inventory.json");

/// LTE connection types: HTTPS and WIFI serve Http/s, the others SOCKS5 (the LTE form filters
/// its ISP options by protocol this way; docs/api.md#proxies-by-the-piece).
pub const LTE_CONN_TYPES: [&str; 4] = ["HTTPS", "WIFI", "SOCKS5", "SOCKS5-WIFI"];

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockItem {
    pub code: String,
    /// Lower-case ISO 3166-1 alpha-2.
    pub country: String,
    /// The ISP or carrier code, unique within the country.
    pub isp: Option<String>,
    pub isp_name: Option<String>,
    pub city: Option<String>,
    /// LTE only: one of [`LTE_CONN_TYPES`].
    pub conn_type: Option<String>,
    pub capacity: i32,
}

#[derive(Debug, Default, Deserialize)]
struct Inventory {
    #[serde(rename = "static")]
    static_residential: Vec<StockItem>,
    ipv4: Vec<StockItem>,
    ipv6: Vec<StockItem>,
    lte: Vec<StockItem>,
}

fn inventory() -> &'static Inventory {
    static INVENTORY: OnceLock<Inventory> = OnceLock::new();
    INVENTORY.get_or_init(|| serde_json::from_str(DATA).unwrap_or_default())
}

/// The shipped stock of a piece kind; empty for traffic kinds.
pub fn items(kind: ProxyKind) -> &'static [StockItem] {
    let all = inventory();
    match kind {
        ProxyKind::Static => &all.static_residential,
        ProxyKind::Ipv4 => &all.ipv4,
        ProxyKind::Ipv6 => &all.ipv6,
        ProxyKind::Lte => &all.lte,
        ProxyKind::Premium | ProxyKind::Budget => &[],
    }
}

/// Whether an LTE connection type is reached over SOCKS5 (the rest over HTTP/HTTPS).
pub fn is_socks(conn_type: &str) -> bool {
    conn_type.starts_with("SOCKS5")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_piece_kind_has_stock_with_unique_codes_in_known_countries() {
        let mut codes = HashSet::new();
        for kind in [
            ProxyKind::Static,
            ProxyKind::Ipv4,
            ProxyKind::Ipv6,
            ProxyKind::Lte,
        ] {
            assert!(!items(kind).is_empty(), "{kind}");
            for item in items(kind) {
                assert!(codes.insert(item.code.clone()), "duplicate {}", item.code);
                assert!(item.capacity > 0, "{}", item.code);
                assert!(
                    crate::locations::country(&item.country).is_some(),
                    "{}",
                    item.code
                );
            }
        }
        assert!(items(ProxyKind::Premium).is_empty());
    }

    #[test]
    fn static_has_isps_and_lte_has_city_carrier_and_type() {
        for item in items(ProxyKind::Static) {
            assert!(
                item.isp.is_some() && item.isp_name.is_some(),
                "{}",
                item.code
            );
        }
        for item in items(ProxyKind::Lte) {
            assert!(
                item.city.is_some() && item.isp_name.is_some(),
                "{}",
                item.code
            );
            let t = item.conn_type.as_deref().unwrap_or_default();
            assert!(LTE_CONN_TYPES.contains(&t), "{}", item.code);
        }
        assert!(is_socks("SOCKS5-WIFI") && is_socks("SOCKS5"));
        assert!(!is_socks("HTTPS") && !is_socks("WIFI"));
    }
}
