//! Who is believed and who must prove more: the proxies in front whose `X-Forwarded-For` is
//! trusted, and whether operators must sign in with a second factor.

use super::loopback::serves_loopback;
use super::source::{ConfigError, Source, bad, flag};

pub(super) const TRUST_FORWARDED_FOR: &str = "PROXYSHOP_TRUST_FORWARDED_FOR";

/// `PROXYSHOP_TRUSTED_PROXIES` (addresses and CIDR ranges); unset, the deprecated
/// `PROXYSHOP_TRUST_FORWARDED_FOR=true` still trusts the TCP peer as the one proxy.
pub(super) fn trusted_proxies(
    src: &Source,
) -> Result<domain::network::TrustedProxies, ConfigError> {
    use domain::network::TrustedProxies;
    let old = flag(src, TRUST_FORWARDED_FOR)?;
    match src.get("PROXYSHOP_TRUSTED_PROXIES") {
        Some(list) => TrustedProxies::parse(&list).map_err(|entry| {
            bad(
                "PROXYSHOP_TRUSTED_PROXIES",
                format!("'{entry}' is not an IP address or CIDR range"),
            )
        }),
        None if old => Ok(TrustedProxies::the_peer_only()),
        None => Ok(TrustedProxies::none()),
    }
}

/// `PROXYSHOP_ADMIN_2FA`: `required` or `optional` (the default).
pub(super) fn admin_2fa(src: &Source) -> Result<bool, ConfigError> {
    const KEY: &str = "PROXYSHOP_ADMIN_2FA";
    match src.get(KEY).as_deref() {
        None | Some("" | "optional") => Ok(false),
        Some("required") => Ok(true),
        Some(other) => Err(bad(KEY, format!("'{other}' is not required or optional"))),
    }
}

/// `PROXYSHOP_CORS_ORIGINS`: the origins allowed to call the API from a browser; unset, the Vite
/// dev server's (`make dev`) for a site that is itself on this machine, else none.
pub(super) fn cors_origins(
    src: &Source,
    public_url: Option<&str>,
    addr: &str,
) -> Result<Vec<String>, ConfigError> {
    Ok(match src.get("PROXYSHOP_CORS_ORIGINS") {
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
        None if serves_loopback(public_url, addr) => vec![
            "http://localhost:5173".into(),
            "http://127.0.0.1:5173".into(),
        ],
        None => Vec::new(),
    })
}
