//! The proxy providers' configuration (IPRoyal residential, Proxy-Seller pieces; see
//! docs/providers.md) and their clients. Unset keys keep the local implementations: residential
//! proxies and pieces on our own gateway.

use crate::config::{ConfigError, Source, bad, http_url};
use secrecy::SecretString;
use std::sync::Arc;
use upstream::{
    IpRoyalConfig, IpRoyalResidential, PieceSource, ProxySellerConfig, ProxySellerPieces,
    ResidentialSource,
};

/// Which providers are configured. Secrets are wrapped so that `Debug` never shows them.
#[derive(Debug, Clone, Default)]
pub struct ProviderConfig {
    pub iproyal: Option<IpRoyalConfig>,
    pub proxyseller: Option<ProxySellerConfig>,
}

impl ProviderConfig {
    pub fn from_source(src: &Source) -> Result<Self, ConfigError> {
        let iproyal = match src
            .get("IPROYAL_API_TOKEN")
            .filter(|t| !t.trim().is_empty())
        {
            None => None,
            Some(token) => {
                let mut config = IpRoyalConfig::new(SecretString::from(token));
                if let Some(url) = http_url(src, "IPROYAL_API_URL")? {
                    config.api_url = url;
                }
                if let Some(host) = src.get("IPROYAL_PROXY_HOST") {
                    if host.trim().is_empty() || host.contains([':', '/', ' ']) {
                        return Err(bad("IPROYAL_PROXY_HOST", "must be a host name"));
                    }
                    config.proxy_host = host;
                }
                Some(config)
            }
        };
        let proxyseller = match src
            .get("PROXYSELLER_API_KEY")
            .filter(|k| !k.trim().is_empty())
        {
            None => None,
            Some(key) => {
                let mut config = ProxySellerConfig::new(SecretString::from(key));
                if let Some(url) = http_url(src, "PROXYSELLER_API_URL")? {
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

    pub fn residential(&self) -> anyhow::Result<Option<Arc<dyn ResidentialSource>>> {
        let Some(config) = &self.iproyal else {
            return Ok(None);
        };
        let client = IpRoyalResidential::new(config.clone())
            .map_err(|e| anyhow::anyhow!("IPROYAL_API_TOKEN: {e}"))?;
        Ok(Some(Arc::new(client)))
    }

    pub fn pieces(&self) -> anyhow::Result<Option<Arc<dyn PieceSource>>> {
        let Some(config) = &self.proxyseller else {
            return Ok(None);
        };
        let client = ProxySellerPieces::new(config.clone())
            .map_err(|e| anyhow::anyhow!("PROXYSELLER_API_KEY: {e}"))?;
        Ok(Some(Arc::new(client)))
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
        let c = providers(&[("IPROYAL_API_TOKEN", " ")]).unwrap();
        assert!(c.iproyal.is_none() && c.proxyseller.is_none());
        assert_eq!(c.describe(), "residential=gateway pieces=gateway");
        assert!(c.residential().unwrap().is_none() && c.pieces().unwrap().is_none());
    }

    #[test]
    fn keys_turn_the_providers_on_without_showing_secrets() {
        let c = providers(&[
            ("IPROYAL_API_TOKEN", "tok-secret-1"),
            ("IPROYAL_PROXY_HOST", "us.proxy.iproyal.com"),
            ("PROXYSELLER_API_KEY", "key-secret-2"),
            ("PROXYSELLER_API_URL", "http://127.0.0.1:9/api/"),
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
        assert_eq!(c.residential().unwrap().unwrap().provider(), "iproyal");
        assert_eq!(c.pieces().unwrap().unwrap().provider(), "proxyseller");
    }

    #[test]
    fn bad_values_name_their_key() {
        let err = providers(&[("IPROYAL_API_TOKEN", "t"), ("IPROYAL_PROXY_HOST", "a:1")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("IPROYAL_PROXY_HOST"), "{err}");
        let err = providers(&[
            ("PROXYSELLER_API_KEY", "k"),
            ("PROXYSELLER_API_URL", "ftp://x"),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.contains("PROXYSELLER_API_URL"), "{err}");
    }
}
