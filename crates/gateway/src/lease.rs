//! The live connections: which meter and which piece each one holds a slot on, the per
//! customer count that the connection limit reads, and the connection slots leased from the
//! database that hold the limit across the fleet (`slots.rs`). A lease is the slot of one
//! connection and carries its usage record (`record.rs`); dropping it gives the slot back (to
//! this node's block, at once) and files the record.

use crate::cache::CACHE_TTL;
use crate::flow::{Activity, Metered};
use crate::meter::Meter;
use crate::pace::Pace;
use crate::record::{Records, Trail};
use crate::slots::Slots;
use domain::usage::Outcome;
use domain::{ProxyKind, UserId};
use persistence::gateway_leases::LeaseKey;
use persistence::gateway_slots::SlotKey;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, watch};

/// A meter's key: the lease it takes its traffic from.
pub(crate) type Key = LeaseKey;

/// A credential whose live connections are counted for its own cap: a customer's main proxy
/// account (None) or a sub-user.
pub(crate) type CredentialSlot = (UserId, Option<i64>);

/// The connection cap of the credential a connection opens with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CredentialCap {
    pub(crate) slot: CredentialSlot,
    /// At most this many live connections on this node; None: only the per-customer limit.
    pub(crate) max: Option<usize>,
}

/// The limits of the customer's plan of the connection's kind, across the fleet; None: no
/// limit of the plan's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct PlanCaps {
    /// Live connections.
    pub(crate) connections: Option<usize>,
    /// Connections opened per second.
    pub(crate) requests_per_second: Option<usize>,
    /// Bytes per second the customer's connections of the kind move together across the
    /// fleet (each node paces its share, `Registry::open`).
    pub(crate) bandwidth: Option<u64>,
}

#[derive(Debug)]
pub(crate) struct Entry {
    pub(crate) meter: Arc<Meter>,
    pub(crate) connections: usize,
}

/// A piece with live connections: they end together when it does.
#[derive(Debug)]
pub(crate) struct PieceSlot {
    pub(crate) owner: UserId,
    pub(crate) expires_at: i64,
    pub(crate) connections: usize,
    /// Set once the piece has ended (expired, released, owner disabled): its connections close
    /// and, until `ended_at + ENDED_KEPT`, new ones are refused whatever a cache says. Also set
    /// by a cut (`PieceSlot::cut`), which then starts a fresh sender for the connections after it.
    pub(crate) ended: watch::Sender<bool>,
    pub(crate) ended_at: Option<Instant>,
}

/// How long an ended piece stays refused here: longer than the credential cache trusts a
/// lookup, so a cached credential cannot reopen it.
const ENDED_KEPT: Duration = CACHE_TTL.saturating_mul(2);

#[derive(Debug, Default)]
pub(crate) struct Live {
    pub(crate) meters: HashMap<Key, Entry>,
    pub(crate) per_user: HashMap<UserId, usize>,
    /// Live connections per main credential or sub-user (their own caps).
    pub(crate) per_credential: HashMap<CredentialSlot, usize>,
    pub(crate) pieces: HashMap<i64, PieceSlot>,
    /// Customers found disabled at a flush, and when: refused until `ENDED_KEPT` later (then
    /// the credential cache has seen the change too).
    pub(crate) disabled: HashMap<UserId, Instant>,
    /// Every live connection of each customer (but those already told to close to make room),
    /// by a number of its own: what the fair share of the descriptor budget counts and closes.
    pub(crate) connections: HashMap<UserId, HashMap<u64, Arc<Presence>>>,
    next_connection: u64,
    /// The connection slots this node leased per (limit, customer), and those in use.
    pub(crate) slots: Slots,
    /// The paces of customers' kinds under a plan's bandwidth, shared by their connections.
    pub(crate) paces: HashMap<(UserId, ProxyKind), Arc<Pace>>,
}

/// What the fair share knows of a live connection: when it last moved data, and what tells
/// it to close.
#[derive(Debug)]
pub(crate) struct Presence {
    pub(crate) activity: Activity,
    evict: Notify,
}

/// What the fair share of the descriptor budget decided for a new connection
/// (`Live::fair_share`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Fair {
    /// Served: its customer holds fewer than another, whose most idle connection was told to
    /// close to make room.
    Evicted,
    /// Refused: its customer holds the most (or as many as the one holding the most).
    Refused,
}

/// One live connection's claim on a meter; dropping it releases the connection slot.
#[derive(Debug)]
pub(crate) struct Lease {
    pub(crate) live: Arc<Mutex<Live>>,
    pub(crate) key: Key,
    pub(crate) meter: Arc<Meter>,
    /// The piece this connection uses, and its "ended" signal.
    pub(crate) piece: Option<(i64, watch::Receiver<bool>)>,
    /// The credential whose connection count this connection is in.
    pub(crate) slot: Option<CredentialSlot>,
    /// The leased connection slot this connection uses (its customer's, under the
    /// per-customer cap across the fleet).
    pub(crate) fleet: SlotKey,
    /// The leased slot under the customer's plan's connection limit of the kind, if the plan
    /// has one.
    pub(crate) plan: Option<SlotKey>,
    /// The customer's pace of the kind here, if their plan has a bandwidth.
    pub(crate) pace: Option<Arc<Pace>>,
    /// Bytes this connection moved towards the target and back, as its meter counted them.
    pub(crate) up: AtomicU64,
    pub(crate) down: AtomicU64,
    /// The connection's usage record so far, filed into `records` on drop.
    pub(crate) trail: Trail,
    pub(crate) records: Arc<Records>,
    /// The connection's number among its customer's (`Live::connections`) and its presence.
    pub(crate) id: u64,
    pub(crate) presence: Arc<Presence>,
}

impl Lease {
    /// When the connection last moved data, as its relay touches it.
    pub(crate) fn activity(&self) -> &Activity {
        &self.presence.activity
    }

    /// Resolves once the connection was closed to make room for another customer's.
    pub(crate) async fn evicted(&self) {
        self.presence.evict.notified().await;
    }

    /// The metered direction towards the target.
    pub(crate) fn up(&self) -> Metered<'_> {
        Metered::new(&self.meter, &self.up).paced(self.pace.as_deref())
    }

    /// The metered direction back to the client.
    pub(crate) fn down(&self) -> Metered<'_> {
        Metered::new(&self.meter, &self.down).paced(self.pace.as_deref())
    }

    /// The target as the client asked for it, for the record.
    pub(crate) fn set_target(&mut self, host: &str, port: u16) {
        self.trail.set_target(host, port);
    }

    /// The client's address, for the record.
    pub(crate) fn set_source(&mut self, source: Option<IpAddr>) {
        self.trail.source = source;
    }

    /// The exit country the username targeted, for the record.
    pub(crate) fn set_country(&mut self, targeting: Option<&domain::Targeting>) {
        self.trail.country = targeting.and_then(|t| t.country.clone());
    }

    /// The destination was reached `took` after the dial began, for the record.
    pub(crate) fn connected(&mut self, took: std::time::Duration) {
        self.trail.connected(took);
    }

    /// How the connection ended, for the record (`ok` unless said otherwise).
    pub(crate) fn end(&mut self, outcome: Outcome, reason: Option<&'static str>) {
        self.trail.end(outcome, reason);
    }

    /// Resolves when the connection must close: its traffic ran out or its piece ended.
    pub(crate) async fn cut(&self) -> Cut {
        let mut exhausted = self.meter.exhausted();
        let piece_ended = async {
            match &self.piece {
                // An error means the slot is gone, which cannot happen while this lease lives:
                // close rather than keep a connection nobody watches.
                Some((_, ended)) => drop(ended.clone().wait_for(|e| *e).await),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = exhausted.wait_for(|e| *e) => Cut::OutOfTraffic,
            () = piece_ended => Cut::PieceEnded,
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    OutOfTraffic,
    PieceEnded,
}

impl Drop for Lease {
    fn drop(&mut self) {
        let LeaseKey { user_id, kind, .. } = self.key;
        if let Some(record) = self.trail.finish(
            user_id,
            kind,
            self.up.load(Ordering::Relaxed),
            self.down.load(Ordering::Relaxed),
        ) {
            self.records.push(record);
        }
        metrics::gauge!("proxyshop_gateway_connections_live").decrement(1);
        let mut live = lock(&self.live);
        if let Some((id, _)) = &self.piece
            && let Some(slot) = live.pieces.get_mut(id)
        {
            slot.connections = slot.connections.saturating_sub(1);
            // An ended piece stays (refused) until a flush forgets it.
            if slot.connections == 0 && slot.ended_at.is_none() {
                live.pieces.remove(id);
            }
        }
        if let Some(entry) = live.meters.get_mut(&self.key) {
            entry.connections = entry.connections.saturating_sub(1);
        }
        live.slots.release(self.fleet);
        if let Some(plan) = self.plan {
            live.slots.release(plan);
        }
        if let Some(n) = live.per_user.get_mut(&user_id) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                live.per_user.remove(&user_id);
            }
        }
        if let Some(mine) = live.connections.get_mut(&user_id) {
            mine.remove(&self.id);
            if mine.is_empty() {
                live.connections.remove(&user_id);
            }
        }
        if let Some(slot) = self.slot
            && let Some(n) = live.per_credential.get_mut(&slot)
        {
            *n = n.saturating_sub(1);
            if *n == 0 {
                live.per_credential.remove(&slot);
            }
        }
    }
}

pub(crate) fn lock(live: &Mutex<Live>) -> MutexGuard<'_, Live> {
    // A panic while holding the lock leaves plain counters behind: keep using them.
    live.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl PieceSlot {
    /// Closes the piece's connections here without refusing new ones: its credential changed
    /// (a reseller took it back from its client with a new password) or its holder was
    /// suspended, and the credential check, whose cache every event empties, refuses what it
    /// must. The connections opened later watch a fresh sender.
    pub(crate) fn cut(&mut self) {
        if self.ended_at.is_none() {
            let old = std::mem::replace(&mut self.ended, watch::Sender::new(false));
            old.send_replace(true);
        }
    }

    /// Ends the piece here: its connections close and new ones are refused for a while.
    pub(crate) fn end(&mut self) {
        if self.ended_at.is_none() {
            self.ended_at = Some(Instant::now());
            self.ended.send_replace(true);
        }
    }
}

impl Live {
    /// Registers a new connection of `user`: its number and its presence.
    pub(crate) fn enter(&mut self, user: UserId) -> (u64, Arc<Presence>) {
        let id = self.next_connection;
        self.next_connection += 1;
        let presence = Arc::new(Presence {
            activity: Activity::new(),
            evict: Notify::new(),
        });
        self.connections
            .entry(user)
            .or_default()
            .insert(id, presence.clone());
        (id, presence)
    }

    /// The fair share of a crowded descriptor budget, for a new connection of `user` (already
    /// counted): if another customer holds more connections than `user` now does, the most
    /// idle of them is told to close (its descriptors make room for this one); otherwise
    /// `user` holds the most and is refused. Ties refuse: closing one of an equal holder's
    /// would only trade places.
    pub(crate) fn fair_share(&mut self, user: UserId) -> Fair {
        let mine = self.connections.get(&user).map_or(0, HashMap::len);
        let top = self
            .connections
            .iter()
            .filter(|(u, _)| **u != user)
            .max_by_key(|(_, c)| c.len())
            .map(|(u, c)| (*u, c.len()));
        let Some((top, most)) = top.filter(|(_, most)| *most > mine) else {
            return Fair::Refused;
        };
        let Some(theirs) = self.connections.get_mut(&top) else {
            return Fair::Refused;
        };
        let idlest = theirs
            .iter()
            .min_by_key(|(id, p)| (p.activity.last_moved(), **id))
            .map(|(id, _)| *id);
        let Some(presence) = idlest.and_then(|id| theirs.remove(&id)) else {
            return Fair::Refused;
        };
        if most == 1 {
            self.connections.remove(&top);
        }
        presence.evict.notify_one();
        Fair::Evicted
    }

    /// Ends the pieces whose expiry is at or before `at`.
    pub(crate) fn end_expired(&mut self, at: i64) {
        for slot in self.pieces.values_mut() {
            if slot.expires_at <= at {
                slot.end();
            }
        }
    }

    /// Drops the meters, pieces and disabled customers nobody needs any more.
    pub(crate) fn forget_unused(&mut self) {
        self.meters
            .retain(|_, e| e.connections > 0 || e.meter.pending() > 0 || e.meter.held() > 0);
        self.disabled.retain(|_, at| at.elapsed() < ENDED_KEPT);
        self.pieces.retain(|_, slot| {
            slot.connections > 0 || slot.ended_at.is_some_and(|at| at.elapsed() < ENDED_KEPT)
        });
        // only the map holds a pace no connection uses
        self.paces.retain(|_, pace| Arc::strong_count(pace) > 1);
    }

    /// The pace of `user`'s `kind` at `rate` bytes per second, shared with their other
    /// connections of the kind here (at the new rate if the plan's changed).
    pub(crate) fn pace(&mut self, user: UserId, kind: ProxyKind, rate: u64) -> Arc<Pace> {
        let pace = self
            .paces
            .entry((user, kind))
            .or_insert_with(|| Arc::new(Pace::new(rate)));
        pace.set_rate(rate);
        Arc::clone(pace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The customer holding the most gives up its most idle connection to one holding fewer;
    /// one holding as many as the most is refused, and so is the one holding the most.
    #[tokio::test(start_paused = true)]
    async fn the_most_idle_connection_of_the_biggest_holder_makes_room() {
        let (big, small, newcomer) = (UserId::new(1), UserId::new(2), UserId::new(3));
        let mut live = Live::default();
        let big_conns: Vec<_> = (0..3).map(|_| live.enter(big)).collect();
        let _small = live.enter(small);
        tokio::time::advance(Duration::from_secs(5)).await;
        // The first and the last moved data lately: the middle one is the most idle.
        big_conns[0].1.activity.touch();
        big_conns[2].1.activity.touch();
        let _new = live.enter(newcomer);
        assert_eq!(live.fair_share(newcomer), Fair::Evicted);
        let closed = big_conns[1].1.evict.notified();
        tokio::pin!(closed);
        assert!(futures_ready(closed.as_mut()), "the most idle one was told");
        assert_eq!(live.connections[&big].len(), 2);
        assert!(!live.connections[&big].contains_key(&big_conns[1].0));
        // Now the biggest holds 2: a second connection of the newcomer (2 too) is refused.
        let _again = live.enter(newcomer);
        assert_eq!(live.fair_share(newcomer), Fair::Refused);
        assert_eq!(live.fair_share(big), Fair::Refused, "a tie is refused");
    }

    /// Whether `future` completes at its first poll.
    fn futures_ready<F: std::future::Future>(future: std::pin::Pin<&mut F>) -> bool {
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        future.poll(&mut cx).is_ready()
    }
}
