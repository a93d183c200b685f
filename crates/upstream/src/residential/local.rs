//! [`LocalResidential`]: the built-in metering gateway as the residential source (the default).
//! The targeting travels in the proxy username (`domain::Targeting`); bytes are metered by the
//! gateway, which relays them directly or through an upstream pool.

use domain::Targeting;

use super::source::{ProxyRequest, ResidentialError, ResidentialSource};

/// Where customers reach our own gateway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalResidential {
    pub host: String,
    pub http_port: u16,
    pub socks_port: u16,
}

impl LocalResidential {
    /// Its `provider()`: our own gateway, with no provider's location list to check.
    pub const PROVIDER: &'static str = "local";
}

#[async_trait::async_trait]
impl ResidentialSource for LocalResidential {
    fn provider(&self) -> &'static str {
        Self::PROVIDER
    }

    async fn proxies(&self, request: &ProxyRequest<'_>) -> Result<Vec<String>, ResidentialError> {
        let port = if request.socks {
            self.socks_port
        } else {
            self.http_port
        };
        let mut targeting = Targeting {
            kind: request.kind,
            country: request.country.map(|c| c.code.to_owned()),
            state: request.state.map(|s| s.code.to_owned()),
            city: request.city.map(|c| c.code.to_owned()),
            session: None,
            lifetime_minutes: request.session_minutes,
        };
        let sticky = request.session_minutes.is_some();
        let host = request.host.unwrap_or(&self.host);
        Ok(super::source::render_each(
            request.quantity,
            sticky,
            |session| {
                targeting.session = session.map(str::to_owned);
                let username = targeting.username(request.username);
                format!("{host}:{port}:{username}:{}", request.password)
            },
        ))
    }
}
