//! Proxy credentials of the traffic kinds: the customer's proxy username with targeting options
//! appended, `<user>-type-premium-country-us-state-ca-city-losangeles-session-ab12cd34-lifetime-30`
//! (the gateway parses it back), and the four output formats of a generated proxy.
//!
//! Every part is lowercase ASCII letters and digits, so `-` separates without ambiguity.

use crate::kind::ProxyKind;
use crate::names::names;

/// What a generated credential asks of the gateway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Targeting {
    /// Premium or Budget.
    pub kind: ProxyKind,
    /// ISO 3166-1 alpha-2, lower case.
    pub country: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    /// Sticky sessions keep one exit for `lifetime` minutes; rotating ones have no session.
    pub session: Option<String>,
    pub lifetime_minutes: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetingError {
    #[error("malformed proxy username")]
    Malformed,
    #[error("unknown targeting option {0}")]
    UnknownOption(String),
    #[error("invalid value for {0}")]
    InvalidValue(&'static str),
}

fn is_token(value: &str, max: usize) -> bool {
    !value.is_empty()
        && value.len() <= max
        && value
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// Longest sticky session, in minutes: the longest rotation option the generator offers (1 Day).
pub const MAX_LIFETIME_MINUTES: u32 = 1440;

impl Targeting {
    /// The full proxy username for `base` (the customer's proxy username).
    pub fn username(&self, base: &str) -> String {
        let mut out = format!("{base}-type-{}", self.kind.as_str());
        let mut push = |key: &str, value: &Option<String>| {
            if let Some(v) = value {
                out.push_str(&format!("-{key}-{v}"));
            }
        };
        push("country", &self.country);
        push("state", &self.state);
        push("city", &self.city);
        push("session", &self.session);
        push("lifetime", &self.lifetime_minutes.map(|m| m.to_string()));
        out
    }

    /// Splits a proxy username into the customer's base username and the targeting. A bare
    /// username (no options) means Premium with no targeting.
    pub fn parse(username: &str) -> Result<(String, Targeting), TargetingError> {
        let mut parts = username.split('-');
        let base = parts
            .next()
            .filter(|b| is_token(b, 32))
            .ok_or(TargetingError::Malformed)?;
        let mut t = Targeting {
            kind: ProxyKind::Premium,
            country: None,
            state: None,
            city: None,
            session: None,
            lifetime_minutes: None,
        };
        let mut seen = Vec::new();
        while let Some(key) = parts.next() {
            let value = parts.next().ok_or(TargetingError::Malformed)?;
            if seen.contains(&key) {
                return Err(TargetingError::Malformed);
            }
            seen.push(key);
            match key {
                "type" => {
                    t.kind = ProxyKind::parse(value)
                        .filter(|k| k.is_traffic())
                        .ok_or(TargetingError::InvalidValue("type"))?;
                }
                "country" if value.len() == 2 && is_token(value, 2) => {
                    t.country = Some(value.into())
                }
                "state" if is_token(value, 16) => t.state = Some(value.into()),
                "city" if is_token(value, 48) => t.city = Some(value.into()),
                "session" if is_token(value, 16) => t.session = Some(value.into()),
                "lifetime" => {
                    let minutes: u32 = value
                        .parse()
                        .map_err(|_| TargetingError::InvalidValue("lifetime"))?;
                    if minutes == 0 || minutes > MAX_LIFETIME_MINUTES {
                        return Err(TargetingError::InvalidValue("lifetime"));
                    }
                    t.lifetime_minutes = Some(minutes);
                }
                "country" => return Err(TargetingError::InvalidValue("country")),
                "state" => return Err(TargetingError::InvalidValue("state")),
                "city" => return Err(TargetingError::InvalidValue("city")),
                "session" => return Err(TargetingError::InvalidValue("session")),
                other => return Err(TargetingError::UnknownOption(other.to_owned())),
            }
        }
        if (t.state.is_some() || t.city.is_some()) && t.country.is_none() {
            return Err(TargetingError::InvalidValue("country"));
        }
        Ok((base.to_owned(), t))
    }
}

/// The marker of a sub-user's proxy username: `<user>-sub-<name>` followed by the targeting
/// options, e.g. `uabc123-sub-scraper1-type-budget-country-de`.
const SUBUSER_KEY: &str = "sub";

/// Longest sub-user name: lowercase ASCII letters and digits.
pub const SUBUSER_NAME_MAX: usize = 16;
/// The characters of a sub-user's name (`is_token`'s), as a pattern's character class.
pub const SUBUSER_NAME_CLASS: &str = "[a-z0-9]";

/// Whether `name` can be a sub-user's name (it goes into proxy usernames as is).
pub fn is_subuser_name(name: &str) -> bool {
    is_token(name, SUBUSER_NAME_MAX)
}

/// The base of a sub-user's proxy usernames: `<user>-sub-<name>` (the targeting options follow,
/// as `Targeting::username` appends them to any base).
pub fn subuser_base(base: &str, name: &str) -> String {
    format!("{base}-{SUBUSER_KEY}-{name}")
}

/// Splits a sub-user's proxy username into the name of the sub-user and the username without
/// it (`uabc-sub-s1-type-budget` gives `s1` and `uabc-type-budget`, which `Targeting::parse`
/// reads); None for any other username.
pub fn split_subuser(username: &str) -> Option<(&str, String)> {
    let mut parts = username.splitn(4, '-');
    let base = parts.next()?;
    if parts.next()? != SUBUSER_KEY {
        return None;
    }
    let name = parts.next().filter(|n| is_subuser_name(n))?;
    Some(match parts.next() {
        Some(rest) => (name, format!("{base}-{rest}")),
        None => (name, base.to_owned()),
    })
}

/// The four output formats the generator offers (docs/api.md#constants).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProxyFormat {
    /// host:port:user:pass
    HostPortUserPass,
    /// host:port@user:pass
    HostPortAtUserPass,
    /// user:pass:host:port
    UserPassHostPort,
    /// user:pass@host:port
    UserPassAtHostPort,
}

impl ProxyFormat {
    pub const ALL: [ProxyFormat; 4] = [
        ProxyFormat::HostPortUserPass,
        ProxyFormat::HostPortAtUserPass,
        ProxyFormat::UserPassHostPort,
        ProxyFormat::UserPassAtHostPort,
    ];

    pub fn render(self, host: &str, port: u16, user: &str, pass: &str) -> String {
        match self {
            ProxyFormat::HostPortUserPass => format!("{host}:{port}:{user}:{pass}"),
            ProxyFormat::HostPortAtUserPass => format!("{host}:{port}@{user}:{pass}"),
            ProxyFormat::UserPassHostPort => format!("{user}:{pass}:{host}:{port}"),
            ProxyFormat::UserPassAtHostPort => format!("{user}:{pass}@{host}:{port}"),
        }
    }
}

names! {
    /// A generated residential proxy's rotation: a new exit per connection, or one kept for the
    /// session's lifetime. Absent is `random`.
    pub enum Rotation {
        Random => "random",
        Sticky => "sticky",
    }
}

names! {
    /// The port a generated residential proxy names: the HTTP(S) one or the SOCKS5 one. Absent is
    /// `http|https`.
    pub enum Protocol {
        Http => "http|https",
        Socks5 => "socks5",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sticky() -> Targeting {
        Targeting {
            kind: ProxyKind::Premium,
            country: Some("us".into()),
            state: Some("ca".into()),
            city: Some("losangeles".into()),
            session: Some("ab12cd34".into()),
            lifetime_minutes: Some(30),
        }
    }

    #[test]
    fn the_documented_example_round_trips() {
        let name = sticky().username("uabc123");
        assert_eq!(
            name,
            "uabc123-type-premium-country-us-state-ca-city-losangeles-session-ab12cd34-lifetime-30"
        );
        assert_eq!(Targeting::parse(&name), Ok(("uabc123".into(), sticky())));
    }

    #[test]
    fn a_subuser_name_is_split_off_before_the_targeting() {
        let name = sticky().username(&subuser_base("uabc123", "scraper1"));
        assert!(name.starts_with("uabc123-sub-scraper1-type-premium-country-us"));
        let (sub, rest) = split_subuser(&name).unwrap();
        assert_eq!(sub, "scraper1");
        assert_eq!(Targeting::parse(&rest), Ok(("uabc123".into(), sticky())));
        assert_eq!(
            split_subuser("uabc-sub-s1"),
            Some(("s1", "uabc".to_owned()))
        );
        for other in [
            "uabc",
            "uabc-type-budget",
            "uabc-sub",
            "uabc-sub-",
            "uabc-sub-S1",
            "uabc-sub-seventeenletterss",
        ] {
            assert_eq!(split_subuser(other), None, "{other}");
        }
        assert!(
            Targeting::parse("uabc-sub-s1").is_err(),
            "not a main username"
        );
    }

    #[test]
    fn a_bare_username_is_untargeted_premium() {
        let (base, t) = Targeting::parse("uabc").unwrap();
        assert_eq!(
            (base.as_str(), t.kind, t.country),
            ("uabc", ProxyKind::Premium, None)
        );
    }

    #[test]
    fn bad_usernames_are_refused() {
        for bad in [
            "",
            "-type-premium",
            "UABC",
            "u-type",
            "u-type-static",
            "u-type-premium-type-budget",
            "u-country-usa",
            "u-country-US",
            "u-lifetime-0",
            "u-lifetime-1441",
            "u-lifetime-x",
            "u-city-paris",
            "u-colour-red",
            "u-session-a_b",
        ] {
            assert!(Targeting::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn formats_place_the_four_parts() {
        let r = |f: ProxyFormat| f.render("gw.example", 8000, "user", "pass");
        assert_eq!(
            r(ProxyFormat::HostPortUserPass),
            "gw.example:8000:user:pass"
        );
        assert_eq!(
            r(ProxyFormat::HostPortAtUserPass),
            "gw.example:8000@user:pass"
        );
        assert_eq!(
            r(ProxyFormat::UserPassHostPort),
            "user:pass:gw.example:8000"
        );
        assert_eq!(
            r(ProxyFormat::UserPassAtHostPort),
            "user:pass@gw.example:8000"
        );
    }

    fn token(max: usize) -> impl Strategy<Value = String> {
        proptest::string::string_regex(&format!("[a-z0-9]{{1,{max}}}")).unwrap()
    }

    proptest! {
        #[test]
        fn any_targeting_round_trips(
            base in token(12), budget in any::<bool>(), country in proptest::option::of("[a-z]{2}"),
            state in proptest::option::of(token(16)), city in proptest::option::of(token(48)),
            session in proptest::option::of(token(16)), lifetime in proptest::option::of(1u32..=1440),
        ) {
            let (state, city) = if country.is_some() { (state, city) } else { (None, None) };
            let t = Targeting {
                kind: if budget { ProxyKind::Budget } else { ProxyKind::Premium },
                country, state, city, session, lifetime_minutes: lifetime,
            };
            prop_assert_eq!(Targeting::parse(&t.username(&base)), Ok((base, t)));
        }

        #[test]
        fn every_format_keeps_all_four_parts(port in 1u16.., user in token(40), pass in token(20)) {
            for f in ProxyFormat::ALL {
                let s = f.render("gw.example", port, &user, &pass);
                for part in ["gw.example", &port.to_string(), &user, &pass] {
                    prop_assert!(s.contains(part));
                }
                prop_assert_eq!(s.matches([':', '@']).count(), 3);
            }
        }
    }
}
