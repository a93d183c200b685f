//! Whether an address or URL stays on this machine: the test behind the CORS default (the dev
//! server's origins only for a local site) and the local checkout's refusal of a public shop.

use std::net::SocketAddr;

/// Whether the site is reached on this machine only: the public URL's host (or, without one,
/// the bind address) is `localhost` or a loopback address.
pub(super) fn serves_loopback(public_url: Option<&str>, addr: &str) -> bool {
    match public_url {
        Some(url) => is_loopback_host(&url_host(url)),
        None => addr
            .parse::<SocketAddr>()
            .is_ok_and(|addr| addr.ip().is_loopback()),
    }
}

/// The host of a URL as a browser reads it (`http://[::1]:8080` gives `[::1]`); empty when it
/// has none.
pub(crate) fn url_host(url: &str) -> String {
    url::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_default()
}

pub(super) fn is_loopback_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let lower = host.to_ascii_lowercase();
    lower == "localhost"
        || lower.ends_with(".localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
