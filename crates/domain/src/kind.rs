//! The six proxy kinds the shop sells, and how they travel in the API (`type`) and are stored.

use crate::names::names;

names! {
    #[derive(PartialOrd, Ord)]
    pub enum ProxyKind {
        Premium => "premium",
        Budget => "budget",
        Static => "static",
        Lte => "lte",
        Ipv4 => "ipv4",
        Ipv6 => "ipv6",
    }
}

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
    fn json_carries_the_same_names() {
        for kind in ProxyKind::ALL {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.as_str()));
            assert_eq!(serde_json::from_str::<ProxyKind>(&json).unwrap(), kind);
        }
        let err = serde_json::from_str::<ProxyKind>("\"Premium\"").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("unknown variant `Premium`, expected one of `premium`"),
            "{err}"
        );
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
