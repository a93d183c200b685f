//! The sign-ins of sub-users (docs/subusers.md): an account row (`users`) marked with the
//! sub-user it may look at (`users.subuser_id`), so that signing in, its guard, resets and
//! sessions are the accounts' own. At most one per sub-user; removing the sub-user removes it
//! (`subusers::delete`), and deleting the row ends its sessions (`sessions` cascades).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::resellers::clients;
use crate::schema::{mailboxes, password_resets, subusers, users};
use crate::users::UserRow;
use diesel::prelude::*;
use domain::UserId;

/// A sub-user's sign-in as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubuserLogin {
    pub subuser_id: i64,
    pub email: String,
    /// Whether the invitee has set a password (accepted the invitation).
    pub active: bool,
}

/// The sign-ins of `owner`'s sub-users.
pub fn for_owner(conn: &mut DbConnection, owner: UserId) -> DbResult<Vec<SubuserLogin>> {
    let rows: Vec<(Option<i64>, String, Option<String>)> = users::table
        .inner_join(subusers::table.on(users::subuser_id.eq(subusers::id.nullable())))
        .filter(subusers::user_id.eq(owner))
        .select((users::subuser_id, users::email, users::password_hash))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, email, hash)| {
            id.map(|subuser_id| SubuserLogin {
                subuser_id,
                email,
                active: hash.is_some(),
            })
        })
        .collect())
}

/// The account row of sub-user `subuser_id`'s sign-in.
pub fn find(conn: &mut DbConnection, subuser_id: i64) -> DbResult<Option<UserRow>> {
    Ok(users::table
        .filter(users::subuser_id.eq(subuser_id))
        .select(UserRow::as_select())
        .first(conn)
        .optional()?)
}

/// Marks the account `user` as the sign-in of `subuser_id`. Run it in the transaction that
/// created the account.
pub fn attach(conn: &mut DbConnection, user: UserId, subuser_id: i64) -> DbResult<()> {
    diesel::update(users::table.find(user))
        .set(users::subuser_id.eq(Some(subuser_id)))
        .execute(conn)?;
    Ok(())
}

/// Deletes sub-user `subuser_id`'s sign-in with its sessions, codes and mailbox (the rows
/// that reference the account cascade); false when it had none.
pub fn remove(conn: &mut DbConnection, subuser_id: i64) -> DbResult<bool> {
    let removed =
        diesel::delete(users::table.filter(users::subuser_id.eq(subuser_id))).execute(conn)?;
    Ok(removed > 0)
}

/// An invitation not taken up: a sub-user's sign-in or a reseller's client (`resellers`) without
/// a password or a Google sign-in.
fn pending(u: &UserRow) -> bool {
    (u.subuser_id.is_some() || u.reseller_id.is_some())
        && u.password_hash.is_none()
        && u.google_sub.is_none()
}

/// The accounts holding `email`'s address (the email itself, or its mailbox,
/// `domain::canonical_email`) when every one of them is a sub-user sign-in not yet taken up: no
/// password and no Google sign-in. Empty when the address is free or belongs to a real account.
fn pending_holders(conn: &mut DbConnection, email: &str) -> DbResult<Vec<UserId>> {
    let mailbox = domain::canonical_email(email);
    let mut holders: Vec<UserRow> = users::table
        .filter(users::email.eq(email))
        .select(UserRow::as_select())
        .load(conn)?;
    holders.extend(
        users::table
            .inner_join(mailboxes::table.on(mailboxes::user_id.eq(users::id)))
            .filter(mailboxes::email_normalized.eq(&mailbox))
            .select(UserRow::as_select())
            .load::<UserRow>(conn)?,
    );
    if !holders.iter().all(pending) {
        return Ok(Vec::new());
    }
    // A reseller's client that holds what the reseller gave it keeps its address: giving way
    // would take that traffic or piece from the reseller.
    for holder in &holders {
        if holder.reseller_id.is_some() && clients::holds_anything(conn, holder.id)? {
            return Ok(Vec::new());
        }
    }
    let mut ids: Vec<UserId> = Vec::new();
    for holder in holders {
        if !ids.contains(&holder.id) {
            ids.push(holder.id);
        }
    }
    Ok(ids)
}

/// Whether `email`'s address is held only by invitations to sub-user sign-ins not yet taken
/// up: its owner may still register it (`give_way` then removes them).
pub fn only_invited(conn: &mut DbConnection, email: &str) -> DbResult<bool> {
    Ok(!pending_holders(conn, email)?.is_empty())
}

/// Removes the invitations to sub-user sign-ins not yet taken up that hold `email`'s address,
/// for its owner, who has just proved it (a registration code, Google), to get an account of
/// their own instead: they never asked to be someone's sub-user. Nothing when a real account
/// holds the address. Answers how many were removed.
pub fn give_way(conn: &mut DbConnection, email: &str) -> DbResult<usize> {
    let ids = pending_holders(conn, email)?;
    if ids.is_empty() {
        return Ok(0);
    }
    Ok(diesel::delete(users::table.filter(users::id.eq_any(ids))).execute(conn)?)
}

/// Removes the sign-ins and reseller's clients whose invitation ran out unused (no password, no
/// Google sign-in, no invitation token of `requester` still valid at `now`; a client also holding
/// nothing the reseller gave it), so that their addresses are free again and the owners' lists
/// no longer show them as pending. Answers how many.
pub fn purge_expired(conn: &mut DbConnection, requester: &str, now: i64) -> DbResult<usize> {
    let valid = password_resets::table
        .filter(password_resets::user_id.eq(users::id))
        .filter(password_resets::requester.eq(requester))
        .filter(password_resets::expires_at.gt(now));
    let expired: Vec<(UserId, Option<UserId>)> = users::table
        .filter(
            users::subuser_id
                .is_not_null()
                .or(users::reseller_id.is_not_null()),
        )
        .filter(users::password_hash.is_null())
        .filter(users::google_sub.is_null())
        .filter(diesel::dsl::not(diesel::dsl::exists(valid)))
        .select((users::id, users::reseller_id))
        .load(conn)?;
    let mut gone = Vec::new();
    for (id, reseller) in expired {
        if reseller.is_none() || !clients::holds_anything(conn, id)? {
            gone.push(id);
        }
    }
    Ok(diesel::delete(users::table.filter(users::id.eq_any(gone))).execute(conn)?)
}
