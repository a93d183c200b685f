//! The gateway's view of proxies sold by the piece: one credential per purchased piece, with
//! what decides whether it may still be used (its expiry, whether the owner is disabled).
//! A piece whose slot went back to stock (`released_at` set) is no credential any more.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{piece_proxies, users};
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

/// What the gateway needs to authenticate and meter a piece.
/// `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq)]
pub struct PieceCredential {
    /// `piece_proxies.id`.
    pub id: i64,
    pub user_id: UserId,
    /// Static, IPv4, IPv6 or LTE.
    pub kind: ProxyKind,
    pub password: String,
    /// Unix seconds; the piece may be used while `now < expires_at`.
    pub expires_at: i64,
    /// The owner's `users.disabled`: the piece has ended for it.
    pub disabled: bool,
    /// That of the reseller's client holding the piece (docs/resellers.md "Pieces"): refused
    /// while it lasts, but the piece goes on (the reseller resumes the client, or takes the
    /// piece back).
    pub holder_disabled: bool,
}

impl PieceCredential {
    /// Whether the gateway refuses it now (its owner or its holder is disabled).
    pub fn refused(&self) -> bool {
        self.disabled || self.holder_disabled
    }
}

impl std::fmt::Debug for PieceCredential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PieceCredential")
            .field("id", &self.id)
            .field("user_id", &self.user_id)
            .field("kind", &self.kind)
            .field("expires_at", &self.expires_at)
            .field("disabled", &self.disabled)
            .field("holder_disabled", &self.holder_disabled)
            .finish_non_exhaustive()
    }
}

type Row = (i64, UserId, ProxyKind, String, i64, bool, bool);

fn from_row((id, user_id, kind, password, expires_at, owner, holder): Row) -> PieceCredential {
    PieceCredential {
        id,
        user_id,
        kind,
        password,
        expires_at,
        disabled: owner,
        holder_disabled: holder,
    }
}

/// Whether the reseller's client holding the piece (`piece_proxies.client_id`,
/// docs/resellers.md "Pieces") is disabled (suspended by its reseller, or by the operator);
/// false for a piece no client holds.
fn holder_disabled() -> diesel::expression::SqlLiteral<diesel::sql_types::Bool> {
    diesel::dsl::sql(
        "COALESCE((SELECT h.disabled FROM users h WHERE h.id = piece_proxies.client_id), FALSE)",
    )
}

/// Which live pieces to read.
enum By<'a> {
    Username(&'a str),
    Ids(&'a [i64]),
}

/// Live pieces (not released, and sold from our own stock: a provider's pieces connect there)
/// with their owner's state, and that of the client holding one a reseller assigned.
fn live(conn: &mut DbConnection, by: By<'_>) -> DbResult<Vec<PieceCredential>> {
    let query = piece_proxies::table
        .inner_join(users::table.on(users::id.eq(piece_proxies::user_id)))
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::upstream_id.is_null())
        .select((
            piece_proxies::id,
            piece_proxies::user_id,
            piece_proxies::kind,
            piece_proxies::password,
            piece_proxies::expires_at,
            users::disabled,
            holder_disabled(),
        ))
        .into_boxed();
    let query = match by {
        By::Username(name) => query.filter(piece_proxies::username.eq(name.to_owned())),
        By::Ids(ids) => query.filter(piece_proxies::id.eq_any(ids.to_vec())),
    };
    Ok(query.load::<Row>(conn)?.into_iter().map(from_row).collect())
}

/// The live piece with this proxy username, if any.
pub fn find(conn: &mut DbConnection, username: &str) -> DbResult<Option<PieceCredential>> {
    Ok(live(conn, By::Username(username))?.into_iter().next())
}

/// The live pieces among `ids`, in no particular order: the gateway re-reads the pieces of its
/// open connections with one query. A missing id was released or deleted.
pub fn find_by_ids(conn: &mut DbConnection, ids: &[i64]) -> DbResult<Vec<PieceCredential>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    live(conn, By::Ids(ids))
}
