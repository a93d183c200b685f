//! An operator's changes to an account's access: disable (which ends every session of the
//! account), enable, and the role. Run each inside the transaction that writes its audit row.
//!
//! The shop always keeps an enabled admin. A change that would take one away (disabling an
//! admin, demoting an enabled admin) is one conditional UPDATE that applies only while another
//! enabled admin exists, after `lock_enabled_admins` has locked every enabled admin's row: on
//! PostgreSQL two admins demoting or disabling each other at once are thereby serialised (the
//! second waits for the first and then sees its change), so both cannot succeed; on SQLite every
//! write transaction already holds the one write lock (`write_transaction`). The gateway reads
//! `users.disabled` at authentication and at every flush (`gateway_accounts::disabled_among`);
//! disable and enable also write a `gateway_events` row in the same transaction, which every
//! gateway node reads within about a second. A reseller's client suspended by its reseller
//! (`resellers::clients`) is disabled with `suspended` set; the operator's disable and enable
//! clear that mark, so the operator's decision is the one that stands.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::gateway_events::{self, Reason};
use crate::now;
use crate::schema::users;
use crate::sessions;
use diesel::prelude::*;
use domain::{Role, UserId};

/// What a change did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Changed,
    /// The account was already in the asked state: nothing written.
    Unchanged,
    /// It would leave the shop without an enabled admin: nothing written.
    LastAdmin,
    NotFound,
}

const ADMIN: &str = "admin";

/// Row-locks every enabled admin (a no-op write on PostgreSQL; SQLite's write transaction
/// already excludes every other writer).
fn lock_enabled_admins(conn: &mut DbConnection) -> DbResult<()> {
    diesel::update(
        users::table
            .filter(users::role.eq(ADMIN))
            .filter(users::disabled.eq(false)),
    )
    .set(users::updated_at.eq(users::updated_at))
    .execute(conn)?;
    Ok(())
}

diesel::alias!(users as others: OtherUsers);

/// `(role, disabled)` of the account, if it exists.
fn state(conn: &mut DbConnection, id: UserId) -> DbResult<Option<(String, bool)>> {
    Ok(users::table
        .find(id)
        .select((users::role, users::disabled))
        .first(conn)
        .optional()?)
}

/// Disables the account and deletes all its sessions, unless it is the last enabled admin.
pub fn disable(conn: &mut DbConnection, id: UserId) -> DbResult<Outcome> {
    lock_enabled_admins(conn)?;
    let another_admin = diesel::dsl::exists(
        others
            .filter(others.field(users::role).eq(ADMIN))
            .filter(others.field(users::disabled).eq(false))
            .filter(others.field(users::id).ne(id)),
    );
    // A client its reseller suspended is disabled already: the operator's disable takes it
    // over (`suspended` cleared), so that the reseller's resume cannot undo it.
    let changed = diesel::update(
        users::table
            .find(id)
            .filter(users::disabled.eq(false).or(users::suspended.eq(true)))
            .filter(users::role.ne(ADMIN).or(another_admin)),
    )
    .set((
        users::disabled.eq(true),
        users::suspended.eq(false),
        users::updated_at.eq(now()),
    ))
    .execute(conn)?;
    if changed == 1 {
        sessions::delete_for_user(conn, id)?;
        gateway_events::emit(conn, Reason::UserDisabled, Some(id), None)?;
        // A reseller's client: the reseller's pieces it holds stop too.
        crate::resellers::pieces::cut_held(conn, id)?;
        return Ok(Outcome::Changed);
    }
    Ok(match state(conn, id)? {
        None => Outcome::NotFound,
        Some((_, true)) => Outcome::Unchanged,
        Some(_) => Outcome::LastAdmin,
    })
}

/// Enables a disabled account (its old sessions stay ended).
pub fn enable(conn: &mut DbConnection, id: UserId) -> DbResult<Outcome> {
    let changed = diesel::update(users::table.find(id).filter(users::disabled.eq(true)))
        .set((
            users::disabled.eq(false),
            users::suspended.eq(false),
            users::updated_at.eq(now()),
        ))
        .execute(conn)?;
    if changed == 1 {
        gateway_events::emit(conn, Reason::UserEnabled, Some(id), None)?;
        return Ok(Outcome::Changed);
    }
    Ok(match state(conn, id)? {
        None => Outcome::NotFound,
        Some(_) => Outcome::Unchanged,
    })
}

/// Gives the account `role`. Demoting an enabled admin needs another enabled admin.
pub fn set_role(conn: &mut DbConnection, id: UserId, role: Role) -> DbResult<Outcome> {
    let changed = match role {
        Role::Admin => diesel::update(users::table.find(id).filter(users::role.ne(ADMIN)))
            .set((users::role.eq(ADMIN), users::updated_at.eq(now())))
            .execute(conn)?,
        Role::User => {
            lock_enabled_admins(conn)?;
            let another_admin = diesel::dsl::exists(
                others
                    .filter(others.field(users::role).eq(ADMIN))
                    .filter(others.field(users::disabled).eq(false))
                    .filter(others.field(users::id).ne(id)),
            );
            diesel::update(
                users::table
                    .find(id)
                    .filter(users::role.eq(ADMIN))
                    .filter(users::disabled.eq(true).or(another_admin)),
            )
            .set((users::role.eq(role.as_str()), users::updated_at.eq(now())))
            .execute(conn)?
        }
    };
    if changed == 1 {
        return Ok(Outcome::Changed);
    }
    Ok(match state(conn, id)? {
        None => Outcome::NotFound,
        Some((stored, _)) if Role::from_stored(&stored) == role => Outcome::Unchanged,
        Some(_) => Outcome::LastAdmin,
    })
}
