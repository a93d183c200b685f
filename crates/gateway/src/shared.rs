//! What every connection task shares: the configuration, the credential check, the meters and
//! the gate of unauthenticated connections.

use crate::config::GatewayConfig;
use crate::credentials::{Credentials, Refusal};
use crate::lease::Lease;
use crate::preauth::{Gate, Ticket};
use crate::registry::Registry;
use tokio::sync::watch;

#[derive(Debug)]
pub(crate) struct Shared {
    pub(crate) config: GatewayConfig,
    pub(crate) credentials: Credentials,
    pub(crate) registry: Registry,
    pub(crate) gate: Gate,
    pub(crate) shutdown: watch::Receiver<bool>,
}

impl Shared {
    /// Checks a credential for the connection holding `ticket` and takes a connection slot on
    /// its meter, within the gate's limits on failed attempts.
    pub(crate) async fn authorize(
        &self,
        ticket: &mut Option<Ticket>,
        user: &str,
        pass: &str,
    ) -> Result<Lease, Refusal> {
        let check = self.credentials.authorize(&self.registry, user, pass);
        let result = self.gate.authorize(ticket, check).await;
        let outcome = match &result {
            Ok(_) => "ok",
            Err(Refusal::BadCredentials) => "bad_credentials",
            Err(Refusal::Disabled) => "disabled",
            Err(Refusal::NoTraffic) => "no_traffic",
            Err(Refusal::Expired) => "expired",
            Err(Refusal::TooManyConnections) => "too_many_connections",
            Err(Refusal::TooManyFailures) => "too_many_failures",
            Err(Refusal::Unavailable(_)) => "unavailable",
        };
        metrics::counter!("proxyshop_gateway_auth_total", "outcome" => outcome).increment(1);
        result
    }
}
