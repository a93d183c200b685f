//! Upstream pools: the providers the gateway relays Premium and Budget traffic through. A pool
//! has its entry point (protocol, host, port), the shop's own credentials there, the templates
//! that turn a customer's targeting into the provider's syntax (`credential_template`), what the
//! provider charges per GB, a weight among the pools of the same kind, and the countries it
//! serves (empty: all).
//!
//! The field rules live here, one function per field, each answering the message the admin API
//! shows under that field (422); the pool's password is write-only and never leaves the
//! persistence and gateway crates.

use crate::credential_template::CredentialTemplate;
use crate::kind::ProxyKind;
use crate::money::Cents;
use crate::names::names;

names! {
    /// How the gateway talks to a pool.
    pub enum PoolProtocol {
        Http => "http",
        Socks5 => "socks5",
    }
}

pub const POOL_NAME_INVALID: &str = "Name must be 1–80 characters";
pub const POOL_KINDS_INVALID: &str = "Kinds must list premium and/or budget, at least one";
pub const POOL_PROTOCOL_INVALID: &str = "Protocol must be http or socks5";
pub const POOL_HOST_INVALID: &str = "Host must be a host name or IPv4 address (letters, digits, dots, hyphens; at most 253 characters)";
pub const POOL_PORT_INVALID: &str = "Port must be a whole number from 1 to 65535";
pub const POOL_USERNAME_INVALID: &str =
    "Username must be at most 255 characters without control characters";
pub const POOL_PASSWORD_INVALID: &str =
    "Password must be at most 255 characters without control characters";
pub const POOL_COST_INVALID: &str = "Cost per GB must be 0 to 1000 dollars with at most 2 decimals";
pub const POOL_WEIGHT_INVALID: &str = "Weight must be a whole number from 1 to 1000";
pub const POOL_COUNTRIES_INVALID: &str =
    "Countries must be two-letter ISO codes (lower case), each listed once";
pub const POOL_NOT_FOUND: &str = "Upstream pool not found";
pub const POOL_NAME_TAKEN: &str = "An upstream pool with this name already exists";
pub const POOL_PRESET_INVALID: &str =
    "Preset must be one of iproyal, oxylabs, decodo, brightdata, soax";

/// Longest name, in characters.
pub const POOL_NAME_MAX: usize = 80;
/// Longest username and password at the provider, in characters.
pub const POOL_SECRET_MAX: usize = 255;
/// Highest weight.
pub const POOL_WEIGHT_MAX: u32 = 1000;
/// Highest cost per GB: a thousand dollars.
pub const POOL_COST_MAX: Cents = Cents::new(100_000);

/// The name as kept: trimmed, 1–80 characters.
pub fn pool_name(raw: &str) -> Result<String, &'static str> {
    let name = raw.trim();
    let length = name.chars().count();
    if (1..=POOL_NAME_MAX).contains(&length) {
        Ok(name.to_owned())
    } else {
        Err(POOL_NAME_INVALID)
    }
}

/// The kinds as kept: premium and/or budget, each once, in that order.
pub fn pool_kinds(raw: &[String]) -> Result<Vec<ProxyKind>, &'static str> {
    let mut kinds = Vec::new();
    for k in raw {
        let kind = ProxyKind::parse(k)
            .filter(|k| k.is_traffic())
            .ok_or(POOL_KINDS_INVALID)?;
        if kinds.contains(&kind) {
            return Err(POOL_KINDS_INVALID);
        }
        kinds.push(kind);
    }
    if kinds.is_empty() {
        return Err(POOL_KINDS_INVALID);
    }
    kinds.sort();
    Ok(kinds)
}

pub fn pool_protocol(raw: &str) -> Result<PoolProtocol, &'static str> {
    PoolProtocol::parse(raw).ok_or(POOL_PROTOCOL_INVALID)
}

/// A host name or IPv4 address: dot-separated labels of letters, digits and inner hyphens, at
/// most 253 characters, kept lower case.
pub fn pool_host(raw: &str) -> Result<String, &'static str> {
    let label_ok = |l: &str| {
        (1..=63).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    if raw.len() <= 253 && raw.split('.').all(label_ok) {
        Ok(raw.to_ascii_lowercase())
    } else {
        Err(POOL_HOST_INVALID)
    }
}

pub fn pool_port(raw: i64) -> Result<u16, &'static str> {
    u16::try_from(raw)
        .ok()
        .filter(|p| *p > 0)
        .ok_or(POOL_PORT_INVALID)
}

fn secret_text(raw: &str, message: &'static str) -> Result<String, &'static str> {
    if raw.chars().count() <= POOL_SECRET_MAX && !raw.chars().any(char::is_control) {
        Ok(raw.to_owned())
    } else {
        Err(message)
    }
}

/// The shop's username at the provider, kept as given (no trimming: it is a credential).
pub fn pool_username(raw: &str) -> Result<String, &'static str> {
    secret_text(raw, POOL_USERNAME_INVALID)
}

/// The shop's password at the provider, kept as given.
pub fn pool_password(raw: &str) -> Result<String, &'static str> {
    secret_text(raw, POOL_PASSWORD_INVALID)
}

/// Cost per GB in dollars with at most two decimals, 0 to 1000.
pub fn pool_cost(dollars: f64) -> Result<Cents, &'static str> {
    crate::numbers::hundredths_of_f64(dollars)
        .map(Cents::new)
        .filter(|c| (Cents::ZERO..=POOL_COST_MAX).contains(c))
        .ok_or(POOL_COST_INVALID)
}

pub fn pool_weight(raw: i64) -> Result<u32, &'static str> {
    u32::try_from(raw)
        .ok()
        .filter(|w| (1..=POOL_WEIGHT_MAX).contains(w))
        .ok_or(POOL_WEIGHT_INVALID)
}

/// Lower-case ISO 3166-1 alpha-2 codes, each once, sorted; empty means every country.
pub fn pool_countries(raw: &[String]) -> Result<Vec<String>, &'static str> {
    let mut out: Vec<String> = Vec::with_capacity(raw.len());
    for code in raw {
        if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_lowercase()) {
            return Err(POOL_COUNTRIES_INVALID);
        }
        if out.contains(code) {
            return Err(POOL_COUNTRIES_INVALID);
        }
        out.push(code.clone());
    }
    out.sort();
    Ok(out)
}

/// Kinds as stored: names joined with commas (`premium,budget`).
pub fn kinds_to_text(kinds: &[ProxyKind]) -> String {
    kinds
        .iter()
        .map(|k| k.as_str())
        .collect::<Vec<_>>()
        .join(",")
}

/// Kinds from their stored text; unknown names are skipped.
pub fn kinds_from_text(text: &str) -> Vec<ProxyKind> {
    text.split(',').filter_map(ProxyKind::parse).collect()
}

/// Countries as stored: codes joined with commas, empty for every country.
pub fn countries_to_text(countries: &[String]) -> String {
    countries.join(",")
}

pub fn countries_from_text(text: &str) -> Vec<String> {
    text.split(',')
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect()
}

/// What the gateway needs of an active pool to relay through it.
#[derive(Clone, PartialEq, Eq)]
pub struct PoolRoute {
    pub id: i64,
    pub name: String,
    pub kinds: Vec<ProxyKind>,
    pub protocol: PoolProtocol,
    pub host: String,
    pub port: u16,
    pub username: String,
    pub password: String,
    pub username_template: CredentialTemplate,
    pub password_template: CredentialTemplate,
    pub weight: u32,
    /// Empty: every country.
    pub countries: Vec<String>,
}

impl std::fmt::Debug for PoolRoute {
    /// Names the pool only: its entry point and credentials never reach a log line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoolRoute")
            .field("id", &self.id)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl PoolRoute {
    /// Whether this pool can carry a connection of `kind` asking for `country` (None: any).
    pub fn serves(&self, kind: ProxyKind, country: Option<&str>) -> bool {
        self.kinds.contains(&kind)
            && match country {
                None => true,
                Some(c) => self.countries.is_empty() || self.countries.iter().any(|s| s == c),
            }
    }
}

/// The order in which to try pools (indexes into `pools`, each its id and weight), at most
/// `max`: weighted rendezvous hashing of `key`. Each pool draws a number from the hash of the
/// key and its id, and the lowest `-ln(u) / weight` goes first, so the first pick falls on each
/// pool in proportion to its weight over random keys, while one key (a sticky session id) picks
/// the same pool on every node and every time, for as long as that pool is among `pools`: a
/// pool leaving moves only the sessions it had. Pools of weight 0 are never picked.
pub fn rendezvous_order(key: &str, pools: &[(i64, u32)], max: usize) -> Vec<usize> {
    let mut scored: Vec<(f64, usize)> = pools
        .iter()
        .enumerate()
        .filter(|(_, (_, weight))| *weight > 0)
        .map(|(at, (id, weight))| {
            let h = fnv1a(key.as_bytes(), *id);
            // A uniform number in (0, 1) from the top 53 bits.
            let u = ((h >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
            (-u.ln() / f64::from(*weight), at)
        })
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(max).map(|(_, at)| at).collect()
}

/// FNV-1a over `bytes` and `id`, then a final mix (splitmix64's) so that nearby inputs spread:
/// the same on every node and build.
fn fnv1a(bytes: &[u8], id: i64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes.iter().chain(&id.to_le_bytes()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

#[cfg(test)]
#[path = "upstream_pool_tests.rs"]
mod tests;
