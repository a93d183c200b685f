//! Where settings come from (the environment over an optional `proxyshop.toml`) and the readers
//! that turn one key's text into a typed value, with an error naming the key.

use super::renamed::{RENAMED, old_name};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
#[error("invalid configuration: {key}: {reason}")]
pub struct ConfigError {
    pub key: &'static str,
    pub reason: String,
}

pub(super) fn bad(key: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError {
        key,
        reason: reason.into(),
    }
}

/// Where values come from: the environment over the file. A renamed key is also read under its
/// old name (`renamed.rs`) when the new one is unset.
pub struct Source {
    values: HashMap<String, String>,
    /// Every key asked for, so that tests can tell which keys the configuration reads.
    #[cfg(test)]
    asked: std::cell::RefCell<std::collections::BTreeSet<&'static str>>,
}

/// An old key name that is set: its value is used (with a warning at start-up) unless the new
/// key is set too, when it is ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deprecated {
    pub old: &'static str,
    pub new: &'static str,
    pub ignored: bool,
}

impl std::fmt::Display for Deprecated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Deprecated { old, new, ignored } = self;
        if *ignored {
            write!(
                f,
                "{old} is deprecated and ignored: {new} is set (remove {old})"
            )
        } else {
            write!(f, "{old} is deprecated: use {new}")
        }
    }
}

impl Source {
    /// Reads `PROXYSHOP_CONFIG` (or `./proxyshop.toml` if present) under the environment.
    pub fn load() -> Result<Self, ConfigError> {
        let mut values = HashMap::new();
        let path = std::env::var(CONFIG_KEY).ok().map(PathBuf::from);
        let path = path.or_else(|| Some(PathBuf::from("proxyshop.toml")).filter(|p| p.is_file()));
        if let Some(path) = path {
            values.extend(read_file(&path)?);
        }
        values.extend(std::env::vars().filter(|(_, v)| !v.is_empty()));
        Ok(Source::from_values(values))
    }

    fn from_values(values: HashMap<String, String>) -> Self {
        Source {
            values,
            #[cfg(test)]
            asked: Default::default(),
        }
    }

    #[cfg(test)]
    pub fn from_map(values: HashMap<String, String>) -> Self {
        Self::from_values(values)
    }

    /// The settings of a test, as if they were in the environment.
    #[cfg(test)]
    pub fn from_pairs(pairs: &[(&str, &str)]) -> Self {
        Self::from_map(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    /// The value of `key` (trimmed; empty counts as unset), or of its old name when only that is
    /// set.
    pub(super) fn get(&self, key: &'static str) -> Option<String> {
        #[cfg(test)]
        self.asked.borrow_mut().insert(key);
        self.value(key)
            .or_else(|| old_name(key).and_then(|old| self.value(old)))
    }

    fn value(&self, key: &str) -> Option<String> {
        self.values
            .get(key)
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    }

    /// The name the value of `key` is set under: its old name when only that one is set. Errors
    /// name it, so that they name what the operator wrote.
    pub(super) fn name_of(&self, key: &'static str) -> &'static str {
        match old_name(key) {
            Some(old) if self.value(key).is_none() && self.value(old).is_some() => old,
            _ => key,
        }
    }

    /// The old names that are set, in the order of the rename table.
    pub fn deprecated(&self) -> Vec<Deprecated> {
        RENAMED
            .iter()
            .filter(|(old, _)| self.value(old).is_some())
            .map(|&(old, new)| Deprecated {
                old,
                new,
                ignored: self.value(new).is_some(),
            })
            .collect()
    }

    /// The keys asked for so far.
    #[cfg(test)]
    pub(super) fn asked(&self) -> std::collections::BTreeSet<&'static str> {
        self.asked.borrow().clone()
    }
}

/// The key naming the TOML file, read from the environment only.
pub(super) const CONFIG_KEY: &str = "PROXYSHOP_CONFIG";

pub(super) fn read_file(path: &Path) -> Result<HashMap<String, String>, ConfigError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| bad(CONFIG_KEY, format!("cannot read {}: {e}", path.display())))?;
    let table: toml::Table = text
        .parse()
        .map_err(|e| bad(CONFIG_KEY, format!("{}: {e}", path.display())))?;
    Ok(table
        .into_iter()
        .map(|(k, v)| match v {
            toml::Value::String(s) => (k, s),
            other => (k, other.to_string()),
        })
        .collect())
}

pub(super) fn socket_addr(
    src: &Source,
    key: &'static str,
    default: &str,
) -> Result<SocketAddr, ConfigError> {
    let raw = src.get(key).unwrap_or_else(|| default.to_owned());
    raw.parse()
        .map_err(|_| bad(key, format!("'{raw}' is not a host:port address")))
}

/// An http(s) URL, read the way browsers read it (WHATWG rules: `https://a.example\@localhost`
/// is a.example), without user name or password, written back in that normal form without a
/// trailing slash.
pub(super) fn http_url(src: &Source, key: &'static str) -> Result<Option<String>, ConfigError> {
    let Some(raw) = src.get(key) else {
        return Ok(None);
    };
    let url = url::Url::parse(&raw).map_err(|e| bad(key, format!("'{raw}' is not a URL: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(bad(
            key,
            format!("'{raw}' must start with http:// or https://"),
        ));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(bad(key, format!("'{raw}' names no host")));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(bad(
            key,
            format!("'{raw}' must not carry a user name or password"),
        ));
    }
    Ok(Some(url.as_str().trim_end_matches('/').to_owned()))
}

pub(super) fn flag(src: &Source, key: &'static str) -> Result<bool, ConfigError> {
    match src.get(key).as_deref() {
        None | Some("false" | "0" | "no") => Ok(false),
        Some("true" | "1" | "yes") => Ok(true),
        Some(other) => Err(bad(key, format!("'{other}' is not true or false"))),
    }
}

pub(super) fn percent(src: &Source, key: &'static str, default: u32) -> Result<u32, ConfigError> {
    match src.get(key) {
        None => Ok(default),
        Some(raw) => raw
            .parse::<u32>()
            .ok()
            .filter(|p| *p <= 100)
            .ok_or_else(|| {
                bad(
                    key,
                    format!("'{raw}' is not a whole percentage from 0 to 100"),
                )
            }),
    }
}

/// A comma list of files, each of which must be readable now (empty: none).
pub(super) fn readable_files(
    src: &Source,
    key: &'static str,
) -> Result<Vec<std::path::PathBuf>, ConfigError> {
    let Some(raw) = src.get(key) else {
        return Ok(Vec::new());
    };
    raw.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| match std::fs::File::open(p) {
            Ok(_) => Ok(std::path::PathBuf::from(p)),
            Err(e) => Err(bad(key, format!("cannot read '{p}': {e}"))),
        })
        .collect()
}

/// A comma list of ports, or `none`.
pub(super) fn ports(
    src: &Source,
    key: &'static str,
    default: &[u16],
) -> Result<Vec<u16>, ConfigError> {
    let Some(raw) = src.get(key) else {
        return Ok(default.to_vec());
    };
    if raw.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    raw.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.parse::<u16>()
                .ok()
                .filter(|p| *p > 0)
                .ok_or_else(|| bad(key, format!("'{p}' is not a port from 1 to 65535")))
        })
        .collect()
}

pub(super) fn whole(src: &Source, key: &'static str, default: u32) -> Result<u32, ConfigError> {
    match src.get(key) {
        None => Ok(default),
        Some(raw) => raw
            .parse::<u32>()
            .map_err(|_| bad(key, format!("'{raw}' is not a whole number from 0 up"))),
    }
}

/// A number of days to keep something, 1 to 3650.
pub(super) fn days_kept(src: &Source, key: &'static str, default: u32) -> Result<u32, ConfigError> {
    match whole(src, key, default)? {
        days @ 1..=3650 => Ok(days),
        _ => Err(bad(key, "must be between 1 and 3650 days")),
    }
}

pub(super) fn dollars(
    src: &Source,
    key: &'static str,
    default_cents: i64,
) -> Result<i64, ConfigError> {
    match src.get(key) {
        None => Ok(default_cents),
        Some(raw) => raw
            .parse::<f64>()
            .ok()
            .and_then(domain::Cents::from_dollars)
            .map(domain::Cents::get)
            .filter(|cents| *cents >= 0)
            .ok_or_else(|| {
                bad(
                    key,
                    format!("'{raw}' is not an amount of dollars (e.g. 50)"),
                )
            }),
    }
}
