//! The meters of the gateway, one per (customer, kind) in use, and the connection slots taken
//! on them; their counts are settled in the database in batches (steps in `flush.rs`). A flush
//! takes the counts it writes out of the counters first and gives them back if the write
//! fails, so a flush never counts twice.
//! Traffic kinds move only bytes leased from the customer's balance (`DbLeases`, the meters'
//! `Source`): a crash loses nothing of the shop's (the node's leases expire and are settled as
//! used) and the customer at most the unmoved part of one lease per kind. Kinds sold by the
//! piece are only counted (daily usage), and each piece in use is watched for its end instead.
//! A connection also needs a slot of its customer's connection cap, which this node leases
//! from the database in blocks (`slots.rs`) so that the cap holds across the fleet: in memory
//! while the block has a free one, one database transaction when it has none.

mod sync;

use crate::db_leases::DbLeases;
use crate::lease::{CredentialCap, Entry, Fair, Lease, Live, PieceSlot, PlanCaps, lock};
use crate::meter::Meter;
use crate::meter::source::{Source, TopUp};
use crate::open_error::{OpenError, dry};
use crate::rates::{RateKey, Rates};
use crate::record::{CredentialRef, RECORDS_MAX, Records, Trail};
use crate::slot_takes::{FleetCap, SlotTakes};
use crate::slots::Room;
use crate::store::Node;
use domain::{ProxyKind, UserId};
use persistence::DbPool;
use persistence::gateway_leases::LeaseKey;
use persistence::gateway_slots::SlotKey;
use persistence::piece_credentials::PieceCredential;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::watch;

/// All meters of the gateway and the connection counts that keep them alive.
#[derive(Debug)]
pub(crate) struct Registry {
    live: Arc<Mutex<Live>>,
    /// One flush at a time.
    db_sync: Arc<tokio::sync::Mutex<()>>,
    node: Node,
    leases: Arc<DbLeases>,
    max_per_user: usize,
    /// The same for a customer on a free trial.
    max_per_trial: usize,
    /// Usage records waiting for the next flush.
    pub(crate) records: Arc<Records>,
    /// One slot take at a time per key on this node (`SlotTakes::with_slot`).
    slot_takes: SlotTakes,
    /// The windows of the plans' requests per second.
    rates: Rates,
}

impl Registry {
    pub(crate) fn new(node: Node, max_per_user: usize, max_per_trial: usize) -> Registry {
        let live = Arc::default();
        let db_sync = Arc::new(tokio::sync::Mutex::new(()));
        Registry {
            leases: Arc::new(DbLeases {
                node: node.clone(),
                live: Arc::downgrade(&live),
                flushing: Arc::clone(&db_sync),
            }),
            live,
            db_sync,
            node,
            max_per_user,
            max_per_trial: max_per_trial.min(max_per_user),
            records: Arc::new(Records::new(RECORDS_MAX)),
            slot_takes: SlotTakes::default(),
            rates: Rates::default(),
        }
    }

    /// This node's id, as its lease rows name it.
    pub(crate) fn node_id(&self) -> &str {
        &self.node.id
    }

    pub(crate) fn pool(&self) -> &DbPool {
        &self.node.pool
    }

    /// Takes a connection slot on the meter of `key` (a customer's kind, through the main
    /// credential or a sub-user), if traffic remains here or can be leased and the
    /// credential's own `cap` allows one more (and the customer's: lower on a `trial`).
    /// `plan` holds the limits of the customer's plan of the kind, which hold across the
    /// fleet too: its requests per second (`rates.rs`, checked first: a refused request takes no
    /// slot), its connections (their own slots, `SlotKey::plan`) and its bandwidth (this node
    /// paces its share, `pace.rs`).
    pub(crate) async fn open(
        &self,
        key: LeaseKey,
        credential: CredentialRef,
        cap: Option<CredentialCap>,
        trial: bool,
        plan: PlanCaps,
    ) -> Result<Lease, OpenError> {
        if let Some(rate) = plan.requests_per_second {
            let rate_key = RateKey {
                user_id: key.user_id,
                kind: key.kind,
            };
            self.rates.admit(&self.node, rate_key, rate).await?;
        }
        let customer = FleetCap {
            key: SlotKey::customer(key.user_id),
            cap: self.customer_cap(trial),
        };
        let bandwidth = plan.bandwidth;
        let plan = plan.connections.map(|cap| FleetCap {
            key: SlotKey::plan(key.user_id, key.kind),
            cap,
        });
        let caps: Vec<FleetCap> = std::iter::once(customer).chain(plan).collect();
        let mut lease = self
            .with_slot(&caps, || {
                self.take_slot(key, credential.clone(), cap, trial, plan)
            })
            .await?;
        if let Some(fleet) = bandwidth {
            let rate = self.node_share(fleet);
            lease.pace = Some(lock(&self.live).pace(key.user_id, key.kind, rate));
        }
        if lease.meter.remaining() > 0 {
            return Ok(lease);
        }
        // Refused or failed here, the slot goes back without a record of its own (a refusal
        // is recorded as one by the caller).
        let topped = lease.meter.top_up().await;
        match topped {
            Ok(TopUp::Available | TopUp::Full) => Ok(lease),
            Ok(TopUp::Dry) => {
                lease.trail.discard();
                Err(dry(&lease.meter))
            }
            Err(e) => {
                lease.trail.discard();
                Err(e.into())
            }
        }
    }

    /// This node's share of a plan's bandwidth across the fleet (bytes per second, at least 1).
    fn node_share(&self, fleet: u64) -> u64 {
        (fleet / u64::from(self.node.slot_rule.expected_nodes.max(1))).max(1)
    }

    /// The customers' kinds paced here.
    pub(crate) fn paced(&self) -> Vec<(UserId, ProxyKind)> {
        lock(&self.live).paces.keys().copied().collect()
    }

    /// Sets the pace of `user`'s `kind` to the plan's bandwidth across the fleet now (`None`:
    /// no longer limited), for the connections already open too.
    pub(crate) fn repace(&self, user: UserId, kind: ProxyKind, fleet: Option<u64>) {
        let rate = fleet.map_or(0, |fleet| self.node_share(fleet));
        if let Some(pace) = lock(&self.live).paces.get(&(user, kind)) {
            pace.set_rate(rate);
        }
    }

    /// Takes a connection slot of the piece's owner, metered (not limited) per kind; the
    /// caller has checked the credential, its kind and its expiry.
    pub(crate) async fn open_piece(
        &self,
        piece: &PieceCredential,
        kind: ProxyKind,
        credential: CredentialRef,
    ) -> Result<Lease, OpenError> {
        // A piece was paid for: not a trial's.
        let fleet = FleetCap {
            key: SlotKey::customer(piece.user_id),
            cap: self.customer_cap(false),
        };
        self.with_slot(&[fleet], || {
            self.take_piece_slot(piece, kind, credential.clone())
        })
        .await
    }

    /// `open_piece` once the node holds a free slot of the owner's.
    fn take_piece_slot(
        &self,
        piece: &PieceCredential,
        kind: ProxyKind,
        credential: CredentialRef,
    ) -> Result<Lease, OpenError> {
        let mut live = lock(&self.live);
        self.admit(&live, piece.user_id, None, false, None)?;
        let slot = live.pieces.entry(piece.id).or_insert_with(|| PieceSlot {
            owner: piece.user_id,
            expires_at: piece.expires_at,
            connections: 0,
            ended: watch::Sender::new(false),
            ended_at: None,
        });
        if slot.ended_at.is_some() {
            return Err(OpenError::Ended);
        }
        slot.connections += 1;
        let ended = slot.ended.subscribe();
        let key = LeaseKey::main(piece.user_id, kind);
        let entry = live.meters.entry(key).or_insert_with(|| Entry {
            meter: Arc::new(Meter::unlimited(piece.user_id, kind)),
            connections: 0,
        });
        entry.connections += 1;
        let meter = entry.meter.clone();
        *live.per_user.entry(piece.user_id).or_insert(0) += 1;
        let fleet = SlotKey::customer(piece.user_id);
        live.slots.acquire(fleet);
        let (id, presence) = live.enter(piece.user_id);
        metrics::gauge!("proxyshop_gateway_connections_live").increment(1);
        Ok(Lease {
            live: self.live.clone(),
            key,
            meter,
            piece: Some((piece.id, ended)),
            slot: None,
            fleet,
            plan: None,
            pace: None,
            up: Default::default(),
            down: Default::default(),
            trail: Trail::new(credential),
            records: self.records.clone(),
            id,
            presence,
        })
    }

    /// The fair share of a crowded descriptor budget for a new connection of `user_id`
    /// (`Live::fair_share`).
    pub(crate) fn fair_share(&self, user_id: UserId) -> Fair {
        lock(&self.live).fair_share(user_id)
    }

    /// Runs `attempt` until it no longer lacks a slot of `fleet` (`SlotTakes::with_slot`).
    async fn with_slot<T>(
        &self,
        caps: &[FleetCap],
        attempt: impl Fn() -> Result<T, OpenError>,
    ) -> Result<T, OpenError> {
        self.slot_takes
            .with_slot(&self.live, &self.node, caps, attempt)
            .await
    }

    /// The per-customer cap: the trial's on a `trial`.
    fn customer_cap(&self, trial: bool) -> usize {
        if trial {
            self.max_per_trial
        } else {
            self.max_per_user
        }
    }

    /// Whether `user_id` may open one more connection: not disabled here, under the
    /// per-customer limit (the trial's when on a `trial`), under the credential's own cap, and
    /// on a free slot of the customer's leased block and of their plan's (`NoSlot`: lease
    /// more; refused once the fleet had none left a moment ago).
    fn admit(
        &self,
        live: &Live,
        user_id: UserId,
        cap: Option<&CredentialCap>,
        trial: bool,
        plan: Option<FleetCap>,
    ) -> Result<(), OpenError> {
        if live.disabled.contains_key(&user_id) {
            return Err(OpenError::Disabled);
        }
        if live.per_user.get(&user_id).copied().unwrap_or(0) >= self.customer_cap(trial) {
            return Err(OpenError::TooMany);
        }
        if let Some(CredentialCap {
            slot,
            max: Some(max),
        }) = cap
            && live.per_credential.get(slot).copied().unwrap_or(0) >= *max
        {
            return Err(OpenError::TooMany);
        }
        let now = Instant::now();
        let customer = SlotKey::customer(user_id);
        match live.slots.room(customer, now) {
            Room::Free => {}
            Room::Exhausted => return Err(OpenError::NoSlot(customer)),
            Room::Full => return Err(OpenError::TooMany),
        }
        let Some(plan) = plan else {
            return Ok(());
        };
        match live.slots.room(plan.key, now) {
            Room::Free => Ok(()),
            Room::Exhausted => Err(OpenError::NoSlot(plan.key)),
            Room::Full => Err(OpenError::PlanCap),
        }
    }

    /// A connection slot on the meter of `key`, made (holding nothing yet) if there is none.
    fn take_slot(
        &self,
        key: LeaseKey,
        credential: CredentialRef,
        cap: Option<CredentialCap>,
        trial: bool,
        plan: Option<FleetCap>,
    ) -> Result<Lease, OpenError> {
        let mut live = lock(&self.live);
        self.admit(&live, key.user_id, cap.as_ref(), trial, plan)?;
        let source: Arc<dyn Source> = self.leases.clone();
        let entry = live.meters.entry(key).or_insert_with(|| Entry {
            meter: Meter::leased(key, source),
            connections: 0,
        });
        if entry.meter.remaining() <= 0 && entry.meter.is_dry() {
            return Err(dry(&entry.meter));
        }
        entry.connections += 1;
        let meter = entry.meter.clone();
        *live.per_user.entry(key.user_id).or_insert(0) += 1;
        let fleet = SlotKey::customer(key.user_id);
        live.slots.acquire(fleet);
        if let Some(plan) = plan {
            live.slots.acquire(plan.key);
        }
        if let Some(cap) = cap {
            *live.per_credential.entry(cap.slot).or_insert(0) += 1;
        }
        let (id, presence) = live.enter(key.user_id);
        metrics::gauge!("proxyshop_gateway_connections_live").increment(1);
        Ok(Lease {
            live: self.live.clone(),
            key,
            meter,
            piece: None,
            slot: cap.map(|c| c.slot),
            fleet,
            plan: plan.map(|p| p.key),
            pace: None,
            up: Default::default(),
            down: Default::default(),
            trail: Trail::new(credential),
            records: self.records.clone(),
            id,
            presence,
        })
    }
}
