//! IP allowlist authentication: source addresses and ranges that the gateway lets in without
//! credentials, each metered to its customer and kind (docs/api.md, "IP allowlist").
//!
//! An address belongs to one entry only, across all customers. Every range lies inside one
//! `bucket` (its IPv4 /24 or IPv6 /48, the widest range allowed), so two entries can only
//! overlap inside one bucket: `insert` reads that bucket, under a lock that serialises inserts
//! (SQLite's write transaction; on PostgreSQL a transaction-scoped advisory lock), so that two
//! customers adding overlapping ranges at once cannot both succeed.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::gateway_events::{self, Reason};
use crate::schema::{ip_allowlist, piece_proxies, users};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use domain::network::Network;
use domain::{ProxyKind, UserId};

/// The PostgreSQL advisory lock key held while an entry is inserted ("allowlst").
const INSERT_LOCK: i64 = 0x616c_6c6f_776c_7374;

/// One entry as stored.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = ip_allowlist)]
pub struct AllowlistRow {
    pub id: i64,
    pub user_id: UserId,
    pub network: String,
    pub kind: ProxyKind,
    pub piece_id: Option<i64>,
    pub country: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub rotation: String,
    pub created_at: i64,
}

/// A new entry, checked by the caller (the range's width, its kind, the piece's owner).
#[derive(Debug, Clone)]
pub struct NewEntry {
    pub user_id: UserId,
    pub network: Network,
    pub kind: ProxyKind,
    pub piece_id: Option<i64>,
    pub country: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub rotation: String,
}

/// Why an entry was not added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The customer holds `max` entries already.
    Full,
    /// The range shares an address with an entry (this customer's or another's).
    Taken,
}

/// The bucket of a range: its /24 (IPv4) or /48 (IPv6); None for a wider range.
pub fn bucket(network: &Network) -> Option<Network> {
    network.within(if network.is_ipv4() { 24 } else { 48 })
}

/// The customer's entries, oldest first.
pub fn list(conn: &mut DbConnection, user_id: UserId) -> DbResult<Vec<AllowlistRow>> {
    Ok(ip_allowlist::table
        .filter(ip_allowlist::user_id.eq(user_id))
        .order(ip_allowlist::id.asc())
        .select(AllowlistRow::as_select())
        .load(conn)?)
}

/// Adds an entry unless the customer holds `max` already or the range overlaps any entry; the
/// gateway nodes are told in the same transaction. Run it in a write transaction.
pub fn insert(
    conn: &mut DbConnection,
    entry: &NewEntry,
    max: i64,
) -> DbResult<Result<i64, Refused>> {
    let Some(bucket) = bucket(&entry.network) else {
        return Ok(Err(Refused::Taken));
    };
    if let DbConnection::Postgres(pg) = conn {
        pg.batch_execute(&format!("SELECT pg_advisory_xact_lock({INSERT_LOCK})"))?;
    }
    let held: i64 = ip_allowlist::table
        .filter(ip_allowlist::user_id.eq(entry.user_id))
        .count()
        .get_result(conn)?;
    if held >= max {
        return Ok(Err(Refused::Full));
    }
    let neighbours: Vec<String> = ip_allowlist::table
        .filter(ip_allowlist::bucket.eq(bucket.to_string()))
        .select(ip_allowlist::network)
        .load(conn)?;
    let taken = neighbours
        .iter()
        .filter_map(|n| Network::parse(n))
        .any(|n| n.overlaps(&entry.network));
    if taken {
        return Ok(Err(Refused::Taken));
    }
    let id = diesel::insert_into(ip_allowlist::table)
        .values((
            ip_allowlist::user_id.eq(entry.user_id),
            ip_allowlist::network.eq(entry.network.to_string()),
            ip_allowlist::bucket.eq(bucket.to_string()),
            ip_allowlist::kind.eq(entry.kind),
            ip_allowlist::piece_id.eq(entry.piece_id),
            ip_allowlist::country.eq(&entry.country),
            ip_allowlist::state.eq(&entry.state),
            ip_allowlist::city.eq(&entry.city),
            ip_allowlist::rotation.eq(&entry.rotation),
            ip_allowlist::created_at.eq(crate::now()),
        ))
        .returning(ip_allowlist::id)
        .get_result(conn)?;
    gateway_events::emit(conn, Reason::AllowlistChanged, Some(entry.user_id), None)?;
    Ok(Ok(id))
}

/// Removes the customer's entry `id` and tells the gateway nodes; false when there is none.
pub fn delete(conn: &mut DbConnection, user_id: UserId, id: i64) -> DbResult<bool> {
    let removed = diesel::delete(
        ip_allowlist::table
            .filter(ip_allowlist::id.eq(id))
            .filter(ip_allowlist::user_id.eq(user_id)),
    )
    .execute(conn)?;
    if removed == 0 {
        return Ok(false);
    }
    gateway_events::emit(conn, Reason::AllowlistChanged, Some(user_id), None)?;
    Ok(true)
}

/// What the gateway keeps of an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayEntry {
    pub id: i64,
    pub user_id: UserId,
    pub network: Network,
    pub kind: ProxyKind,
    /// For a piece kind: the piece's username, through which it is metered.
    pub piece_username: Option<String>,
}

/// Every entry of an enabled customer, for the gateway's index (a piece entry only while its
/// piece is live). Entries whose stored range no longer parses are skipped.
pub fn for_gateway(conn: &mut DbConnection) -> DbResult<Vec<GatewayEntry>> {
    let rows = ip_allowlist::table
        .inner_join(users::table.on(users::id.eq(ip_allowlist::user_id)))
        .left_join(piece_proxies::table.on(piece_proxies::id.nullable().eq(ip_allowlist::piece_id)))
        .filter(users::disabled.eq(false))
        .select((
            ip_allowlist::id,
            ip_allowlist::user_id,
            ip_allowlist::network,
            ip_allowlist::kind,
            ip_allowlist::piece_id,
            piece_proxies::username.nullable(),
            piece_proxies::released_at.nullable(),
        ))
        .load::<(
            i64,
            UserId,
            String,
            ProxyKind,
            Option<i64>,
            Option<String>,
            Option<i64>,
        )>(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(
            |(id, user_id, network, kind, piece_id, username, released)| {
                let network = Network::parse(&network)?;
                let piece_username = match piece_id {
                    Some(_) if released.is_some() => return None,
                    Some(_) => Some(username?),
                    None => None,
                };
                Some(GatewayEntry {
                    id,
                    user_id,
                    network,
                    kind,
                    piece_username,
                })
            },
        )
        .collect())
}

/// Whether `piece_id` is the customer's live piece of `kind` from our own stock (a provider's
/// pieces do not connect through our gateway).
/// A piece an allowlist entry may name: one of the customer's own local pieces, not released.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct AllowablePiece {
    pub id: i64,
    pub kind: ProxyKind,
    pub host: String,
    pub port: i32,
    pub username: String,
    pub expires_at: i64,
}

/// The customer's pieces an entry may name (`owns_live_piece` accepts them), unexpired at
/// `at`, newest first.
pub fn allowable_pieces(
    conn: &mut DbConnection,
    user_id: UserId,
    at: i64,
) -> DbResult<Vec<AllowablePiece>> {
    Ok(piece_proxies::table
        .filter(piece_proxies::user_id.eq(user_id))
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::upstream_id.is_null())
        .filter(piece_proxies::expires_at.gt(at))
        .order(piece_proxies::id.desc())
        .select((
            piece_proxies::id,
            piece_proxies::kind,
            piece_proxies::host,
            piece_proxies::port,
            piece_proxies::username,
            piece_proxies::expires_at,
        ))
        .load(conn)?)
}

pub fn owns_live_piece(
    conn: &mut DbConnection,
    user_id: UserId,
    piece_id: i64,
    kind: ProxyKind,
) -> DbResult<bool> {
    let found: i64 = piece_proxies::table
        .filter(piece_proxies::id.eq(piece_id))
        .filter(piece_proxies::user_id.eq(user_id))
        .filter(piece_proxies::kind.eq(kind))
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::upstream_id.is_null())
        .count()
        .get_result(conn)?;
    Ok(found > 0)
}
