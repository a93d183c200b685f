//! Blocked destinations: the patterns an operator (or a customer, for their own traffic) refuses,
//! and the matcher the gateway asks before it connects. A pattern is a domain with its
//! subdomains (`example.gov`), the subdomains alone (`*.gov`), an address or CIDR range
//! (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/32`) or a port (`25` or `:25`).
//!
//! The matcher costs a few hash probes per connection whatever the number of rules: a name is
//! looked up once per label suffix, an address once per prefix length in use, a port once.

use crate::ProxyKind;
use crate::network::Network;
use std::collections::HashMap;
use std::net::IpAddr;

/// Patterns a customer's own blocklist may hold.
pub const MAX_CUSTOMER_PATTERNS: usize = 200;
/// Longest pattern accepted (a domain name is at most 253 characters).
pub const MAX_PATTERN_LEN: usize = 253;
/// What a pattern may be, in the words of the field errors.
pub const PATTERN_RULE: &str =
    "a domain (example.gov), its subdomains (*.gov), an IP address or CIDR range, or a port (:25)";

/// One parsed pattern.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// The domain and every name under it (`example.gov` blocks `www.example.gov`).
    Domain(String),
    /// Every name under the domain, not the domain itself (`*.gov`).
    Subdomains(String),
    Network(Network),
    Port(u16),
}

impl Pattern {
    /// Reads a pattern, trimmed and case-insensitive; None when it is none of the four forms.
    pub fn parse(text: &str) -> Option<Pattern> {
        let text = text.trim();
        if text.is_empty() || text.len() > MAX_PATTERN_LEN {
            return None;
        }
        let port = text.strip_prefix(':').unwrap_or(text);
        if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) {
            return match port.parse::<u16>() {
                Ok(p) if p > 0 => Some(Pattern::Port(p)),
                _ => None,
            };
        }
        if let Some(network) = Network::parse(text.trim_matches(['[', ']'])) {
            return Some(Pattern::Network(network));
        }
        let lower = text.to_ascii_lowercase();
        let (wild, name) = match lower.strip_prefix("*.") {
            Some(rest) => (true, rest),
            None => (false, lower.as_str()),
        };
        let name = name.strip_suffix('.').unwrap_or(name);
        if !is_domain(name) {
            return None;
        }
        Some(if wild {
            Pattern::Subdomains(name.to_owned())
        } else {
            Pattern::Domain(name.to_owned())
        })
    }

    /// The pattern as stored and shown: lower case, a range's host bits cleared, a port as `:25`.
    pub fn canonical(&self) -> String {
        match self {
            Pattern::Domain(name) => name.clone(),
            Pattern::Subdomains(name) => format!("*.{name}"),
            Pattern::Network(network) => network.to_string(),
            Pattern::Port(port) => format!(":{port}"),
        }
    }
}

/// Letters, digits and hyphens in labels of 1 to 63 characters, no label starting or ending
/// with a hyphen (an internationalised name is written in its `xn--` form); not all digits and
/// dots (that would be an address).
fn is_domain(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_PATTERN_LEN
        && !name.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && name.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// The proxy kinds a rule applies to, as a bit per kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kinds(u8);

impl Kinds {
    pub const ALL: Kinds = Kinds((1 << ProxyKind::ALL.len()) - 1);

    pub fn of(kinds: &[ProxyKind]) -> Kinds {
        Kinds(kinds.iter().fold(0, |bits, k| bits | Kinds::bit(*k)))
    }

    fn bit(kind: ProxyKind) -> u8 {
        let at = ProxyKind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
        1 << at
    }

    pub fn has(self, kind: ProxyKind) -> bool {
        self.0 & Kinds::bit(kind) != 0
    }
}

/// The rules of one key: the kinds each applies to and whose it is.
type Rules<T> = Vec<(Kinds, T)>;
/// Per prefix length in use, the ranges of that length.
type ByLength<T> = Vec<(u8, HashMap<Network, Rules<T>>)>;

/// The rules of one list, indexed for `find`; `T` says whose rule matched.
#[derive(Debug, Clone)]
pub struct Matcher<T> {
    domains: HashMap<Box<str>, Rules<T>>,
    subdomains: HashMap<Box<str>, Rules<T>>,
    /// IPv4 and IPv6 ranges apart.
    v4: ByLength<T>,
    v6: ByLength<T>,
    ports: HashMap<u16, Rules<T>>,
    len: usize,
}

impl<T> Default for Matcher<T> {
    fn default() -> Self {
        Matcher {
            domains: HashMap::new(),
            subdomains: HashMap::new(),
            v4: Vec::new(),
            v6: Vec::new(),
            ports: HashMap::new(),
            len: 0,
        }
    }
}

fn first<T>(rules: Option<&Rules<T>>, kind: ProxyKind) -> Option<&T> {
    rules?
        .iter()
        .find(|(kinds, _)| kinds.has(kind))
        .map(|(_, t)| t)
}

impl<T> Matcher<T> {
    /// Adds one rule.
    pub fn insert(&mut self, pattern: Pattern, kinds: Kinds, tag: T) {
        self.len += 1;
        let rule = (kinds, tag);
        match pattern {
            Pattern::Domain(name) => self.domains.entry(name.into()).or_default().push(rule),
            Pattern::Subdomains(name) => {
                self.subdomains.entry(name.into()).or_default().push(rule);
            }
            Pattern::Port(port) => self.ports.entry(port).or_default().push(rule),
            Pattern::Network(network) => {
                let by_len = if network.is_ipv4() {
                    &mut self.v4
                } else {
                    &mut self.v6
                };
                let bits = network.prefix_len();
                let at = match by_len.iter().position(|(b, _)| *b == bits) {
                    Some(at) => at,
                    None => {
                        by_len.push((bits, HashMap::new()));
                        by_len.len() - 1
                    }
                };
                by_len[at].1.entry(network).or_default().push(rule);
            }
        }
    }

    /// Rules held.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first rule that refuses `host`:`port` for a connection of `kind`. `host` is a name or
    /// an address literal (an IPv6 one with or without brackets).
    pub fn find(&self, host: &str, port: u16, kind: ProxyKind) -> Option<&T> {
        if self.len == 0 {
            return None;
        }
        if let Some(found) = first(self.ports.get(&port), kind) {
            return Some(found);
        }
        let literal = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
        if let Ok(ip) = literal.unwrap_or(host).parse::<IpAddr>() {
            return self.find_ip(ip, kind);
        }
        let host = host.strip_suffix('.').unwrap_or(host);
        let lowered;
        let host = if host.bytes().any(|b| b.is_ascii_uppercase()) {
            lowered = host.to_ascii_lowercase();
            lowered.as_str()
        } else {
            host
        };
        if let Some(found) = first(self.domains.get(host), kind) {
            return Some(found);
        }
        let mut rest = host;
        while let Some((_, parent)) = rest.split_once('.') {
            let found = first(self.domains.get(parent), kind)
                .or_else(|| first(self.subdomains.get(parent), kind));
            if found.is_some() {
                return found;
            }
            rest = parent;
        }
        None
    }

    fn find_ip(&self, ip: IpAddr, kind: ProxyKind) -> Option<&T> {
        let host = Network::host(ip);
        let by_len = if host.is_ipv4() { &self.v4 } else { &self.v6 };
        by_len.iter().find_map(|(bits, ranges)| {
            let range = host.within(*bits)?;
            first(ranges.get(&range), kind)
        })
    }
}

/// Reads a category file: one pattern per line; blank lines and `#` comments skipped, and so
/// are lines that are no pattern (counted in the second value, for the log).
pub fn read_category(text: &str) -> (Vec<Pattern>, usize) {
    let mut patterns = Vec::new();
    let mut skipped = 0;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        match Pattern::parse(line) {
            Some(pattern) => patterns.push(pattern),
            None => skipped += 1,
        }
    }
    (patterns, skipped)
}

#[cfg(test)]
#[path = "blocklist_tests.rs"]
mod tests;
