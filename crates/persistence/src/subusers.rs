//! Sub-users: named extra proxy credentials of one traffic kind, with their own password, an
//! optional cap of their own (bytes) and an optional concurrent-connection cap
//! (docs/api.md, "Sub-users"). Their traffic comes out of the parent's balance: the gateway
//! leases a sub-user's bytes from both at once (`gateway_leases::take`), so the cap holds
//! across nodes exactly as the balance does, and a sub-user's bytes are counted once in the
//! parent's balance and again in `used_bytes` here.
//!
//! Every change is told to the gateway nodes (a `credential_changed` event) in its own
//! transaction: they forget cached credentials and re-read the sub-user's state at once.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::gateway_events::{self, Reason};
use crate::schema::{proxy_settings, subusers, users};
use crate::users::UserRow;
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

/// One sub-user as stored. `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = subusers)]
pub struct SubuserRow {
    pub id: i64,
    pub user_id: UserId,
    pub name: String,
    pub kind: ProxyKind,
    pub password: String,
    /// The sub-user's own cap; None: only the parent's balance bounds it.
    pub limit_bytes: Option<i64>,
    /// Bytes the sub-user moved (settled; the parent's balance lost as many).
    pub used_bytes: i64,
    /// Bytes leased to gateway nodes for the sub-user and not yet settled.
    pub leased_bytes: i64,
    pub max_connections: Option<i32>,
    pub enabled: bool,
    pub created_at: i64,
}

impl std::fmt::Debug for SubuserRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SubuserRow")
            .field("id", &self.id)
            .field("user_id", &self.user_id)
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("limit_bytes", &self.limit_bytes)
            .field("used_bytes", &self.used_bytes)
            .field("enabled", &self.enabled)
            .finish_non_exhaustive()
    }
}

impl SubuserRow {
    /// What is left of the sub-user's own cap for any node to lease (None: no cap).
    pub fn cap_left(&self) -> Option<i64> {
        self.limit_bytes
            .map(|limit| limit - self.used_bytes - self.leased_bytes)
    }
}

/// A new sub-user, checked by the caller (name, kind, numbers).
#[derive(Debug, Clone)]
pub struct NewSubuser {
    pub user_id: UserId,
    pub name: String,
    pub kind: ProxyKind,
    pub password: String,
    pub limit_bytes: Option<i64>,
    pub max_connections: Option<i32>,
}

/// What an update changes; None leaves a field as it is (`Some(None)` clears a cap).
#[derive(Debug, Clone, Default)]
pub struct Changes {
    pub password: Option<String>,
    pub limit_bytes: Option<Option<i64>>,
    pub max_connections: Option<Option<i32>>,
    pub enabled: Option<bool>,
}

/// Why a sub-user was not added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The customer holds `max` sub-users already.
    Full,
    /// The customer has a sub-user of that name.
    NameTaken,
}

/// The customer's sub-users, oldest first.
pub fn list(conn: &mut DbConnection, user_id: UserId) -> DbResult<Vec<SubuserRow>> {
    Ok(subusers::table
        .filter(subusers::user_id.eq(user_id))
        .order(subusers::id.asc())
        .select(SubuserRow::as_select())
        .load(conn)?)
}

/// The customer's sub-user `id`.
pub fn get(conn: &mut DbConnection, user_id: UserId, id: i64) -> DbResult<Option<SubuserRow>> {
    Ok(subusers::table
        .filter(subusers::id.eq(id))
        .filter(subusers::user_id.eq(user_id))
        .select(SubuserRow::as_select())
        .first(conn)
        .optional()?)
}

/// Sub-user `id` with its owner's account: what a sub-user's sign-in (or key) may see
/// (docs/subusers.md); None when the sub-user is gone.
pub fn with_owner(conn: &mut DbConnection, id: i64) -> DbResult<Option<(SubuserRow, UserRow)>> {
    Ok(subusers::table
        .inner_join(users::table.on(users::id.eq(subusers::user_id)))
        .filter(subusers::id.eq(id))
        .select((SubuserRow::as_select(), UserRow::as_select()))
        .first(conn)
        .optional()?)
}

/// Adds a sub-user unless the customer holds `max` already or has one of that name. Run it in
/// a write transaction.
pub fn insert(
    conn: &mut DbConnection,
    new: &NewSubuser,
    max: i64,
) -> DbResult<Result<i64, Refused>> {
    let held: i64 = subusers::table
        .filter(subusers::user_id.eq(new.user_id))
        .count()
        .get_result(conn)?;
    if held >= max {
        return Ok(Err(Refused::Full));
    }
    let inserted = diesel::insert_into(subusers::table)
        .values((
            subusers::user_id.eq(new.user_id),
            subusers::name.eq(&new.name),
            subusers::kind.eq(new.kind),
            subusers::password.eq(&new.password),
            subusers::limit_bytes.eq(new.limit_bytes),
            subusers::max_connections.eq(new.max_connections),
            subusers::created_at.eq(crate::now()),
        ))
        .returning(subusers::id)
        .get_result::<i64>(conn)
        .map_err(DbError::from);
    match inserted {
        Ok(id) => Ok(Ok(id)),
        // Two requests racing for one name: the unique index refuses the second.
        Err(DbError::UniqueViolation(_)) => Ok(Err(Refused::NameTaken)),
        Err(e) => Err(e),
    }
}

/// Applies `changes` to the customer's sub-user `id` and tells the gateway nodes; false when
/// there is none. Run it in a write transaction.
pub fn update(
    conn: &mut DbConnection,
    user_id: UserId,
    id: i64,
    changes: &Changes,
) -> DbResult<bool> {
    let Some(mut row) = get(conn, user_id, id)? else {
        return Ok(false);
    };
    if let Some(password) = &changes.password {
        row.password = password.clone();
    }
    if let Some(limit) = changes.limit_bytes {
        row.limit_bytes = limit;
    }
    if let Some(max) = changes.max_connections {
        row.max_connections = max;
    }
    if let Some(enabled) = changes.enabled {
        row.enabled = enabled;
    }
    diesel::update(subusers::table.find(id))
        .set((
            subusers::password.eq(&row.password),
            subusers::limit_bytes.eq(row.limit_bytes),
            subusers::max_connections.eq(row.max_connections),
            subusers::enabled.eq(row.enabled),
        ))
        .execute(conn)?;
    gateway_events::emit(conn, Reason::CredentialChanged, Some(user_id), None)?;
    Ok(true)
}

/// Removes the customer's sub-user `id`, its sign-in and its keys, and tells the gateway nodes
/// (its live connections are cut); false when there is none. Bytes its leases still hold are settled into the parent's
/// balance as usual.
pub fn delete(conn: &mut DbConnection, user_id: UserId, id: i64) -> DbResult<bool> {
    let removed = diesel::delete(
        subusers::table
            .filter(subusers::id.eq(id))
            .filter(subusers::user_id.eq(user_id)),
    )
    .execute(conn)?;
    if removed == 0 {
        return Ok(false);
    }
    // Whoever could look at the sub-user cannot any more: its sign-in (with its sessions) and
    // its keys go with it.
    crate::subuser_logins::remove(conn, id)?;
    crate::api_keys::revoke_for_subuser(conn, id, crate::now())?;
    gateway_events::emit(conn, Reason::CredentialChanged, Some(user_id), None)?;
    Ok(true)
}

/// Sets the main proxy credential's concurrent-connection cap (None: only the gateway's
/// per-customer limit) and tells the gateway nodes. Run it in a write transaction.
pub fn set_main_max_connections(
    conn: &mut DbConnection,
    user_id: UserId,
    max: Option<i32>,
) -> DbResult<()> {
    crate::upsert::update_or_insert(
        conn,
        |c| {
            diesel::update(proxy_settings::table.find(user_id))
                .set(proxy_settings::max_connections.eq(max))
                .execute(c)
        },
        |c| {
            diesel::insert_into(proxy_settings::table)
                .values((
                    proxy_settings::user_id.eq(user_id),
                    proxy_settings::max_connections.eq(max),
                ))
                .execute(c)
        },
    )?;
    gateway_events::emit(conn, Reason::CredentialChanged, Some(user_id), None)
}

/// The main proxy credential's concurrent-connection cap.
pub fn main_max_connections(conn: &mut DbConnection, user_id: UserId) -> DbResult<Option<i32>> {
    Ok(proxy_settings::table
        .find(user_id)
        .select(proxy_settings::max_connections)
        .first::<Option<i32>>(conn)
        .optional()?
        .flatten())
}

/// What the gateway needs to authenticate a sub-user. `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq)]
pub struct GatewaySubuser {
    pub id: i64,
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub password: String,
    pub max_connections: Option<i32>,
    pub enabled: bool,
    /// The parent account is disabled.
    pub parent_disabled: bool,
}

impl std::fmt::Debug for GatewaySubuser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GatewaySubuser")
            .field("id", &self.id)
            .field("user_id", &self.user_id)
            .field("kind", &self.kind)
            .field("enabled", &self.enabled)
            .finish_non_exhaustive()
    }
}

/// The sub-user whose proxy username base is `base` (`<user>-sub-<name>`, as
/// `domain::targeting::subuser_base` writes it).
pub fn find_for_gateway(conn: &mut DbConnection, base: &str) -> DbResult<Option<GatewaySubuser>> {
    let Some((name, parent)) = domain::targeting::split_subuser(base) else {
        return Ok(None);
    };
    let row = subusers::table
        .inner_join(users::table)
        .filter(users::proxy_username.eq(&parent))
        .filter(subusers::name.eq(name))
        .select((
            subusers::id,
            subusers::user_id,
            subusers::kind,
            subusers::password,
            subusers::max_connections,
            subusers::enabled,
            users::disabled,
        ))
        .first::<(i64, UserId, ProxyKind, String, Option<i32>, bool, bool)>(conn)
        .optional()?;
    Ok(row.map(
        |(id, user_id, kind, password, max_connections, enabled, parent_disabled)| GatewaySubuser {
            id,
            user_id,
            kind,
            password,
            max_connections,
            enabled,
            parent_disabled,
        },
    ))
}

/// What a gateway flush learns of a sub-user it meters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubuserState {
    pub id: i64,
    /// What is left of its own cap for any node to lease (None: no cap).
    pub cap_left: Option<i64>,
    pub enabled: bool,
}

/// The states of the sub-users `ids` (a deleted one is missing).
pub fn states(conn: &mut DbConnection, ids: &[i64]) -> DbResult<Vec<SubuserState>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = subusers::table
        .filter(subusers::id.eq_any(ids))
        .select(SubuserRow::as_select())
        .load::<SubuserRow>(conn)?;
    Ok(rows
        .iter()
        .map(|row| SubuserState {
            id: row.id,
            cap_left: row.cap_left(),
            enabled: row.enabled,
        })
        .collect())
}
