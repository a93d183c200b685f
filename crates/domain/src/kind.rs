//! The six proxy kinds the shop sells, and how they travel in the API (`type`) and are stored.

use crate::names::names;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(
    feature = "diesel",
    derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)
)]
#[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::Text))]
pub enum ProxyKind {
    Premium,
    Budget,
    Static,
    Lte,
    Ipv4,
    Ipv6,
}

names!(ProxyKind {
    Premium => "premium",
    Budget => "budget",
    Static => "static",
    Lte => "lte",
    Ipv4 => "ipv4",
    Ipv6 => "ipv6",
});

impl ProxyKind {
    /// The product's name as the site shows it.
    pub fn label(self) -> &'static str {
        match self {
            ProxyKind::Premium => "Premium Residential Proxies",
            ProxyKind::Budget => "Budget Residential Proxies",
            ProxyKind::Static => "Static Residential Proxies",
            ProxyKind::Lte => "LTE Mobile Proxies",
            ProxyKind::Ipv4 => "Datacenter Proxies (IPv4)",
            ProxyKind::Ipv6 => "Datacenter IPv6 Proxies",
        }
    }

    /// Traffic kinds are sold by the GB; the others by the piece.
    pub fn is_traffic(self) -> bool {
        matches!(self, ProxyKind::Premium | ProxyKind::Budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_its_wire_name() {
        for kind in ProxyKind::ALL {
            assert_eq!(ProxyKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(ProxyKind::parse("Premium"), None);
        assert_eq!(ProxyKind::parse(""), None);
    }

    #[test]
    fn only_residential_kinds_are_sold_by_traffic() {
        let traffic: Vec<_> = ProxyKind::ALL
            .into_iter()
            .filter(|k| k.is_traffic())
            .collect();
        assert_eq!(traffic, vec![ProxyKind::Premium, ProxyKind::Budget]);
    }
}
