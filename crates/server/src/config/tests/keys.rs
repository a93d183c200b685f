//! The configuration's keys: every key it reads is under one prefix with one unit for seconds,
//! and a renamed key's old name still works, with a warning, and loses to the new one.

use super::super::renamed::RENAMED;
use super::super::source::{self, Source, read_file};
use super::super::*;
use super::config;
use std::collections::BTreeSet;

/// Every key the configuration reads: those asked of the source with every branch taken (the
/// provider URLs and IPRoyal's pool keys are read only with their provider's key), the file's
/// own key, and the log filter (read by `tracing_subscriber`).
pub(in crate::config) fn keys_read() -> BTreeSet<&'static str> {
    let mut keys = BTreeSet::from([
        source::CONFIG_KEY,
        tracing_subscriber::EnvFilter::DEFAULT_ENV,
    ]);
    for pairs in [
        &[][..],
        &[
            ("PROXYSHOP_IPROYAL_API_TOKEN", "t"),
            ("PROXYSHOP_IPROYAL_PROXY_USERNAME", "u"),
            ("PROXYSHOP_IPROYAL_PROXY_PASSWORD", "p"),
            ("PROXYSHOP_PROXYSELLER_API_KEY", "k"),
        ][..],
    ] {
        let src = Source::from_pairs(pairs);
        Config::from_source(&src).unwrap();
        keys.extend(src.asked());
    }
    keys
}

#[test]
fn every_key_is_under_one_prefix_with_one_unit_for_seconds() {
    for key in keys_read() {
        if key == "RUST_LOG" {
            continue; // the tracing ecosystem's own
        }
        assert!(key.starts_with("PROXYSHOP_"), "{key}");
        assert!(
            !key.ends_with("_SECONDS"),
            "{key}: durations in seconds end in _SECS"
        );
    }
}

#[test]
fn every_old_name_maps_to_a_key_the_configuration_reads() {
    let read = keys_read();
    let mut olds = BTreeSet::new();
    for (old, new) in RENAMED {
        assert!(read.contains(new), "{old} -> {new}, which is not read");
        assert!(
            !read.contains(old),
            "{old} is renamed but still read as a key"
        );
        assert!(olds.insert(old), "{old} twice");
    }
    let news: BTreeSet<_> = RENAMED.iter().map(|(_, new)| new).collect();
    assert_eq!(news.len(), RENAMED.len(), "two old names for one key");
}

#[test]
fn an_old_name_still_works_and_yields_the_warning() {
    let c = config(&[("GATEWAY_HTTP_ADDR", "127.0.0.1:7000")]).unwrap();
    assert_eq!(c.gateway_http_addr.port(), 7000);
    let warning = Deprecated {
        old: "GATEWAY_HTTP_ADDR",
        new: "PROXYSHOP_GATEWAY_HTTP_ADDR",
        ignored: false,
    };
    assert_eq!(c.deprecated, [warning]);
    assert_eq!(
        warning.to_string(),
        "GATEWAY_HTTP_ADDR is deprecated: use PROXYSHOP_GATEWAY_HTTP_ADDR"
    );
    // The unit renamed too, and the bare names.
    let c = config(&[
        ("PROXYSHOP_SHUTDOWN_GRACE_SECONDS", "7"),
        ("GATEWAY_DRAIN_SECONDS", "0"),
        ("DATABASE_URL", "sqlite:///d/old.db"),
        ("SESSION_SECRET", "old-secret-0123456789abcdef0123456789"),
    ])
    .unwrap();
    assert_eq!(c.shutdown_grace, Duration::from_secs(7));
    assert_eq!(c.gateway.drain, Duration::ZERO);
    assert_eq!(c.database_url, "sqlite:///d/old.db");
    assert!(c.session_secret.is_some());
    let olds: Vec<_> = c.deprecated.iter().map(|d| (d.old, d.ignored)).collect();
    assert_eq!(
        olds,
        [
            ("DATABASE_URL", false),
            ("SESSION_SECRET", false),
            ("GATEWAY_DRAIN_SECONDS", false),
            ("PROXYSHOP_SHUTDOWN_GRACE_SECONDS", false),
        ]
    );
    assert_eq!(c.key_name("PROXYSHOP_DATABASE_URL"), "DATABASE_URL");
    assert_eq!(c.key_name("PROXYSHOP_SMTP_URL"), "PROXYSHOP_SMTP_URL");
    // Every old name, in the environment or the file, is read as its new key.
    for &(old, new) in RENAMED {
        let src = Source::from_pairs(&[(old, "value")]);
        assert_eq!(src.get(new).as_deref(), Some("value"), "{old}");
        assert_eq!(src.name_of(new), old);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("proxyshop.toml");
    std::fs::write(&path, "GATEWAY_SOCKS_ADDR = \"127.0.0.1:7001\"\n").unwrap();
    let c = Config::from_source(&Source::from_map(read_file(&path).unwrap())).unwrap();
    assert_eq!(c.gateway_socks_addr.port(), 7001);
    assert_eq!(c.deprecated[0].old, "GATEWAY_SOCKS_ADDR");
    // Empty counts as unset, for the old name too.
    assert!(config(&[("SMTP_URL", " ")]).unwrap().deprecated.is_empty());
}

#[test]
fn the_new_name_wins_over_the_old() {
    let c = config(&[
        ("GATEWAY_ALLOW_PRIVATE", "true"),
        ("PROXYSHOP_GATEWAY_ALLOW_PRIVATE", "false"),
        ("GATEWAY_LEASE_TTL_SECS", "3"),
        ("PROXYSHOP_GATEWAY_LEASE_TTL_SECS", "40"),
    ])
    .unwrap();
    assert!(!c.gateway_allow_private);
    assert_eq!(c.gateway.lease_ttl, Duration::from_secs(40));
    assert!(c.deprecated.iter().all(|d| d.ignored), "{:?}", c.deprecated);
    assert_eq!(
        c.deprecated[0].to_string(),
        "GATEWAY_ALLOW_PRIVATE is deprecated and ignored: PROXYSHOP_GATEWAY_ALLOW_PRIVATE is set \
         (remove GATEWAY_ALLOW_PRIVATE)"
    );
    assert_eq!(
        c.key_name("PROXYSHOP_GATEWAY_ALLOW_PRIVATE"),
        "PROXYSHOP_GATEWAY_ALLOW_PRIVATE"
    );
}

#[test]
fn errors_name_the_key_as_the_operator_set_it() {
    let key = |pairs: &[(&str, &str)]| config(pairs).unwrap_err().key;
    assert_eq!(
        key(&[("GATEWAY_SOCKS_ADDR", "1.2.3.4")]),
        "GATEWAY_SOCKS_ADDR"
    );
    assert_eq!(
        key(&[("GATEWAY_LEASE_TTL_SECS", "3")]),
        "GATEWAY_LEASE_TTL_SECS"
    );
    assert_eq!(key(&[("SESSION_SECRET", "short")]), "SESSION_SECRET");
    assert_eq!(
        key(&[("PROXYSHOP_SHUTDOWN_GRACE_SECONDS", "301")]),
        "PROXYSHOP_SHUTDOWN_GRACE_SECONDS"
    );
    let err = config(&[("IPROYAL_API_TOKEN", "t"), ("IPROYAL_PROXY_HOST", "a:1")]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid configuration: IPROYAL_PROXY_HOST: must be a host name"
    );
    // A key missing beside one set under its old name: the missing one by its new name, the
    // other as it was set.
    let err = config(&[("CRYPTOMUS_MERCHANT_ID", "m")]).unwrap_err();
    assert_eq!(err.key, "PROXYSHOP_CRYPTOMUS_API_KEY");
    assert!(err.reason.contains("with CRYPTOMUS_MERCHANT_ID"), "{err}");
    // The new name wins: its value is the bad one.
    assert_eq!(
        key(&[
            ("GATEWAY_SOCKS_ADDR", "127.0.0.1:1"),
            ("PROXYSHOP_GATEWAY_SOCKS_ADDR", "x")
        ]),
        "PROXYSHOP_GATEWAY_SOCKS_ADDR"
    );
    let err = config(&[
        ("PROXYSHOP_LOCAL_CHECKOUT", "true"),
        ("PROXYSELLER_API_KEY", "k"),
    ])
    .unwrap_err();
    assert_eq!(err.key, LOCAL_CHECKOUT_KEY);
    assert!(err.reason.contains("PROXYSELLER_API_KEY is set"), "{err}");
    assert!(
        !err.reason.contains("PROXYSHOP_PROXYSELLER_API_KEY"),
        "{err}"
    );
}
