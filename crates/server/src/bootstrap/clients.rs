//! Every client of an outside service, built from the configuration: mail, Google sign-in,
//! payments, and the residential and piece providers. Unset keys select the local
//! implementations; a payment gateway runs only when chosen (see `config::local_checkout`).

use crate::config::Config;
use anyhow::Context;
use api::Payments;
use secrecy::{ExposeSecret, SecretString};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use upstream::{
    CryptomusGateway, CryptomusPayouts, CryptomusRates, ExchangeRates, FileMailer, GoogleVerifier,
    IpRoyalResidential, JwksGoogleVerifier, LocalCheckout, LocalResidential, Mailer,
    PaymentGateway, PayoutSender, PieceSource, ProxySellerPieces, ResidentialSource, SmtpMailer,
};

/// The clients the API is given, built once at start-up.
pub(super) struct Clients {
    pub mailer: Arc<dyn Mailer>,
    pub google: Option<Arc<dyn GoogleVerifier>>,
    pub payments: Payments,
    pub residential: Option<Arc<dyn ResidentialSource>>,
    pub pieces: Option<Arc<dyn PieceSource>>,
    /// Cryptomus payouts when the payout key is set; `None`: the API picks the local stand-in
    /// under the local checkout, otherwise payouts are off.
    pub payouts: Option<Arc<dyn PayoutSender>>,
    /// Cryptomus' exchange rates, when Cryptomus is configured and display currencies chosen;
    /// `None` (the local checkout among others): the site shows USD only.
    pub rates: Option<Arc<dyn ExchangeRates>>,
    /// Which implementations run, for the start-up log (no secrets).
    pub described: String,
}

impl Clients {
    /// `secret`: the session secret, from which the local checkout's key is derived; `gateway`:
    /// where customers reach our gateway (what residential lines name).
    pub(super) fn build(
        config: &Config,
        secret: &str,
        gateway: LocalResidential,
    ) -> anyhow::Result<Self> {
        let mailer = mailer(config)?;
        let google = google(config)?;
        let (payments, payment_gateway) = payments(config, secret)?;
        let described = format!(
            "database={:?} mail={} google={} payments={payment_gateway} {}",
            persistence::Backend::from_url(&config.database_url)?,
            mailer.kind(),
            if google.is_some() { "on" } else { "off" },
            config.providers.describe(),
        );
        Ok(Clients {
            mailer,
            google,
            payments,
            residential: residential(config, gateway)?,
            pieces: pieces(config)?,
            payouts: payouts(config)?,
            rates: rates(config)?,
            described,
        })
    }
}

fn mailer(config: &Config) -> anyhow::Result<Arc<dyn Mailer>> {
    Ok(match &config.smtp_url {
        Some(url) => Arc::new(
            SmtpMailer::from_url(url.expose_secret(), config.mail_from.clone())
                .context(config.key_name("PROXYSHOP_SMTP_URL"))?,
        ),
        None => Arc::new(FileMailer::new(
            config.data_dir.join("mail"),
            config.mail_from.clone(),
        )),
    })
}

fn google(config: &Config) -> anyhow::Result<Option<Arc<dyn GoogleVerifier>>> {
    let Some(client_id) = &config.google_client_id else {
        return Ok(None);
    };
    let verifier = JwksGoogleVerifier::new(client_id.clone(), config.google_jwks_url.clone())
        .context(config.key_name("PROXYSHOP_GOOGLE_CLIENT_ID"))?;
    Ok(Some(Arc::new(verifier)))
}

/// With IPRoyal's token, lines are checked against its location list; `None`: the gateway's
/// lines as they are.
fn residential(
    config: &Config,
    gateway: LocalResidential,
) -> anyhow::Result<Option<Arc<dyn ResidentialSource>>> {
    let Some(iproyal) = &config.providers.iproyal else {
        return Ok(None);
    };
    let key = config.key_name("PROXYSHOP_IPROYAL_API_TOKEN");
    let client = IpRoyalResidential::new(iproyal.clone(), gateway)
        .map_err(|e| anyhow::anyhow!("{key}: {e}"))?;
    Ok(Some(Arc::new(client)))
}

fn pieces(config: &Config) -> anyhow::Result<Option<Arc<dyn PieceSource>>> {
    let Some(proxyseller) = &config.providers.proxyseller else {
        return Ok(None);
    };
    let key = config.key_name("PROXYSHOP_PROXYSELLER_API_KEY");
    let client =
        ProxySellerPieces::new(proxyseller.clone()).map_err(|e| anyhow::anyhow!("{key}: {e}"))?;
    Ok(Some(Arc::new(client)))
}

/// Cryptomus payouts, signed with the payout key (never the payment key).
fn payouts(config: &Config) -> anyhow::Result<Option<Arc<dyn PayoutSender>>> {
    let (Some(c), Some(key)) = (&config.cryptomus, &config.cryptomus_payout_key) else {
        return Ok(None);
    };
    let client = CryptomusPayouts::new(&c.merchant_id, key.clone(), &c.api_url).map_err(|e| {
        anyhow::anyhow!("{}: {e}", config.key_name("PROXYSHOP_CRYPTOMUS_PAYOUT_KEY"))
    })?;
    Ok(Some(Arc::new(client)))
}

/// The display currencies' rates source: Cryptomus' public list at `PROXYSHOP_CRYPTOMUS_API_URL`,
/// only when Cryptomus takes the top-ups (never under the local checkout).
fn rates(config: &Config) -> anyhow::Result<Option<Arc<dyn ExchangeRates>>> {
    let Some(c) = config
        .cryptomus
        .as_ref()
        .filter(|_| !config.display_currencies.is_empty())
    else {
        return Ok(None);
    };
    let rates = CryptomusRates::new(c.api_url.clone())
        .map_err(|e| anyhow::anyhow!("the Cryptomus exchange rates: {e}"))?;
    Ok(Some(Arc::new(rates)))
}

/// The gateway that takes top-ups, and its name for the start-up log: Cryptomus when its keys
/// are set, the local checkout when chosen, otherwise none (top-ups are off).
fn payments(config: &Config, secret: &str) -> anyhow::Result<(Payments, &'static str)> {
    if let Some(c) = &config.cryptomus {
        let gateway =
            CryptomusGateway::new(c.merchant_id.clone(), c.api_key.clone(), c.api_url.clone())
                .map_err(|e| {
                    anyhow::anyhow!(
                        "{} / {}: {e}",
                        config.key_name("PROXYSHOP_CRYPTOMUS_API_KEY"),
                        config.key_name("PROXYSHOP_CRYPTOMUS_MERCHANT_ID")
                    )
                })?;
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

/// The gateway that `payments reconcile` asks about pending payments.
pub(super) fn reconcile_gateway(
    config: &Config,
    secret: &str,
) -> anyhow::Result<Arc<dyn PaymentGateway>> {
    Ok(match payments(config, secret)?.0 {
        Payments::Gateway(gateway) => gateway,
        Payments::Local(key) => Arc::new(LocalCheckout::new(
            key,
            config
                .public_url
                .clone()
                .unwrap_or_else(|| format!("http://{}", config.addr)),
        )),
        Payments::Off => anyhow::bail!(
            "no payment gateway is configured (PROXYSHOP_CRYPTOMUS_MERCHANT_ID, \
             PROXYSHOP_CRYPTOMUS_API_KEY): nothing to reconcile"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Source;

    fn config(pairs: &[(&str, &str)]) -> Config {
        Config::from_source(&Source::from_pairs(pairs)).unwrap()
    }

    fn gateway() -> LocalResidential {
        LocalResidential {
            host: "gw.shop.example".into(),
            http_port: 8000,
            socks_port: 1080,
        }
    }

    #[test]
    fn unset_provider_keys_build_no_provider_client() {
        let c = config(&[("PROXYSHOP_IPROYAL_API_TOKEN", " ")]);
        assert!(residential(&c, gateway()).unwrap().is_none() && pieces(&c).unwrap().is_none());
    }

    #[test]
    fn provider_keys_build_their_clients() {
        let c = config(&[
            ("PROXYSHOP_IPROYAL_API_TOKEN", "tok-secret-1"),
            ("PROXYSHOP_IPROYAL_PROXY_USERNAME", "shopuser"),
            ("PROXYSHOP_IPROYAL_PROXY_PASSWORD", "pool-secret-3"),
            ("PROXYSHOP_PROXYSELLER_API_KEY", "key-secret-2"),
            ("PROXYSHOP_PROXYSELLER_API_URL", "http://127.0.0.1:9/api/"),
        ]);
        let residential = residential(&c, gateway()).unwrap().unwrap();
        assert_eq!(residential.provider(), "iproyal");
        let shown = format!("{residential:?}");
        assert!(
            shown.contains("gw.shop.example") && !shown.contains("tok-secret-1"),
            "{shown}"
        );
        assert_eq!(pieces(&c).unwrap().unwrap().provider(), "proxyseller");
    }

    #[test]
    fn the_gateway_is_cryptomus_local_or_none() {
        let kind = |pairs: &[(&str, &str)]| match payments(&config(pairs), "s").unwrap().0 {
            Payments::Gateway(g) => g.kind(),
            Payments::Local(_) => "local",
            Payments::Off => "off",
        };
        assert_eq!(kind(&[]), "off");
        assert_eq!(kind(&[("PROXYSHOP_LOCAL_CHECKOUT", "true")]), "local");
        assert_eq!(
            kind(&[
                ("PROXYSHOP_CRYPTOMUS_MERCHANT_ID", "m"),
                ("PROXYSHOP_CRYPTOMUS_API_KEY", "k")
            ]),
            "cryptomus"
        );
    }
}
