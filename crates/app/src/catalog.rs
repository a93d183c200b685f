//! The default catalogue, written on first start (when there are no plans yet) so that a fresh
//! shop has something to sell. Prices in cents; traffic plans sell GB, piece plans one proxy.

use domain::{Cents, ProxyKind};
use persistence::plans::{self, NewPlan};
use persistence::{DbConnection, DbResult, now};

struct Default {
    kind: ProxyKind,
    name: &'static str,
    tag: Option<&'static str>,
    note: Option<&'static str>,
    price_cents: i64,
    amount: i64,
    validity_days: i32,
    regions: &'static str,
    features: &'static str,
}

const RESIDENTIAL_REGIONS: &str = "US,JP,CA,ID,AU,VN,UK,FR,DE";
const PREMIUM: &str = r#"{"countrySelection":"City-level","protocols":true,"ipDuration":"1~240 minutes","availability":"99.7%"}"#;
const BUDGET: &str = r#"{"countrySelection":"Country and city","protocols":true,"ipDuration":"1~1440 minutes","availability":"99.5%"}"#;
const STATIC: &str = r#"{"countrySelection":"Country and ISP","protocols":true,"ipDuration":"Dedicated for the whole period","availability":"99.9%"}"#;
const DATACENTER: &str = r#"{"countrySelection":"Country-level","protocols":true,"ipDuration":"Dedicated for the whole period","availability":"99.9%"}"#;
const LTE: &str = r#"{"countrySelection":"City and carrier","protocols":true,"ipDuration":"Rotates on the carrier network","availability":"99.5%"}"#;

#[rustfmt::skip]
const DEFAULTS: &[Default] = &[
    // The four sample plans the landing page falls back to, sold for real.
    Default { kind: ProxyKind::Premium, name: "Starter", tag: None, note: Some("Try every feature"), price_cents: 1500, amount: 5, validity_days: 30, regions: RESIDENTIAL_REGIONS, features: PREMIUM },
    Default { kind: ProxyKind::Premium, name: "Growth", tag: Some("Popular"), note: Some("For regular scraping"), price_cents: 2800, amount: 10, validity_days: 30, regions: RESIDENTIAL_REGIONS, features: PREMIUM },
    Default { kind: ProxyKind::Premium, name: "Business", tag: None, note: Some("For teams"), price_cents: 9600, amount: 40, validity_days: 30, regions: RESIDENTIAL_REGIONS, features: PREMIUM },
    Default { kind: ProxyKind::Premium, name: "Enterprise", tag: Some("Best value"), note: Some("At scale"), price_cents: 75000, amount: 1000, validity_days: 30, regions: RESIDENTIAL_REGIONS, features: PREMIUM },
    Default { kind: ProxyKind::Budget, name: "Budget 5", tag: None, note: Some("Low-cost rotating traffic"), price_cents: 1000, amount: 5, validity_days: 30, regions: RESIDENTIAL_REGIONS, features: BUDGET },
    Default { kind: ProxyKind::Budget, name: "Budget 10", tag: Some("Popular"), note: None, price_cents: 1800, amount: 10, validity_days: 30, regions: RESIDENTIAL_REGIONS, features: BUDGET },
    Default { kind: ProxyKind::Budget, name: "Budget 50", tag: None, note: None, price_cents: 8000, amount: 50, validity_days: 30, regions: RESIDENTIAL_REGIONS, features: BUDGET },
    Default { kind: ProxyKind::Budget, name: "Budget 100", tag: Some("Best value"), note: None, price_cents: 15000, amount: 100, validity_days: 30, regions: RESIDENTIAL_REGIONS, features: BUDGET },
    Default { kind: ProxyKind::Static, name: "ISP 30 days", tag: Some("Popular"), note: Some("One dedicated ISP address"), price_cents: 350, amount: 1, validity_days: 30, regions: "US,GB,DE,FR,NL", features: STATIC },
    Default { kind: ProxyKind::Static, name: "ISP 90 days", tag: None, note: Some("One dedicated ISP address"), price_cents: 990, amount: 1, validity_days: 90, regions: "US,GB,DE,FR,NL", features: STATIC },
    Default { kind: ProxyKind::Ipv4, name: "IPv4 30 days", tag: Some("Popular"), note: Some("One dedicated datacenter IPv4"), price_cents: 150, amount: 1, validity_days: 30, regions: "US,GB,DE,NL,FR,CA", features: DATACENTER },
    Default { kind: ProxyKind::Ipv4, name: "IPv4 90 days", tag: None, note: Some("One dedicated datacenter IPv4"), price_cents: 400, amount: 1, validity_days: 90, regions: "US,GB,DE,NL,FR,CA", features: DATACENTER },
    Default { kind: ProxyKind::Ipv6, name: "IPv6 30 days", tag: None, note: Some("One dedicated IPv6 address"), price_cents: 30, amount: 1, validity_days: 30, regions: "US,DE,NL", features: DATACENTER },
    Default { kind: ProxyKind::Ipv6, name: "IPv6 90 days", tag: None, note: Some("One dedicated IPv6 address"), price_cents: 80, amount: 1, validity_days: 90, regions: "US,DE,NL", features: DATACENTER },
    Default { kind: ProxyKind::Lte, name: "LTE 1 day", tag: None, note: Some("A mobile carrier connection"), price_cents: 300, amount: 1, validity_days: 1, regions: "US,GB,DE", features: LTE },
    Default { kind: ProxyKind::Lte, name: "LTE 30 days", tag: Some("Best value"), note: Some("A mobile carrier connection"), price_cents: 4500, amount: 1, validity_days: 30, regions: "US,GB,DE", features: LTE },
];

/// Writes the default catalogue when there are no plans; returns how many were written.
/// Everything a fresh shop starts with: the default plans and the local piece stock. Each part
/// is seeded only while its table is empty, so operators' changes are never overwritten.
pub fn seed_defaults(conn: &mut DbConnection) -> DbResult<()> {
    seed_default_plans(conn)?;
    crate::stock::seed_local_stock(conn)?;
    Ok(())
}

pub fn seed_default_plans(conn: &mut DbConnection) -> DbResult<usize> {
    if plans::count(conn)? > 0 {
        return Ok(0);
    }
    let t = now();
    for (sort, d) in DEFAULTS.iter().enumerate() {
        plans::insert(
            conn,
            &NewPlan {
                kind: d.kind,
                name: d.name,
                tag: d.tag,
                note: d.note,
                price_cents: Cents::new(d.price_cents),
                amount: d.amount,
                validity_days: d.validity_days,
                regions: d.regions,
                features: d.features,
                active: true,
                sort: sort as i32,
                created_at: t,
                updated_at: t,
            },
        )?;
    }
    Ok(DEFAULTS.len())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_kind_has_plans_and_features_parse() {
        for kind in domain::ProxyKind::ALL {
            assert!(super::DEFAULTS.iter().any(|d| d.kind == kind), "{kind}");
        }
        for d in super::DEFAULTS {
            let parsed: serde_json::Value = serde_json::from_str(d.features).unwrap();
            assert!(parsed["availability"].is_string(), "{}", d.name);
        }
    }
}
