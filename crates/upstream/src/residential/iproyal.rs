//! [`IpRoyalResidential`]: IPRoyal's residential sub-user API (docs/providers.md#iproyal). Each
//! customer gets one sub-user per kind, holding as many GB as they bought; proxies carry the
//! targeting in the password (`…_country-us_state-california_session-ab12cd34_lifetime-30m`).

mod api;
mod locations;
mod subusers;

pub use api::{
    IPROYAL_API_URL, IPROYAL_HTTP_PORT, IPROYAL_PROXY_HOST, IPROYAL_SOCKS_PORT, IpRoyalConfig,
};

use std::fmt;
use std::time::Duration;

use secrecy::ExposeSecret;

use super::source::{
    ProxyRequest, ResidentialError, ResidentialSource, SyncReport, SyncRequest, render_each,
};
use crate::error_chain::error_chain;
use api::Api;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// The IPRoyal client. Keeps IPRoyal's location list for an hour; everything else is read fresh.
pub struct IpRoyalResidential {
    api: Api,
    countries: locations::CountryCache,
}

impl fmt::Debug for IpRoyalResidential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IpRoyalResidential")
            .field("api_url", &self.api.config.api_url)
            .field("proxy_host", &self.api.config.proxy_host)
            .field("subuser_prefix", &self.api.config.subuser_prefix)
            .finish_non_exhaustive()
    }
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
            api: Api { http, config },
            countries: locations::CountryCache::default(),
        })
    }
}

#[async_trait::async_trait]
impl ResidentialSource for IpRoyalResidential {
    fn provider(&self) -> &'static str {
        "iproyal"
    }

    async fn sync(&self, request: SyncRequest<'_>) -> Result<Option<SyncReport>, ResidentialError> {
        subusers::sync(&self.api, request).await.map(Some)
    }

    async fn proxies(&self, request: &ProxyRequest<'_>) -> Result<Vec<String>, ResidentialError> {
        let account = request.account.ok_or(ResidentialError::NoAccount)?;
        let countries = self.countries.get(&self.api).await?;
        let location = locations::location_keys(&countries, request)?;
        let lifetime = request.session_minutes.map(locations::lifetime);
        let port = if request.socks {
            self.api.config.socks_port
        } else {
            self.api.config.http_port
        };
        let host = &self.api.config.proxy_host;
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
