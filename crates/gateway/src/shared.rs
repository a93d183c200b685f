//! What every connection task shares: the configuration, the credential check, the meters and
//! the gate of unauthenticated connections.

use crate::config::GatewayConfig;
use crate::credentials::{Credentials, Refusal};
use crate::lease::Lease;
use crate::preauth::{Gate, Ticket};
use crate::record::Identity;
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
    /// its meter, within the gate's limits on failed attempts; the lease's record names the
    /// target `host`:`port` (empty and 0 when not known yet). A refusal of a known customer
    /// is recorded; a wrong credential is nobody's and is not.
    pub(crate) async fn authorize(
        &self,
        ticket: &mut Option<Ticket>,
        user: &str,
        pass: &str,
        host: &str,
        port: u16,
    ) -> Result<Lease, Refusal> {
        let mut who: Option<Identity> = None;
        let check = self
            .credentials
            .authorize(&self.registry, user, pass, &mut who);
        let mut result = self.gate.authorize(ticket, check).await;
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
        match (&mut result, who) {
            (Ok(lease), _) => lease.set_target(host, port),
            (
                Err(
                    Refusal::Disabled
                    | Refusal::NoTraffic
                    | Refusal::Expired
                    | Refusal::TooManyConnections,
                ),
                Some(who),
            ) => self.registry.records.refused(who, host, port, outcome),
            (Err(_), _) => {}
        }
        result
    }
}
