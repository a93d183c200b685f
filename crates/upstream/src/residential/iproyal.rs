//! [`IpRoyalResidential`]: IPRoyal's residential sub-user API (docs/providers.md#iproyal). Each
//! customer gets one sub-user per kind, holding as many GB as they bought; proxies carry the
//! targeting in the password (`…_country-us_state-california_session-ab12cd34_lifetime-30m`).

mod locations;
mod subusers;

use std::fmt;
use std::time::Duration;

use reqwest::header::ACCEPT;
use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::source::{
    ProxyRequest, ResidentialError, ResidentialSource, SyncReport, SyncRequest, render_each,
};
use crate::error_chain::error_chain;

/// The production management API; tests point the client at a mock server instead.
pub const IPROYAL_API_URL: &str = "https://resi-api.iproyal.com/v1";
/// The entry node that picks the nearest gateway.
pub const IPROYAL_PROXY_HOST: &str = "geo.iproyal.com";
pub const IPROYAL_HTTP_PORT: u16 = 12321;
pub const IPROYAL_SOCKS_PORT: u16 = 32325;
const DEFAULT_SUBUSER_PREFIX: &str = "ps";

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
/// Reply bodies are cut to this many characters before they reach an error or the log.
const MAX_EXCERPT_CHARS: usize = 200;

/// How to reach IPRoyal. [`IpRoyalConfig::new`] fills in the documented defaults.
#[derive(Debug, Clone)]
pub struct IpRoyalConfig {
    pub api_url: String,
    /// The API token of the main account (dashboard → Settings → API).
    pub token: SecretString,
    pub proxy_host: String,
    pub http_port: u16,
    pub socks_port: u16,
    /// Sub-users are named `{prefix}{user_id}{p|b}`: change it when two shops share one account.
    pub subuser_prefix: String,
}

impl IpRoyalConfig {
    pub fn new(token: SecretString) -> Self {
        Self {
            api_url: IPROYAL_API_URL.to_owned(),
            token,
            proxy_host: IPROYAL_PROXY_HOST.to_owned(),
            http_port: IPROYAL_HTTP_PORT,
            socks_port: IPROYAL_SOCKS_PORT,
            subuser_prefix: DEFAULT_SUBUSER_PREFIX.to_owned(),
        }
    }
}

/// The IPRoyal client. Keeps IPRoyal's location list for an hour; everything else is read fresh.
pub struct IpRoyalResidential {
    http: reqwest::Client,
    config: IpRoyalConfig,
    countries: locations::CountryCache,
}

impl fmt::Debug for IpRoyalResidential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IpRoyalResidential")
            .field("api_url", &self.config.api_url)
            .field("proxy_host", &self.config.proxy_host)
            .field("subuser_prefix", &self.config.subuser_prefix)
            .finish_non_exhaustive()
    }
}

/// A reply of any status, read to the end.
struct Reply {
    /// "GET /residential-subusers", for messages.
    call: String,
    status: StatusCode,
    body: String,
}

impl IpRoyalResidential {
    /// Builds its own HTTP client (5 s connect, 15 s total). Refuses an empty token.
    pub fn new(config: IpRoyalConfig) -> Result<Self, ResidentialError> {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .build()
            .map_err(|e| {
                ResidentialError::Unavailable(format!(
                    "cannot build the HTTP client: {}",
                    error_chain(&e)
                ))
            })?;
        Self::build(config, http)
    }

    /// As [`IpRoyalResidential::new`] with a caller-built client, which must carry its own
    /// timeouts (short ones, for servers that never answer).
    #[cfg(feature = "testing")]
    pub fn with_client(
        config: IpRoyalConfig,
        http: reqwest::Client,
    ) -> Result<Self, ResidentialError> {
        Self::build(config, http)
    }

    fn build(mut config: IpRoyalConfig, http: reqwest::Client) -> Result<Self, ResidentialError> {
        if config.token.expose_secret().trim().is_empty() {
            return Err(ResidentialError::Unavailable(
                "the IPRoyal API token is empty".to_owned(),
            ));
        }
        config.api_url = config.api_url.trim_end_matches('/').to_owned();
        Ok(Self {
            http,
            config,
            countries: locations::CountryCache::default(),
        })
    }

    /// Sends one request and reads the whole reply, whatever its status. Never retries.
    async fn send(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<Reply, ResidentialError> {
        let call = format!("{method} {path}");
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.config.api_url))
            .bearer_auth(self.config.token.expose_secret())
            .header(ACCEPT, "application/json");
        if !query.is_empty() {
            request = request.query(query);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let failed = |e: reqwest::Error| {
            let cause = if e.is_timeout() {
                "no answer in time".to_owned()
            } else {
                error_chain(&e)
            };
            self.unavailable(&format!("{call}: {cause}"))
        };
        let response = request.send().await.map_err(failed)?;
        let status = response.status();
        let body = response.text().await.map_err(failed)?;
        Ok(Reply { call, status, body })
    }

    /// The JSON of a 2xx reply; anything else is [`ResidentialError::Unavailable`].
    fn decode<T: DeserializeOwned>(&self, reply: Reply) -> Result<T, ResidentialError> {
        self.check(&reply)?;
        serde_json::from_str(&reply.body).map_err(|e| {
            self.unavailable(&format!(
                "{}: unreadable reply ({e}): {}",
                reply.call,
                excerpt(&reply.body)
            ))
        })
    }

    /// Refuses a reply whose status is not 2xx, quoting the start of its body.
    fn check(&self, reply: &Reply) -> Result<(), ResidentialError> {
        if reply.status.is_success() {
            return Ok(());
        }
        Err(self.unavailable(&format!(
            "{}: HTTP {}: {}",
            reply.call,
            reply.status.as_u16(),
            excerpt(&reply.body)
        )))
    }

    /// An [`ResidentialError::Unavailable`] with the token blanked out, should IPRoyal (or a
    /// proxy in between) ever echo it.
    fn unavailable(&self, message: &str) -> ResidentialError {
        let token = self.config.token.expose_secret();
        let message = message.replace(token, "[token]");
        tracing::warn!(%message, "IPRoyal call failed");
        ResidentialError::Unavailable(format!("IPRoyal: {message}"))
    }
}

fn excerpt(body: &str) -> String {
    let body = body.trim();
    if body.is_empty() {
        return "(empty body)".to_owned();
    }
    let mut text: String = body.chars().take(MAX_EXCERPT_CHARS).collect();
    if text.len() < body.len() {
        text.push('…');
    }
    text
}

#[async_trait::async_trait]
impl ResidentialSource for IpRoyalResidential {
    fn provider(&self) -> &'static str {
        "iproyal"
    }

    async fn sync(&self, request: SyncRequest<'_>) -> Result<Option<SyncReport>, ResidentialError> {
        subusers::sync(self, request).await.map(Some)
    }

    async fn proxies(&self, request: &ProxyRequest<'_>) -> Result<Vec<String>, ResidentialError> {
        let account = request.account.ok_or(ResidentialError::NoAccount)?;
        let countries = self.countries().await?;
        let location = locations::location_keys(&countries, request)?;
        let lifetime = request.session_minutes.map(locations::lifetime);
        let port = if request.socks {
            self.config.socks_port
        } else {
            self.config.http_port
        };
        let host = &self.config.proxy_host;
        Ok(render_each(
            request.quantity,
            lifetime.is_some(),
            |session| {
                let mut password = format!("{}{location}", account.password);
                if let (Some(session), Some(lifetime)) = (session, &lifetime) {
                    password.push_str(&format!("_session-{session}_lifetime-{lifetime}"));
                }
                format!("{host}:{port}:{}:{password}", account.username)
            },
        ))
    }
}
