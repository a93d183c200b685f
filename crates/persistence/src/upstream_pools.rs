//! Upstream pools: the providers the gateway relays Premium and Budget traffic through
//! (`domain::upstream_pool`). The operator's list and edits, the active pools the gateway reads,
//! the bytes each pool carried (a pool that carried traffic is deactivated, never deleted) and
//! its health.
//!
//! A pool is two rows written together: `upstream_pools` (what the operator sets) and
//! `upstream_pool_health` (what it carried and its probes), read back as one `PoolRow`.
//!
//! The pool's password is a column like any other here; `PoolRow`'s `Debug` leaves it (and the
//! username) out, and the API never returns it.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::now;
use crate::schema::{upstream_pool_health as health, upstream_pools};
use diesel::prelude::*;
use domain::Cents;
use domain::credential_template::CredentialTemplate;
use domain::upstream_pool::{PoolProtocol, PoolRoute, countries_from_text, kinds_from_text};
use std::collections::HashMap;

mod probes;
pub use probes::{add_carried, mark_down_live, record_probe};

/// A pool with its health.
#[derive(Clone, PartialEq, Eq)]
pub struct PoolRow {
    pub id: i64,
    pub name: String,
    /// Comma-separated kind names (`domain::upstream_pool::kinds_from_text`).
    pub kinds: String,
    pub protocol: PoolProtocol,
    pub host: String,
    pub port: i32,
    pub username: String,
    pub password: String,
    pub username_template: String,
    pub password_template: String,
    pub cost_per_gb_cents: Cents,
    pub weight: i32,
    /// Comma-separated lower-case country codes; empty: every country.
    pub countries: String,
    pub active: bool,
    pub carried_bytes: i64,
    pub up: bool,
    /// Consecutive failed probes.
    pub failures: i32,
    pub checked_at: Option<i64>,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = upstream_pools)]
struct Stored {
    id: i64,
    name: String,
    kinds: String,
    protocol: PoolProtocol,
    host: String,
    port: i32,
    username: String,
    password: String,
    username_template: String,
    password_template: String,
    cost_per_gb_cents: Cents,
    weight: i32,
    countries: String,
    active: bool,
    created_at: i64,
    updated_at: i64,
}

#[derive(Default, Queryable, Selectable)]
#[diesel(table_name = health)]
struct Health {
    pool_id: i64,
    carried_bytes: i64,
    up: bool,
    failures: i32,
    checked_at: Option<i64>,
    last_error: Option<String>,
}

fn joined(p: Stored, h: Option<Health>) -> PoolRow {
    let h = h.unwrap_or(Health {
        up: true,
        ..Health::default()
    });
    PoolRow {
        id: p.id,
        name: p.name,
        kinds: p.kinds,
        protocol: p.protocol,
        host: p.host,
        port: p.port,
        username: p.username,
        password: p.password,
        username_template: p.username_template,
        password_template: p.password_template,
        cost_per_gb_cents: p.cost_per_gb_cents,
        weight: p.weight,
        countries: p.countries,
        active: p.active,
        carried_bytes: h.carried_bytes,
        up: h.up,
        failures: h.failures,
        checked_at: h.checked_at,
        last_error: h.last_error,
        created_at: p.created_at,
        updated_at: p.updated_at,
    }
}

impl PoolRow {
    /// What the gateway and the probe dial; None when a stored template no longer parses
    /// (edited by hand) or the port is out of range.
    pub fn route(&self) -> Option<PoolRoute> {
        let parsed = |field, text: &str| CredentialTemplate::parse(field, text).ok();
        Some(PoolRoute {
            id: self.id,
            name: self.name.clone(),
            kinds: kinds_from_text(&self.kinds),
            protocol: self.protocol,
            host: self.host.clone(),
            port: u16::try_from(self.port).ok()?,
            username: self.username.clone(),
            password: self.password.clone(),
            username_template: parsed("usernameTemplate", &self.username_template)?,
            password_template: parsed("passwordTemplate", &self.password_template)?,
            weight: u32::try_from(self.weight).unwrap_or(0),
            countries: countries_from_text(&self.countries),
        })
    }
}

impl std::fmt::Debug for PoolRow {
    /// Leaves the credentials out, so that no log line can carry them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoolRow")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("kinds", &self.kinds)
            .field("active", &self.active)
            .field("up", &self.up)
            .finish_non_exhaustive()
    }
}

/// A new pool, every field checked (`domain::upstream_pool`).
#[derive(Clone, Insertable)]
#[diesel(table_name = upstream_pools)]
pub struct NewPool {
    pub name: String,
    pub kinds: String,
    pub protocol: PoolProtocol,
    pub host: String,
    pub port: i32,
    pub username: String,
    pub password: String,
    pub username_template: String,
    pub password_template: String,
    pub cost_per_gb_cents: Cents,
    pub weight: i32,
    pub countries: String,
    pub active: bool,
}

/// An operator's edit: each `Some` field is written, the others kept.
#[derive(Clone, Default, AsChangeset)]
#[diesel(table_name = upstream_pools)]
pub struct PoolChanges {
    pub name: Option<String>,
    pub kinds: Option<String>,
    pub protocol: Option<PoolProtocol>,
    pub host: Option<String>,
    pub port: Option<i32>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub username_template: Option<String>,
    pub password_template: Option<String>,
    pub cost_per_gb_cents: Option<Cents>,
    pub weight: Option<i32>,
    pub countries: Option<String>,
    pub active: Option<bool>,
}

impl PoolChanges {
    /// Whether the edit changes nothing.
    pub fn is_empty(&self) -> bool {
        let Self {
            name,
            kinds,
            protocol,
            host,
            port,
            username,
            password,
            username_template,
            password_template,
            cost_per_gb_cents,
            weight,
            countries,
            active,
        } = self;
        name.is_none()
            && kinds.is_none()
            && protocol.is_none()
            && host.is_none()
            && port.is_none()
            && username.is_none()
            && password.is_none()
            && username_template.is_none()
            && password_template.is_none()
            && cost_per_gb_cents.is_none()
            && weight.is_none()
            && countries.is_none()
            && active.is_none()
    }
}

/// Adds `pool` and its health row (call inside a transaction); a taken name is
/// `DbError::UniqueViolation`.
pub fn create(conn: &mut DbConnection, pool: &NewPool) -> DbResult<PoolRow> {
    let at = now();
    let id: i64 = diesel::insert_into(upstream_pools::table)
        .values((
            pool.clone(),
            upstream_pools::created_at.eq(at),
            upstream_pools::updated_at.eq(at),
        ))
        .returning(upstream_pools::id)
        .get_result(conn)?;
    diesel::insert_into(health::table)
        .values(health::pool_id.eq(id))
        .execute(conn)?;
    find(conn, id)?.ok_or(DbError::Query(diesel::result::Error::NotFound))
}

pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Option<PoolRow>> {
    let Some(stored) = upstream_pools::table
        .find(id)
        .select(Stored::as_select())
        .first(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let h = health::table
        .find(id)
        .select(Health::as_select())
        .first(conn)
        .optional()?;
    Ok(Some(joined(stored, h)))
}

/// Every pool, oldest first.
pub fn list(conn: &mut DbConnection) -> DbResult<Vec<PoolRow>> {
    let stored = upstream_pools::table
        .order(upstream_pools::id.asc())
        .select(Stored::as_select())
        .load(conn)?;
    let mut healths: HashMap<i64, Health> = health::table
        .select(Health::as_select())
        .load(conn)?
        .into_iter()
        .map(|h| (h.pool_id, h))
        .collect();
    Ok(stored
        .into_iter()
        .map(|p| {
            let h = healths.remove(&p.id);
            joined(p, h)
        })
        .collect())
}

/// The pools the gateway may relay through: active and up, oldest first.
pub fn routable(conn: &mut DbConnection) -> DbResult<Vec<PoolRow>> {
    Ok(list(conn)?
        .into_iter()
        .filter(|p| p.active && p.up)
        .collect())
}

/// Writes `changes` (and the update time) to the pool `id`; false when there is no such pool.
/// A taken name is `DbError::UniqueViolation`.
pub fn update(conn: &mut DbConnection, id: i64, changes: &PoolChanges) -> DbResult<bool> {
    let target = upstream_pools::table.find(id);
    let rows = if changes.is_empty() {
        diesel::update(target)
            .set(upstream_pools::updated_at.eq(now()))
            .execute(conn)?
    } else {
        diesel::update(target)
            .set((changes, upstream_pools::updated_at.eq(now())))
            .execute(conn)?
    };
    Ok(rows == 1)
}

/// What [`remove`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// The pool never carried a byte and is gone.
    Deleted,
    /// The pool carried traffic: it is kept (its name stays on the records), inactive.
    Deactivated,
    NotFound,
}

/// Deletes the pool `id`, or deactivates it when it carried traffic. The decision and the
/// change are one statement each on the row, so a flush adding bytes in between turns a delete
/// into nothing worse than a deactivation on the next try: the delete only matches a row that
/// still carried nothing.
pub fn remove(conn: &mut DbConnection, id: i64) -> DbResult<Removal> {
    let unused = health::table
        .filter(health::carried_bytes.eq(0))
        .select(health::pool_id);
    let deleted = diesel::delete(
        upstream_pools::table
            .find(id)
            .filter(upstream_pools::id.eq_any(unused)),
    )
    .execute(conn)?;
    if deleted == 1 {
        diesel::delete(health::table.find(id)).execute(conn)?;
        return Ok(Removal::Deleted);
    }
    let deactivated = diesel::update(upstream_pools::table.find(id))
        .set((
            upstream_pools::active.eq(false),
            upstream_pools::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(if deactivated == 1 {
        Removal::Deactivated
    } else {
        Removal::NotFound
    })
}
