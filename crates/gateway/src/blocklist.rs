//! Blocked destinations (`domain::blocklist`): the operator's active rules, the category files
//! of `GatewayConfig::blocklist_files` (one pattern per line, the category named by the file)
//! and each customer's own list, held in memory as one index the connection tasks read
//! without a lock held across the lookup. The index is read at start, at each change event
//! that concerns it (`Reason::BlocklistChanged`), every `REFRESH`, and when a category file's
//! modification time or size changes (checked at each change-event read, about every second).
//! A refusal happens before any lookup or connect (`refusal`).

use crate::destination::{Blocked, ConnectError};
use crate::store;
use domain::blocklist::{Kinds, Matcher, Pattern, read_category};
use domain::{ProxyKind, UserId};
use persistence::{DbError, DbPool, blocklist};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime};

/// The index is read again at least this often, whatever the events say.
pub(crate) const REFRESH: Duration = Duration::from_secs(60);

#[derive(Debug, Default)]
struct Index {
    shop: Matcher<()>,
    /// Each customer's own patterns, and the destinations the abuse desk blocked for them.
    customers: HashMap<UserId, Matcher<Blocked>>,
}

/// What identifies a file's content without reading it.
type Stamp = Option<(SystemTime, u64)>;

/// The blocklist as last read.
#[derive(Debug, Default)]
pub(crate) struct Blocklist {
    index: RwLock<Arc<Index>>,
    files: Vec<PathBuf>,
    stamps: Mutex<Vec<Stamp>>,
}

fn stamp(path: &PathBuf) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// Every category file's patterns; a file that cannot be read is logged and left out.
fn read_files(files: &[PathBuf]) -> Vec<Pattern> {
    let mut patterns = Vec::new();
    for path in files {
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let (read, skipped) = read_category(&text);
                if skipped > 0 {
                    tracing::warn!(file = %path.display(), skipped,
                        "blocklist category file: lines that are no pattern were skipped");
                }
                patterns.extend(read);
            }
            Err(e) => {
                tracing::warn!(file = %path.display(), error = %e,
                    "cannot read a blocklist category file");
            }
        }
    }
    patterns
}

fn build(stored: blocklist::GatewayBlocklist, categories: Vec<Pattern>) -> Index {
    let mut index = Index::default();
    for rule in stored.rules {
        let Some(pattern) = Pattern::parse(&rule.pattern) else {
            continue;
        };
        let kinds: Vec<ProxyKind> = rule.kinds.split(',').filter_map(ProxyKind::parse).collect();
        index.shop.insert(pattern, Kinds::of(&kinds), ());
    }
    for pattern in categories {
        index.shop.insert(pattern, Kinds::ALL, ());
    }
    let own = stored
        .customers
        .into_iter()
        .map(|c| (c, Blocked::ByCustomer));
    let imposed = stored.imposed.into_iter().map(|c| (c, Blocked::ByShop));
    for ((user, text), by) in own.chain(imposed) {
        if let Some(pattern) = Pattern::parse(&text) {
            index
                .customers
                .entry(user)
                .or_default()
                .insert(pattern, Kinds::ALL, by);
        }
    }
    index
}

impl Blocklist {
    pub(crate) fn new(files: Vec<PathBuf>) -> Blocklist {
        Blocklist {
            files,
            ..Blocklist::default()
        }
    }

    /// Why `host`:`port` is refused to `user`'s connection of `kind`, if it is: the shop's
    /// rules first, then the customer's own list and the desk's blocks for them.
    pub(crate) fn refusal(
        &self,
        user: UserId,
        kind: ProxyKind,
        host: &str,
        port: u16,
    ) -> Option<ConnectError> {
        let index = match self.index.read() {
            Ok(index) => index.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        if index.shop.find(host, port, kind).is_some() {
            return Some(ConnectError::Blocked(Blocked::ByShop));
        }
        let own = index.customers.get(&user)?;
        own.find(host, port, kind)
            .map(|by| ConnectError::Blocked(*by))
    }

    /// Whether a category file changed since the last read.
    pub(crate) fn files_changed(&self) -> bool {
        let now: Vec<Stamp> = self.files.iter().map(stamp).collect();
        match self.stamps.lock() {
            Ok(stamps) => *stamps != now,
            Err(poisoned) => *poisoned.into_inner() != now,
        }
    }

    /// Reads the rules, the customers' lists and the category files again; on a database
    /// failure the previous index stays.
    pub(crate) async fn reload(&self, pool: &DbPool) -> Result<(), DbError> {
        let pool = pool.clone();
        let files = self.files.clone();
        let (index, stamps) = store::blocking(move || {
            let mut conn = pool.get()?;
            let stored = blocklist::for_gateway(&mut conn)?;
            let stamps: Vec<Stamp> = files.iter().map(stamp).collect();
            Ok((build(stored, read_files(&files)), stamps))
        })
        .await?;
        metrics::gauge!("proxyshop_gateway_blocklist_rules").set(index.shop.len() as f64);
        let index = Arc::new(index);
        match self.index.write() {
            Ok(mut slot) => *slot = index,
            Err(poisoned) => *poisoned.into_inner() = index,
        }
        match self.stamps.lock() {
            Ok(mut slot) => *slot = stamps,
            Err(poisoned) => *poisoned.into_inner() = stamps,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use persistence::blocklist::{GatewayBlocklist, RuleRow};

    fn rule(pattern: &str, kinds: &str, active: bool) -> RuleRow {
        RuleRow {
            id: 1,
            pattern: pattern.into(),
            kinds: kinds.into(),
            reason: "policy".into(),
            active,
            created_at: 0,
            updated_at: 0,
        }
    }

    #[test]
    fn shop_rules_categories_each_customers_own_list_and_the_desks_blocks() {
        let alice = UserId::new(1);
        let bob = UserId::new(2);
        let stored = GatewayBlocklist {
            rules: vec![rule("*.example.gov", "premium", true)],
            customers: vec![(alice, "ads.example.com".into())],
            imposed: vec![(bob, "198.51.100.7".into())],
        };
        let index = build(stored, vec![Pattern::parse("bank.example").unwrap()]);
        let list = Blocklist::default();
        *list.index.write().unwrap() = Arc::new(index);
        let refused = |user, kind, host: &str| {
            list.refusal(user, kind, host, 443).map(|e| match e {
                ConnectError::Blocked(by) => by,
                other => panic!("{other}"),
            })
        };
        let premium = ProxyKind::Premium;
        assert_eq!(
            refused(bob, premium, "www.example.gov"),
            Some(Blocked::ByShop)
        );
        assert_eq!(refused(bob, ProxyKind::Budget, "www.example.gov"), None);
        assert_eq!(
            refused(bob, ProxyKind::Lte, "x.bank.example"),
            Some(Blocked::ByShop)
        );
        assert_eq!(
            refused(alice, premium, "ads.example.com"),
            Some(Blocked::ByCustomer)
        );
        assert_eq!(refused(bob, premium, "ads.example.com"), None);
        assert_eq!(
            refused(bob, premium, "198.51.100.7"),
            Some(Blocked::ByShop),
            "the abuse desk's block for one customer is the shop's"
        );
        assert_eq!(refused(alice, premium, "198.51.100.7"), None);
    }
}
