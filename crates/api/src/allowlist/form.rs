//! `POST /api/user/allowlist`'s body and its checks, each refusal a field error: the range (no
//! wider than an IPv4 /24 or an IPv6 /48; never an internal range unless the gateway may reach
//! private addresses), the kind (a piece kind names one of the customer's pieces), and the
//! default targeting (a known location, random or sticky).

use domain::network::Network;
use domain::targeting::Rotation;
use domain::{FieldErrors, ProxyKind, locations, messages as msg};
use serde::Deserialize;
use utoipa::ToSchema;

/// The widest ranges an entry may hold.
const WIDEST_V4: u8 = 24;
const WIDEST_V6: u8 = 48;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllowlistRequest {
    /// An IPv4 or IPv6 address, or a CIDR range no wider than /24 (IPv4) or /48 (IPv6).
    #[serde(default)]
    #[schema(required = true, min_length = 2, max_length = 50)]
    pub ip: String,
    /// `premium` or `budget`, or a piece kind (`static`, `lte`, `ipv4`, `ipv6`) with `pieceId`.
    #[serde(default, rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::kind)]
    pub kind: String,
    /// For a piece kind: which of the customer's pieces connections are metered to.
    pub piece_id: Option<i64>,
    /// Default targeting of traffic kinds: a country code of the location list.
    pub country: Option<String>,
    /// Premium: a state code of the country.
    pub state: Option<String>,
    /// A city code of the country (and state, for Premium).
    pub city: Option<String>,
    /// `random` (a new exit per request, the default) or `sticky`.
    #[schema(schema_with = crate::openapi::rules::rotation)]
    pub rotation: Option<String>,
}

/// An entry that passed every check but the piece's owner (read from the database).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedEntry {
    pub network: Network,
    pub kind: ProxyKind,
    pub piece_id: Option<i64>,
    pub country: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub rotation: String,
}

fn blank_to_none(value: Option<String>) -> Option<String> {
    value
        .map(|v| v.trim().to_lowercase())
        .filter(|v| !v.is_empty())
}

fn range(text: &str, allow_private: bool) -> Result<Network, &'static str> {
    let network = Network::parse(text).ok_or(msg::ALLOWLIST_IP)?;
    let widest = if network.is_ipv4() {
        WIDEST_V4
    } else {
        WIDEST_V6
    };
    if network.prefix_len() < widest {
        return Err(msg::ALLOWLIST_IP);
    }
    if network.is_internal() && !allow_private {
        return Err(msg::ALLOWLIST_PRIVATE);
    }
    Ok(network)
}

/// Country, state and city as the generators know them; a piece entry has none.
type Place = (Option<String>, Option<String>, Option<String>);

fn place(
    kind: ProxyKind,
    country: Option<String>,
    state: Option<String>,
    city: Option<String>,
) -> Result<Place, &'static str> {
    if !kind.is_traffic() {
        return Ok((None, None, None));
    }
    let Some(country) = country else {
        return match (state, city) {
            (None, None) => Ok((None, None, None)),
            _ => Err(msg::UNKNOWN_LOCATION),
        };
    };
    locations::country(&country).ok_or(msg::UNKNOWN_LOCATION)?;
    // Only Premium targets a state.
    let state = if kind == ProxyKind::Premium {
        state
    } else {
        None
    };
    if let Some(state) = &state {
        locations::state(&country, state).ok_or(msg::UNKNOWN_LOCATION)?;
    }
    if let Some(city) = &city {
        let code = city.strip_prefix("-city-").unwrap_or(city);
        locations::city(&country, state.as_deref(), code).ok_or(msg::UNKNOWN_LOCATION)?;
    }
    let city = city.map(|c| c.strip_prefix("-city-").unwrap_or(&c).to_owned());
    Ok((Some(country), state, city))
}

impl AllowlistRequest {
    pub fn validate(self, allow_private: bool) -> Result<CheckedEntry, FieldErrors> {
        let mut errors = FieldErrors::new();
        let network = errors.take("ip", range(&self.ip, allow_private));
        let kind = errors.take(
            "type",
            ProxyKind::parse(&self.kind).ok_or(msg::ALLOWLIST_TYPE),
        );
        let piece_id = kind.and_then(|kind| {
            errors.take(
                "pieceId",
                match (kind.is_traffic(), self.piece_id) {
                    (true, None) => Ok(None),
                    (false, Some(id)) if id > 0 => Ok(Some(id)),
                    _ => Err(msg::ALLOWLIST_PIECE),
                },
            )
        });
        let rotation = errors.take(
            "rotation",
            match self
                .rotation
                .as_deref()
                .map_or(Some(Rotation::Random), Rotation::parse)
            {
                Some(rotation) => Ok(rotation.as_str().to_owned()),
                None => Err(msg::ROTATION),
            },
        );
        let (country, state, city) = (
            blank_to_none(self.country),
            blank_to_none(self.state),
            blank_to_none(self.city),
        );
        let place = kind.and_then(|kind| errors.take("country", place(kind, country, state, city)));
        match (network, kind, piece_id, rotation, place) {
            (
                Some(network),
                Some(kind),
                Some(piece_id),
                Some(rotation),
                Some((country, state, city)),
            ) if errors.is_empty() => Ok(CheckedEntry {
                network,
                kind,
                piece_id,
                country,
                state,
                city,
                rotation,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn request(ip: &str, kind: &str) -> AllowlistRequest {
        AllowlistRequest {
            ip: ip.into(),
            kind: kind.into(),
            ..AllowlistRequest::default()
        }
    }

    #[test]
    fn ranges_no_wider_than_the_limit_pass_canonical() {
        let entry = request(" 203.0.113.77/24 ", "premium")
            .validate(false)
            .unwrap();
        assert_eq!(entry.network.to_string(), "203.0.113.0/24");
        assert_eq!(
            (entry.kind, entry.rotation.as_str()),
            (ProxyKind::Premium, "random")
        );
        assert!(
            request("2a00:1450:1::/48", "budget")
                .validate(false)
                .is_ok()
        );
        for wide in [
            "203.0.0.0/23",
            "2a00:1450::/47",
            "0.0.0.0/0",
            "nope",
            "",
            "1.2.3.4/33",
        ] {
            let errors = request(wide, "premium").validate(false).unwrap_err();
            assert_eq!(errors.get("ip"), Some(msg::ALLOWLIST_IP), "{wide}");
        }
    }

    #[test]
    fn internal_sources_need_the_private_setting() {
        for internal in ["127.0.0.1", "10.0.0.0/24", "::1", "fe80::1", "192.168.1.1"] {
            let errors = request(internal, "premium").validate(false).unwrap_err();
            assert_eq!(errors.get("ip"), Some(msg::ALLOWLIST_PRIVATE), "{internal}");
            assert!(
                request(internal, "premium").validate(true).is_ok(),
                "{internal}"
            );
        }
    }

    #[test]
    fn a_piece_kind_names_a_piece_and_a_traffic_kind_none() {
        let errors = request("203.0.113.1", "ipv4").validate(false).unwrap_err();
        assert_eq!(errors.get("pieceId"), Some(msg::ALLOWLIST_PIECE));
        let mut with_piece = request("203.0.113.1", "premium");
        with_piece.piece_id = Some(3);
        assert_eq!(
            with_piece.validate(false).unwrap_err().get("pieceId"),
            Some(msg::ALLOWLIST_PIECE)
        );
        let mut piece = request("203.0.113.1", "lte");
        piece.piece_id = Some(3);
        piece.country = Some("us".into());
        let entry = piece.validate(false).unwrap();
        assert_eq!((entry.piece_id, entry.country), (Some(3), None));
        let errors = request("203.0.113.1", "gold").validate(false).unwrap_err();
        assert_eq!(errors.get("type"), Some(msg::ALLOWLIST_TYPE));
    }

    #[test]
    fn targeting_is_checked_against_the_locations() {
        let country = locations::countries().first().unwrap();
        let state = country.states.first().unwrap();
        let city = state.cities.first().unwrap();
        let mut premium = request("203.0.113.1", "premium");
        premium.country = Some(country.code.to_uppercase());
        premium.state = Some(state.code.clone());
        premium.city = Some(city.code.clone());
        premium.rotation = Some("sticky".into());
        let entry = premium.validate(false).unwrap();
        assert_eq!(
            entry.country.as_deref(),
            Some(country.code.to_lowercase().as_str())
        );
        assert_eq!(
            entry.city.as_deref(),
            Some(city.code.to_lowercase().as_str())
        );
        assert_eq!(entry.rotation, "sticky");

        let mut budget = request("203.0.113.1", "budget");
        budget.country = Some(country.code.clone());
        budget.city = Some(format!("-city-{}", city.code));
        assert_eq!(budget.validate(false).unwrap().state, None);

        let mut unknown = request("203.0.113.1", "premium");
        unknown.country = Some("zz".into());
        assert_eq!(
            unknown.validate(false).unwrap_err().get("country"),
            Some(msg::UNKNOWN_LOCATION)
        );
        let mut city_only = request("203.0.113.1", "premium");
        city_only.city = Some(city.code.clone());
        assert_eq!(
            city_only.validate(false).unwrap_err().get("country"),
            Some(msg::UNKNOWN_LOCATION)
        );
        let mut rotation = request("203.0.113.1", "premium");
        rotation.rotation = Some("often".into());
        assert!(
            rotation
                .validate(false)
                .unwrap_err()
                .get("rotation")
                .is_some()
        );
    }
}
