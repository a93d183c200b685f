//! What every connection task shares: the configuration, the credential check, the IP
//! allowlist, the meters, the gate of unauthenticated connections, the descriptor budget and
//! the count of live connections (which tells `memory.rs` when a burst is over).

use crate::allowlist::Allowlist;
use crate::config::GatewayConfig;
use crate::credentials::{Credentials, Refusal};
use crate::descriptors::AcceptLog;
use crate::descriptors::Descriptors;
use crate::lease::{Fair, Lease};
use crate::preauth::{Gate, Ticket};
use crate::record::Identity;
use crate::registry::Registry;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use tokio::sync::watch;

#[derive(Debug)]
pub(crate) struct Shared {
    pub(crate) config: GatewayConfig,
    pub(crate) credentials: Credentials,
    pub(crate) allowlist: Allowlist,
    /// Blocked destinations: the shop's and each customer's (`blocklist.rs`).
    pub(crate) blocklist: crate::blocklist::Blocklist,
    pub(crate) registry: Registry,
    /// The upstream pools Premium and Budget traffic is relayed through (`chain.rs`).
    pub(crate) pools: crate::pools::Pools,
    pub(crate) gate: Gate,
    /// The descriptors the gateway holds, against `config.max_descriptors`.
    pub(crate) fds: Descriptors,
    pub(crate) memory: crate::memory::Memory,
    pub(crate) shutdown: watch::Receiver<bool>,
    /// Connections accepted and not ended yet, on all workers.
    pub(crate) live: AtomicUsize,
    /// What the workers' accept loops log, throttled for all of them together.
    pub(crate) accept_log: Mutex<AcceptLog>,
}

impl Shared {
    /// Why `lease`'s customer may not reach `host`:`port`, if a blocklist refuses it: asked
    /// before any lookup or connect, and counted in `proxyshop_gateway_denied_total`.
    pub(crate) fn blocked(
        &self,
        lease: &Lease,
        host: &str,
        port: u16,
    ) -> Option<crate::destination::ConnectError> {
        let refusal = self
            .blocklist
            .refusal(lease.key.user_id, lease.key.kind, host, port)?;
        count_denied(&refusal);
        Some(refusal)
    }

    /// Why `user`'s connection of `kind` may not reach `ip`, a resolved address of the name it
    /// asked for: a range of the shop's rules or of the customer's own (`blocked` saw the name
    /// itself). Not counted: the connection may reach another of the name's addresses
    /// (`chain::connect` counts a name refused for all of them).
    pub(crate) fn blocked_address(
        &self,
        user: domain::UserId,
        kind: domain::ProxyKind,
        ip: std::net::IpAddr,
        port: u16,
    ) -> Option<crate::destination::ConnectError> {
        self.blocklist.refusal(user, kind, &ip.to_string(), port)
    }

    /// Sets every pace in use here to its customer's plan's bandwidth now (a changed limit, or
    /// another plan bought), read as a new connection reads it (the credential cache, 5 s).
    pub(crate) async fn refresh_paces(&self) {
        for (user, kind) in self.registry.paced() {
            match self.credentials.plan_caps(user, kind).await {
                Ok(caps) => self.registry.repace(user, kind, caps.bandwidth),
                Err(e) => {
                    // the next flush tries again; one line, not one per customer
                    tracing::warn!(error = %e, "gateway could not read the plans' bandwidth");
                    return;
                }
            }
        }
    }

    pub(crate) fn connection_started(&self) {
        let live = self.live.fetch_add(1, Ordering::Relaxed) + 1;
        self.memory.seen(live);
    }

    pub(crate) fn connection_ended(&self) {
        self.live.fetch_sub(1, Ordering::Relaxed);
    }

    pub(crate) fn live(&self) -> usize {
        self.live.load(Ordering::Relaxed)
    }

    /// The accept log (only taken when an accept failed or was refused).
    pub(crate) fn accept_log(&self) -> MutexGuard<'_, AcceptLog> {
        self.accept_log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

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
        // Taken now: a connection that signs in gives its ticket back.
        let source = ticket.as_ref().map(Ticket::peer);
        let check = self
            .credentials
            .authorize(&self.registry, user, pass, &mut who);
        let result = self.gate.authorize(ticket, check).await;
        let result = self.share_fairly(result).await;
        self.conclude(result, who, "credentials", source, (host, port))
    }

    /// Whether the connection holding `ticket` comes from an allowlisted source.
    pub(crate) fn allowlisted(&self, ticket: &Option<Ticket>) -> bool {
        ticket
            .as_ref()
            .is_some_and(|t| self.allowlist.find(t.peer()).is_some())
    }

    /// Takes a connection slot for the connection holding `ticket` on its source's allowlist
    /// entry (the caller saw it sent no credentials); no entry is a bad credential. Recorded
    /// as `authorize` does, under the entry.
    pub(crate) async fn authorize_source(
        &self,
        ticket: &mut Option<Ticket>,
        host: &str,
        port: u16,
    ) -> Result<Lease, Refusal> {
        let entry = ticket.as_ref().and_then(|t| self.allowlist.find(t.peer()));
        let mut who: Option<Identity> = None;
        let check = async {
            match &entry {
                Some(entry) => {
                    self.credentials
                        .authorize_entry(&self.registry, entry, &mut who)
                        .await
                }
                None => Err(Refusal::BadCredentials),
            }
        };
        let source = ticket.as_ref().map(Ticket::peer);
        let result = self.gate.authorize(ticket, check).await;
        let result = self.share_fairly(result).await;
        self.conclude(result, who, "allowlist", source, (host, port))
    }

    /// Past the descriptor budget's high-water mark, the fair share (`Live::fair_share`) of a
    /// connection just authenticated: served once the most idle connection of a customer
    /// holding more has been told to close (waiting, up to the connect timeout, for its
    /// descriptors to be given back for this one's destination), or refused as too many
    /// connections when its customer holds the most.
    async fn share_fairly(&self, result: Result<Lease, Refusal>) -> Result<Lease, Refusal> {
        let mut lease = result?;
        if !self.fds.crowded() {
            return Ok(lease);
        }
        match self.registry.fair_share(lease.key.user_id) {
            Fair::Evicted => {
                metrics::counter!("proxyshop_gateway_evicted_total").increment(1);
                self.fds.room(1, self.config.connect_timeout).await;
                Ok(lease)
            }
            Fair::Refused => {
                metrics::counter!("proxyshop_gateway_refused_total", "reason" => "fair_share")
                    .increment(1);
                // Recorded as a refusal (too many connections) by `conclude`, not as a
                // connection.
                lease.trail.discard();
                Err(Refusal::TooManyConnections)
            }
        }
    }

    /// Counts the outcome by method, names the target and the client's address (`source`) on
    /// the lease, records a known customer's refusal.
    fn conclude(
        &self,
        mut result: Result<Lease, Refusal>,
        who: Option<Identity>,
        method: &'static str,
        source: Option<IpAddr>,
        (host, port): (&str, u16),
    ) -> Result<Lease, Refusal> {
        let outcome = match &result {
            Ok(_) => "ok",
            Err(Refusal::BadCredentials) => "bad_credentials",
            Err(Refusal::Disabled) => "disabled",
            Err(Refusal::NoTraffic) => "no_traffic",
            Err(Refusal::SubuserCapSpent) => "subuser_cap_spent",
            Err(Refusal::Expired) => "expired",
            Err(Refusal::TooManyConnections) => "too_many_connections",
            Err(Refusal::PlanMaxConnections) => "plan_max_connections",
            Err(Refusal::PlanMaxRequestsPerSecond) => "plan_max_requests_per_second",
            Err(Refusal::TooManyFailures) => "too_many_failures",
            Err(Refusal::Unavailable(_)) => "unavailable",
        };
        metrics::counter!("proxyshop_gateway_auth_total", "outcome" => outcome, "method" => method)
            .increment(1);
        match (&mut result, who) {
            (Ok(lease), _) => {
                lease.set_target(host, port);
                lease.set_source(source);
            }
            (
                Err(
                    Refusal::Disabled
                    | Refusal::NoTraffic
                    | Refusal::SubuserCapSpent
                    | Refusal::Expired
                    | Refusal::TooManyConnections
                    | Refusal::PlanMaxConnections
                    | Refusal::PlanMaxRequestsPerSecond,
                ),
                Some(who),
            ) => self
                .registry
                .records
                .refused(who, source, host, port, outcome),
            (Err(_), _) => {}
        }
        result
    }
}

/// Counts a destination a blocklist refused in `proxyshop_gateway_denied_total`.
pub(crate) fn count_denied(refusal: &crate::destination::ConnectError) {
    if let crate::destination::ConnectError::Blocked(by) = refusal {
        metrics::counter!("proxyshop_gateway_denied_total", "reason" => by.reason()).increment(1);
    }
}
