//! Pieces a reseller assigns to its clients (docs/resellers.md "Pieces"). The piece stays the
//! reseller's (`piece_proxies.user_id`: it paid for it, renews it, may refund it, and its traffic
//! is recorded under it); `piece_proxies.client_id` names the client holding it now. An
//! assignment is one conditional UPDATE (a piece no client holds), a taking back another that
//! also changes the piece's password, so the client's copy stops working; each writes its row
//! of `reseller_piece_moves` and, taken back, tells the gateway nodes to close the piece's
//! connections (`gateway_events`, `PieceCut`) in the same transaction.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::gateway_events::{self, Reason};
use crate::schema::{piece_proxies, reseller_piece_moves};
use diesel::prelude::*;
use domain::resellers::PieceDirection;
use domain::{ProxyKind, UserId};

/// What an assignment did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assigned {
    Done,
    /// No live piece of the reseller's with that id.
    NotFound,
    /// A client holds it already (this one or another).
    Held,
}

/// A piece as the client holding it sees it. `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq, Queryable)]
pub struct HeldPiece {
    pub id: i64,
    pub kind: ProxyKind,
    pub host: String,
    pub port: i32,
    pub username: String,
    pub password: String,
    pub country: Option<String>,
    pub city: Option<String>,
    pub expires_at: i64,
    /// Served by the shop's gateway (not a provider's piece).
    pub ours: bool,
}

impl std::fmt::Debug for HeldPiece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeldPiece")
            .field("id", &self.id)
            .field("kind", &self.kind)
            .field("host", &self.host)
            .field("expires_at", &self.expires_at)
            .finish_non_exhaustive()
    }
}

/// One move of a piece, as both sides read it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = reseller_piece_moves)]
pub struct PieceMoveRow {
    pub id: i64,
    pub reseller_id: UserId,
    pub client_id: UserId,
    pub piece_id: i64,
    pub direction: PieceDirection,
    pub created_at: i64,
}

fn record(
    conn: &mut DbConnection,
    reseller: UserId,
    client: UserId,
    piece: i64,
    direction: PieceDirection,
    now: i64,
) -> DbResult<()> {
    diesel::insert_into(reseller_piece_moves::table)
        .values((
            reseller_piece_moves::reseller_id.eq(reseller),
            reseller_piece_moves::client_id.eq(client),
            reseller_piece_moves::piece_id.eq(piece),
            reseller_piece_moves::direction.eq(direction),
            reseller_piece_moves::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// Gives `reseller`'s live piece `piece` to its client `client` (the caller found the client
/// among the reseller's own). Run it in a write transaction: the piece's row and the move's.
pub fn assign(
    conn: &mut DbConnection,
    reseller: UserId,
    client: UserId,
    piece: i64,
    now: i64,
) -> DbResult<Assigned> {
    let mine = || {
        piece_proxies::table
            .filter(piece_proxies::id.eq(piece))
            .filter(piece_proxies::user_id.eq(reseller))
            .filter(piece_proxies::released_at.is_null())
            .filter(piece_proxies::expires_at.gt(now))
    };
    let changed = diesel::update(mine().filter(piece_proxies::client_id.is_null()))
        .set(piece_proxies::client_id.eq(Some(client)))
        .execute(conn)?;
    if changed == 1 {
        record(conn, reseller, client, piece, PieceDirection::Assign, now)?;
        return Ok(Assigned::Done);
    }
    let exists = diesel::select(diesel::dsl::exists(mine())).get_result::<bool>(conn)?;
    Ok(if exists {
        Assigned::Held
    } else {
        Assigned::NotFound
    })
}

/// Takes `piece` back from `client` with a new password (`password`): false when the client
/// does not hold that piece of `reseller`'s. The nodes end its connections and forget its
/// credential at once. Run it in a write transaction.
pub fn take_back(
    conn: &mut DbConnection,
    reseller: UserId,
    client: UserId,
    piece: i64,
    password: &str,
    now: i64,
) -> DbResult<bool> {
    let changed = diesel::update(
        piece_proxies::table
            .filter(piece_proxies::id.eq(piece))
            .filter(piece_proxies::user_id.eq(reseller))
            .filter(piece_proxies::client_id.eq(client)),
    )
    .set((
        piece_proxies::client_id.eq(None::<i64>),
        piece_proxies::password.eq(password),
    ))
    .execute(conn)?;
    if changed == 0 {
        return Ok(false);
    }
    record(conn, reseller, client, piece, PieceDirection::TakeBack, now)?;
    gateway_events::emit(conn, Reason::PieceCut, None, Some(piece))?;
    Ok(true)
}

/// Tells the gateway nodes to close the connections of every piece `client` holds: it was
/// suspended or disabled, and the pieces' credentials refuse it from now on
/// (`crate::piece_credentials`). Run it in that change's transaction.
pub fn cut_held(conn: &mut DbConnection, client: UserId) -> DbResult<()> {
    for piece in ids_held_by(conn, client)? {
        gateway_events::emit(conn, Reason::PieceCut, None, Some(piece))?;
    }
    Ok(())
}

/// The pieces `client` holds that are not released (live, or expired in their grace period
/// while the reseller may still renew them), the soonest to expire first.
pub fn held_by(conn: &mut DbConnection, client: UserId) -> DbResult<Vec<HeldPiece>> {
    Ok(piece_proxies::table
        .filter(piece_proxies::client_id.eq(client))
        .filter(piece_proxies::released_at.is_null())
        .order((piece_proxies::expires_at.asc(), piece_proxies::id.asc()))
        .select((
            piece_proxies::id,
            piece_proxies::kind,
            piece_proxies::host,
            piece_proxies::port,
            piece_proxies::username,
            piece_proxies::password,
            piece_proxies::country,
            piece_proxies::city,
            piece_proxies::expires_at,
            piece_proxies::upstream_id.is_null(),
        ))
        .load(conn)?)
}

/// The ids of the clients holding each of `pieces` (those some client holds).
pub fn holders(conn: &mut DbConnection, pieces: &[i64]) -> DbResult<Vec<(i64, UserId)>> {
    let rows: Vec<(i64, Option<UserId>)> = piece_proxies::table
        .filter(piece_proxies::id.eq_any(pieces))
        .filter(piece_proxies::client_id.is_not_null())
        .select((piece_proxies::id, piece_proxies::client_id))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, client)| Some((id, client?)))
        .collect())
}

/// The ids of the pieces `client` holds (released or not).
fn ids_held_by(conn: &mut DbConnection, client: UserId) -> DbResult<Vec<i64>> {
    Ok(piece_proxies::table
        .filter(piece_proxies::client_id.eq(client))
        .select(piece_proxies::id)
        .load(conn)?)
}

/// One page of `reseller`'s piece moves, perhaps only those of `client`, newest first, and how
/// many there are.
pub fn moves(
    conn: &mut DbConnection,
    reseller: UserId,
    client: Option<UserId>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<PieceMoveRow>, i64)> {
    let query = || {
        let mut q = reseller_piece_moves::table
            .filter(reseller_piece_moves::reseller_id.eq(reseller))
            .into_boxed();
        if let Some(client) = client {
            q = q.filter(reseller_piece_moves::client_id.eq(client));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(reseller_piece_moves::id.desc())
        .limit(limit)
        .offset(offset)
        .select(PieceMoveRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}
