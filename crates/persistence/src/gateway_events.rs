//! Changes every gateway node must obey at once: written by the API in the transaction of the
//! change (`emit`), read by each node (`since`), purged after a while (`purge`). The table is
//! the source of truth. On PostgreSQL `emit` also sends a notification on [`CHANNEL`]
//! (delivered at commit) that only wakes the nodes LISTENing on it to read the table at once;
//! a node whose listener is down, or on SQLite, reads it every `event_poll` (a second) instead.
//! Either way a change reaches every node within the two seconds docs/operations.md promises,
//! and a missed notification loses nothing (the next read finds the row).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::gateway_events;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use domain::UserId;

/// The PostgreSQL channel `emit` notifies on (no payload: the nodes read the table).
pub const CHANNEL: &str = "proxyshop_gateway_events";

/// Why the gateway must look again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The customer's account was disabled.
    UserDisabled,
    /// The customer's account was enabled again: no longer refused.
    UserEnabled,
    /// A piece was released: its credential stops working.
    PieceEnded,
    /// A piece's connections must close but the piece goes on: its password changed (a
    /// reseller took it back from its client) or the client holding it was suspended. New
    /// connections are checked against the credential as it is now.
    PieceCut,
    /// The customer's IP allowlist changed: the nodes read the allowlist again.
    AllowlistChanged,
    /// A sub-user was changed (password, cap, enabled) or deleted, or the main credential's
    /// connection cap: the nodes forget cached credentials and re-read the sub-user's cap.
    CredentialChanged,
    /// The operator's blocked destinations or a customer's own blocklist changed: the nodes
    /// read the blocklist again (and nothing else).
    BlocklistChanged,
}

impl Reason {
    fn as_str(self) -> &'static str {
        match self {
            Reason::UserDisabled => "user_disabled",
            Reason::UserEnabled => "user_enabled",
            Reason::PieceEnded => "piece_ended",
            Reason::PieceCut => "piece_cut",
            Reason::AllowlistChanged => "allowlist_changed",
            Reason::CredentialChanged => "credential_changed",
            Reason::BlocklistChanged => "blocklist_changed",
        }
    }

    fn parse(s: &str) -> Option<Reason> {
        match s {
            "user_disabled" => Some(Reason::UserDisabled),
            "user_enabled" => Some(Reason::UserEnabled),
            "piece_ended" => Some(Reason::PieceEnded),
            "piece_cut" => Some(Reason::PieceCut),
            "allowlist_changed" => Some(Reason::AllowlistChanged),
            "credential_changed" => Some(Reason::CredentialChanged),
            "blocklist_changed" => Some(Reason::BlocklistChanged),
            _ => None,
        }
    }
}

/// One change, as the nodes read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub id: i64,
    pub user_id: Option<UserId>,
    pub piece_id: Option<i64>,
    /// None for a reason this build does not know (a newer instance wrote it): the node
    /// re-reads everything it holds, as for any event.
    pub reason: Option<Reason>,
    pub created_at: i64,
}

/// Records a change for the gateway nodes; run it in the change's transaction. On PostgreSQL
/// the LISTENing nodes are notified when it commits (nothing if it rolls back).
pub fn emit(
    conn: &mut DbConnection,
    reason: Reason,
    user_id: Option<UserId>,
    piece_id: Option<i64>,
) -> DbResult<()> {
    diesel::insert_into(gateway_events::table)
        .values((
            gateway_events::user_id.eq(user_id),
            gateway_events::piece_id.eq(piece_id),
            gateway_events::reason.eq(reason.as_str()),
            gateway_events::created_at.eq(now()),
        ))
        .execute(conn)?;
    if let DbConnection::Postgres(pg) = conn {
        pg.batch_execute(&format!("NOTIFY {CHANNEL}"))?;
    }
    Ok(())
}

/// The events written at or after `from` (seconds), oldest first, at most `limit`. A node
/// reads a window that overlaps its previous read and skips the ids it has seen: on
/// PostgreSQL ids are not committed in order, so "after the last id" could skip one.
pub fn since(conn: &mut DbConnection, from: i64, limit: i64) -> DbResult<Vec<Event>> {
    let rows = gateway_events::table
        .filter(gateway_events::created_at.ge(from))
        .order(gateway_events::id.asc())
        .limit(limit)
        .select((
            gateway_events::id,
            gateway_events::user_id,
            gateway_events::piece_id,
            gateway_events::reason,
            gateway_events::created_at,
        ))
        .load::<(i64, Option<UserId>, Option<i64>, String, i64)>(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, user_id, piece_id, reason, created_at)| Event {
            id,
            user_id,
            piece_id,
            reason: Reason::parse(&reason),
            created_at,
        })
        .collect())
}

/// Deletes the events written before `before`; returns how many.
pub fn purge(conn: &mut DbConnection, before: i64) -> DbResult<usize> {
    Ok(
        diesel::delete(gateway_events::table.filter(gateway_events::created_at.lt(before)))
            .execute(conn)?,
    )
}
