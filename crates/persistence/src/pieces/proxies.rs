//! The purchased pieces: written with their order, counted live per kind, and given back to
//! stock once expired (`release_expired`).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::gateway_events::{self, Reason};
use crate::schema::{piece_proxies, piece_stock};
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = piece_proxies)]
pub struct NewPiece<'a> {
    pub order_id: i64,
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub host: &'a str,
    pub port: i32,
    pub username: &'a str,
    pub password: &'a str,
    pub country: Option<&'a str>,
    pub city: Option<&'a str>,
    pub isp: Option<&'a str>,
    pub upstream_id: Option<&'a str>,
    pub expires_at: i64,
    pub created_at: i64,
    pub stock_id: Option<i64>,
}

pub fn insert_piece(conn: &mut DbConnection, piece: &NewPiece<'_>) -> DbResult<i64> {
    Ok(diesel::insert_into(piece_proxies::table)
        .values(piece)
        .returning(piece_proxies::id)
        .get_result(conn)?)
}

/// Gives the stock slots of pieces that expired at or before `before` back (each piece once,
/// released at `at`), telling the gateway nodes (`gateway_events`); returns how many. The
/// caller's `before` is `at` less the renewal grace period: until then an expired piece keeps
/// its address and can still be renewed.
pub fn release_expired(conn: &mut DbConnection, before: i64, at: i64) -> DbResult<usize> {
    let expired: Vec<(i64, Option<i64>)> = piece_proxies::table
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::expires_at.le(before))
        .order(piece_proxies::id.asc())
        .limit(1_000)
        .select((piece_proxies::id, piece_proxies::stock_id))
        .load(conn)?;
    let mut released = 0;
    for (id, stock_id) in expired {
        if release_one(conn, id, stock_id, None, at)? {
            released += 1;
        }
    }
    Ok(released)
}

/// Releases piece `id` at `at` once (`false` when it was released before): the gateway nodes are
/// told (`gateway_events`, naming `user` when known) and its stock slot, if any, goes back.
pub fn release_one(
    conn: &mut DbConnection,
    id: i64,
    stock_id: Option<i64>,
    user: Option<UserId>,
    at: i64,
) -> DbResult<bool> {
    let marked = diesel::update(
        piece_proxies::table
            .find(id)
            .filter(piece_proxies::released_at.is_null()),
    )
    .set(piece_proxies::released_at.eq(at))
    .execute(conn)?;
    if marked == 0 {
        return Ok(false);
    }
    gateway_events::emit(conn, Reason::PieceEnded, user, Some(id))?;
    if let Some(stock) = stock_id {
        diesel::update(
            piece_stock::table
                .find(stock)
                .filter(piece_stock::sold.gt(0)),
        )
        .set(piece_stock::sold.eq(piece_stock::sold - 1))
        .execute(conn)?;
    }
    Ok(true)
}

/// A customer's pieces of one kind that still work: how many, how many of them stop working
/// within the "soon" window, and when the first of them stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveCount {
    pub kind: ProxyKind,
    pub live: i64,
    pub expiring: i64,
    /// Unix seconds.
    pub next_expiry: i64,
}

/// The live pieces (expiring after `at`, not released) of a customer per kind, with those that
/// expire by `soon` counted apart. Kinds without live pieces are absent.
pub fn live_counts(
    conn: &mut DbConnection,
    user_id: UserId,
    at: i64,
    soon: i64,
) -> DbResult<Vec<LiveCount>> {
    use diesel::dsl::{count_star, min};
    let live = piece_proxies::table
        .filter(piece_proxies::user_id.eq(user_id))
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::expires_at.gt(at));
    let totals: Vec<(ProxyKind, i64, Option<i64>)> = live
        .group_by(piece_proxies::kind)
        .select((
            piece_proxies::kind,
            count_star(),
            min(piece_proxies::expires_at),
        ))
        .load(conn)?;
    let expiring: Vec<(ProxyKind, i64)> = live
        .filter(piece_proxies::expires_at.le(soon))
        .group_by(piece_proxies::kind)
        .select((piece_proxies::kind, count_star()))
        .load(conn)?;
    Ok(totals
        .into_iter()
        .map(|(kind, live, next)| LiveCount {
            expiring: expiring
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or(0, |(_, n)| *n),
            next_expiry: next.unwrap_or(at),
            live,
            kind,
        })
        .collect())
}
