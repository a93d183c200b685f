//! The [`ResidentialSource`] trait, what it is asked and what it answers.

use domain::ProxyKind;
use rand::Rng;

/// The customer's account at an upstream provider (stored by the API in `upstream_accounts`).
/// `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq)]
pub struct UpstreamAccount {
    /// The provider's id of the account (IPRoyal: the sub-user `hash`).
    pub external_id: String,
    pub username: String,
    pub password: String,
}

impl std::fmt::Debug for UpstreamAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpstreamAccount")
            .field("external_id", &self.external_id)
            .field("username", &self.username)
            .finish_non_exhaustive()
    }
}

/// What [`ResidentialSource::sync`] brings upstream in line with.
#[derive(Debug, Clone, Copy)]
pub struct SyncRequest<'a> {
    /// Premium or Budget.
    pub kind: ProxyKind,
    pub user_id: i64,
    /// What the API stored last time, if any.
    pub account: Option<&'a UpstreamAccount>,
    /// The bytes the customer bought and that are still valid (the local balance is the source
    /// of truth).
    pub purchased_bytes: i64,
}

/// The upstream account after a sync, and what upstream says was used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyncReport {
    pub account: UpstreamAccount,
    /// The upstream's lifetime used bytes of this account.
    pub used_bytes: i64,
}

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
    /// Our own proxy credential of the customer (`users.proxy_username` / `proxy_password`):
    /// used by the local source.
    pub username: &'a str,
    pub password: &'a str,
    /// The customer's upstream account (IPRoyal needs it; the API syncs first when it is None).
    pub account: Option<&'a UpstreamAccount>,
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
    /// `proxies` was called without an upstream account: the API must sync first.
    #[error("the customer has no upstream account yet")]
    NoAccount,
}

/// Where residential proxies come from; held by the application as
/// `Arc<dyn ResidentialSource>`.
#[async_trait::async_trait]
pub trait ResidentialSource: Send + Sync + std::fmt::Debug {
    /// "local" or "iproyal" (stored in `upstream_accounts.provider`).
    fn provider(&self) -> &'static str;

    /// Brings the customer's upstream account in line with what they bought. `Ok(None)` for
    /// sources without upstream accounts (local). Never retries a call that moves traffic: a
    /// failed sync is repeated by calling `sync` again, which reads the state first.
    async fn sync(&self, request: SyncRequest<'_>) -> Result<Option<SyncReport>, ResidentialError>;

    /// `host:port:username:password` strings, one per proxy; each sticky proxy gets its own
    /// session id.
    async fn proxies(&self, request: &ProxyRequest<'_>) -> Result<Vec<String>, ResidentialError>;
}

/// A sticky-session id: 8 lowercase letters and digits, which both our gateway's username syntax
/// and IPRoyal's `_session-` key (exactly 8 alphanumerics) accept.
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
