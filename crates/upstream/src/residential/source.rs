//! The [`ResidentialSource`] trait, what it is asked and what it answers.

use domain::ProxyKind;
use rand::Rng;

/// A place as our location list names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place<'a> {
    pub code: &'a str,
    /// The English name, e.g. "California": providers are matched by name, since their codes
    /// differ from ours.
    pub name: &'a str,
}

/// Which proxies to make.
#[derive(Debug, Clone)]
pub struct ProxyRequest<'a> {
    pub kind: ProxyKind,
    /// Our own proxy credential of the customer (`users.proxy_username` / `proxy_password`),
    /// or one of their sub-users': what the lines carry.
    pub username: &'a str,
    pub password: &'a str,
    /// ISO 3166-1 alpha-2 code in lower case, and the English name; None for any country (then
    /// no state or city either).
    pub country: Option<Place<'a>>,
    /// Our state code (e.g. "ca") and name ("California").
    pub state: Option<Place<'a>>,
    /// Our city code (e.g. "losangeles") and name ("Los Angeles").
    pub city: Option<Place<'a>>,
    /// None: a new exit IP per request. Some(m): keep one exit for m minutes (a sticky session).
    pub session_minutes: Option<u32>,
    pub socks: bool,
    pub quantity: u32,
    /// The host name the lines name instead of our gateway's: a reseller's own name for it (a
    /// CNAME, docs/resellers.md "White label"), for its clients' lines; None: ours.
    pub host: Option<&'a str>,
}

/// Why a residential source failed. Messages never contain a token or a password.
#[derive(Debug, thiserror::Error)]
pub enum ResidentialError {
    /// The provider failed or answered something unexpected (network, timeout, 5xx, 401,
    /// unreadable JSON): the API answers 502. The text is safe to log.
    #[error("the residential proxy provider is unavailable: {0}")]
    Unavailable(String),
    /// The provider cannot target this place: the API answers 422.
    #[error("the residential proxy provider cannot target this location")]
    UnknownLocation,
}

/// Where residential proxies come from; held by the application as
/// `Arc<dyn ResidentialSource>`.
#[async_trait::async_trait]
pub trait ResidentialSource: Send + Sync + std::fmt::Debug {
    /// "local" or "iproyal".
    fn provider(&self) -> &'static str;

    /// `host:port:username:password` strings of our gateway, one per proxy; each sticky proxy
    /// gets its own session id.
    async fn proxies(&self, request: &ProxyRequest<'_>) -> Result<Vec<String>, ResidentialError>;
}

/// A sticky-session id: 8 lowercase letters and digits, which both our gateway's username syntax
/// and the pools' session keys (IPRoyal's `_session-` wants exactly 8 alphanumerics) accept.
pub(crate) fn session_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::thread_rng();
    (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// `quantity` proxies from `render(session)`: with a fresh session id each when sticky, and the
/// same string repeated when rotating (every request changes exit anyway).
pub(crate) fn render_each(
    quantity: u32,
    sticky: bool,
    mut render: impl FnMut(Option<&str>) -> String,
) -> Vec<String> {
    (0..quantity)
        .map(|_| {
            let session = sticky.then(session_id);
            render(session.as_deref())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_ids_are_eight_lowercase_alphanumerics_and_differ() {
        let ids: Vec<String> = (0..20).map(|_| session_id()).collect();
        for id in &ids {
            assert_eq!(id.len(), 8, "{id}");
            assert!(
                id.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "{id}"
            );
        }
        let distinct: std::collections::HashSet<_> = ids.iter().collect();
        assert_eq!(distinct.len(), ids.len());
    }

    #[test]
    fn render_each_gives_sticky_proxies_their_own_session() {
        let sticky = render_each(3, true, |s| s.unwrap_or("none").to_owned());
        assert_eq!(sticky.len(), 3);
        assert!(sticky.iter().all(|s| s.len() == 8));
        assert_ne!(sticky[0], sticky[1]);
        let rotating = render_each(2, false, |s| s.unwrap_or("none").to_owned());
        assert_eq!(rotating, ["none", "none"]);
    }
}
