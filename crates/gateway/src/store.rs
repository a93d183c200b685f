//! The gateway's reads and writes of the database, each run off the async threads: leases
//! taken (`take_lease`), connection slots taken (`take_slots`), the flush's writes (`write`),
//! the change events (`events`).

use crate::meter::source::Grant;
use crate::slots::SlotRule;
use domain::UserId;
use persistence::auto_topup::{self, Outcome};
use persistence::connection_records::NewRecord;
use persistence::gateway_events::{self, Event};
use persistence::gateway_leases::{LeaseKey, Settlement};
use persistence::gateway_slots::{self, SlotKey, SlotReturn};
use persistence::piece_credentials::{self, PieceCredential};
use persistence::subusers::{self, SubuserState};
use persistence::traffic::{self, Balance};
use persistence::{DbError, DbPool, gateway_accounts, gateway_leases, write_transaction};
use std::sync::Arc;
use std::time::Duration;

#[cfg(test)]
thread_local! {
    /// Database tasks started from this thread (tests check that a cached credential needs none).
    pub(crate) static BLOCKING_CALLS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Runs `f` (which uses a pooled connection) on the blocking threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, DbError> + Send + 'static,
) -> Result<T, DbError> {
    #[cfg(test)]
    BLOCKING_CALLS.with(|calls| calls.set(calls.get() + 1));
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
    /// How many connection slots a take asks for.
    pub(crate) slot_rule: SlotRule,
    pub(crate) ttl: Duration,
    /// The automatic top-up's window, in seconds.
    pub(crate) topup_window: i64,
}

impl Node {
    fn lease_expiry(&self) -> i64 {
        persistence::now() + i64::try_from(self.ttl.as_secs()).unwrap_or(i64::MAX / 2)
    }
}

/// Adds to this node's lease `key`, of which it holds `held` unmoved bytes, after giving back
/// the unmoved bytes `returned` of this node's other leases on the same balance (settled as
/// returned, in the same transaction; a lease the database no longer holds gives nothing).
/// With the grant, which of the `returned` were written.
pub(crate) async fn take_lease(
    node: &Node,
    key: LeaseKey,
    held: i64,
    returned: Vec<(LeaseKey, i64)>,
) -> Result<(Grant, Vec<bool>), DbError> {
    let node = node.clone();
    let expires_at = node.lease_expiry();
    let day = domain::calendar::utc_day(persistence::now());
    metrics::counter!("proxyshop_gateway_lease_takes_total").increment(1);
    let taken = blocking(move || {
        let mut conn = node.pool.get()?;
        // Before the take, so that traffic a top-up buys is in this grant. Its failure must
        // not stop the customer's traffic: it is logged and the take goes on.
        auto_topup(&mut conn, &node, key);
        let rule = node.rule;
        let (taken, written) = write_transaction(&mut conn, |c| {
            let written = returned
                .iter()
                .map(|(other, n)| gateway_leases::settle(c, &node.id, *other, 0, *n, &day))
                .collect::<Result<Vec<bool>, DbError>>()?;
            let taken = gateway_leases::take(
                c,
                &node.id,
                key,
                held,
                &|purchased| rule.size(purchased),
                expires_at,
            )?;
            Ok::<_, DbError>((taken, written))
        })?;
        let grant = Grant {
            granted: taken.granted,
            size: taken.size,
            capped: taken.capped,
        };
        Ok((grant, written))
    })
    .await;
    if taken.is_err() {
        metrics::counter!("proxyshop_gateway_lease_failures_total").increment(1);
    }
    taken
}

/// Leases connection slots of `key` for this node, at least `need` if the fleet's `cap` leaves
/// them (`SlotRule`), in one write transaction; returns how many (0: the fleet holds the cap).
pub(crate) async fn take_slots(
    node: &Node,
    key: SlotKey,
    cap: usize,
    need: usize,
) -> Result<usize, DbError> {
    let node = node.clone();
    let expires_at = node.lease_expiry();
    let cap = i64::try_from(cap).unwrap_or(i64::MAX);
    let need = i64::try_from(need).unwrap_or(i64::MAX);
    metrics::counter!("proxyshop_gateway_slot_takes_total").increment(1);
    let taken = blocking(move || {
        let mut conn = node.pool.get()?;
        let rule = node.slot_rule;
        write_transaction(&mut conn, |c| {
            gateway_slots::take(
                c,
                &node.id,
                key,
                cap,
                &|headroom| rule.size(cap, headroom, need),
                persistence::now(),
                expires_at,
            )
        })
    })
    .await;
    if taken.is_err() {
        metrics::counter!("proxyshop_gateway_slot_take_failures_total").increment(1);
    }
    Ok(usize::try_from(taken?).unwrap_or(0))
}

/// Takes up to `want` of `cap` requests of the window `key` names in `second` for this node
/// (`persistence::rate_windows::take`, one write transaction); how many it got.
pub(crate) async fn take_rate(
    node: &Node,
    key: String,
    cap: i32,
    want: i32,
    second: i64,
) -> Result<i32, DbError> {
    let pool = node.pool.clone();
    metrics::counter!("proxyshop_gateway_rate_takes_total").increment(1);
    blocking(move || {
        let mut conn = pool.get()?;
        write_transaction(&mut conn, |c| {
            persistence::rate_windows::take(c, &key, cap, want, 1, second)
        })
    })
    .await
}

/// Runs the customer's automatic top-up of the lease's kind if it is due: one lookup by key
/// when it is off (most customers), one write transaction when it buys.
fn auto_topup(conn: &mut persistence::DbConnection, node: &Node, key: LeaseKey) {
    let LeaseKey { user_id, kind, .. } = key;
    match auto_topup::check(conn, user_id, kind, persistence::now(), node.topup_window) {
        Ok(Outcome::NotDue) => {}
        Ok(Outcome::Bought { plan_id, bytes, .. }) => {
            metrics::counter!("proxyshop_auto_topups_total", "outcome" => "bought").increment(1);
            tracing::info!(%user_id, %kind, %plan_id, bytes, "automatic top-up bought a plan");
        }
        Ok(Outcome::Failed { notified }) => {
            metrics::counter!("proxyshop_auto_topups_total", "outcome" => "failed").increment(1);
            tracing::info!(%user_id, %kind, notified, "automatic top-up could not be paid");
        }
        Err(e) => tracing::warn!(%user_id, %kind, error = %e, "automatic top-up check failed"),
    }
}

/// Whom a flush asks the database about.
#[derive(Debug, Clone, Default)]
pub(crate) struct Asked {
    /// Owners of traffic meters: their balances and whether they are disabled.
    pub(crate) users: Vec<UserId>,
    /// Pieces in use that have not ended: whether they still serve, and until when.
    pub(crate) pieces: Vec<i64>,
    /// Sub-users with a meter: their caps and whether they are enabled.
    pub(crate) subusers: Vec<i64>,
}

/// What the database holds once the counts are in.
#[derive(Debug)]
pub(crate) struct Fresh {
    balances: Vec<Balance>,
    /// Disabled customers among those asked about.
    pub(crate) disabled: Vec<UserId>,
    pieces: Vec<PieceCredential>,
    /// The sub-users metered here (a deleted one is missing).
    subusers: Vec<SubuserState>,
    /// The sub-users asked about (a meter made during the flush was not).
    subusers_asked: Vec<i64>,
    /// Meters whose lease was no longer there (it expired and was settled as used).
    pub(crate) lost: Vec<LeaseKey>,
    /// Bytes of other nodes' expired leases settled as used by this flush.
    pub(crate) expired_settled: i64,
    /// Connection slot leases no longer there (they expired and were deleted).
    pub(crate) slots_lost: Vec<SlotKey>,
}

impl Fresh {
    /// What is left of the lease `key`'s balance for any node to lease (negative:
    /// over-committed; with the `spare` unreserved bytes this node's other leases on it hold;
    /// for a sub-user at most what its own cap leaves), and whether it may be used (customer
    /// not disabled, traffic not expired, sub-user enabled and not deleted).
    pub(crate) fn balance(&self, key: LeaseKey, spare: i64) -> (i64, bool) {
        let LeaseKey { user_id, kind, .. } = key;
        let (mut left, mut usable) = match self
            .balances
            .iter()
            .find(|b| b.user_id == user_id && b.kind == kind)
        {
            Some(b) => (
                b.purchased_bytes - b.used_bytes - b.leased_bytes,
                b.expires_at.is_none_or(|end| end > persistence::now()),
            ),
            None => (0, true),
        };
        if left >= 0 {
            left += spare;
        }
        usable &= !self.disabled.contains(&user_id);
        if let Some(id) = key.subuser {
            match self.subusers.iter().find(|s| s.id == id) {
                Some(sub) => {
                    usable &= sub.enabled;
                    if let Some(cap) = sub.cap_left {
                        left = left.min(cap);
                    }
                }
                // Deleted.
                None if self.subusers_asked.contains(&id) => usable = false,
                // Not asked about (its meter is newer than this flush): the next flush will.
                None => {}
            }
        }
        (left, usable)
    }

    /// The piece `id`, unless it was released or deleted or its owner is disabled.
    pub(crate) fn live_piece(&self, id: i64) -> Option<&PieceCredential> {
        self.pieces.iter().find(|p| p.id == id && !p.disabled)
    }
}

/// Settles `counts` out of this node's leases (traffic kinds: used and today's UTC bucket, the
/// one the API reads usage by; piece kinds: the bucket only) and keeps this node's leases alive,
/// gives back the connection slots of `slots` and renews the rest,
/// writes the usage `records` of the connections that ended (multi-row inserts) with their
/// rollups (`usage_rollups::write_records`) and adds what the pools carried in them to today's
/// `upstream_daily` at each pool's current cost, then reads what `asked` names (balances and
/// who is disabled, pieces, sub-users). All in one transaction: an error after the counts were
/// committed would give them back and count them twice, and records and balances move together.
/// Other nodes' expired leases are settled as used after it, in a transaction of their own
/// (`gateway_leases::settle_expired`): its failure is logged, as the counts are in by then, and
/// the next flush tries again; so are other nodes' expired slot leases deleted.
pub(crate) async fn write(
    node: &Node,
    counts: Vec<Settlement>,
    slots: Vec<SlotReturn>,
    asked: Asked,
    records: Arc<Vec<NewRecord>>,
) -> Result<Fresh, DbError> {
    let node = node.clone();
    let day = domain::calendar::utc_day(persistence::now());
    let expires_at = node.lease_expiry();
    blocking(move || {
        let mut conn = node.pool.get()?;
        let mut fresh = write_transaction(&mut conn, |c| {
            let lost = gateway_leases::flush(c, &node.id, &counts, expires_at, &day)?;
            let slots_lost = gateway_slots::flush(c, &node.id, &slots, expires_at)?;
            persistence::usage_rollups::write_records(c, &records)?;
            persistence::upstream_daily::add(c, &records, &day)?;
            Ok::<_, DbError>(Fresh {
                balances: traffic::balances_of(c, &asked.users)?,
                disabled: gateway_accounts::disabled_among(c, &asked.users)?,
                pieces: piece_credentials::find_by_ids(c, &asked.pieces)?,
                subusers: subusers::states(c, &asked.subusers)?,
                subusers_asked: asked.subusers.clone(),
                lost,
                expired_settled: 0,
                slots_lost,
            })
        })?;
        let at = persistence::now();
        match write_transaction(&mut conn, |c| gateway_leases::settle_expired(c, at, &day)) {
            Ok(settled) => fresh.expired_settled = settled,
            Err(error) => {
                tracing::warn!(%error, "settling the expired leases of stopped gateway nodes failed");
            }
        }
        if let Err(error) = write_transaction(&mut conn, |c| gateway_slots::release_expired(c, at))
        {
            tracing::warn!(%error, "deleting the expired slot leases of stopped gateway nodes failed");
        }
        Ok(fresh)
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
