//! [`IpRoyalResidential`]: residential lines when the shop's IPRoyal account is an upstream pool
//! (docs/providers.md#iproyal). The lines name our own gateway with the customer's own
//! credential, like [`LocalResidential`]'s: the gateway meters the traffic and relays it through
//! the pool. IPRoyal's management API is still asked for one thing, its location list, so that a
//! place IPRoyal cannot target is refused when the lines are made, not when they are used.

mod api;
mod locations;

pub use api::{IPROYAL_API_URL, IpRoyalConfig};

use std::fmt;
use std::time::Duration;

use secrecy::ExposeSecret;

use super::local::LocalResidential;
use super::source::{ProxyRequest, ResidentialError, ResidentialSource};
use crate::error_chain::error_chain;
use api::Api;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// The IPRoyal client. Keeps IPRoyal's location list for an hour.
pub struct IpRoyalResidential {
    api: Api,
    countries: locations::CountryCache,
    /// Where customers reach our gateway: what the lines name.
    gateway: LocalResidential,
}

impl fmt::Debug for IpRoyalResidential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IpRoyalResidential")
            .field("api_url", &self.api.config.api_url)
            .field("gateway", &self.gateway)
            .finish_non_exhaustive()
    }
}

impl IpRoyalResidential {
    /// Builds its own HTTP client (5 s connect, 15 s total). Refuses an empty token. `gateway`:
    /// where customers reach our gateway.
    pub fn new(config: IpRoyalConfig, gateway: LocalResidential) -> Result<Self, ResidentialError> {
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
        Self::build(config, http, gateway)
    }

    /// As [`IpRoyalResidential::new`] with a caller-built client, which must carry its own
    /// timeouts (short ones, for servers that never answer).
    #[cfg(feature = "testing")]
    pub fn with_client(
        config: IpRoyalConfig,
        http: reqwest::Client,
        gateway: LocalResidential,
    ) -> Result<Self, ResidentialError> {
        Self::build(config, http, gateway)
    }

    fn build(
        mut config: IpRoyalConfig,
        http: reqwest::Client,
        gateway: LocalResidential,
    ) -> Result<Self, ResidentialError> {
        if config.token.expose_secret().trim().is_empty() {
            return Err(ResidentialError::Unavailable(
                "the IPRoyal API token is empty".to_owned(),
            ));
        }
        config.api_url = config.api_url.trim_end_matches('/').to_owned();
        Ok(Self {
            api: Api { http, config },
            countries: locations::CountryCache::default(),
            gateway,
        })
    }

    /// IPRoyal's targeting keys for the request's place (`_country-us_state-california`, empty
    /// for any country), from its location list; [`ResidentialError::UnknownLocation`] for a
    /// place the list does not have.
    pub async fn location_keys(
        &self,
        request: &ProxyRequest<'_>,
    ) -> Result<String, ResidentialError> {
        let countries = self.countries.get(&self.api).await?;
        locations::location_keys(&countries, request)
    }
}

#[async_trait::async_trait]
impl ResidentialSource for IpRoyalResidential {
    fn provider(&self) -> &'static str {
        "iproyal"
    }

    /// Our gateway's lines, once IPRoyal's location list has the place.
    async fn proxies(&self, request: &ProxyRequest<'_>) -> Result<Vec<String>, ResidentialError> {
        self.location_keys(request).await?;
        self.gateway.proxies(request).await
    }
}
