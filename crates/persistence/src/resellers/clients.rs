//! A reseller's clients: ordinary accounts marked with `users.reseller_id` (docs/resellers.md),
//! so that sign-in, its guard, resets and sessions are the accounts' own. A client of another
//! reseller is never found here: every read and write names the reseller.
//!
//! Suspending sets `suspended` and `disabled` together, ends the client's sessions and tells
//! the gateway nodes (`gateway_events`), as an operator's disable does; resuming clears both,
//! only on an account the reseller suspended (`admin_access` clears `suspended` when the
//! operator disables, so that the reseller cannot undo the operator).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::gateway_events::{self, Reason};
use crate::now;
use crate::schema::{piece_proxies, traffic_balances, users};
use crate::sessions;
use diesel::prelude::*;
use domain::UserId;

/// One client as the reseller sees them.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct ClientRow {
    pub id: UserId,
    pub email: String,
    pub name: String,
    pub note: Option<String>,
    pub suspended: bool,
    /// Disabled by the reseller (`suspended`) or by the shop's operator.
    pub disabled: bool,
    /// Whether the client can sign in yet: a password set (by the reseller, or from the
    /// invitation's link) or Google.
    pub active: bool,
    pub created_at: i64,
}

type ClientColumns = (
    users::id,
    users::email,
    users::name,
    users::client_note,
    users::suspended,
    users::disabled,
    diesel::dsl::Or<
        diesel::dsl::IsNotNull<users::password_hash>,
        diesel::dsl::IsNotNull<users::google_sub>,
    >,
    users::created_at,
);

fn columns() -> ClientColumns {
    (
        users::id,
        users::email,
        users::name,
        users::client_note,
        users::suspended,
        users::disabled,
        users::password_hash
            .is_not_null()
            .or(users::google_sub.is_not_null()),
        users::created_at,
    )
}

/// One page of `reseller`'s clients, oldest first, and how many there are.
pub fn list(
    conn: &mut DbConnection,
    reseller: UserId,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<ClientRow>, i64)> {
    let rows = users::table
        .filter(users::reseller_id.eq(reseller))
        .order(users::id.asc())
        .limit(limit)
        .offset(offset)
        .select(columns())
        .load(conn)?;
    Ok((rows, count(conn, reseller)?))
}

/// How many clients `reseller` has.
pub fn count(conn: &mut DbConnection, reseller: UserId) -> DbResult<i64> {
    Ok(users::table
        .filter(users::reseller_id.eq(reseller))
        .count()
        .get_result(conn)?)
}

/// `reseller`'s client `client`; None for anyone else's account.
pub fn find(
    conn: &mut DbConnection,
    reseller: UserId,
    client: UserId,
) -> DbResult<Option<ClientRow>> {
    Ok(users::table
        .find(client)
        .filter(users::reseller_id.eq(reseller))
        .select(columns())
        .first(conn)
        .optional()?)
}

/// [`find`], locking the client's account row until the transaction ends (PostgreSQL; SQLite's
/// write transaction already excludes every other writer): what moves traffic to or from the
/// client and what deletes it take first, so that a deletion and a move never interleave.
pub fn lock(
    conn: &mut DbConnection,
    reseller: UserId,
    client: UserId,
) -> DbResult<Option<ClientRow>> {
    crate::users::lock_row(conn, client)?;
    find(conn, reseller, client)
}

/// Marks the new account `client` as `reseller`'s, with the reseller's note. Run it in the
/// transaction that created the account.
pub fn attach(
    conn: &mut DbConnection,
    client: UserId,
    reseller: UserId,
    note: Option<&str>,
) -> DbResult<()> {
    diesel::update(users::table.find(client))
        .set((
            users::reseller_id.eq(Some(reseller)),
            users::client_note.eq(note),
        ))
        .execute(conn)?;
    Ok(())
}

/// Replaces the reseller's note on the client (None clears it).
pub fn set_note(
    conn: &mut DbConnection,
    reseller: UserId,
    client: UserId,
    note: Option<&str>,
) -> DbResult<()> {
    diesel::update(
        users::table
            .find(client)
            .filter(users::reseller_id.eq(reseller)),
    )
    .set((users::client_note.eq(note), users::updated_at.eq(now())))
    .execute(conn)?;
    Ok(())
}

/// What suspending or resuming did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Switch {
    Changed,
    /// Already in the asked state: nothing written.
    Unchanged,
    /// The shop's operator disabled the account: the reseller cannot change that.
    DisabledByShop,
}

/// Suspends the client: it cannot sign in, its sessions end now, and every gateway node
/// refuses and cuts its proxy connections (the operator's disable does the same).
pub fn suspend(conn: &mut DbConnection, reseller: UserId, client: UserId) -> DbResult<Switch> {
    let changed = diesel::update(
        users::table
            .find(client)
            .filter(users::reseller_id.eq(reseller))
            .filter(users::disabled.eq(false)),
    )
    .set((
        users::disabled.eq(true),
        users::suspended.eq(true),
        users::updated_at.eq(now()),
    ))
    .execute(conn)?;
    if changed == 1 {
        sessions::delete_for_user(conn, client)?;
        gateway_events::emit(conn, Reason::UserDisabled, Some(client), None)?;
        // The pieces it holds are the reseller's: their connections end by the piece.
        super::pieces::cut_held(conn, client)?;
        return Ok(Switch::Changed);
    }
    state(conn, reseller, client)
}

/// Resumes a client the reseller suspended.
pub fn resume(conn: &mut DbConnection, reseller: UserId, client: UserId) -> DbResult<Switch> {
    let changed = diesel::update(
        users::table
            .find(client)
            .filter(users::reseller_id.eq(reseller))
            .filter(users::suspended.eq(true)),
    )
    .set((
        users::disabled.eq(false),
        users::suspended.eq(false),
        users::updated_at.eq(now()),
    ))
    .execute(conn)?;
    if changed == 1 {
        gateway_events::emit(conn, Reason::UserEnabled, Some(client), None)?;
        return Ok(Switch::Changed);
    }
    state(conn, reseller, client)
}

/// Why a switch wrote nothing (the client exists: the caller found it first).
fn state(conn: &mut DbConnection, reseller: UserId, client: UserId) -> DbResult<Switch> {
    let row = find(conn, reseller, client)?;
    Ok(match row {
        Some(row) if row.disabled && !row.suspended => Switch::DisabledByShop,
        _ => Switch::Unchanged,
    })
}

/// Whether the client still holds anything the reseller gave: unused traffic that has not
/// expired, traffic leased to a gateway node, or a piece that still works (its own, or one of
/// the reseller's assigned to it).
pub fn holds_anything(conn: &mut DbConnection, client: UserId) -> DbResult<bool> {
    let t = now();
    let traffic = diesel::select(diesel::dsl::exists(
        traffic_balances::table
            .filter(traffic_balances::user_id.eq(client))
            .filter(
                traffic_balances::leased_bytes
                    .gt(0)
                    .or(traffic_balances::purchased_bytes
                        .gt(traffic_balances::used_bytes)
                        .and(
                            traffic_balances::expires_at
                                .is_null()
                                .or(traffic_balances::expires_at.gt(t)),
                        )),
            ),
    ))
    .get_result::<bool>(conn)?;
    if traffic {
        return Ok(true);
    }
    Ok(diesel::select(diesel::dsl::exists(
        piece_proxies::table
            .filter(
                piece_proxies::user_id
                    .eq(client)
                    .or(piece_proxies::client_id.eq(Some(client))),
            )
            .filter(piece_proxies::released_at.is_null())
            .filter(piece_proxies::expires_at.gt(t)),
    ))
    .get_result::<bool>(conn)?)
}

/// Deletes `reseller`'s client `client` with everything of its account (sessions, balances,
/// records: the rows that reference the account cascade); the transfers stay in the reseller's
/// ledger, and the gateway nodes drop the account at once. False when there was no such
/// client.
pub fn delete(conn: &mut DbConnection, reseller: UserId, client: UserId) -> DbResult<bool> {
    let deleted = diesel::delete(
        users::table
            .find(client)
            .filter(users::reseller_id.eq(reseller)),
    )
    .execute(conn)?;
    if deleted == 1 {
        // A piece in its grace period stays the reseller's, held by no one.
        diesel::update(piece_proxies::table.filter(piece_proxies::client_id.eq(Some(client))))
            .set(piece_proxies::client_id.eq(None::<i64>))
            .execute(conn)?;
        // Its credentials may still sit in the nodes' caches: they forget the account now.
        gateway_events::emit(conn, Reason::UserDisabled, Some(client), None)?;
    }
    Ok(deleted == 1)
}
