//! Where the gateway's meters get their traffic: this node's leases in the database
//! (`store::take_lease`), and the bytes other credentials' meters on the same balance hand over.

use crate::lease::{Live, lock};
use crate::meter::Meter;
use crate::meter::source::{GrantFuture, Source};
use crate::store::{self, Node};
use persistence::gateway_leases::LeaseKey;
use std::sync::{Arc, Mutex, Weak};

/// The meters' source of traffic: this node's leases in the database. The main credential and
/// each sub-user of a customer's kind hold leases of their own on one balance; when one finds
/// nothing left to lease, the others on this node hand it half of their unreserved bytes (in
/// the transaction of its take), so that one credential's lease never starves another's.
#[derive(Debug)]
pub(crate) struct DbLeases {
    pub(crate) node: Node,
    pub(crate) live: Weak<Mutex<Live>>,
    /// Held by a flush (`Registry::db_sync`).
    pub(crate) flushing: Arc<tokio::sync::Mutex<()>>,
}

impl DbLeases {
    /// This node's other meters on the balance of `key`.
    fn siblings(&self, key: LeaseKey) -> Vec<Arc<Meter>> {
        let Some(live) = self.live.upgrade() else {
            return Vec::new();
        };
        let live = lock(&live);
        live.meters
            .iter()
            .filter(|(k, _)| **k != key && k.user_id == key.user_id && k.kind == key.kind)
            .map(|(_, e)| e.meter.clone())
            .collect()
    }
}

impl Source for DbLeases {
    fn take(&self, key: LeaseKey, held: i64, empty: bool) -> GrantFuture {
        let node = self.node.clone();
        let leases = DbLeases {
            node: self.node.clone(),
            live: self.live.clone(),
            flushing: self.flushing.clone(),
        };
        Box::pin(async move {
            let (grant, _) = store::take_lease(&node, key, held, Vec::new()).await?;
            // Only an empty meter is handed bytes: one with some left does not take from
            // others that are moving theirs (they would take them back when empty in turn).
            if grant.granted > 0 || !empty {
                return Ok(grant);
            }
            // A flush under way may be giving bytes back that this take did not see yet: wait
            // for it, then take again with what the other leases here can hand over.
            let _flush = leases.flushing.lock().await;
            let shares: Vec<(Arc<Meter>, i64)> = leases
                .siblings(key)
                .into_iter()
                .map(|m| {
                    let n = m.take_share();
                    (m, n)
                })
                .filter(|(_, n)| *n > 0)
                .collect();
            let returned = shares.iter().map(|(m, n)| (m.key(), *n)).collect();
            match store::take_lease(&node, key, held, returned).await {
                Ok((grant, written)) => {
                    for ((meter, n), written) in shares.iter().zip(written) {
                        if !written {
                            meter.restore_unreserved(*n);
                        }
                    }
                    Ok(grant)
                }
                Err(e) => {
                    for (meter, n) in &shares {
                        meter.restore_unreserved(*n);
                    }
                    Err(e)
                }
            }
        })
    }

    fn spare(&self, key: LeaseKey) -> bool {
        self.siblings(key).iter().any(|m| m.unreserved() > 0)
    }
}
