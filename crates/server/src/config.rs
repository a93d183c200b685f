//! Configuration from the environment and an optional `proxyshop.toml` (same key names; the
//! environment wins), validated at start-up with an error that names the bad key.

mod loopback;
mod source;

use loopback::serves_loopback;
pub(crate) use loopback::{is_loopback_host, url_host};
pub use source::Source;
pub(crate) use source::http_url;
use source::{dollars, flag, percent, ports, socket_addr, whole};

use secrecy::SecretString;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
#[error("invalid configuration: {key}: {reason}")]
pub struct ConfigError {
    pub key: &'static str,
    pub reason: String,
}

pub(crate) fn bad(key: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError {
        key,
        reason: reason.into(),
    }
}

/// Every setting, parsed. Provider keys stay optional: unset selects the local implementation.
/// Secrets (session secret, SMTP URL with its password, API keys) are `SecretString`s, so
/// `Debug` never shows them.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: String,
    pub database_url: String,
    pub data_dir: PathBuf,
    pub public_url: Option<String>,
    pub static_dir: PathBuf,
    pub cors_origins: Vec<String>,
    pub gateway_http_addr: SocketAddr,
    pub gateway_socks_addr: SocketAddr,
    /// Host written into generated proxies; default: the gateway's bind address.
    pub gateway_public_host: Option<String>,
    /// Let proxies reach private, loopback and link-local addresses (tests and local demos).
    pub gateway_allow_private: bool,
    /// Destination ports the gateway never connects to.
    pub gateway_refused_ports: Vec<u16>,
    pub session_secret: Option<SecretString>,
    pub smtp_url: Option<SecretString>,
    pub mail_from: String,
    pub google_client_id: Option<String>,
    pub google_jwks_url: String,
    pub trust_forwarded_for: bool,
    pub cryptomus: Option<CryptomusConfig>,
    /// Take top-ups through the local checkout (no money moves): local runs and tests only.
    pub local_checkout: bool,
    pub referral_percent: u32,
    /// The most a referrer earns from one referred customer, in cents.
    pub referral_cap_cents: i64,
    /// MB of Premium traffic each new customer gets for 24 hours; 0: no trial.
    pub trial_mb: u32,
    pub trial_per_ip_per_day: u32,
    /// IPRoyal and Proxy-Seller; unset: residential proxies and pieces on our gateway.
    pub providers: crate::providers::ProviderConfig,
}

/// The real payment gateway's credentials; absent: top-ups are off unless the local checkout is
/// chosen (`PROXYSHOP_LOCAL_CHECKOUT`).
#[derive(Debug, Clone)]
pub struct CryptomusConfig {
    pub merchant_id: String,
    pub api_key: SecretString,
    pub api_url: String,
}

fn cryptomus(src: &Source) -> Result<Option<CryptomusConfig>, ConfigError> {
    let api_url = http_url(src, "CRYPTOMUS_API_URL")?
        .unwrap_or_else(|| upstream::CRYPTOMUS_API_URL.to_owned());
    match (
        src.get("CRYPTOMUS_MERCHANT_ID"),
        src.get("CRYPTOMUS_API_KEY"),
    ) {
        (Some(merchant_id), Some(api_key)) => Ok(Some(CryptomusConfig {
            merchant_id,
            api_key: SecretString::from(api_key),
            api_url,
        })),
        (None, None) => Ok(None),
        (Some(_), None) => Err(bad(
            "CRYPTOMUS_API_KEY",
            "must be set with CRYPTOMUS_MERCHANT_ID",
        )),
        (None, Some(_)) => Err(bad(
            "CRYPTOMUS_MERCHANT_ID",
            "must be set with CRYPTOMUS_API_KEY",
        )),
    }
}

impl Config {
    pub fn from_source(src: &Source) -> Result<Self, ConfigError> {
        let addr = socket_addr(src, "PROXYSHOP_ADDR", "127.0.0.1:8080")?.to_string();
        let data_dir = PathBuf::from(
            src.get("PROXYSHOP_DATA_DIR")
                .unwrap_or_else(|| "./var".into()),
        );
        let database_url = src
            .get("DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("proxyshop.db").display()));
        persistence::Backend::from_url(&database_url)
            .map_err(|_| bad("DATABASE_URL", "must start with sqlite:// or postgres://"))?;
        let session_secret = src.get("SESSION_SECRET");
        if session_secret.as_ref().is_some_and(|s| s.len() < 32) {
            return Err(bad("SESSION_SECRET", "must be at least 32 characters"));
        }
        let smtp_url = src.get("SMTP_URL");
        if let Some(url) = &smtp_url
            && !(url.starts_with("smtp://") || url.starts_with("smtps://"))
        {
            return Err(bad("SMTP_URL", "must start with smtp:// or smtps://"));
        }
        let public_url = http_url(src, "PROXYSHOP_PUBLIC_URL")?;
        let cors_origins = match src.get("PROXYSHOP_CORS_ORIGINS") {
            Some(list) => list
                .split(',')
                .map(|o| o.trim().trim_end_matches('/').to_owned())
                .filter(|o| !o.is_empty())
                .map(|o| {
                    if o.starts_with("http://") || o.starts_with("https://") {
                        Ok(o)
                    } else {
                        Err(bad(
                            "PROXYSHOP_CORS_ORIGINS",
                            format!("'{o}' is not an http(s) origin"),
                        ))
                    }
                })
                .collect::<Result<_, _>>()?,
            // The Vite dev server (`make dev`), only for a site that is itself on this machine.
            None if serves_loopback(public_url.as_deref(), &addr) => vec![
                "http://localhost:5173".into(),
                "http://127.0.0.1:5173".into(),
            ],
            None => Vec::new(),
        };
        let config = Config {
            addr,
            database_url,
            public_url,
            static_dir: PathBuf::from(
                src.get("PROXYSHOP_STATIC_DIR")
                    .unwrap_or_else(|| "frontend/dist".into()),
            ),
            cors_origins,
            gateway_http_addr: socket_addr(src, "GATEWAY_HTTP_ADDR", "127.0.0.1:8000")?,
            gateway_socks_addr: socket_addr(src, "GATEWAY_SOCKS_ADDR", "127.0.0.1:8001")?,
            gateway_public_host: src.get("GATEWAY_PUBLIC_HOST"),
            gateway_allow_private: flag(src, "GATEWAY_ALLOW_PRIVATE")?,
            gateway_refused_ports: ports(src, "GATEWAY_REFUSED_PORTS", &[25])?,
            session_secret: session_secret.map(SecretString::from),
            smtp_url: smtp_url.map(SecretString::from),
            mail_from: src
                .get("PROXYSHOP_MAIL_FROM")
                .unwrap_or_else(|| "ProxyShop <no-reply@proxyshop.local>".into()),
            google_client_id: src.get("GOOGLE_CLIENT_ID"),
            google_jwks_url: http_url(src, "GOOGLE_JWKS_URL")?
                .unwrap_or_else(|| upstream::google::GOOGLE_JWKS_URL.to_owned()),
            trust_forwarded_for: flag(src, "PROXYSHOP_TRUST_FORWARDED_FOR")?,
            cryptomus: cryptomus(src)?,
            local_checkout: flag(src, crate::payments::LOCAL_CHECKOUT_KEY)?,
            referral_percent: percent(src, "PROXYSHOP_REFERRAL_PERCENT", 10)?,
            referral_cap_cents: dollars(src, "PROXYSHOP_REFERRAL_CAP", 5_000)?,
            trial_mb: whole(src, "PROXYSHOP_TRIAL_MB", 100)?,
            trial_per_ip_per_day: match whole(src, "PROXYSHOP_TRIAL_PER_IP_PER_DAY", 3)? {
                // 0 would promise a trial that nobody gets.
                0 => {
                    return Err(bad(
                        "PROXYSHOP_TRIAL_PER_IP_PER_DAY",
                        "must be at least 1 (PROXYSHOP_TRIAL_MB=0 turns the trial off)",
                    ));
                }
                n => n,
            },
            providers: crate::providers::ProviderConfig::from_source(src)?,
            data_dir,
        };
        crate::payments::check_local_checkout(&config)?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::source::read_file;
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_source(&Source::from_pairs(pairs))
    }

    #[test]
    fn defaults_are_the_embedded_setup() {
        let c = config(&[]).unwrap();
        assert_eq!(c.addr, "127.0.0.1:8080");
        assert_eq!(c.database_url, "sqlite://./var/proxyshop.db");
        assert_eq!(c.gateway_http_addr.port(), 8000);
        assert_eq!(c.gateway_socks_addr.port(), 8001);
        assert_eq!(c.gateway_refused_ports, vec![25]);
        let ports = config(&[("GATEWAY_REFUSED_PORTS", "25, 465,587")]).unwrap();
        assert_eq!(ports.gateway_refused_ports, vec![25, 465, 587]);
        let none = config(&[("GATEWAY_REFUSED_PORTS", "none")]).unwrap();
        assert!(none.gateway_refused_ports.is_empty());
        assert!(
            c.cors_origins
                .contains(&"http://localhost:5173".to_string())
        );
        assert!(
            !c.local_checkout,
            "the local checkout is an explicit choice"
        );
        assert_eq!(c.referral_cap_cents, 5_000);
        assert_eq!((c.trial_mb, c.trial_per_ip_per_day), (100, 3));
        let c = config(&[
            ("PROXYSHOP_REFERRAL_CAP", "12.5"),
            ("PROXYSHOP_TRIAL_MB", "0"),
            ("PROXYSHOP_TRIAL_PER_IP_PER_DAY", "7"),
        ])
        .unwrap();
        assert_eq!(c.referral_cap_cents, 1_250);
        assert_eq!((c.trial_mb, c.trial_per_ip_per_day), (0, 7));
        assert_eq!(
            config(&[("PROXYSHOP_TRIAL_PER_IP_PER_DAY", "0")])
                .unwrap_err()
                .key,
            "PROXYSHOP_TRIAL_PER_IP_PER_DAY"
        );
        assert_eq!(
            config(&[("PROXYSHOP_DATA_DIR", "/d")])
                .unwrap()
                .database_url,
            "sqlite:///d/proxyshop.db"
        );
    }

    #[test]
    fn the_dev_origins_are_allowed_by_default_only_for_a_loopback_site() {
        let dev = vec![
            "http://localhost:5173".to_string(),
            "http://127.0.0.1:5173".to_string(),
        ];
        for loopback in [
            vec![],
            vec![("PROXYSHOP_PUBLIC_URL", "http://localhost:8080")],
            vec![("PROXYSHOP_PUBLIC_URL", "http://127.0.0.1:8080/")],
            vec![("PROXYSHOP_PUBLIC_URL", "http://[::1]:8080")],
            vec![("PROXYSHOP_ADDR", "[::1]:8080")],
        ] {
            assert_eq!(config(&loopback).unwrap().cors_origins, dev, "{loopback:?}");
        }
        for public in [
            vec![("PROXYSHOP_PUBLIC_URL", "https://shop.example")],
            vec![("PROXYSHOP_PUBLIC_URL", "https://localhost.shop.example")],
            vec![("PROXYSHOP_PUBLIC_URL", "http://10.0.0.5:8080")],
            vec![("PROXYSHOP_ADDR", "0.0.0.0:8080")],
        ] {
            assert!(
                config(&public).unwrap().cors_origins.is_empty(),
                "{public:?}"
            );
        }
        // An explicit list always wins.
        let c = config(&[
            ("PROXYSHOP_PUBLIC_URL", "https://shop.example"),
            ("PROXYSHOP_CORS_ORIGINS", "http://localhost:5173"),
        ])
        .unwrap();
        assert_eq!(c.cors_origins, ["http://localhost:5173"]);
    }

    #[test]
    fn debug_shows_no_secret() {
        let c = config(&[
            (
                "SESSION_SECRET",
                "session-secret-0123456789abcdef0123456789",
            ),
            ("SMTP_URL", "smtp://mailer:smtp-pass-42@mail.example:587"),
            ("CRYPTOMUS_MERCHANT_ID", "merchant-1"),
            ("CRYPTOMUS_API_KEY", "cryptomus-key-77"),
            ("IPROYAL_API_TOKEN", "iproyal-token-5"),
            ("PROXYSELLER_API_KEY", "proxyseller-key-6"),
        ])
        .unwrap();
        let shown = format!("{c:?} {:#?}", c.cryptomus);
        for secret in [
            "session-secret-0123",
            "smtp-pass-42",
            "cryptomus-key-77",
            "iproyal-token-5",
            "proxyseller-key-6",
        ] {
            assert!(!shown.contains(secret), "{secret} in {shown}");
        }
        assert!(shown.contains("merchant-1"), "{shown}");
    }

    #[test]
    fn errors_name_the_bad_key() {
        let key = |pairs: &[(&str, &str)]| config(pairs).unwrap_err().key;
        assert_eq!(key(&[("PROXYSHOP_ADDR", "nowhere")]), "PROXYSHOP_ADDR");
        assert_eq!(key(&[("DATABASE_URL", "mysql://x")]), "DATABASE_URL");
        assert_eq!(
            key(&[("PROXYSHOP_PUBLIC_URL", "shop.example")]),
            "PROXYSHOP_PUBLIC_URL"
        );
        assert_eq!(key(&[("SESSION_SECRET", "short")]), "SESSION_SECRET");
        assert_eq!(
            key(&[("GATEWAY_SOCKS_ADDR", "1.2.3.4")]),
            "GATEWAY_SOCKS_ADDR"
        );
        assert_eq!(key(&[("SMTP_URL", "http://x")]), "SMTP_URL");
        assert_eq!(
            key(&[("GATEWAY_REFUSED_PORTS", "25,smtp")]),
            "GATEWAY_REFUSED_PORTS"
        );
        assert_eq!(
            key(&[("PROXYSHOP_CORS_ORIGINS", "localhost:5173")]),
            "PROXYSHOP_CORS_ORIGINS"
        );
        assert_eq!(
            key(&[("PROXYSHOP_TRUST_FORWARDED_FOR", "maybe")]),
            "PROXYSHOP_TRUST_FORWARDED_FOR"
        );
        for (k, v) in [
            ("PROXYSHOP_REFERRAL_CAP", "-1"),
            ("PROXYSHOP_REFERRAL_CAP", "fifty"),
            ("PROXYSHOP_TRIAL_MB", "-5"),
            ("PROXYSHOP_TRIAL_MB", "1.5"),
            ("PROXYSHOP_TRIAL_PER_IP_PER_DAY", "many"),
        ] {
            assert_eq!(key(&[(k, v)]), k, "{k}={v}");
        }
        let msg = config(&[("PROXYSHOP_ADDR", "nowhere")])
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("PROXYSHOP_ADDR") && msg.contains("nowhere"),
            "{msg}"
        );
    }

    #[test]
    fn file_values_apply_and_environment_wins() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("proxyshop.toml");
        std::fs::write(
            &path,
            "PROXYSHOP_ADDR = \"127.0.0.1:9999\"\nGATEWAY_HTTP_ADDR = \"127.0.0.1:7000\"\n",
        )
        .unwrap();
        let mut values = read_file(&path).unwrap();
        values.insert("PROXYSHOP_ADDR".into(), "127.0.0.1:1234".into());
        let c = Config::from_source(&Source::from_map(values)).unwrap();
        assert_eq!(c.addr, "127.0.0.1:1234");
        assert_eq!(c.gateway_http_addr.port(), 7000);
    }
}
