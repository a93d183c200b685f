//! The one meter: bytes moved per (user, kind), kept in memory and flushed to the database in
//! batches. A flush takes the counts it writes out of the counters first and gives them back
//! if the write fails, so a flush never counts twice and a crash loses at most one interval.
//! Traffic kinds are limited by the customer's balance; kinds sold by the piece are only
//! counted (daily usage), and each piece in use is watched for its end instead.

pub(crate) use crate::budget::Meter;
use crate::lease::{Entry, Lease, Live, PieceSlot, end, end_expired, forget_unused, lock};
use domain::{ProxyKind, UserId};
use persistence::piece_credentials::{self, PieceCredential};
use persistence::{DbError, DbPool, gateway_accounts, traffic, write_transaction};
use std::sync::{Arc, Mutex};
use std::time::Instant;
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

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, DbError> + Send + 'static,
) -> Result<T, DbError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| DbError::Connect(format!("database task failed: {e}")))?
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
        let pool = self.pool.clone();
        let (purchased, used) = blocking(move || {
            let mut conn = pool.get()?;
            traffic::balance(&mut conn, user_id, kind)
        })
        .await?;
        self.try_lease(user_id, kind, Some(purchased - used))?
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
        if live.disabled.contains_key(&piece.user_id) {
            return Err(OpenError::Disabled);
        }
        if live.per_user.get(&piece.user_id).copied().unwrap_or(0) >= self.max_per_user {
            return Err(OpenError::TooMany);
        }
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

    /// A lease on the existing meter, or on a new one with `limit` when given.
    fn try_lease(
        &self,
        user_id: UserId,
        kind: ProxyKind,
        limit: Option<i64>,
    ) -> Result<Option<Lease>, OpenError> {
        let mut live = lock(&self.live);
        if live.disabled.contains_key(&user_id) {
            return Err(OpenError::Disabled);
        }
        if live.per_user.get(&user_id).copied().unwrap_or(0) >= self.max_per_user {
            return Err(OpenError::TooMany);
        }
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
        let (taken, ids, piece_ids) = {
            let mut live = lock(&self.live);
            // On the clock alone, so that pieces end even while the database is unreachable.
            end_expired(&mut live, persistence::now());
            let mut taken = Vec::new();
            for entry in live.meters.values() {
                let n = entry.meter.take_pending();
                if n > 0 {
                    taken.push((entry.meter.clone(), n));
                }
            }
            let mut ids: Vec<UserId> = live
                .meters
                .iter()
                .filter(|(_, e)| e.meter.limited)
                .map(|(k, _)| k.0)
                .collect();
            ids.sort_unstable();
            ids.dedup();
            let piece_ids: Vec<i64> = live
                .pieces
                .iter()
                .filter(|(_, slot)| slot.ended_at.is_none())
                .map(|(id, _)| *id)
                .collect();
            (taken, ids, piece_ids)
        };
        if taken.is_empty() && ids.is_empty() && piece_ids.is_empty() {
            forget_unused(&mut lock(&self.live));
            return Ok(());
        }
        let rows: Vec<(UserId, ProxyKind, bool, i64)> = taken
            .iter()
            .map(|(m, n)| (m.user_id, m.kind, m.limited, *n))
            .collect();
        let pool = self.pool.clone();
        // The same UTC day bucket the API reads usage by.
        let day = domain::calendar::utc_day(persistence::now());
        let piece_ids_read = piece_ids.clone();
        let written = blocking(move || {
            let mut conn = pool.get()?;
            // The reads are in the write's transaction: an error after the counts were
            // committed would give them back and count them twice.
            write_transaction(&mut conn, |c| {
                for (user_id, kind, limited, bytes) in &rows {
                    if *limited {
                        traffic::record_usage(c, *user_id, *kind, &day, *bytes)?;
                    } else {
                        traffic::record_daily_usage(c, *user_id, *kind, &day, *bytes)?;
                    }
                }
                let balances = traffic::balances_of(c, &ids)?;
                let disabled = gateway_accounts::disabled_among(c, &ids)?;
                let pieces = piece_credentials::find_by_ids(c, &piece_ids_read)?;
                Ok::<_, DbError>((balances, disabled, pieces))
            })
        })
        .await;
        let (balances, disabled, pieces) = match written {
            Ok(read) => read,
            Err(err) => {
                for (m, n) in taken {
                    m.restore_pending(n);
                }
                return Err(err);
            }
        };
        let mut live = lock(&self.live);
        let at = Instant::now();
        for id in &disabled {
            live.disabled.entry(*id).or_insert(at);
        }
        for (key, entry) in &live.meters {
            if !entry.meter.limited {
                continue;
            }
            // A disabled owner's traffic connections are cut now, like their pieces below.
            let limit = if disabled.contains(&key.0) {
                0
            } else {
                balances
                    .iter()
                    .find(|b| b.user_id == key.0 && b.kind == key.1)
                    .map_or(0, |b| b.purchased_bytes - b.used_bytes)
            };
            entry.meter.set_limit(limit);
        }
        for id in piece_ids {
            let Some(slot) = live.pieces.get_mut(&id) else {
                continue;
            };
            match pieces.iter().find(|p| p.id == id) {
                Some(piece) if !piece.disabled => slot.expires_at = piece.expires_at,
                // Released, deleted, or its owner disabled.
                _ => end(slot),
            }
        }
        end_expired(&mut live, persistence::now());
        forget_unused(&mut live);
        Ok(())
    }
}
