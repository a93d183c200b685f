//! The proxy providers' settings: IPRoyal for residential proxies, Proxy-Seller for pieces.
//! Unset keys keep the local implementations on our own gateway.

use super::source::{ConfigError, Source, bad, http_url};
use secrecy::SecretString;
use upstream::{IpRoyalConfig, ProxySellerConfig};

pub(super) const IPROYAL_API_TOKEN: &str = "PROXYSHOP_IPROYAL_API_TOKEN";
pub(super) const PROXYSELLER_API_KEY: &str = "PROXYSHOP_PROXYSELLER_API_KEY";

/// Which providers are configured. Secrets are wrapped so that `Debug` never shows them.
#[derive(Debug, Clone, Default)]
pub struct ProviderConfig {
    pub iproyal: Option<IpRoyalConfig>,
    pub proxyseller: Option<ProxySellerConfig>,
}

impl ProviderConfig {
    pub fn from_source(src: &Source) -> Result<Self, ConfigError> {
        let iproyal = match src.get(IPROYAL_API_TOKEN).filter(|t| !t.trim().is_empty()) {
            None => None,
            Some(token) => {
                let mut config = IpRoyalConfig::new(SecretString::from(token));
                if let Some(url) = http_url(src, "PROXYSHOP_IPROYAL_API_URL")? {
                    config.api_url = url;
                }
                if let Some(host) = src.get("PROXYSHOP_IPROYAL_PROXY_HOST") {
                    if host.trim().is_empty() || host.contains([':', '/', ' ']) {
                        return Err(bad("PROXYSHOP_IPROYAL_PROXY_HOST", "must be a host name"));
                    }
                    config.proxy_host = host;
                }
                Some(config)
            }
        };
        let proxyseller = match src
            .get(PROXYSELLER_API_KEY)
            .filter(|k| !k.trim().is_empty())
        {
            None => None,
            Some(key) => {
                let mut config = ProxySellerConfig::new(SecretString::from(key));
                if let Some(url) = http_url(src, "PROXYSHOP_PROXYSELLER_API_URL")? {
                    config.api_url = url;
                }
                Some(config)
            }
        };
        Ok(ProviderConfig {
            iproyal,
            proxyseller,
        })
    }

    /// A short description for the start-up log (no secrets).
    pub fn describe(&self) -> String {
        format!(
            "residential={} pieces={}",
            if self.iproyal.is_some() {
                "iproyal"
            } else {
                "gateway"
            },
            if self.proxyseller.is_some() {
                "proxyseller"
            } else {
                "gateway"
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn providers(pairs: &[(&str, &str)]) -> Result<ProviderConfig, ConfigError> {
        ProviderConfig::from_source(&Source::from_pairs(pairs))
    }

    #[test]
    fn unset_keys_keep_the_gateway() {
        let c = providers(&[("PROXYSHOP_IPROYAL_API_TOKEN", " ")]).unwrap();
        assert!(c.iproyal.is_none() && c.proxyseller.is_none());
        assert_eq!(c.describe(), "residential=gateway pieces=gateway");
    }

    #[test]
    fn keys_turn_the_providers_on_without_showing_secrets() {
        let c = providers(&[
            ("PROXYSHOP_IPROYAL_API_TOKEN", "tok-secret-1"),
            ("PROXYSHOP_IPROYAL_PROXY_HOST", "us.proxy.iproyal.com"),
            ("PROXYSHOP_PROXYSELLER_API_KEY", "key-secret-2"),
            ("PROXYSHOP_PROXYSELLER_API_URL", "http://127.0.0.1:9/api/"),
        ])
        .unwrap();
        assert_eq!(c.describe(), "residential=iproyal pieces=proxyseller");
        let iproyal = c.iproyal.as_ref().unwrap();
        assert_eq!(iproyal.proxy_host, "us.proxy.iproyal.com");
        assert_eq!(iproyal.api_url, upstream::IPROYAL_API_URL);
        assert_eq!(
            c.proxyseller.as_ref().unwrap().api_url,
            "http://127.0.0.1:9/api"
        );
        let shown = format!("{c:?}");
        assert!(
            !shown.contains("tok-secret-1") && !shown.contains("key-secret-2"),
            "{shown}"
        );
    }

    #[test]
    fn bad_values_name_their_key() {
        let err = providers(&[
            ("PROXYSHOP_IPROYAL_API_TOKEN", "t"),
            ("PROXYSHOP_IPROYAL_PROXY_HOST", "a:1"),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.contains("PROXYSHOP_IPROYAL_PROXY_HOST"), "{err}");
        let err = providers(&[
            ("PROXYSHOP_PROXYSELLER_API_KEY", "k"),
            ("PROXYSHOP_PROXYSELLER_API_URL", "ftp://x"),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.contains("PROXYSHOP_PROXYSELLER_API_URL"), "{err}");
    }
}
