//! How the gateway is set up: its listeners, limits and timeouts.

use std::net::SocketAddr;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct GatewayConfig {
    /// HTTP proxy listener (CONNECT and plain requests); port 0 picks a free port.
    pub http_addr: SocketAddr,
    /// SOCKS5 listener; port 0 picks a free port.
    pub socks_addr: SocketAddr,
    /// Let customers reach loopback and private networks (tests only).
    pub allow_private: bool,
    /// How often counts go to the database; a crash loses at most this much metering.
    pub flush_interval: Duration,
    /// Resolving and connecting to a destination, together.
    pub connect_timeout: Duration,
    /// How long an upstream pool may take to accept the connection, our credentials and the
    /// destination before the next pool is tried (`chain.rs`).
    pub upstream_timeout: Duration,
    /// How long the list of upstream pools read from the database is used before it is read
    /// again (`pools.rs`): a pool added, edited or marked down reaches new connections within it.
    pub pool_refresh: Duration,
    /// A connection without traffic for this long is closed
    /// (`PROXYSHOP_GATEWAY_IDLE_TIMEOUT_SECS`), while the gateway holds at most half of the
    /// high-water mark of `max_descriptors`; from the mark on, after `idle_timeout_crowded`
    /// (`PROXYSHOP_GATEWAY_IDLE_TIMEOUT_CROWDED_SECS`), and in proportion in between.
    pub idle_timeout: Duration,
    pub idle_timeout_crowded: Duration,
    /// Once one side of a tunnel has closed its direction, the tunnel is closed after this long
    /// without traffic (at most the idle timeout;
    /// `PROXYSHOP_GATEWAY_HALF_CLOSED_TIMEOUT_SECS`): a client that sent its end and waits for
    /// nothing more gives its connection slot back without waiting for the destination.
    pub half_closed_timeout: Duration,
    /// A request head or SOCKS5 handshake (up to its CONNECT request) must arrive within this.
    pub handshake_timeout: Duration,
    /// Connections not yet authenticated, in all, per network (an IPv4 /24 or an IPv6 /48)
    /// and per source (an IPv4 address or an IPv6 /64). Past a source's or a network's cap, a
    /// newcomer is closed at once; at the cap in all, the oldest waiting connection of the
    /// network holding the most is closed to make room for it. A source that authenticated on
    /// this node within `auth_failure_window` and has not failed since may hold its network's
    /// share (a scraping customer's bursts from one address).
    pub max_unauthenticated: usize,
    pub max_unauthenticated_per_network: usize,
    pub max_unauthenticated_per_source: usize,
    /// After this many failed authentications from one source within `auth_failure_window`,
    /// on all nodes together (counted in the database), its further attempts are refused
    /// without a credential check until the window ends.
    pub auth_failures_per_source: u32,
    pub auth_failure_window: Duration,
    /// How long an unknown username is remembered as unknown (no database lookup meanwhile).
    pub unknown_user_ttl: Duration,
    /// Destination ports never connected to (SMTP by default: no spam relay).
    pub refused_ports: Vec<u16>,
    /// Category files of blocked destinations, one pattern per line (`blocklist.rs`;
    /// `PROXYSHOP_BLOCKLIST_FILES`), read again when they change.
    pub blocklist_files: Vec<std::path::PathBuf>,
    /// Live connections of one customer on all nodes sharing the database together (slots
    /// leased from it, `slots.rs`; `PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER`).
    pub max_connections_per_user: usize,
    /// The same for a customer on a free trial (a trial granted, no payment credited; at most
    /// `max_connections_per_user`; `PROXYSHOP_GATEWAY_MAX_CONNECTIONS_PER_TRIAL`).
    pub max_connections_per_trial: usize,
    /// How many gateway nodes share the database: a lease is
    /// `max(1 % of the purchase, 16 MB) / expected_nodes` (docs/operations.md).
    pub expected_nodes: u32,
    /// At a stop, how long live connections may finish before they are closed (0: at once).
    pub drain: Duration,
    /// How often the node reads the change events (a customer disabled, a piece ended): the
    /// delay before every node obeys one when no notification wakes it. While the listener of
    /// `listen_url` is up, the node reads them on each notification and, as a safety net, at
    /// least every `event_poll` or 5 s, whichever is longer.
    pub event_poll: Duration,
    /// On PostgreSQL, the database to LISTEN on for the change events (a connection of its
    /// own, beside the pool); None (SQLite): `event_poll` alone.
    pub listen_url: Option<ListenUrl>,
    /// A lease this node stops renewing (it crashed) is settled as used this long after its
    /// last flush, and its connection slots stop counting; keep it well above `flush_interval`.
    pub lease_ttl: Duration,
    /// Serve the residential traffic kinds (premium, budget). The server always does (every
    /// provider is an upstream pool behind the gateway); off, a node serves pieces only.
    pub serve_traffic: bool,
    /// File descriptors the gateway may hold at once (accepted and destination sockets,
    /// relay pipes): past it new connections are closed at once, so that the rest of the
    /// process (the API) keeps its reserve. The server sets it to the process's limit less
    /// `PROXYSHOP_GATEWAY_FD_RESERVE` (docs/operations.md, "File descriptors"). Past the
    /// budget less a tenth it is shared fairly between customers (`descriptors.rs`).
    pub max_descriptors: usize,
    /// An automatic top-up (checked at each lease take) buys at most once per this long per
    /// customer and traffic kind, on all nodes together (`PROXYSHOP_AUTO_TOPUP_WINDOW_SECS`).
    pub auto_topup_window: Duration,
    /// Threads serving the connections, each a single-thread runtime with listeners of its
    /// own on the same ports (`SO_REUSEPORT`: the kernel spreads new connections over them),
    /// so that a connection's work stays on the thread that accepted it. By default one per
    /// CPU; 0 serves them on the runtime that runs the gateway (tests that pause its clock).
    pub workers: usize,
}

/// One worker per CPU the process may use.
fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

impl Default for GatewayConfig {
    fn default() -> Self {
        GatewayConfig {
            http_addr: SocketAddr::from(([127, 0, 0, 1], 8000)),
            socks_addr: SocketAddr::from(([127, 0, 0, 1], 8001)),
            allow_private: false,
            flush_interval: Duration::from_secs(3),
            connect_timeout: Duration::from_secs(10),
            upstream_timeout: Duration::from_secs(5),
            pool_refresh: Duration::from_secs(2),
            idle_timeout: Duration::from_secs(300),
            idle_timeout_crowded: Duration::from_secs(30),
            half_closed_timeout: Duration::from_secs(30),
            handshake_timeout: Duration::from_secs(10),
            max_unauthenticated: 4096,
            max_unauthenticated_per_network: 256,
            max_unauthenticated_per_source: 32,
            auth_failures_per_source: 10,
            auth_failure_window: Duration::from_secs(60),
            unknown_user_ttl: Duration::from_secs(10),
            refused_ports: vec![25],
            blocklist_files: Vec::new(),
            max_connections_per_user: 256,
            max_connections_per_trial: 32,
            expected_nodes: 1,
            lease_ttl: Duration::from_secs(30),
            event_poll: Duration::from_secs(1),
            listen_url: None,
            drain: Duration::ZERO,
            serve_traffic: true,
            max_descriptors: usize::MAX,
            auto_topup_window: Duration::from_secs(3600),
            workers: default_workers(),
        }
    }
}

/// A PostgreSQL URL for the change-event listener; it holds the database password, so it is
/// never printed (its `Debug` says nothing of it).
#[derive(Clone)]
pub struct ListenUrl(String);

impl ListenUrl {
    /// The listener's URL for the node's `PROXYSHOP_DATABASE_URL`: Some on PostgreSQL, None on
    /// SQLite (nothing to LISTEN on: the node polls).
    pub fn for_database(database_url: &str) -> Option<ListenUrl> {
        (persistence::Backend::from_url(database_url).ok() == Some(persistence::Backend::Postgres))
            .then(|| ListenUrl(database_url.to_owned()))
    }

    pub(crate) fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for ListenUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ListenUrl(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::ListenUrl;

    #[test]
    fn only_postgres_is_listened_on_and_the_url_is_never_printed() {
        assert!(ListenUrl::for_database("sqlite://./var/x.db").is_none());
        let url = ListenUrl::for_database("postgres://u:hunter2@db:5432/shop").unwrap();
        assert!(ListenUrl::for_database("postgresql://u@db/shop").is_some());
        assert_eq!(format!("{url:?}"), "ListenUrl(..)");
    }
}
