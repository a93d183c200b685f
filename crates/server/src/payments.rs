//! Which payment gateway takes top-ups: Cryptomus when its keys are set; the local checkout only
//! when chosen with `PROXYSHOP_LOCAL_CHECKOUT=true`, and then only on this machine; otherwise
//! none (top-ups are off). The local checkout's Pay button credits any amount without money, so
//! it must never run where customers or real providers are.

use crate::config::{Config, ConfigError, bad, is_loopback_host, url_host};
use api::Payments;
use secrecy::SecretString;
use sha2::{Digest, Sha256};
use std::sync::Arc;
use upstream::CryptomusGateway;

pub const LOCAL_CHECKOUT_KEY: &str = "PROXYSHOP_LOCAL_CHECKOUT";

/// The refusal of a local checkout anywhere but on a developer's machine: with a public URL (or
/// bind address) that is not loopback, or beside a real provider's key.
pub fn check_local_checkout(config: &Config) -> Result<(), ConfigError> {
    if !config.local_checkout {
        return Ok(());
    }
    let refuse = |why: String| {
        bad(
            LOCAL_CHECKOUT_KEY,
            format!(
                "the local checkout credits top-ups without any payment, so it runs only for a \
                 local shop: {why}; unset {LOCAL_CHECKOUT_KEY} (with Cryptomus keys for real top-ups)"
            ),
        )
    };
    let keys = [
        (
            "CRYPTOMUS_MERCHANT_ID / CRYPTOMUS_API_KEY",
            config.cryptomus.is_some(),
        ),
        ("IPROYAL_API_TOKEN", config.providers.iproyal.is_some()),
        (
            "PROXYSELLER_API_KEY",
            config.providers.proxyseller.is_some(),
        ),
    ];
    if let Some((key, _)) = keys.iter().find(|(_, set)| *set) {
        return Err(refuse(format!("{key} is set")));
    }
    if let Some(url) = &config.public_url
        && !is_loopback_host(&url_host(url))
    {
        return Err(refuse(format!(
            "PROXYSHOP_PUBLIC_URL '{url}' is not a loopback or localhost address"
        )));
    }
    let bind_host = config
        .addr
        .rsplit_once(':')
        .map_or(config.addr.as_str(), |(host, _)| host);
    if !is_loopback_host(bind_host) {
        return Err(refuse(format!(
            "PROXYSHOP_ADDR '{}' listens beyond this machine",
            config.addr
        )));
    }
    Ok(())
}

/// The gateway for the API, and its name for the start-up log.
pub fn payments(config: &Config, secret: &str) -> anyhow::Result<(Payments, &'static str)> {
    if let Some(c) = &config.cryptomus {
        let gateway =
            CryptomusGateway::new(c.merchant_id.clone(), c.api_key.clone(), c.api_url.clone())
                .map_err(|e| anyhow::anyhow!("CRYPTOMUS_API_KEY / CRYPTOMUS_MERCHANT_ID: {e}"))?;
        return Ok((Payments::Gateway(Arc::new(gateway)), "cryptomus"));
    }
    if !config.local_checkout {
        return Ok((Payments::Off, "off (top-ups refused)"));
    }
    // The checkout's signing key is derived from the session secret, so it survives restarts.
    let key = hex::encode(
        Sha256::new()
            .chain_update(b"proxyshop local checkout\0")
            .chain_update(secret)
            .finalize(),
    );
    Ok((
        Payments::Local(SecretString::from(key)),
        "local checkout (PROXYSHOP_LOCAL_CHECKOUT: Pay credits without payment)",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Source;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_source(&Source::from_pairs(pairs))
    }

    #[test]
    fn hosts_of_urls() {
        assert_eq!(url_host("https://Shop.example:8443/x"), "shop.example");
        assert_eq!(url_host("http://u:p@127.0.0.1/"), "127.0.0.1");
        assert_eq!(url_host("http://[::1]:8080"), "[::1]");
        assert_eq!(url_host("http://localhost"), "localhost");
        // As browsers read them: the host is what a customer's browser would reach.
        assert_eq!(url_host("https://shop.example\\@localhost"), "shop.example");
        assert_eq!(url_host("http://0x7f.1/"), "127.0.0.1");
        assert_eq!(url_host("http://[::1]shop.example"), "");
        for host in [
            "localhost",
            "app.localhost",
            "127.0.0.1",
            "127.8.9.1",
            "::1",
            "[::1]",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "0.0.0.0",
            "::",
            "10.0.0.1",
            "shop.example",
            "localhost.example.com",
            "",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }

    #[test]
    fn the_local_checkout_runs_only_when_chosen_on_a_local_shop() {
        let on = ("PROXYSHOP_LOCAL_CHECKOUT", "true");
        assert!(!config(&[]).unwrap().local_checkout);
        assert!(config(&[on]).unwrap().local_checkout);
        assert!(
            config(&[on, ("PROXYSHOP_PUBLIC_URL", "http://localhost:5173")])
                .unwrap()
                .local_checkout
        );
        for refused in [
            vec![on, ("PROXYSHOP_PUBLIC_URL", "https://shop.example")],
            vec![on, ("PROXYSHOP_PUBLIC_URL", "http://10.1.2.3:8080")],
            // Browsers read this as shop.example, whatever a naive split says.
            vec![
                on,
                ("PROXYSHOP_PUBLIC_URL", "https://shop.example\\@localhost"),
            ],
            vec![on, ("PROXYSHOP_ADDR", "0.0.0.0:8080")],
            vec![
                on,
                ("PROXYSHOP_ADDR", "0.0.0.0:8080"),
                ("PROXYSHOP_PUBLIC_URL", "http://localhost:8080"),
            ],
            vec![
                on,
                ("CRYPTOMUS_MERCHANT_ID", "m"),
                ("CRYPTOMUS_API_KEY", "secret-1"),
            ],
            vec![on, ("IPROYAL_API_TOKEN", "secret-1")],
            vec![on, ("PROXYSELLER_API_KEY", "secret-1")],
        ] {
            let err = config(&refused).unwrap_err();
            assert_eq!(err.key, LOCAL_CHECKOUT_KEY, "{refused:?}");
            let text = err.to_string();
            assert!(text.contains(LOCAL_CHECKOUT_KEY), "{text}");
            assert!(!text.contains("secret-1"), "no key values: {text}");
        }
        for malformed in [
            "http://[::1]shop.example",
            "http://user@localhost",
            "http://",
        ] {
            let err = config(&[on, ("PROXYSHOP_PUBLIC_URL", malformed)]).unwrap_err();
            assert_eq!(err.key, "PROXYSHOP_PUBLIC_URL", "{malformed}");
        }
        // Not chosen: a public shop without Cryptomus starts, with top-ups off.
        assert!(config(&[("PROXYSHOP_PUBLIC_URL", "https://shop.example")]).is_ok());
        assert_eq!(
            config(&[("PROXYSHOP_LOCAL_CHECKOUT", "perhaps")])
                .unwrap_err()
                .key,
            LOCAL_CHECKOUT_KEY
        );
    }

    #[test]
    fn the_gateway_is_cryptomus_local_or_none() {
        let kind = |pairs: &[(&str, &str)]| match payments(&config(pairs).unwrap(), "s").unwrap().0
        {
            Payments::Gateway(g) => g.kind(),
            Payments::Local(_) => "local",
            Payments::Off => "off",
        };
        assert_eq!(kind(&[]), "off");
        assert_eq!(kind(&[("PROXYSHOP_LOCAL_CHECKOUT", "true")]), "local");
        assert_eq!(
            kind(&[("CRYPTOMUS_MERCHANT_ID", "m"), ("CRYPTOMUS_API_KEY", "k")]),
            "cryptomus"
        );
    }
}
