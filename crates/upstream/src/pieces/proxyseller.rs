//! [`ProxySellerPieces`]: [`PieceSource`] over the Proxy-Seller user API v1
//! (docs/providers.md#proxy-seller).
//!
//! The API key travels in the URL path, so no URL ever reaches an error or a log line: reqwest
//! errors lose theirs (`without_url`), and provider texts have the key blanked out.

mod delivery;
mod envelope;
mod fields;
mod order_body;
mod reply;

use std::fmt;
use std::time::Duration;

use domain::ProxyKind;
use reqwest::{Method, Url};
use secrecy::{ExposeSecret, SecretString};
use serde_json::Value;

use self::envelope::{Data, Stakes};
use super::source::{
    DeliveredProxy, PieceCatalogue, PieceError, PieceOrder, PieceSource, PlacedOrder,
};
use crate::error_chain::error_chain;

/// The production API (v1); tests point the client at a mock server instead.
pub const PROXYSELLER_API_URL: &str = "https://proxy-seller.com/personal/api/v1";

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

/// Where the API is and the key to it (`PROXYSHOP_PROXYSELLER_API_KEY`).
#[derive(Debug, Clone)]
pub struct ProxySellerConfig {
    /// Normally [`PROXYSELLER_API_URL`]; the key is appended as a path segment.
    pub api_url: String,
    pub api_key: SecretString,
}

impl ProxySellerConfig {
    /// The production API with this key.
    pub fn new(api_key: SecretString) -> Self {
        Self {
            api_url: PROXYSELLER_API_URL.to_owned(),
            api_key,
        }
    }
}

/// Buys proxies by the piece from Proxy-Seller with the account balance.
pub struct ProxySellerPieces {
    http: reqwest::Client,
    /// `{api_url}/{key}`: a secret in itself, never printed.
    base: Url,
    api_url: String,
    key: SecretString,
}

impl fmt::Debug for ProxySellerPieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProxySellerPieces")
            .field("api_url", &self.api_url)
            .finish_non_exhaustive()
    }
}

impl ProxySellerPieces {
    /// A client with 5 s to connect and 20 s per call. Refuses an empty key or a bad URL.
    pub fn new(config: ProxySellerConfig) -> Result<Self, PieceError> {
        Self::build(config, CONNECT_TIMEOUT, REQUEST_TIMEOUT)
    }

    /// As [`ProxySellerPieces::new`] with short timeouts, for servers that never answer.
    #[cfg(feature = "testing")]
    pub fn with_timeouts(
        config: ProxySellerConfig,
        connect: Duration,
        total: Duration,
    ) -> Result<Self, PieceError> {
        Self::build(config, connect, total)
    }

    fn build(
        config: ProxySellerConfig,
        connect: Duration,
        total: Duration,
    ) -> Result<Self, PieceError> {
        let key = config.api_key.expose_secret().trim();
        if key.is_empty() {
            return Err(PieceError::Invalid(
                "the Proxy-Seller API key is empty".to_owned(),
            ));
        }
        let api_url = config.api_url.trim().trim_end_matches('/').to_owned();
        let mut base = Url::parse(&api_url).map_err(|e| {
            PieceError::Invalid(format!("the Proxy-Seller API URL is invalid: {e}"))
        })?;
        base.path_segments_mut()
            .map_err(|()| {
                PieceError::Invalid("the Proxy-Seller API URL cannot take a path".to_owned())
            })?
            .pop_if_empty()
            .push(key);
        let http = reqwest::Client::builder()
            .connect_timeout(connect)
            .timeout(total)
            // order/make must go out once: no retries of any kind, and no redirects (which
            // would also carry the key elsewhere).
            .retry(reqwest::retry::never())
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| {
                PieceError::Invalid(format!(
                    "cannot build the HTTP client: {}",
                    error_chain(&e.without_url())
                ))
            })?;
        Ok(Self {
            http,
            base,
            api_url,
            key: SecretString::from(key.to_owned()),
        })
    }

    /// The URL of `path`, given as the segments after the key.
    fn endpoint(&self, path: &[&str]) -> Url {
        let mut url = self.base.clone();
        // Cannot fail: `build` checked that the base takes a path.
        if let Ok(mut segments) = url.path_segments_mut() {
            segments.extend(path);
        }
        url
    }

    /// Sends one request (never retried) and opens the envelope of the answer.
    async fn call(
        &self,
        method: Method,
        path: &[&str],
        query: Option<(&str, &str)>,
        body: Option<&Value>,
        stakes: Stakes,
    ) -> Result<Data, PieceError> {
        let mut url = self.endpoint(path);
        if let Some((name, value)) = query {
            url.query_pairs_mut().append_pair(name, value);
        }
        let mut request = self.http.request(method, url);
        if let Some(body) = body {
            request = request.json(body);
        }
        let result = async {
            let response = request
                .send()
                .await
                .map_err(|e| transport_error(e, stakes))?;
            let http = response.status();
            let text = response
                .text()
                .await
                .map_err(|e| transport_error(e, stakes))?;
            envelope::open(http, &text, stakes, &self.key)
        }
        .await;
        if let Err(error) = &result {
            // The path after the key only: the URL itself holds the key.
            tracing::warn!(call = %path.join("/"), %error, "a Proxy-Seller call failed");
        }
        result
    }
}

#[async_trait::async_trait]
impl PieceSource for ProxySellerPieces {
    fn provider(&self) -> &'static str {
        "proxyseller"
    }

    async fn catalogue(&self, kind: ProxyKind) -> Result<PieceCatalogue, PieceError> {
        let section = order_body::section(kind)?;
        let data = self
            .call(
                Method::GET,
                &["reference", "list", section],
                None,
                None,
                Stakes::Read,
            )
            .await?;
        reply::catalogue(&data)
    }

    async fn place(&self, order: &PieceOrder<'_>) -> Result<PlacedOrder, PieceError> {
        let body = order_body::order_body(order)?;
        let data = self
            .call(
                Method::POST,
                &["order", "make"],
                None,
                Some(&body),
                Stakes::Buy,
            )
            .await?;
        let placed = reply::placed(&data)?;
        tracing::info!(
            order_id = %placed.order_id,
            reference = order.reference,
            total = %placed.total,
            "placed a Proxy-Seller order"
        );
        Ok(placed)
    }

    async fn delivered(
        &self,
        kind: ProxyKind,
        order_id: &str,
    ) -> Result<Vec<DeliveredProxy>, PieceError> {
        let section = order_body::section(kind)?;
        let order_id = order_id.trim();
        if order_id.is_empty() {
            return Err(PieceError::Invalid("the order id is empty".to_owned()));
        }
        let data = self
            .call(
                Method::GET,
                &["proxy", "list", section],
                Some(("orderId", order_id)),
                None,
                Stakes::Read,
            )
            .await?;
        delivery::delivered(&data, order_id)
    }

    async fn prolong(
        &self,
        kind: ProxyKind,
        ids: &[&str],
        period_days: i32,
    ) -> Result<(), PieceError> {
        let section = order_body::section(kind)?;
        let body = order_body::prolong_body(ids, period_days)?;
        self.call(
            Method::POST,
            &["prolong", "make", section],
            None,
            Some(&body),
            Stakes::Buy,
        )
        .await?;
        tracing::info!(
            proxies = ids.len(),
            period_days,
            "renewed Proxy-Seller proxies"
        );
        Ok(())
    }
}

/// A request that failed before an answer was read. Nothing was sent when the connection could
/// not be made; otherwise a buy may have happened.
fn transport_error(error: reqwest::Error, stakes: Stakes) -> PieceError {
    let connect = error.is_connect();
    let timeout = error.is_timeout();
    let cause = error_chain(&error.without_url());
    if connect {
        PieceError::Unavailable(format!("cannot connect to Proxy-Seller: {cause}"))
    } else if timeout {
        stakes.unclear("Proxy-Seller did not answer in time".to_owned())
    } else {
        stakes.unclear(format!("the Proxy-Seller call broke off: {cause}"))
    }
}
