//! What a connection may cost before it authenticates: caps on connections still in their
//! handshake (per source, per network, in all), and a per-source limit on failed
//! authentications after which that source's attempts are refused without a credential check.
//! A source is an IPv4 address or an IPv6 /64 (what one customer or host typically holds, its
//! `domain::network::network_key`); a network an IPv4 /24 or an IPv6 /48. At the cap in all, a
//! newcomer is not refused: the oldest waiting connection of the network holding the most is
//! closed instead, so that a flood from a few networks cannot keep everyone else out.
//!
//! Failures are counted in the database (`rate_windows`, key `gateway-auth:net:<source>`), so
//! that the limit holds across all gateway nodes. A failing connection costs one write; a
//! source over its limit is then remembered as blocked here until its window ends (no further
//! database work). A successful connection is never written: a source that authenticated on
//! this node and has not failed since skips the read before its next check for one window; any
//! other source's attempt reads its count first, so failures on another node block it here too.

use crate::config::GatewayConfig;
use crate::credentials::Refusal;
use crate::store;
use persistence::{DbPool, rate_windows};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// Bound on remembered sources (blocked, or signed in lately), so that many addresses cannot
/// grow memory without limit (past it, expired entries are dropped, then new sources go
/// unrecorded: a blocked one is read from the database again, a signed-in one too).
const REMEMBERED_MAX: usize = 65_536;

/// The waiting connections of one network, oldest first, and how many each source holds.
#[derive(Debug, Default)]
struct Network {
    waiting: BTreeMap<u64, (IpAddr, Arc<Notify>)>,
    per_source: HashMap<IpAddr, usize>,
}

#[derive(Debug, Default)]
struct State {
    unauthenticated: usize,
    next_id: u64,
    networks: HashMap<IpAddr, Network>,
    /// (waiting connections, network) of every network with some: the last holds the most.
    by_size: BTreeSet<(usize, IpAddr)>,
    /// Sources whose failures reached the limit (on any node), until their window ends.
    blocked: HashMap<IpAddr, Instant>,
    /// Sources that authenticated here and have not failed since, until when their next
    /// attempt skips the database read.
    signed_in: HashMap<IpAddr, Instant>,
}

/// Remembers `source` in `map` until `until`, within `REMEMBERED_MAX` entries.
fn remember(map: &mut HashMap<IpAddr, Instant>, source: IpAddr, until: Instant) {
    if map.len() >= REMEMBERED_MAX && !map.contains_key(&source) {
        let now = Instant::now();
        map.retain(|_, t| *t > now);
        if map.len() >= REMEMBERED_MAX {
            return;
        }
    }
    map.insert(source, until);
}

/// The `rate_windows` key counting the failed authentications of `source`.
fn failure_key(source: IpAddr) -> String {
    format!("gateway-auth:net:{}", domain::network::network_key(source))
}

impl State {
    fn add(&mut self, network: IpAddr, source: IpAddr, id: u64, evict: Arc<Notify>) {
        let net = self.networks.entry(network).or_default();
        let before = net.waiting.len();
        net.waiting.insert(id, (source, evict));
        *net.per_source.entry(source).or_insert(0) += 1;
        self.by_size.remove(&(before, network));
        self.by_size.insert((before + 1, network));
        self.unauthenticated += 1;
    }

    /// Takes connection `id` out of the table; what it held is free again. None when it is not
    /// there (already evicted).
    fn remove(&mut self, network: IpAddr, id: u64) -> Option<Arc<Notify>> {
        let net = self.networks.get_mut(&network)?;
        let before = net.waiting.len();
        let (source, evict) = net.waiting.remove(&id)?;
        if let Some(n) = net.per_source.get_mut(&source) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                net.per_source.remove(&source);
            }
        }
        self.by_size.remove(&(before, network));
        if before > 1 {
            self.by_size.insert((before - 1, network));
        } else {
            self.networks.remove(&network);
        }
        self.unauthenticated = self.unauthenticated.saturating_sub(1);
        Some(evict)
    }

    /// Closes the oldest waiting connection of the network holding the most; false when
    /// there is none.
    fn evict_one(&mut self) -> bool {
        let Some(&(_, network)) = self.by_size.last() else {
            return false;
        };
        let oldest = self
            .networks
            .get(&network)
            .and_then(|net| net.waiting.keys().next().copied());
        match oldest.and_then(|id| self.remove(network, id)) {
            Some(evict) => {
                evict.notify_one();
                true
            }
            None => false,
        }
    }
}

#[derive(Debug)]
pub(crate) struct Gate {
    max_total: usize,
    max_per_network: usize,
    max_per_source: usize,
    failures_allowed: u32,
    window: Duration,
    state: Arc<Mutex<State>>,
    pool: DbPool,
}

/// A connection's place among the unauthenticated ones; dropping it (once authenticated, or
/// closed) frees the place.
#[derive(Debug)]
pub(crate) struct Ticket {
    state: Arc<Mutex<State>>,
    /// The connection's own address (what allowlists match).
    peer: IpAddr,
    /// What limits count it under (an IPv6 address by its /64).
    source: IpAddr,
    network: IpAddr,
    id: u64,
}

impl Ticket {
    pub(crate) fn source(&self) -> IpAddr {
        self.source
    }

    pub(crate) fn peer(&self) -> IpAddr {
        self.peer
    }
}

/// Told when the gate closes a waiting connection to make room: its task must end.
#[derive(Debug)]
pub(crate) struct Evicted(Arc<Notify>);

impl Evicted {
    pub(crate) async fn wait(&self) {
        self.0.notified().await;
    }
}

/// The source and the network of `ip`.
fn source_of(ip: IpAddr) -> (IpAddr, IpAddr) {
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    };
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            (ip, IpAddr::V4(Ipv4Addr::new(a, b, c, 0)))
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            (
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0)),
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], 0, 0, 0, 0, 0)),
            )
        }
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|p| p.into_inner())
}

impl Gate {
    pub(crate) fn new(config: &GatewayConfig, pool: DbPool) -> Gate {
        Gate {
            max_total: config.max_unauthenticated,
            max_per_network: config.max_unauthenticated_per_network,
            max_per_source: config.max_unauthenticated_per_source,
            failures_allowed: config.auth_failures_per_source,
            window: config.auth_failure_window,
            state: Arc::default(),
            pool,
        }
    }

    /// A place for a new connection from `ip`, and what tells it that it was closed to make
    /// room for another; None when it must be closed at once (its source or network holds
    /// its share already; a source signed in lately may hold its network's share).
    pub(crate) fn admit(&self, ip: IpAddr) -> Option<(Ticket, Evicted)> {
        let (source, network) = source_of(ip);
        let mut state = lock(&self.state);
        let net = state.networks.get(&network);
        let in_network = net.map_or(0, |n| n.waiting.len());
        let from_source = net.and_then(|n| n.per_source.get(&source)).copied();
        // A source that authenticated here lately (and has not failed since) is a customer's
        // address: it may hold its network's share, so that a scraper's bursts from one
        // address are not cut at the strangers' cap.
        let known = state
            .signed_in
            .get(&source)
            .is_some_and(|until| *until > Instant::now());
        let per_source = if known {
            self.max_per_network
        } else {
            self.max_per_source
        };
        if from_source.unwrap_or(0) >= per_source || in_network >= self.max_per_network {
            return None;
        }
        while state.unauthenticated >= self.max_total {
            if !state.evict_one() {
                return None;
            }
        }
        let id = state.next_id;
        state.next_id += 1;
        let evict = Arc::new(Notify::new());
        state.add(network, source, id, evict.clone());
        let ticket = Ticket {
            state: self.state.clone(),
            peer: ip,
            source,
            network,
            id,
        };
        Some((ticket, Evicted(evict)))
    }

    fn window_secs(&self) -> i64 {
        i64::try_from(self.window.as_secs())
            .unwrap_or(i64::MAX)
            .max(1)
    }

    fn limit(&self) -> i32 {
        i32::try_from(self.failures_allowed).unwrap_or(i32::MAX)
    }

    /// Refuses `source` here for the `seconds` left in its window.
    fn block(&self, source: IpAddr, seconds: i64) {
        let until = Instant::now() + Duration::from_secs(seconds.unsigned_abs());
        let mut state = lock(&self.state);
        state.signed_in.remove(&source);
        remember(&mut state.blocked, source, until);
    }

    /// Whether `source` used up its failed attempts for the current window, on any node: known
    /// here, else read from the database unless it signed in here lately. A database error lets
    /// the attempt through to the credential check (logged).
    async fn blocked(&self, source: IpAddr) -> bool {
        let now = Instant::now();
        {
            let mut state = lock(&self.state);
            match state.blocked.get(&source) {
                Some(until) if *until > now => return true,
                Some(_) => {
                    state.blocked.remove(&source);
                }
                None => {}
            }
            if state
                .signed_in
                .get(&source)
                .is_some_and(|until| *until > now)
            {
                return false;
            }
        }
        let (pool, key, window) = (self.pool.clone(), failure_key(source), self.window_secs());
        let read = store::blocking(move || {
            let mut conn = pool.get()?;
            rate_windows::current(&mut conn, &key, window, persistence::now())
        })
        .await;
        match read {
            Ok(Some((failures, left))) if failures >= self.limit() => {
                self.block(source, left);
                true
            }
            Ok(_) => false,
            Err(err) => {
                tracing::warn!(%err, "reading authentication failures failed");
                false
            }
        }
    }

    /// Counts a failed authentication of `source` in the database; at the limit the source is
    /// blocked here at once.
    async fn failed(&self, source: IpAddr) {
        lock(&self.state).signed_in.remove(&source);
        let (pool, key, window) = (self.pool.clone(), failure_key(source), self.window_secs());
        let limit = self.limit();
        let counted = store::blocking(move || {
            let mut conn = pool.get()?;
            let now = persistence::now();
            if let Some(left) = rate_windows::hit(&mut conn, &key, limit, window, now)? {
                return Ok(Some(left));
            }
            Ok(rate_windows::current(&mut conn, &key, window, now)?
                .filter(|(failures, _)| *failures >= limit)
                .map(|(_, left)| left))
        })
        .await;
        match counted {
            Ok(Some(left)) => self.block(source, left),
            Ok(None) => {}
            Err(err) => tracing::warn!(%err, "counting an authentication failure failed"),
        }
    }

    /// `source` authenticated: its next attempts skip the database read for one window.
    fn signed_in(&self, source: IpAddr) {
        let until = Instant::now() + self.window;
        remember(&mut lock(&self.state).signed_in, source, until);
    }

    /// Runs `check`, the credential check of the connection holding `ticket`, counting its
    /// failures against the source; a source over its failure limit is refused before the
    /// check runs (no lookup). The ticket is given back on success (the connection is no
    /// longer unauthenticated).
    pub(crate) async fn authorize<T>(
        &self,
        ticket: &mut Option<Ticket>,
        check: impl Future<Output = Result<T, Refusal>>,
    ) -> Result<T, Refusal> {
        let Some(source) = ticket.as_ref().map(Ticket::source) else {
            return Err(Refusal::BadCredentials);
        };
        if self.blocked(source).await {
            return Err(Refusal::TooManyFailures);
        }
        let result = check.await;
        match &result {
            Ok(_) => {
                *ticket = None;
                self.signed_in(source);
            }
            Err(Refusal::BadCredentials) => self.failed(source).await,
            Err(_) => {}
        }
        result
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        lock(&self.state).remove(self.network, self.id);
    }
}

#[cfg(test)]
#[path = "preauth_tests.rs"]
mod tests;
