//! The sign-ins of sub-users (docs/subusers.md): an account row (`users`) marked with the
//! sub-user it may look at (`users.subuser_id`), so that signing in, its guard, resets and
//! sessions are the accounts' own. At most one per sub-user; removing the sub-user removes it
//! (`subusers::delete`), and deleting the row ends its sessions (`sessions` cascades).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{subusers, users};
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
