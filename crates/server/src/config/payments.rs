//! The payment gateway's settings: Cryptomus's merchant id and API key, set together or not at
//! all (unset, top-ups are off unless the local checkout is chosen).

use super::source::{ConfigError, Source, bad, http_url};
use secrecy::SecretString;

/// The real payment gateway's credentials; absent: top-ups are off unless the local checkout is
/// chosen (`PROXYSHOP_LOCAL_CHECKOUT`).
#[derive(Debug, Clone)]
pub struct CryptomusConfig {
    pub merchant_id: String,
    pub api_key: SecretString,
    pub api_url: String,
}

pub(super) const CRYPTOMUS_MERCHANT_ID: &str = "PROXYSHOP_CRYPTOMUS_MERCHANT_ID";
pub(super) const CRYPTOMUS_API_KEY: &str = "PROXYSHOP_CRYPTOMUS_API_KEY";

pub(super) fn cryptomus(src: &Source) -> Result<Option<CryptomusConfig>, ConfigError> {
    let api_url = http_url(src, "PROXYSHOP_CRYPTOMUS_API_URL")?
        .unwrap_or_else(|| upstream::CRYPTOMUS_API_URL.to_owned());
    match (src.get(CRYPTOMUS_MERCHANT_ID), src.get(CRYPTOMUS_API_KEY)) {
        (Some(merchant_id), Some(api_key)) => Ok(Some(CryptomusConfig {
            merchant_id,
            api_key: SecretString::from(api_key),
            api_url,
        })),
        (None, None) => Ok(None),
        (Some(_), None) => Err(bad(
            CRYPTOMUS_API_KEY,
            format!("must be set with {}", src.name_of(CRYPTOMUS_MERCHANT_ID)),
        )),
        (None, Some(_)) => Err(bad(
            CRYPTOMUS_MERCHANT_ID,
            format!("must be set with {}", src.name_of(CRYPTOMUS_API_KEY)),
        )),
    }
}

pub(super) const CRYPTOMUS_PAYOUT_KEY: &str = "PROXYSHOP_CRYPTOMUS_PAYOUT_KEY";

/// The Cryptomus **payout** key (another key than the payment key), which sends approved
/// referral payouts; it needs the merchant id (and so the whole Cryptomus configuration).
/// Unset: payouts are off, or paid by the local stand-in under the local checkout.
pub(super) fn cryptomus_payout_key(
    src: &Source,
    cryptomus: Option<&CryptomusConfig>,
) -> Result<Option<SecretString>, ConfigError> {
    match (src.get(CRYPTOMUS_PAYOUT_KEY), cryptomus) {
        (None, _) => Ok(None),
        (Some(key), Some(_)) => Ok(Some(SecretString::from(key))),
        (Some(_), None) => Err(bad(
            CRYPTOMUS_PAYOUT_KEY,
            format!(
                "must be set with {} and {}",
                src.name_of(CRYPTOMUS_MERCHANT_ID),
                src.name_of(CRYPTOMUS_API_KEY)
            ),
        )),
    }
}
