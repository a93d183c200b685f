//! The meters of the gateway, one per (customer, kind) in use, and the connection slots taken
//! on them; their counts are flushed to the database in batches (steps in `flush.rs`). A flush
//! takes the counts it writes out of the counters first and gives them back if the write
//! fails, so a flush never counts twice and a crash loses at most one interval.
//! Traffic kinds are limited by the customer's balance; kinds sold by the piece are only
//! counted (daily usage), and each piece in use is watched for its end instead.

use crate::flush::{apply_limits, end_pieces, take_counts};
use crate::lease::{Entry, Lease, Live, PieceSlot, lock};
use crate::meter::Meter;
use crate::store;
use domain::{ProxyKind, UserId};
use persistence::piece_credentials::PieceCredential;
use persistence::{DbError, DbPool};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

#[derive(Debug, thiserror::Error)]
pub(crate) enum OpenError {
    #[error("no traffic left")]
    NoTraffic,
    #[error("too many connections")]
    TooMany,
    #[error("the piece has ended")]
    Ended,
    #[error("account disabled")]
    Disabled,
    #[error(transparent)]
    Db(#[from] DbError),
}

/// All meters of the gateway and the connection counts that keep them alive.
#[derive(Debug)]
pub(crate) struct Registry {
    live: Arc<Mutex<Live>>,
    /// Held while reading limits from or writing counts to the database, so that a limit read
    /// never straddles a flush.
    db_sync: tokio::sync::Mutex<()>,
    pool: DbPool,
    max_per_user: usize,
}

impl Registry {
    pub(crate) fn new(pool: DbPool, max_per_user: usize) -> Registry {
        Registry {
            live: Arc::default(),
            db_sync: tokio::sync::Mutex::new(()),
            pool,
            max_per_user,
        }
    }

    /// Takes a connection slot of `user_id` on the meter of `kind`, if traffic remains.
    pub(crate) async fn open(&self, user_id: UserId, kind: ProxyKind) -> Result<Lease, OpenError> {
        if let Some(lease) = self.try_lease(user_id, kind, None)? {
            return Ok(lease);
        }
        let _sync = self.db_sync.lock().await;
        let remaining = store::remaining(&self.pool, user_id, kind).await?;
        self.try_lease(user_id, kind, Some(remaining))?
            .ok_or(OpenError::NoTraffic)
    }

    /// Takes a connection slot of the piece's owner, metered (not limited) per kind; the
    /// caller has checked the credential, its kind and its expiry.
    pub(crate) fn open_piece(
        &self,
        piece: &PieceCredential,
        kind: ProxyKind,
    ) -> Result<Lease, OpenError> {
        let mut live = lock(&self.live);
        self.admit(&live, piece.user_id)?;
        let slot = live.pieces.entry(piece.id).or_insert_with(|| PieceSlot {
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
        let key = (piece.user_id, kind);
        let entry = live.meters.entry(key).or_insert_with(|| Entry {
            meter: Arc::new(Meter::unlimited(piece.user_id, kind)),
            connections: 0,
        });
        entry.connections += 1;
        let meter = entry.meter.clone();
        *live.per_user.entry(piece.user_id).or_insert(0) += 1;
        Ok(Lease {
            live: self.live.clone(),
            key,
            meter,
            piece: Some((piece.id, ended)),
        })
    }

    /// Whether `user_id` may open one more connection: not disabled here, under the cap.
    fn admit(&self, live: &Live, user_id: UserId) -> Result<(), OpenError> {
        if live.disabled.contains_key(&user_id) {
            return Err(OpenError::Disabled);
        }
        if live.per_user.get(&user_id).copied().unwrap_or(0) >= self.max_per_user {
            return Err(OpenError::TooMany);
        }
        Ok(())
    }

    /// A lease on the existing meter, or on a new one with `limit` when given.
    fn try_lease(
        &self,
        user_id: UserId,
        kind: ProxyKind,
        limit: Option<i64>,
    ) -> Result<Option<Lease>, OpenError> {
        let mut live = lock(&self.live);
        self.admit(&live, user_id)?;
        let key = (user_id, kind);
        let meter = match (live.meters.get_mut(&key), limit) {
            (Some(entry), _) => entry.meter.clone(),
            (None, None) => return Ok(None),
            (None, Some(limit)) => {
                let meter = Arc::new(Meter::new(user_id, kind, limit));
                live.meters.insert(
                    key,
                    Entry {
                        meter: meter.clone(),
                        connections: 0,
                    },
                );
                meter
            }
        };
        if meter.remaining() <= 0 {
            return Err(OpenError::NoTraffic);
        }
        if let Some(entry) = live.meters.get_mut(&key) {
            entry.connections += 1;
        }
        *live.per_user.entry(user_id).or_insert(0) += 1;
        Ok(Some(Lease {
            live: self.live.clone(),
            key,
            meter,
            piece: None,
        }))
    }

    /// Writes every pending count to the database (one transaction, today's UTC bucket):
    /// traffic kinds to the balance and the day, piece kinds to the day only. Then refreshes
    /// the limits from the balances (purchases made meanwhile), ends the pieces that expired,
    /// went back to stock or whose owner was disabled, cuts the traffic connections of disabled
    /// owners (and refuses them here for a while, whatever a cache says), and forgets meters
    /// and pieces no longer in use.
    pub(crate) async fn flush(&self) -> Result<(), DbError> {
        let _sync = self.db_sync.lock().await;
        let batch = {
            let mut live = lock(&self.live);
            // On the clock alone, so that pieces end even while the database is unreachable.
            live.end_expired(persistence::now());
            take_counts(&live)
        };
        if batch.is_empty() {
            lock(&self.live).forget_unused();
            return Ok(());
        }
        let (users, pieces) = (batch.users.clone(), batch.pieces.clone());
        let fresh = match store::write(&self.pool, batch.counts(), users, pieces).await {
            Ok(fresh) => fresh,
            Err(err) => {
                batch.give_back();
                return Err(err);
            }
        };
        let mut live = lock(&self.live);
        apply_limits(&mut live, &fresh);
        end_pieces(&mut live, &batch.pieces, &fresh);
        live.end_expired(persistence::now());
        live.forget_unused();
        Ok(())
    }
}
