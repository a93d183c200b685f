//! Who may use the gateway: a customer's proxy username (the base username plus targeting
//! options) and its password, a sub-user's (`<user>-sub-<name>` plus targeting options) and its
//! own password, or the credential of a piece, checked against short-lived caches of the
//! database rows (`cache.rs`); or an allowlisted source address (`allowlist.rs` finds its
//! entry, `authorize_entry` opens it). The main credential and each sub-user may have a cap
//! of concurrent connections of their own, inside the per-customer limit.

use crate::cache::RowCache;
use crate::lease::{CredentialCap, Lease, PlanCaps};
use crate::open_error::OpenError;
use crate::pace::MBPS;
use crate::record::{CredentialRef, Identity};
use crate::registry::Registry;
use domain::targeting::{split_subuser, subuser_base};
use domain::{ProxyKind, Targeting};
use persistence::gateway_leases::LeaseKey;
use persistence::ip_allowlist::GatewayEntry;
use persistence::piece_credentials::{self, PieceCredential};
use persistence::plan_limits::PlanLimits;
use persistence::subusers::{self, GatewaySubuser};
use persistence::traffic::{self, ProxyUser};
use persistence::{DbError, DbPool};
use std::time::Duration;
use subtle::ConstantTimeEq;

/// Longer names are never piece credentials (the API mints 14 characters): not looked up.
const PIECE_NAME_MAX: usize = 64;

/// Why a connection is refused before any destination is contacted.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Refusal {
    #[error("unknown user or wrong password")]
    BadCredentials,
    #[error("account disabled")]
    Disabled,
    #[error("no traffic left")]
    NoTraffic,
    #[error("sub-user traffic cap reached")]
    SubuserCapSpent,
    #[error("the piece has expired")]
    Expired,
    #[error("too many connections")]
    TooManyConnections,
    /// The plan's connection limit of the kind (`plan_limits`), across the fleet.
    #[error("the plan's connection limit is reached")]
    PlanMaxConnections,
    /// The plan's requests per second of the kind (`plan_limits`), across the fleet.
    #[error("the plan's request rate limit is reached")]
    PlanMaxRequestsPerSecond,
    #[error("too many failed attempts from this source")]
    TooManyFailures,
    #[error("database unavailable: {0}")]
    Unavailable(#[from] DbError),
}

impl From<OpenError> for Refusal {
    fn from(e: OpenError) -> Self {
        match e {
            OpenError::NoTraffic => Refusal::NoTraffic,
            OpenError::SubuserCapSpent => Refusal::SubuserCapSpent,
            OpenError::TooMany | OpenError::NoSlot(_) => Refusal::TooManyConnections,
            OpenError::PlanCap => Refusal::PlanMaxConnections,
            OpenError::PlanRate => Refusal::PlanMaxRequestsPerSecond,
            OpenError::Ended => Refusal::Expired,
            OpenError::Disabled => Refusal::Disabled,
            OpenError::Db(e) => Refusal::Unavailable(e),
        }
    }
}

/// The credentials the gateway accepts: customers' proxy accounts and pieces.
#[derive(Debug)]
pub(crate) struct Credentials {
    pool: DbPool,
    serve_traffic: bool,
    customers: RowCache<ProxyUser>,
    subusers: RowCache<GatewaySubuser>,
    pieces: RowCache<PieceCredential>,
    /// Whether a customer (by id) is on a free trial: a lower connection cap.
    trials: RowCache<bool>,
    /// The limits of a customer's plan of a kind (`<user id>:<kind>`).
    plan_caps: RowCache<PlanLimits>,
}

/// A configured cap as a count of connections.
fn cap(slot: (domain::UserId, Option<i64>), max: Option<i32>) -> Option<CredentialCap> {
    Some(CredentialCap {
        slot,
        max: max.and_then(|m| usize::try_from(m).ok()),
    })
}

fn password_matches(expected: &str, given: &str) -> bool {
    expected.as_bytes().ct_eq(given.as_bytes()).into()
}

impl Credentials {
    pub(crate) fn new(pool: DbPool, serve_traffic: bool, unknown_ttl: Duration) -> Credentials {
        Credentials {
            pool,
            serve_traffic,
            customers: RowCache::new(traffic::find_proxy_user, unknown_ttl),
            subusers: RowCache::new(subusers::find_for_gateway, unknown_ttl),
            pieces: RowCache::new(piece_credentials::find, unknown_ttl),
            trials: RowCache::new(persistence::trials::on_trial, unknown_ttl),
            plan_caps: RowCache::new(persistence::plan_limits::for_gateway, unknown_ttl),
        }
    }

    /// Forgets every cached account and piece (a change event came in).
    pub(crate) fn invalidate_all(&self) {
        self.customers.invalidate_all();
        self.subusers.invalidate_all();
        self.pieces.invalidate_all();
        self.trials.invalidate_all();
        self.plan_caps.invalidate_all();
    }

    /// The limits of `user`'s plan of `kind` (`persistence::plan_limits::for_customer`).
    pub(crate) async fn plan_caps(
        &self,
        user: domain::UserId,
        kind: ProxyKind,
    ) -> Result<PlanCaps, Refusal> {
        let key = persistence::plan_limits::gateway_key(user, kind);
        let limits = self.plan_caps.get(&self.pool, &key).await?;
        let count = |limit: Option<i32>| limit.and_then(|n| usize::try_from(n).ok());
        Ok(limits.map_or_else(PlanCaps::default, |limits| PlanCaps {
            connections: count(limits.max_connections),
            requests_per_second: count(limits.max_requests_per_second),
            bandwidth: limits
                .bandwidth_mbps
                .and_then(|mbps| u64::try_from(mbps).ok())
                .map(|mbps| mbps * MBPS),
        }))
    }

    /// Whether `user` is on a free trial (`persistence::trials::on_trial`).
    async fn trial(&self, user: domain::UserId) -> Result<bool, Refusal> {
        let trial = self.trials.get(&self.pool, &user.to_string()).await?;
        Ok(trial.unwrap_or(false))
    }

    /// Checks the credential and takes a connection slot on the meter of its kind. A name
    /// that is no customer's proxy username (with or without targeting) may be a piece's.
    /// Once the password matched, `who` says whose credential it is (a refusal from then on
    /// is recorded as the customer's).
    pub(crate) async fn authorize(
        &self,
        registry: &Registry,
        username: &str,
        password: &str,
        who: &mut Option<Identity>,
    ) -> Result<Lease, Refusal> {
        if let Some((name, rest)) = split_subuser(username) {
            return self
                .authorize_subuser(registry, name, &rest, password, who)
                .await;
        }
        if let Ok((base, targeting)) = Targeting::parse(username)
            && let Some(user) = self.customers.get(&self.pool, &base).await?
        {
            if !password_matches(&user.proxy_password, password) {
                return Err(Refusal::BadCredentials);
            }
            let credential = CredentialRef::main(&base);
            *who = Some(Identity {
                user_id: user.id,
                kind: targeting.kind,
                credential: credential.clone(),
            });
            if user.disabled {
                return Err(Refusal::Disabled);
            }
            if !self.serve_traffic {
                return Err(Refusal::BadCredentials);
            }
            let key = LeaseKey::main(user.id, targeting.kind);
            let cap = cap((user.id, None), user.max_connections);
            let trial = self.trial(user.id).await?;
            let plan = self.plan_caps(user.id, targeting.kind).await?;
            return Ok(registry.open(key, credential, cap, trial, plan).await?);
        }
        if username.is_empty() || username.len() > PIECE_NAME_MAX {
            return Err(Refusal::BadCredentials);
        }
        let piece = self
            .pieces
            .get(&self.pool, username)
            .await?
            .ok_or(Refusal::BadCredentials)?;
        if !password_matches(&piece.password, password) {
            return Err(Refusal::BadCredentials);
        }
        let kind = piece.kind;
        let credential = CredentialRef::piece(piece.id, username);
        *who = Some(Identity {
            user_id: piece.user_id,
            kind,
            credential: credential.clone(),
        });
        if kind.is_traffic() {
            tracing::warn!(piece = piece.id, %kind, "piece of a kind not sold by the piece");
            return Err(Refusal::BadCredentials);
        }
        self.open_piece(registry, &piece, credential).await
    }

    /// A sub-user's credential: `name` of the customer whose username `rest` (the username
    /// without `-sub-<name>`) is. The targeting must name the sub-user's kind (a bare username
    /// is Premium). Metered on the sub-user's own meter, which leases from the parent's
    /// balance and the sub-user's cap together.
    async fn authorize_subuser(
        &self,
        registry: &Registry,
        name: &str,
        rest: &str,
        password: &str,
        who: &mut Option<Identity>,
    ) -> Result<Lease, Refusal> {
        let (base, targeting) = Targeting::parse(rest).map_err(|_| Refusal::BadCredentials)?;
        let sub = self
            .subusers
            .get(&self.pool, &subuser_base(&base, name))
            .await?
            .ok_or(Refusal::BadCredentials)?;
        if !password_matches(&sub.password, password) {
            return Err(Refusal::BadCredentials);
        }
        let credential = CredentialRef::subuser(sub.id, name);
        *who = Some(Identity {
            user_id: sub.user_id,
            kind: sub.kind,
            credential: credential.clone(),
        });
        if targeting.kind != sub.kind || !self.serve_traffic {
            return Err(Refusal::BadCredentials);
        }
        if sub.parent_disabled || !sub.enabled {
            return Err(Refusal::Disabled);
        }
        let key = LeaseKey {
            user_id: sub.user_id,
            kind: sub.kind,
            subuser: Some(sub.id),
        };
        let cap = cap((sub.user_id, Some(sub.id)), sub.max_connections);
        let trial = self.trial(sub.user_id).await?;
        let plan = self.plan_caps(sub.user_id, sub.kind).await?;
        Ok(registry.open(key, credential, cap, trial, plan).await?)
    }

    /// Takes a connection slot for a connection from an allowlisted source: on the meter of
    /// the entry's kind, or on the entry's piece. `who` is the entry's owner from the start.
    pub(crate) async fn authorize_entry(
        &self,
        registry: &Registry,
        entry: &GatewayEntry,
        who: &mut Option<Identity>,
    ) -> Result<Lease, Refusal> {
        let credential = CredentialRef::allowlist(entry.id, &entry.network.to_string());
        *who = Some(Identity {
            user_id: entry.user_id,
            kind: entry.kind,
            credential: credential.clone(),
        });
        let Some(username) = &entry.piece_username else {
            if !self.serve_traffic || !entry.kind.is_traffic() {
                return Err(Refusal::BadCredentials);
            }
            let key = LeaseKey::main(entry.user_id, entry.kind);
            let trial = self.trial(entry.user_id).await?;
            let plan = self.plan_caps(entry.user_id, entry.kind).await?;
            return Ok(registry.open(key, credential, None, trial, plan).await?);
        };
        let piece = self
            .pieces
            .get(&self.pool, username)
            .await?
            .filter(|piece| piece.user_id == entry.user_id && piece.kind == entry.kind)
            .ok_or(Refusal::BadCredentials)?;
        self.open_piece(registry, &piece, credential).await
    }

    /// The piece's state decides: a connection slot on it, or why not.
    async fn open_piece(
        &self,
        registry: &Registry,
        piece: &PieceCredential,
        credential: CredentialRef,
    ) -> Result<Lease, Refusal> {
        if piece.refused() {
            return Err(Refusal::Disabled);
        }
        if piece.expires_at <= persistence::now() {
            return Err(Refusal::Expired);
        }
        Ok(registry.open_piece(piece, piece.kind, credential).await?)
    }
}
