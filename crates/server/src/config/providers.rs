//! The proxy providers' settings: IPRoyal as an upstream pool of residential traffic (its proxy
//! account) with its location list (its API token), Proxy-Seller for pieces. Unset keys keep
//! the local implementations on our own gateway.

use super::source::{ConfigError, Source, bad, dollars, http_url, whole};
use domain::credential_template::Preset;
use secrecy::SecretString;
use std::path::PathBuf;
use upstream::{IpRoyalConfig, ProxySellerConfig};

pub(super) const IPROYAL_API_TOKEN: &str = "PROXYSHOP_IPROYAL_API_TOKEN";
const IPROYAL_PROXY_USERNAME: &str = "PROXYSHOP_IPROYAL_PROXY_USERNAME";
const IPROYAL_PROXY_PASSWORD: &str = "PROXYSHOP_IPROYAL_PROXY_PASSWORD";
pub(super) const PROXYSELLER_API_KEY: &str = "PROXYSHOP_PROXYSELLER_API_KEY";

/// Which providers are configured. Secrets are wrapped so that `Debug` never shows them.
#[derive(Debug, Clone, Default)]
pub struct ProviderConfig {
    pub iproyal: Option<IpRoyalConfig>,
    /// The shop's IPRoyal proxy account, added as an upstream pool at start-up (with the token).
    pub iproyal_pool: Option<IpRoyalPool>,
    pub proxyseller: Option<ProxySellerConfig>,
    /// `PROXYSHOP_UPSTREAMS`: a TOML file of upstream pools added at start-up when their name
    /// is new (docs/operations.md#pools-from-the-configuration).
    pub upstreams_file: Option<PathBuf>,
}

/// The shop's own proxy account at IPRoyal (dashboard → Residential → proxy access), which the
/// gateway relays Premium and Budget traffic through with IPRoyal's preset.
#[derive(Debug, Clone)]
pub struct IpRoyalPool {
    pub host: String,
    pub port: u16,
    pub username: String,
    pub password: SecretString,
    /// What IPRoyal charges the shop per GB, in cents (the margins' cost).
    pub cost_per_gb_cents: i64,
}

/// The pool keys, read with the token: the account is required then, so that the traffic of the
/// former sub-user customers never leaves from the shop's own address by mistake.
fn iproyal_pool(src: &Source) -> Result<IpRoyalPool, ConfigError> {
    let (default_host, default_port) = Preset::IpRoyal.endpoint();
    let host = match src.get("PROXYSHOP_IPROYAL_PROXY_HOST") {
        Some(host) if host.contains([':', '/', ' ']) => {
            return Err(bad("PROXYSHOP_IPROYAL_PROXY_HOST", "must be a host name"));
        }
        Some(host) => host,
        None => default_host.to_owned(),
    };
    let port = match whole(src, "PROXYSHOP_IPROYAL_PROXY_PORT", u32::from(default_port))? {
        port @ 1..=65_535 => port as u16,
        _ => {
            return Err(bad(
                "PROXYSHOP_IPROYAL_PROXY_PORT",
                "must be from 1 to 65535",
            ));
        }
    };
    let required = |key: &'static str| {
        src.get(key).ok_or_else(|| {
            bad(
                key,
                format!(
                    "must be set with {IPROYAL_API_TOKEN}: IPRoyal is an upstream pool, reached                      with the shop's own proxy account (IPRoyal dashboard, Residential proxy access)"
                ),
            )
        })
    };
    Ok(IpRoyalPool {
        host,
        port,
        username: required(IPROYAL_PROXY_USERNAME)?,
        password: SecretString::from(required(IPROYAL_PROXY_PASSWORD)?),
        cost_per_gb_cents: dollars(src, "PROXYSHOP_IPROYAL_COST_PER_GB", 0)?,
    })
}

impl ProviderConfig {
    pub fn from_source(src: &Source) -> Result<Self, ConfigError> {
        let (iproyal, iproyal_pool) = match src.get(IPROYAL_API_TOKEN) {
            None => (None, None),
            Some(token) => {
                let mut config = IpRoyalConfig::new(SecretString::from(token));
                if let Some(url) = http_url(src, "PROXYSHOP_IPROYAL_API_URL")? {
                    config.api_url = url;
                }
                (Some(config), Some(iproyal_pool(src)?))
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
            iproyal_pool,
            proxyseller,
            upstreams_file: src.get("PROXYSHOP_UPSTREAMS").map(PathBuf::from),
        })
    }

    /// A short description for the start-up log (no secrets).
    pub fn describe(&self) -> String {
        format!(
            "residential=gateway{} pieces={}",
            if self.iproyal.is_some() {
                " (IPRoyal pool, its location list)"
            } else {
                ""
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
    use secrecy::ExposeSecret;

    fn providers(pairs: &[(&str, &str)]) -> Result<ProviderConfig, ConfigError> {
        ProviderConfig::from_source(&Source::from_pairs(pairs))
    }

    const ACCOUNT: [(&str, &str); 2] = [
        ("PROXYSHOP_IPROYAL_PROXY_USERNAME", "shopuser"),
        ("PROXYSHOP_IPROYAL_PROXY_PASSWORD", "pool-secret-3"),
    ];

    #[test]
    fn unset_keys_keep_the_gateway() {
        let c = providers(&[("PROXYSHOP_IPROYAL_API_TOKEN", " ")]).unwrap();
        assert!(c.iproyal.is_none() && c.iproyal_pool.is_none() && c.proxyseller.is_none());
        assert_eq!(c.describe(), "residential=gateway pieces=gateway");
    }

    #[test]
    fn keys_turn_the_providers_on_without_showing_secrets() {
        let mut pairs = vec![
            ("PROXYSHOP_IPROYAL_API_TOKEN", "tok-secret-1"),
            ("PROXYSHOP_PROXYSELLER_API_KEY", "key-secret-2"),
            ("PROXYSHOP_PROXYSELLER_API_URL", "http://127.0.0.1:9/api/"),
        ];
        pairs.extend(ACCOUNT);
        let c = providers(&pairs).unwrap();
        assert_eq!(
            c.describe(),
            "residential=gateway (IPRoyal pool, its location list) pieces=proxyseller"
        );
        let iproyal = c.iproyal.as_ref().unwrap();
        assert_eq!(iproyal.api_url, upstream::IPROYAL_API_URL);
        let pool = c.iproyal_pool.as_ref().unwrap();
        // IPRoyal's documented entry point and HTTP port.
        assert_eq!((pool.host.as_str(), pool.port), ("geo.iproyal.com", 12321));
        assert_eq!(pool.username, "shopuser");
        assert_eq!(pool.password.expose_secret(), "pool-secret-3");
        assert_eq!(pool.cost_per_gb_cents, 0);
        assert_eq!(
            c.proxyseller.as_ref().unwrap().api_url,
            "http://127.0.0.1:9/api"
        );
        let shown = format!("{c:?}");
        for secret in ["tok-secret-1", "key-secret-2", "pool-secret-3"] {
            assert!(!shown.contains(secret), "{shown}");
        }
    }

    #[test]
    fn the_pool_takes_its_host_port_and_cost() {
        let mut pairs = vec![
            ("PROXYSHOP_IPROYAL_API_TOKEN", "t"),
            ("PROXYSHOP_IPROYAL_PROXY_HOST", "us.proxy.iproyal.com"),
            ("PROXYSHOP_IPROYAL_PROXY_PORT", "12323"),
            ("PROXYSHOP_IPROYAL_COST_PER_GB", "3.75"),
        ];
        pairs.extend(ACCOUNT);
        let pool = providers(&pairs).unwrap().iproyal_pool.unwrap();
        assert_eq!(
            (pool.host.as_str(), pool.port),
            ("us.proxy.iproyal.com", 12323)
        );
        assert_eq!(pool.cost_per_gb_cents, 375);
    }

    #[test]
    fn bad_values_name_their_key() {
        let err = |pairs: &[(&str, &str)]| providers(pairs).unwrap_err().to_string();
        let mut host = vec![
            ("PROXYSHOP_IPROYAL_API_TOKEN", "t"),
            ("PROXYSHOP_IPROYAL_PROXY_HOST", "a:1"),
        ];
        host.extend(ACCOUNT);
        assert!(err(&host).contains("PROXYSHOP_IPROYAL_PROXY_HOST"));
        let mut port = vec![
            ("PROXYSHOP_IPROYAL_API_TOKEN", "t"),
            ("PROXYSHOP_IPROYAL_PROXY_PORT", "70000"),
        ];
        port.extend(ACCOUNT);
        assert!(err(&port).contains("PROXYSHOP_IPROYAL_PROXY_PORT"));
        let no_account = err(&[("PROXYSHOP_IPROYAL_API_TOKEN", "t")]);
        assert!(
            no_account.contains("PROXYSHOP_IPROYAL_PROXY_USERNAME"),
            "{no_account}"
        );
        let no_password = err(&[
            ("PROXYSHOP_IPROYAL_API_TOKEN", "t"),
            ("PROXYSHOP_IPROYAL_PROXY_USERNAME", "u"),
        ]);
        assert!(
            no_password.contains("PROXYSHOP_IPROYAL_PROXY_PASSWORD"),
            "{no_password}"
        );
        let seller = err(&[
            ("PROXYSHOP_PROXYSELLER_API_KEY", "k"),
            ("PROXYSHOP_PROXYSELLER_API_URL", "ftp://x"),
        ]);
        assert!(seller.contains("PROXYSHOP_PROXYSELLER_API_URL"), "{seller}");
    }
}
