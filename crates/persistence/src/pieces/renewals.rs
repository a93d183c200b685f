//! Renewals of pieces: the customer's switches (per piece, and a default for new purchases),
//! the pieces a renewal may act on, and the renewal rows. A renewal row is unique per (piece,
//! the expiry it extends), and the expiry moves with a conditional UPDATE from that expiry, so
//! one period is renewed (and paid) once however many callers try at the same moment.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::schema::{
    piece_auto_renew, piece_orders, piece_proxies, piece_renewals, proxy_history, renewal_settings,
};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::{Cents, ProxyKind, UserId};

/// A piece as a renewal sees it: what it is, when it ends, and how it was bought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenewablePiece {
    pub id: i64,
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub host: String,
    pub port: i32,
    pub country: Option<String>,
    pub upstream_id: Option<String>,
    pub expires_at: i64,
    pub released_at: Option<i64>,
    pub auto_renew: bool,
    pub order_id: i64,
    pub plan_id: Option<i64>,
    /// The order's source: `local`, or the provider it was bought from.
    pub source: String,
}

type Row = (
    i64,
    UserId,
    ProxyKind,
    String,
    i32,
    Option<String>,
    Option<String>,
    i64,
    Option<i64>,
    Option<bool>,
    i64,
    Option<i64>,
    String,
);

impl From<Row> for RenewablePiece {
    fn from(r: Row) -> Self {
        RenewablePiece {
            id: r.0,
            user_id: r.1,
            kind: r.2,
            host: r.3,
            port: r.4,
            country: r.5,
            upstream_id: r.6,
            expires_at: r.7,
            released_at: r.8,
            auto_renew: r.9.unwrap_or(false),
            order_id: r.10,
            plan_id: r.11,
            source: r.12,
        }
    }
}

/// The pieces with their order and their auto-renew switch (no row: off).
macro_rules! with_order_and_switch {
    () => {
        piece_proxies::table
            .inner_join(piece_orders::table)
            .left_join(piece_auto_renew::table)
            .select((
                piece_proxies::id,
                piece_proxies::user_id,
                piece_proxies::kind,
                piece_proxies::host,
                piece_proxies::port,
                piece_proxies::country,
                piece_proxies::upstream_id,
                piece_proxies::expires_at,
                piece_proxies::released_at,
                piece_auto_renew::auto_renew.nullable(),
                piece_proxies::order_id,
                piece_orders::plan_id,
                piece_orders::source,
            ))
    };
}

/// `user`'s piece `id`, released or not.
pub fn find_owned(
    conn: &mut DbConnection,
    id: i64,
    user: UserId,
) -> DbResult<Option<RenewablePiece>> {
    let row: Option<Row> = with_order_and_switch!()
        .filter(piece_proxies::id.eq(id))
        .filter(piece_proxies::user_id.eq(user))
        .first(conn)
        .optional()?;
    Ok(row.map(RenewablePiece::from))
}

/// One page of `user`'s pieces not given back to stock (live, or expired within the grace
/// period), the soonest to expire first, and how many there are.
pub fn kept(
    conn: &mut DbConnection,
    user: UserId,
    offset: i64,
    limit: i64,
) -> DbResult<(Vec<RenewablePiece>, i64)> {
    let held = piece_proxies::table
        .filter(piece_proxies::user_id.eq(user))
        .filter(piece_proxies::released_at.is_null());
    let total = held.count().get_result(conn)?;
    let rows: Vec<Row> = with_order_and_switch!()
        .filter(piece_proxies::user_id.eq(user))
        .filter(piece_proxies::released_at.is_null())
        .order((piece_proxies::expires_at.asc(), piece_proxies::id.asc()))
        .offset(offset)
        .limit(limit)
        .load(conn)?;
    Ok((rows.into_iter().map(RenewablePiece::from).collect(), total))
}

/// The pieces (id, owner, expiry) with auto-renew on that expire by `until` and were not given back,
/// without a renewal of their current period (under way, done, refused or unclear: a refused
/// one is not retried automatically, the customer may retry by hand); the soonest first, at
/// most `limit`.
pub fn due(conn: &mut DbConnection, until: i64, limit: i64) -> DbResult<Vec<(i64, UserId, i64)>> {
    let under_way = piece_renewals::table
        .filter(piece_renewals::piece_id.eq(piece_proxies::id))
        .filter(piece_renewals::from_expires_at.eq(piece_proxies::expires_at));
    Ok(piece_proxies::table
        .inner_join(piece_auto_renew::table)
        .filter(piece_auto_renew::auto_renew.eq(true))
        .filter(piece_proxies::released_at.is_null())
        .filter(piece_proxies::expires_at.le(until))
        .filter(diesel::dsl::not(diesel::dsl::exists(under_way)))
        .order(piece_proxies::expires_at.asc())
        .limit(limit)
        .select((
            piece_proxies::id,
            piece_proxies::user_id,
            piece_proxies::expires_at,
        ))
        .load(conn)?)
}

/// Turns auto-renew of `user`'s piece `id` on or off; false when no such piece.
pub fn set_auto_renew(conn: &mut DbConnection, id: i64, user: UserId, on: bool) -> DbResult<bool> {
    let owned: Option<i64> = piece_proxies::table
        .filter(piece_proxies::id.eq(id))
        .filter(piece_proxies::user_id.eq(user))
        .select(piece_proxies::id)
        .first(conn)
        .optional()?;
    if owned.is_none() {
        return Ok(false);
    }
    update_or_insert(
        conn,
        |c| {
            diesel::update(piece_auto_renew::table.find(id))
                .set(piece_auto_renew::auto_renew.eq(on))
                .execute(c)
        },
        |c| {
            diesel::insert_into(piece_auto_renew::table)
                .values((
                    piece_auto_renew::piece_id.eq(id),
                    piece_auto_renew::auto_renew.eq(on),
                ))
                .execute(c)
        },
    )?;
    Ok(true)
}

/// Whether `user`'s new pieces renew automatically (off without a setting).
pub fn default_for(conn: &mut DbConnection, user: UserId) -> DbResult<bool> {
    Ok(renewal_settings::table
        .find(user.get())
        .select(renewal_settings::auto_renew)
        .first(conn)
        .optional()?
        .unwrap_or(false))
}

pub fn set_default(conn: &mut DbConnection, user: UserId, on: bool, now: i64) -> DbResult<()> {
    let values = (
        renewal_settings::auto_renew.eq(on),
        renewal_settings::updated_at.eq(now),
    );
    update_or_insert(
        conn,
        |c| {
            diesel::update(renewal_settings::table.find(user.get()))
                .set(values)
                .execute(c)
        },
        |c| {
            diesel::insert_into(renewal_settings::table)
                .values((renewal_settings::user_id.eq(user.get()), values))
                .execute(c)
        },
    )?;
    Ok(())
}

/// Gives the pieces of `order` the customer's default auto-renew, in the delivery's transaction.
pub fn apply_default(conn: &mut DbConnection, order_id: i64, user: UserId) -> DbResult<()> {
    if default_for(conn, user)? {
        let ids: Vec<i64> = piece_proxies::table
            .filter(piece_proxies::order_id.eq(order_id))
            .select(piece_proxies::id)
            .load(conn)?;
        // One row at a time: the two-backend connection has no batch insert.
        for id in ids {
            diesel::insert_into(piece_auto_renew::table)
                .values((
                    piece_auto_renew::piece_id.eq(id),
                    piece_auto_renew::auto_renew.eq(true),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// Where a renewal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenewalStatus {
    /// Paid; the provider has not confirmed yet.
    Pending,
    Done,
    /// The provider refused; the price went back to the wallet.
    Refunded,
    /// The provider's answer was lost: the money stays until an operator checks.
    Unknown,
}

impl RenewalStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RenewalStatus::Pending => "pending",
            RenewalStatus::Done => "done",
            RenewalStatus::Refunded => "refunded",
            RenewalStatus::Unknown => "unknown",
        }
    }
}

/// A renewal about to be written.
#[derive(Debug, Clone, Copy)]
pub struct NewRenewal {
    pub piece_id: i64,
    pub user_id: UserId,
    pub from_expires_at: i64,
    pub to_expires_at: i64,
    pub price: Cents,
    pub status: RenewalStatus,
    pub automatic: bool,
    pub now: i64,
}

/// Writes the renewal of one period; `None` when that period has a renewal already (another
/// caller renewed it first).
pub fn begin(conn: &mut DbConnection, r: &NewRenewal) -> DbResult<Option<i64>> {
    let finished = (r.status != RenewalStatus::Pending).then_some(r.now);
    let inserted = conn
        .transaction(|c| {
            diesel::insert_into(piece_renewals::table)
                .values((
                    piece_renewals::piece_id.eq(r.piece_id),
                    piece_renewals::user_id.eq(r.user_id.get()),
                    piece_renewals::from_expires_at.eq(r.from_expires_at),
                    piece_renewals::to_expires_at.eq(r.to_expires_at),
                    piece_renewals::price_cents.eq(r.price.get()),
                    piece_renewals::status.eq(r.status.as_str()),
                    piece_renewals::automatic.eq(r.automatic),
                    piece_renewals::created_at.eq(r.now),
                    piece_renewals::finished_at.eq(finished),
                ))
                .returning(piece_renewals::id)
                .get_result::<i64>(c)
        })
        .map_err(DbError::from);
    match inserted {
        Ok(id) => Ok(Some(id)),
        Err(DbError::UniqueViolation(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Moves a pending renewal to `to`; false when it was not pending any more.
pub fn finish(conn: &mut DbConnection, id: i64, to: RenewalStatus, now: i64) -> DbResult<bool> {
    Ok(diesel::update(
        piece_renewals::table
            .find(id)
            .filter(piece_renewals::status.eq(RenewalStatus::Pending.as_str())),
    )
    .set((
        piece_renewals::status.eq(to.as_str()),
        piece_renewals::finished_at.eq(now),
    ))
    .execute(conn)?
        == 1)
}

/// Moves piece `id`'s expiry from `from` to `to` (and clears its unpaid report); false when its
/// expiry is not `from` any more or it went back to stock.
pub fn extend(conn: &mut DbConnection, id: i64, from: i64, to: i64) -> DbResult<bool> {
    let moved = diesel::update(
        piece_proxies::table
            .find(id)
            .filter(piece_proxies::expires_at.eq(from))
            .filter(piece_proxies::released_at.is_null()),
    )
    .set(piece_proxies::expires_at.eq(to))
    .execute(conn)?
        == 1;
    if moved {
        diesel::update(piece_auto_renew::table.find(id))
            .set(piece_auto_renew::failed_for.eq(None::<i64>))
            .execute(conn)?;
        move_history_expiry(conn, id, from, to)?;
    }
    Ok(moved)
}

/// The customer's history line of piece `id` (`host:port:user:password`, as delivered) shows
/// the new expiry too. A provider piece's user name is stored as `login#provider id`; its line
/// carries the login.
fn move_history_expiry(conn: &mut DbConnection, id: i64, from: i64, to: i64) -> DbResult<()> {
    let (user, host, port, username, password): (UserId, String, i32, String, String) =
        piece_proxies::table
            .find(id)
            .select((
                piece_proxies::user_id,
                piece_proxies::host,
                piece_proxies::port,
                piece_proxies::username,
                piece_proxies::password,
            ))
            .first(conn)?;
    let login = username
        .split_once('#')
        .map_or(username.as_str(), |(l, _)| l);
    let line = format!("{host}:{port}:{login}:{password}");
    diesel::update(
        proxy_history::table
            .filter(proxy_history::user_id.eq(user))
            .filter(proxy_history::proxy.eq(&line))
            .filter(proxy_history::expires_at.eq(from)),
    )
    .set(proxy_history::expires_at.eq(to))
    .execute(conn)?;
    Ok(())
}

/// Records that the automatic renewal of piece `id`'s period ending at `expires_at` failed:
/// true the first time for that period (the caller reports it then), false after (and for a
/// piece without auto-renew, which is never renewed automatically).
pub fn note_unpaid(conn: &mut DbConnection, id: i64, expires_at: i64) -> DbResult<bool> {
    Ok(diesel::update(
        piece_auto_renew::table.find(id).filter(
            piece_auto_renew::failed_for
                .is_null()
                .or(piece_auto_renew::failed_for.ne(expires_at)),
        ),
    )
    .set(piece_auto_renew::failed_for.eq(expires_at))
    .execute(conn)?
        == 1)
}

/// An operator moves piece `id`'s expiry to `to`; the expiry it had, or `None` when there is no
/// such piece still held.
pub fn set_expiry(conn: &mut DbConnection, id: i64, to: i64) -> DbResult<Option<i64>> {
    let before: Option<i64> = piece_proxies::table
        .find(id)
        .filter(piece_proxies::released_at.is_null())
        .select(piece_proxies::expires_at)
        .first(conn)
        .optional()?;
    if let Some(from) = before
        && !extend(conn, id, from, to)?
    {
        return Ok(None);
    }
    Ok(before)
}
