//! The refusal of the local checkout anywhere but on a developer's machine: its Pay button
//! credits any amount without money, so it must never run where customers or real providers are.

use super::loopback::{is_loopback_host, url_host};
use super::source::{ConfigError, bad};

pub(super) const LOCAL_CHECKOUT_KEY: &str = "PROXYSHOP_LOCAL_CHECKOUT";

/// What decides whether the shop is a local one: where it is reached and which real keys it has.
pub(super) struct Exposure<'a> {
    pub public_url: Option<&'a str>,
    pub addr: &'a str,
    /// The real providers' keys that are set (Cryptomus, IPRoyal, Proxy-Seller), named as the
    /// operator set them.
    pub provider_keys: Vec<String>,
}

/// Refuses a public URL (or bind address) that is not loopback, or a real provider's key beside
/// the local checkout.
pub(super) fn refuse_unless_local(shop: &Exposure<'_>) -> Result<(), ConfigError> {
    let refuse = |why: String| {
        bad(
            LOCAL_CHECKOUT_KEY,
            format!(
                "the local checkout credits top-ups without any payment, so it runs only for a \
                 local shop: {why}; unset {LOCAL_CHECKOUT_KEY} (with Cryptomus keys for real top-ups)"
            ),
        )
    };
    if let Some(key) = shop.provider_keys.first() {
        return Err(refuse(format!("{key} is set")));
    }
    if let Some(url) = shop.public_url
        && !is_loopback_host(&url_host(url))
    {
        return Err(refuse(format!(
            "PROXYSHOP_PUBLIC_URL '{url}' is not a loopback or localhost address"
        )));
    }
    let bind_host = shop
        .addr
        .rsplit_once(':')
        .map_or(shop.addr, |(host, _)| host);
    if !is_loopback_host(bind_host) {
        return Err(refuse(format!(
            "PROXYSHOP_ADDR '{}' listens beyond this machine",
            shop.addr
        )));
    }
    Ok(())
}
