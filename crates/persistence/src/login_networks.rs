//! The networks each account has signed in from (`domain::network::network_key_of`: an IPv4
//! address, an IPv6 /64), written at every completed sign-in. The sign-in guard reads them: a
//! known network is never slowed down or asked for a mailed code because other networks failed
//! (crates/api/src/auth/guard.rs).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::login_networks;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;

/// Records a completed sign-in of `user` from `network` at `now`.
pub fn record(conn: &mut DbConnection, user: UserId, network: &str, now: i64) -> DbResult<()> {
    let id = user.get();
    update_or_insert(
        conn,
        |c| {
            diesel::update(login_networks::table.find((id, network)))
                .set(login_networks::last_at.eq(now))
                .execute(c)
        },
        |c| {
            diesel::insert_into(login_networks::table)
                .values((
                    login_networks::user_id.eq(id),
                    login_networks::network.eq(network),
                    login_networks::last_at.eq(now),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}

/// Whether `user` completed a sign-in from `network` at `since` or later.
pub fn is_known(
    conn: &mut DbConnection,
    user: UserId,
    network: &str,
    since: i64,
) -> DbResult<bool> {
    let found: Option<i64> = login_networks::table
        .find((user.get(), network))
        .filter(login_networks::last_at.ge(since))
        .select(login_networks::last_at)
        .first(conn)
        .optional()?;
    Ok(found.is_some())
}

/// Forgets networks last used before `cutoff`.
pub fn purge_older_than(conn: &mut DbConnection, cutoff: i64) -> DbResult<usize> {
    Ok(
        diesel::delete(login_networks::table.filter(login_networks::last_at.lt(cutoff)))
            .execute(conn)?,
    )
}
