//! What a connection may cost before it authenticates: a cap on connections still in their
//! handshake (in all and per source), and a per-source limit on failed authentications after
//! which that source's attempts are refused without a database lookup. A source is an IPv4
//! address or an IPv6 /64 (what one customer or host typically holds).

use crate::auth::Refusal;
use crate::lease::Lease;
use crate::{GatewayConfig, Shared};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Bound on remembered failing sources, so that many addresses cannot grow memory without
/// limit (past it, expired entries are dropped, then new sources go unrecorded).
const FAILURES_MAX: usize = 65_536;

#[derive(Debug, Default)]
struct State {
    unauthenticated: usize,
    per_source: HashMap<IpAddr, usize>,
    /// Failures per source: when the window began and how many since.
    failures: HashMap<IpAddr, (Instant, u32)>,
}

#[derive(Debug)]
pub(crate) struct Gate {
    max_total: usize,
    max_per_source: usize,
    failures_allowed: u32,
    window: Duration,
    state: Arc<Mutex<State>>,
}

/// A connection's place among the unauthenticated ones; dropping it (once authenticated, or
/// closed) frees the place.
#[derive(Debug)]
pub(crate) struct Ticket {
    state: Arc<Mutex<State>>,
    source: IpAddr,
}

impl Ticket {
    pub(crate) fn source(&self) -> IpAddr {
        self.source
    }
}

fn source_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|p| p.into_inner())
}

impl Gate {
    pub(crate) fn new(config: &GatewayConfig) -> Gate {
        Gate {
            max_total: config.max_unauthenticated,
            max_per_source: config.max_unauthenticated_per_source,
            failures_allowed: config.auth_failures_per_source,
            window: config.auth_failure_window,
            state: Arc::default(),
        }
    }

    /// A place for a new connection from `ip`, or None when it must be closed.
    pub(crate) fn admit(&self, ip: IpAddr) -> Option<Ticket> {
        let source = source_of(ip);
        let mut state = lock(&self.state);
        let from_source = state.per_source.get(&source).copied().unwrap_or(0);
        if state.unauthenticated >= self.max_total || from_source >= self.max_per_source {
            return None;
        }
        state.unauthenticated += 1;
        state.per_source.insert(source, from_source + 1);
        Some(Ticket {
            state: self.state.clone(),
            source,
        })
    }

    /// Whether `source` used up its failed attempts for the current window.
    fn blocked(&self, source: IpAddr) -> bool {
        lock(&self.state)
            .failures
            .get(&source)
            .is_some_and(|(since, n)| *n >= self.failures_allowed && since.elapsed() < self.window)
    }

    fn failed(&self, source: IpAddr) {
        let mut state = lock(&self.state);
        if state.failures.len() >= FAILURES_MAX && !state.failures.contains_key(&source) {
            let window = self.window;
            state
                .failures
                .retain(|_, (since, _)| since.elapsed() < window);
            if state.failures.len() >= FAILURES_MAX {
                return;
            }
        }
        let entry = state.failures.entry(source).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= self.window {
            *entry = (Instant::now(), 0);
        }
        entry.1 = entry.1.saturating_add(1);
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = lock(&self.state);
        state.unauthenticated = state.unauthenticated.saturating_sub(1);
        if let Some(n) = state.per_source.get_mut(&self.source) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                state.per_source.remove(&self.source);
            }
        }
    }
}

/// Checks a credential for the connection holding `ticket`, counting failures against its
/// source; a source over its failure limit is refused before any lookup. The ticket is given
/// back on success (the connection is no longer unauthenticated).
pub(crate) async fn authorize(
    shared: &Shared,
    ticket: &mut Option<Ticket>,
    user: &str,
    pass: &str,
) -> Result<Lease, Refusal> {
    let Some(source) = ticket.as_ref().map(Ticket::source) else {
        return Err(Refusal::BadCredentials);
    };
    if shared.gate.blocked(source) {
        return Err(Refusal::TooManyFailures);
    }
    let result = shared.users.authorize(&shared.registry, user, pass).await;
    match &result {
        Ok(_) => *ticket = None,
        Err(Refusal::BadCredentials) => shared.gate.failed(source),
        Err(_) => {}
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(total: usize, per_source: usize) -> Gate {
        Gate::new(&GatewayConfig {
            max_unauthenticated: total,
            max_unauthenticated_per_source: per_source,
            auth_failures_per_source: 2,
            auth_failure_window: Duration::from_secs(60),
            ..GatewayConfig::default()
        })
    }

    #[test]
    fn unauthenticated_places_are_capped_per_source_and_in_all() {
        let gate = gate(3, 2);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2::7".parse().unwrap();
        let first = gate.admit(a).unwrap();
        let _second = gate.admit(a).unwrap();
        assert!(gate.admit(a).is_none(), "per source");
        let _third = gate.admit(b).unwrap();
        // Same /64: the same source, but the total is reached first.
        assert!(gate.admit("2001:db8:1:2::8".parse().unwrap()).is_none());
        drop(first);
        assert!(gate.admit(a).is_some(), "a freed place is reusable");
    }

    #[test]
    fn failures_block_their_source_only() {
        let gate = gate(10, 10);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        gate.failed(a);
        assert!(!gate.blocked(a));
        gate.failed(a);
        assert!(gate.blocked(a));
        assert!(!gate.blocked("192.0.2.2".parse().unwrap()));
        // Once the window is over, the source may try again, and its count starts afresh.
        let over = Instant::now().checked_sub(gate.window).unwrap();
        lock(&gate.state).failures.get_mut(&a).unwrap().0 = over;
        assert!(!gate.blocked(a));
        gate.failed(a);
        assert!(!gate.blocked(a), "one failure in the new window");
    }
}
