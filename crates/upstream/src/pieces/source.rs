//! What the API buys pieces through: the [`PieceSource`] trait, its orders, answers and errors.

use domain::ProxyKind;

/// A country the provider sells a kind in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceCountry {
    /// The provider's own id for the country, to send back in a [`PieceOrder`].
    pub id: String,
    /// ISO 3166-1 alpha-2 in lower case (the shop's country code); empty when the provider's
    /// answer did not name the country by a code we know.
    pub code: String,
    /// ISO 3166-1 alpha-3 in upper case, as the provider sent it.
    pub alpha3: Option<String>,
    pub name: String,
}

/// A mobile operator (LTE only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceOperator {
    /// The provider's id, to send back as [`PieceOrder::operator_id`].
    pub id: String,
    pub name: String,
    /// The IP rotation intervals on offer, in minutes; 0 means "rotate on request by link".
    pub rotations: Vec<u32>,
}

/// What the provider offers for one kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PieceCatalogue {
    pub countries: Vec<PieceCountry>,
    /// The provider's period ids, e.g. `"1m"`.
    pub periods: Vec<String>,
    /// `(country id, operator)` pairs, for LTE; empty for the other kinds.
    pub operators: Vec<(String, PieceOperator)>,
}

/// One purchase of `quantity` proxies of one kind in one country.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceOrder<'a> {
    /// Static, Ipv4, Ipv6 or Lte; the residential kinds are not sold by the piece.
    pub kind: ProxyKind,
    /// A [`PieceCountry::id`].
    pub country_id: &'a str,
    /// Our plan's validity. The provider period bought is the shortest one at least this long;
    /// no such period is an [`PieceError::Invalid`].
    pub period_days: i32,
    pub quantity: u32,
    /// A [`PieceOperator::id`] (LTE).
    pub operator_id: Option<&'a str>,
    /// One of the operator's [`PieceOperator::rotations`] (LTE).
    pub rotation_minutes: Option<u32>,
    /// SOCKS5 rather than HTTPS (IPv6 is bought for one protocol).
    pub socks: bool,
    /// Our order's id, recorded at the provider with the order so that it can be found again.
    pub reference: &'a str,
}

/// An order the provider accepted and charged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedOrder {
    /// The provider's id, to poll [`PieceSource::delivered`] with.
    pub order_id: String,
    /// The amount charged, as decimal text in the provider's currency (USD for Proxy-Seller).
    pub total: String,
}

/// One proxy of a delivered order.
/// `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq)]
pub struct DeliveredProxy {
    /// The provider's id of this proxy; it changes when the proxy is renewed.
    pub upstream_id: String,
    pub host: String,
    /// The HTTP port (the SOCKS one only when the provider gives no HTTP port).
    pub port: u16,
    pub username: String,
    pub password: String,
    /// The shop's lower-case alpha-2 code of the proxy's country, when the provider says it.
    pub country: Option<String>,
}

impl std::fmt::Debug for DeliveredProxy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeliveredProxy")
            .field("upstream_id", &self.upstream_id)
            .field("host", &self.host)
            .field("port", &self.port)
            .field("username", &self.username)
            .field("country", &self.country)
            .finish_non_exhaustive()
    }
}

/// Buys proxies by the piece; held by the application as `Arc<dyn PieceSource>`.
#[async_trait::async_trait]
pub trait PieceSource: Send + Sync + std::fmt::Debug {
    /// `"proxyseller"`, for the start-up log and the records.
    fn provider(&self) -> &'static str;

    /// The countries, periods and (LTE) operators the provider offers for `kind`.
    async fn catalogue(&self, kind: ProxyKind) -> Result<PieceCatalogue, PieceError>;

    /// Buys `order` with the provider balance. Not idempotent at the provider and never retried
    /// here: the caller writes a pending row first and never repeats a call that ended in
    /// [`PieceError::Unknown`].
    async fn place(&self, order: &PieceOrder<'_>) -> Result<PlacedOrder, PieceError>;

    /// The order's proxies once delivered; `Ok(vec![])` while activation is still running.
    async fn delivered(
        &self,
        kind: ProxyKind,
        order_id: &str,
    ) -> Result<Vec<DeliveredProxy>, PieceError>;

    /// Renews the provider's proxies `ids` (all of `kind`) for the shortest period at least
    /// `period_days` long, paid from the provider balance; the proxies keep their address and
    /// credentials. Not idempotent at the provider and never retried here: an
    /// [`PieceError::Unknown`] must not be repeated before someone has checked.
    async fn prolong(
        &self,
        kind: ProxyKind,
        ids: &[&str],
        period_days: i32,
    ) -> Result<(), PieceError>;
}

/// Why a piece call failed. Messages never contain the API key or a URL.
#[derive(Debug, thiserror::Error)]
pub enum PieceError {
    /// Only from [`PieceSource::place`]: the order may or may not have been placed (a timeout,
    /// a connection lost after sending, an answer we cannot read). Never retry blindly: reconcile
    /// by listing first.
    #[error("the outcome of the piece order is unknown: {0}")]
    Unknown(String),
    /// The provider refused (an error envelope with its code and message): nothing was bought.
    #[error("the piece provider refused{}: {message}", .code.map(|code| format!(" (code {code})")).unwrap_or_default())]
    Refused { code: Option<i64>, message: String },
    /// The provider cannot be used now: bad key, IP not allowed, rate limit, unreachable, or an
    /// answer we cannot read. Nothing was bought.
    #[error("the piece provider is unavailable: {0}")]
    Unavailable(String),
    /// We would not send this: a kind not sold by the piece, no provider period long enough, a
    /// missing reference, a bad configuration. Nothing reached the provider.
    #[error("invalid piece order: {0}")]
    Invalid(String),
}
