//! Customer webhooks: the URL a customer may register (`WebhookUrl`), the secret that signs each
//! call, the signature header (`signature`), and the retry schedule (`retry_delay`,
//! `GIVE_UP_AFTER_SECS`). docs/notifications.md describes the scheme for receivers.

use crate::address_space::is_public;
use crate::messages as msg;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;
use std::fmt::Write;
use url::{Host, Url};

/// The longest URL a customer may register.
pub const MAX_URL_LEN: usize = 2000;

/// What [`WebhookUrl::parse`] accepts without private targets, as a pattern (ECMA-262 and
/// Python, for the API's document; the parser is the `url` crate's reading plus the checks
/// below, and the API's tests hold the two together on samples): `https://`, a host name with a
/// dot whose last label starts with a letter, an optional port, and a path and query of URL
/// characters, whitespace around; with [`MAX_URL_LEN`] as the longest text. Narrower than the
/// parser (it also takes public IP literals and upper-case schemes), so what the document calls
/// valid is accepted.
pub fn url_pattern() -> String {
    let label = crate::rules::LABEL_PATTERN;
    let host = format!(r"(?:{label}\.)+[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?");
    let rest = r"(?::[1-9][0-9]{0,3})?(?:[/?][A-Za-z0-9._~!$&'()*+,;=:@/?%-]*)?";
    format!(r"^\s*https://{host}{rest}\s*$")
}

/// What every secret starts with, so that a leaked one is recognisable.
pub const SECRET_PREFIX: &str = "whsec_";
/// A delivery is retried until this long after its notification, then failed for good.
pub const GIVE_UP_AFTER_SECS: i64 = 24 * 3600;
/// The first retry waits this long; each further one twice as long, up to `MAX_RETRY_SECS`.
pub const FIRST_RETRY_SECS: i64 = 30;
pub const MAX_RETRY_SECS: i64 = 3600;

/// An absolute https URL without credentials whose host is not an internal address (http and
/// internal hosts only when the operator allows private targets, for tests and local runs).
/// A host name is checked again when the call is made: where it resolves then is what counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookUrl(String);

impl WebhookUrl {
    pub fn parse(text: &str, allow_private: bool) -> Result<WebhookUrl, &'static str> {
        let text = text.trim();
        if text.is_empty() || text.len() > MAX_URL_LEN {
            return Err(msg::WEBHOOK_URL);
        }
        let url = Url::parse(text).map_err(|_| msg::WEBHOOK_URL)?;
        let scheme_ok = match url.scheme() {
            "https" => true,
            "http" => allow_private,
            _ => false,
        };
        if !scheme_ok || !url.username().is_empty() || url.password().is_some() {
            return Err(msg::WEBHOOK_URL);
        }
        let public = match url.host() {
            None => false,
            Some(Host::Ipv4(ip)) => is_public(ip.into()),
            Some(Host::Ipv6(ip)) => is_public(ip.into()),
            Some(Host::Domain(name)) => {
                let name = name.trim_end_matches('.').to_ascii_lowercase();
                // A bare name (no dot) or localhost is a name of the local network.
                name.contains('.') && name != "localhost" && !name.ends_with(".localhost")
            }
        };
        if url.host().is_none() || !(public || allow_private) {
            return Err(msg::WEBHOOK_URL);
        }
        // The parser's form (IPv4 shorthands spelled out, the host lower-cased) is what the
        // sender is given and what the customer sees.
        let url = String::from(url);
        if url.len() > MAX_URL_LEN {
            return Err(msg::WEBHOOK_URL);
        }
        Ok(WebhookUrl(url))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// A fresh signing secret: `whsec_` and 32 random bytes in hex.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    format!("{SECRET_PREFIX}{}", hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        // Writing to a String cannot fail.
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The `X-ProxyShop-Signature` value of a call made at `timestamp` (Unix seconds) with `body`:
/// `t=<timestamp>,v1=<hex HMAC-SHA256 keyed with the secret as shown, over "<timestamp>.<body>">`.
/// The timestamp inside the signed text lets a receiver refuse old replays.
pub fn signature(secret: &str, timestamp: i64, body: &str) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
        unreachable!("HMAC takes keys of any length")
    };
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body.as_bytes());
    format!("t={timestamp},v1={}", hex(&mac.finalize().into_bytes()))
}

/// How long to wait after the `failures`-th failed attempt (1 for the first): 30 s, 1 min,
/// 2 min, 4 min, … at most an hour.
pub fn retry_delay(failures: i32) -> i64 {
    let doublings = u32::try_from(failures.saturating_sub(1))
        .unwrap_or(0)
        .min(16);
    (FIRST_RETRY_SECS << doublings).min(MAX_RETRY_SECS)
}

/// When to try a delivery created at `created_at` again after its `failures`-th failure at
/// `now`; None once that would be past `GIVE_UP_AFTER_SECS`: it has failed for good.
pub fn next_attempt(created_at: i64, failures: i32, now: i64) -> Option<i64> {
    let next = now + retry_delay(failures);
    (next <= created_at + GIVE_UP_AFTER_SECS).then_some(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_matches_an_independent_computation() {
        // python3 -c 'import hmac,hashlib; print(hmac.new(b"whsec_test",
        //   b"1700000000.{\"id\":1}", hashlib.sha256).hexdigest())'
        assert_eq!(
            signature("whsec_test", 1_700_000_000, r#"{"id":1}"#),
            "t=1700000000,v1=2f441ba4b3b2d50d28a9ab9d9fd8880376ecd1eb5d0435401553f5d8d0a5dcf8"
        );
    }

    #[test]
    fn retries_back_off_to_an_hour_and_stop_after_a_day() {
        let delays: Vec<i64> = (1..=9).map(retry_delay).collect();
        assert_eq!(delays, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(retry_delay(1000), 3600);
        assert_eq!(retry_delay(0), 30);
        assert_eq!(next_attempt(0, 1, 10), Some(40));
        assert_eq!(next_attempt(0, 30, 86_400 - 3600), Some(86_400));
        assert_eq!(next_attempt(0, 30, 86_400 - 3599), None);
    }

    #[test]
    fn secrets_are_prefixed_random_hex() {
        let (a, b) = (new_secret(), new_secret());
        assert_ne!(a, b);
        assert_eq!(a.len(), SECRET_PREFIX.len() + 64);
        assert!(a.starts_with(SECRET_PREFIX));
    }

    #[test]
    fn urls_must_be_https_public_and_without_credentials() {
        let ok = WebhookUrl::parse(" https://Hooks.Example.com/in?x=1 ", false).unwrap();
        assert_eq!(ok.as_str(), "https://hooks.example.com/in?x=1");
        assert!(WebhookUrl::parse("https://93.184.216.34/", false).is_ok());
        let long = format!("https://example.com/{}", "a".repeat(MAX_URL_LEN));
        for bad in [
            "",
            "example.com/hook",
            "http://example.com/hook",
            "ftp://example.com/",
            "https://user:pass@example.com/",
            "https://user@example.com/",
            "https://127.0.0.1/",
            "https://0x7f.1/",
            "https://10.0.0.5:8443/",
            "https://169.254.169.254/latest",
            "https://[::1]/",
            "https://[::ffff:192.168.0.1]/",
            "https://localhost/",
            "https://api.localhost/",
            "https://intranet/",
            long.as_str(),
        ] {
            assert!(WebhookUrl::parse(bad, false).is_err(), "{bad}");
        }
        // With private targets allowed (tests, local runs): http and loopback too, never
        // credentials.
        assert!(WebhookUrl::parse("http://127.0.0.1:9000/hook", true).is_ok());
        assert!(WebhookUrl::parse("http://localhost:9000/hook", true).is_ok());
        assert!(WebhookUrl::parse("http://u:p@127.0.0.1/", true).is_err());
        assert!(WebhookUrl::parse("ftp://127.0.0.1/", true).is_err());
    }
}
