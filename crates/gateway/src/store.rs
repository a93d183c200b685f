//! The gateway's reads and writes of the database, each run off the async threads: leases
//! taken (`take_lease`), the flush's one transaction (`write`), the change events (`events`).

use crate::meter::Grant;
use domain::{ProxyKind, UserId};
use persistence::connection_records::{self, NewRecord};
use persistence::gateway_events::{self, Event};
use persistence::gateway_leases::LeaseKey;
use persistence::piece_credentials::{self, PieceCredential};
use persistence::traffic::{self, Balance};
use persistence::{DbError, DbPool, gateway_accounts, gateway_leases, write_transaction};
use std::sync::Arc;
use std::time::Duration;

/// Runs `f` (which uses a pooled connection) on the blocking threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, DbError> + Send + 'static,
) -> Result<T, DbError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| DbError::Connect(format!("database task failed: {e}")))?
}

/// How big a lease is: `max(1 % of the purchase, 16 MB) / expected nodes`, so that all nodes
/// together hold at most 1 % of the purchase or 16 MB, whichever is larger
/// (docs/operations.md, "Gateway fleet").
#[derive(Debug, Clone, Copy)]
pub(crate) struct LeaseRule {
    pub(crate) expected_nodes: u32,
}

/// The floor of the fleet's share: 16 MB (decimal, as traffic is sold).
pub(crate) const FLEET_FLOOR: i64 = 16_000_000;

impl LeaseRule {
    pub(crate) fn size(self, purchased: i64) -> i64 {
        ((purchased / 100).max(FLEET_FLOOR) / i64::from(self.expected_nodes.max(1))).max(1)
    }
}

/// Where this node's leases are kept: its id and how long a lease lives without renewal.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    pub(crate) pool: DbPool,
    pub(crate) id: String,
    pub(crate) rule: LeaseRule,
    pub(crate) ttl: Duration,
}

impl Node {
    fn lease_expiry(&self) -> i64 {
        persistence::now() + i64::try_from(self.ttl.as_secs()).unwrap_or(i64::MAX / 2)
    }
}

/// Adds to this node's lease on (`user_id`, `kind`), of which it holds `held` unmoved bytes.
pub(crate) async fn take_lease(
    node: &Node,
    user_id: UserId,
    kind: ProxyKind,
    held: i64,
) -> Result<Grant, DbError> {
    let node = node.clone();
    let expires_at = node.lease_expiry();
    metrics::counter!("proxyshop_gateway_lease_takes_total").increment(1);
    let taken = blocking(move || {
        let mut conn = node.pool.get()?;
        let rule = node.rule;
        let taken = write_transaction(&mut conn, |c| {
            gateway_leases::take(
                c,
                &node.id,
                LeaseKey::main(user_id, kind),
                held,
                &|purchased| rule.size(purchased),
                expires_at,
            )
        })?;
        Ok(Grant {
            granted: taken.granted,
            size: taken.size,
        })
    })
    .await;
    if taken.is_err() {
        metrics::counter!("proxyshop_gateway_lease_failures_total").increment(1);
    }
    taken
}

/// What one meter settles at a flush.
#[derive(Debug)]
pub(crate) struct Count {
    pub(crate) user_id: UserId,
    pub(crate) kind: ProxyKind,
    /// A traffic kind: the bytes are settled out of this node's lease, not only into the day.
    pub(crate) limited: bool,
    /// Bytes moved since the last flush.
    pub(crate) bytes: i64,
    /// Leased bytes given back unmoved.
    pub(crate) returned: i64,
}

/// What the database holds once the counts are in.
#[derive(Debug)]
pub(crate) struct Fresh {
    balances: Vec<Balance>,
    /// Disabled customers among those asked about.
    pub(crate) disabled: Vec<UserId>,
    pieces: Vec<PieceCredential>,
    /// Meters whose lease was no longer there (it expired and was settled as used).
    pub(crate) lost: Vec<(UserId, ProxyKind)>,
    /// Bytes of other nodes' expired leases settled as used by this flush.
    pub(crate) expired_settled: i64,
}

impl Fresh {
    /// What is left of `user_id`'s `kind` for any node to lease (negative: over-committed),
    /// and whether the customer may use it (not disabled, not expired).
    pub(crate) fn balance(&self, user_id: UserId, kind: ProxyKind) -> (i64, bool) {
        let Some(b) = self
            .balances
            .iter()
            .find(|b| b.user_id == user_id && b.kind == kind)
        else {
            return (0, !self.disabled.contains(&user_id));
        };
        let expired = b.expires_at.is_some_and(|end| end <= persistence::now());
        (
            b.purchased_bytes - b.used_bytes - b.leased_bytes,
            !expired && !self.disabled.contains(&user_id),
        )
    }

    /// The piece `id`, unless it was released or deleted or its owner is disabled.
    pub(crate) fn live_piece(&self, id: i64) -> Option<&PieceCredential> {
        self.pieces.iter().find(|p| p.id == id && !p.disabled)
    }
}

/// Settles `counts` out of this node's leases (traffic kinds: used and today's UTC bucket, the
/// one the API reads usage by; piece kinds: the bucket only), keeps this node's leases alive,
/// settles other nodes' expired leases as used, then reads the balances and the disabled
/// among `users` and the pieces among `pieces`, and writes the usage `records` of the
/// connections that ended (multi-row inserts). All in one transaction: an error after the
/// counts were committed would give them back and count them twice, and records and balances
/// move together.
pub(crate) async fn write(
    node: &Node,
    counts: Vec<Count>,
    users: Vec<UserId>,
    pieces: Vec<i64>,
    records: Arc<Vec<NewRecord>>,
) -> Result<Fresh, DbError> {
    let node = node.clone();
    let day = domain::calendar::utc_day(persistence::now());
    let expires_at = node.lease_expiry();
    blocking(move || {
        let mut conn = node.pool.get()?;
        write_transaction(&mut conn, |c| {
            let mut lost = Vec::new();
            for n in &counts {
                if !n.limited {
                    traffic::record_daily_usage(c, n.user_id, n.kind, &day, n.bytes)?;
                } else if !gateway_leases::settle(
                    c,
                    &node.id,
                    LeaseKey::main(n.user_id, n.kind),
                    n.bytes,
                    n.returned,
                    &day,
                )? {
                    lost.push((n.user_id, n.kind));
                }
            }
            connection_records::insert_many(c, &records)?;
            gateway_leases::renew(c, &node.id, expires_at)?;
            let expired_settled = gateway_leases::settle_expired(c, persistence::now(), &day)?;
            Ok(Fresh {
                balances: traffic::balances_of(c, &users)?,
                disabled: gateway_accounts::disabled_among(c, &users)?,
                pieces: piece_credentials::find_by_ids(c, &pieces)?,
                lost,
                expired_settled,
            })
        })
    })
    .await
}

/// The change events written at or after `from` (seconds); events older than `purge_before`
/// are deleted (0: none).
pub(crate) async fn events(
    pool: &DbPool,
    from: i64,
    purge_before: i64,
) -> Result<Vec<Event>, DbError> {
    let pool = pool.clone();
    blocking(move || {
        let mut conn = pool.get()?;
        let events = gateway_events::since(&mut conn, from, 10_000)?;
        if purge_before > 0 {
            gateway_events::purge(&mut conn, purge_before)?;
        }
        Ok(events)
    })
    .await
}
