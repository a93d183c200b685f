//! IP allowlist authentication: connections without credentials from a customer's allowlisted
//! source address or range are metered to that customer and kind, exactly as a credentialed
//! one (credentials, when sent, win). The node keeps every entry in memory, indexed by the
//! IPv4 /24 or IPv6 /48 holding it (no entry is wider, and none overlaps another: the API
//! refuses that), so a lookup is one hash probe and a short scan. The index is read at start,
//! again at each change event (an entry added or removed, a customer disabled or enabled, a
//! piece ended) and every `REFRESH` in any case.

use crate::store;
use domain::network::Network;
use persistence::ip_allowlist::{self, GatewayEntry};
use persistence::{DbError, DbPool};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// The index is read again at least this often, whatever the events say.
pub(crate) const REFRESH: Duration = Duration::from_secs(60);

#[derive(Debug, Default)]
struct Index {
    by_bucket: HashMap<Network, Vec<GatewayEntry>>,
    entries: usize,
}

impl Index {
    fn build(entries: Vec<GatewayEntry>) -> Index {
        let mut index = Index::default();
        for entry in entries {
            let Some(bucket) = ip_allowlist::bucket(&entry.network) else {
                continue;
            };
            index.by_bucket.entry(bucket).or_default().push(entry);
            index.entries += 1;
        }
        index
    }

    fn find(&self, ip: IpAddr) -> Option<&GatewayEntry> {
        let host = Network::host(ip);
        let bucket = ip_allowlist::bucket(&host)?;
        let ip = ip.to_canonical();
        self.by_bucket
            .get(&bucket)?
            .iter()
            .find(|entry| entry.network.contains(ip))
    }
}

/// The allowlist entries of enabled customers, as last read.
#[derive(Debug, Default)]
pub(crate) struct Allowlist {
    index: RwLock<Arc<Index>>,
}

impl Allowlist {
    /// The entry `ip` belongs to, if any.
    pub(crate) fn find(&self, ip: IpAddr) -> Option<GatewayEntry> {
        let index = match self.index.read() {
            Ok(index) => index.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        index.find(ip).cloned()
    }

    /// Reads every entry again; on failure the previous index stays.
    pub(crate) async fn reload(&self, pool: &DbPool) -> Result<(), DbError> {
        let pool = pool.clone();
        let entries = store::blocking(move || {
            let mut conn = pool.get()?;
            ip_allowlist::for_gateway(&mut conn)
        })
        .await?;
        let index = Arc::new(Index::build(entries));
        metrics::gauge!("proxyshop_gateway_allowlist_entries").set(index.entries as f64);
        match self.index.write() {
            Ok(mut slot) => *slot = index,
            Err(poisoned) => *poisoned.into_inner() = index,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use domain::{ProxyKind, UserId};

    fn entry(id: i64, network: &str) -> GatewayEntry {
        GatewayEntry {
            id,
            user_id: UserId::new(id),
            network: Network::parse(network).unwrap(),
            kind: ProxyKind::Premium,
            piece_username: None,
        }
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn finds_the_entry_holding_an_address() {
        let index = Index::build(vec![
            entry(1, "203.0.113.7"),
            entry(2, "203.0.113.128/25"),
            entry(3, "198.51.100.0/24"),
            entry(4, "2001:db8:1::/48"),
            entry(5, "2001:db8:2::9"),
        ]);
        let found = |text: &str| index.find(ip(text)).map(|e| e.id);
        assert_eq!(found("203.0.113.7"), Some(1));
        assert_eq!(found("::ffff:203.0.113.7"), Some(1));
        assert_eq!(found("203.0.113.8"), None);
        assert_eq!(found("203.0.113.200"), Some(2));
        assert_eq!(found("198.51.100.255"), Some(3));
        assert_eq!(found("198.51.101.1"), None);
        assert_eq!(found("2001:db8:1:ffff::1"), Some(4));
        assert_eq!(found("2001:db8:2::9"), Some(5));
        assert_eq!(found("2001:db8:2::8"), None);
        assert_eq!(index.entries, 5);
    }
}
