//! The gateway's reads and writes of the database, each run off the async threads.

use domain::{ProxyKind, UserId};
use persistence::piece_credentials::{self, PieceCredential};
use persistence::traffic::{self, Balance};
use persistence::{DbError, DbPool, gateway_accounts, write_transaction};

/// Runs `f` (which uses a pooled connection) on the blocking threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, DbError> + Send + 'static,
) -> Result<T, DbError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| DbError::Connect(format!("database task failed: {e}")))?
}

/// Bytes `user_id` may still move in `kind`: purchased less used.
pub(crate) async fn remaining(
    pool: &DbPool,
    user_id: UserId,
    kind: ProxyKind,
) -> Result<i64, DbError> {
    let pool = pool.clone();
    blocking(move || {
        let mut conn = pool.get()?;
        let (purchased, used) = traffic::balance(&mut conn, user_id, kind)?;
        Ok(purchased - used)
    })
    .await
}

/// Bytes one meter moved since the last flush.
#[derive(Debug)]
pub(crate) struct Count {
    pub(crate) user_id: UserId,
    pub(crate) kind: ProxyKind,
    /// A traffic kind: the bytes come off the balance too, not only into the day.
    pub(crate) limited: bool,
    pub(crate) bytes: i64,
}

/// What the database holds once the counts are in.
#[derive(Debug)]
pub(crate) struct Fresh {
    balances: Vec<Balance>,
    /// Disabled customers among those asked about.
    pub(crate) disabled: Vec<UserId>,
    pieces: Vec<PieceCredential>,
}

impl Fresh {
    /// What `user_id` has left in `kind`: 0 once disabled or without a balance.
    pub(crate) fn remaining(&self, user_id: UserId, kind: ProxyKind) -> i64 {
        if self.disabled.contains(&user_id) {
            return 0;
        }
        self.balances
            .iter()
            .find(|b| b.user_id == user_id && b.kind == kind)
            .map_or(0, |b| b.purchased_bytes - b.used_bytes)
    }

    /// The piece `id`, unless it was released or deleted or its owner is disabled.
    pub(crate) fn live_piece(&self, id: i64) -> Option<&PieceCredential> {
        self.pieces.iter().find(|p| p.id == id && !p.disabled)
    }
}

/// Adds `counts` to today's UTC bucket (the one the API reads usage by), and traffic kinds to
/// the balance too; then reads the balances and the disabled among `users` and the pieces
/// among `pieces`. All in one transaction: an error after the counts were committed would
/// give them back and count them twice.
pub(crate) async fn write(
    pool: &DbPool,
    counts: Vec<Count>,
    users: Vec<UserId>,
    pieces: Vec<i64>,
) -> Result<Fresh, DbError> {
    let pool = pool.clone();
    let day = domain::calendar::utc_day(persistence::now());
    blocking(move || {
        let mut conn = pool.get()?;
        write_transaction(&mut conn, |c| {
            for n in &counts {
                if n.limited {
                    traffic::record_usage(c, n.user_id, n.kind, &day, n.bytes)?;
                } else {
                    traffic::record_daily_usage(c, n.user_id, n.kind, &day, n.bytes)?;
                }
            }
            Ok(Fresh {
                balances: traffic::balances_of(c, &users)?,
                disabled: gateway_accounts::disabled_among(c, &users)?,
                pieces: piece_credentials::find_by_ids(c, &pieces)?,
            })
        })
    })
    .await
}
