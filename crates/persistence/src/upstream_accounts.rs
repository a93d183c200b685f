//! Customers' accounts at an upstream residential provider (IPRoyal sub-users): one per customer,
//! kind and provider. The provider's lifetime usage is turned into our usage rows by difference,
//! so that reading the same figure twice never counts twice.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::schema::{traffic_balances, upstream_accounts};
use crate::upsert::update_or_insert;
use crate::{now, traffic};
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = upstream_accounts)]
pub struct AccountRow {
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub provider: String,
    pub external_id: String,
    pub username: String,
    pub password: String,
    /// The provider's lifetime used bytes as last recorded.
    pub used_bytes: i64,
}

pub fn find(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    provider: &str,
) -> DbResult<Option<AccountRow>> {
    Ok(upstream_accounts::table
        .find((user_id, kind, provider))
        // A row without an id is only a first sync's lease.
        .filter(upstream_accounts::external_id.ne(""))
        .select(AccountRow::as_select())
        .first(conn)
        .optional()?)
}

/// Stores the account's id and credential (inserting it the first time). The recorded usage
/// stays while the account is the same one, and restarts from zero for a new one (a sub-user
/// recreated at the provider counts its usage from zero).
pub fn save(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    provider: &str,
    external_id: &str,
    username: &str,
    password: &str,
) -> DbResult<()> {
    let t = now();
    diesel::update(
        upstream_accounts::table
            .find((user_id, kind, provider))
            .filter(upstream_accounts::external_id.ne(external_id)),
    )
    .set(upstream_accounts::used_bytes.eq(0))
    .execute(conn)?;
    let update = |c: &mut DbConnection| {
        diesel::update(upstream_accounts::table.find((user_id, kind, provider)))
            .set((
                upstream_accounts::external_id.eq(external_id),
                upstream_accounts::username.eq(username),
                upstream_accounts::password.eq(password),
                upstream_accounts::updated_at.eq(t),
            ))
            .execute(c)
    };
    let insert = |c: &mut DbConnection| {
        diesel::insert_into(upstream_accounts::table)
            .values((
                upstream_accounts::user_id.eq(user_id),
                upstream_accounts::kind.eq(kind),
                upstream_accounts::provider.eq(provider),
                upstream_accounts::external_id.eq(external_id),
                upstream_accounts::username.eq(username),
                upstream_accounts::password.eq(password),
                upstream_accounts::used_bytes.eq(0),
                upstream_accounts::created_at.eq(t),
                upstream_accounts::updated_at.eq(t),
            ))
            .execute(c)
    };
    update_or_insert(conn, update, insert)?;
    Ok(())
}

/// Records the provider's lifetime usage `reported` for the account: what grew since the last
/// report goes to the balance and to `day`. Returns the bytes recorded. A lower report (a late
/// answer overtaken by a newer one) changes nothing; a recreated sub-user restarts the count
/// through [`save`].
pub fn record_reported_usage(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    provider: &str,
    day: &str,
    reported: i64,
) -> DbResult<i64> {
    let Some(account) = find(conn, user_id, kind, provider)? else {
        return Ok(0);
    };
    let grew = reported - account.used_bytes;
    if grew <= 0 {
        return Ok(0);
    }
    // Conditional on the figure read: a concurrent report of the same usage changes nothing.
    let updated = diesel::update(
        upstream_accounts::table
            .find((user_id, kind, provider))
            .filter(upstream_accounts::used_bytes.eq(account.used_bytes)),
    )
    .set((
        upstream_accounts::used_bytes.eq(reported),
        upstream_accounts::updated_at.eq(now()),
    ))
    .execute(conn)?;
    if updated == 0 {
        return Ok(0);
    }
    traffic::record_usage(conn, user_id, kind, day, grew)?;
    Ok(grew)
}

/// Takes the right to sync the account until `until` (one sync at a time, across instances);
/// false while another sync holds it. The first sync of an account holds it through a row
/// without an id.
pub fn try_lease(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    provider: &str,
    until: i64,
) -> DbResult<bool> {
    let t = now();
    let taken = diesel::update(
        upstream_accounts::table
            .find((user_id, kind, provider))
            .filter(
                upstream_accounts::sync_until
                    .is_null()
                    .or(upstream_accounts::sync_until.le(t)),
            ),
    )
    .set(upstream_accounts::sync_until.eq(until))
    .execute(conn)?;
    if taken == 1 {
        return Ok(true);
    }
    let exists: i64 = upstream_accounts::table
        .find((user_id, kind, provider))
        .count()
        .get_result(conn)?;
    if exists > 0 {
        return Ok(false);
    }
    let inserted = conn
        .transaction(|c| {
            diesel::insert_into(upstream_accounts::table)
                .values((
                    upstream_accounts::user_id.eq(user_id),
                    upstream_accounts::kind.eq(kind),
                    upstream_accounts::provider.eq(provider),
                    upstream_accounts::external_id.eq(""),
                    upstream_accounts::username.eq(""),
                    upstream_accounts::password.eq(""),
                    upstream_accounts::sync_until.eq(until),
                    upstream_accounts::created_at.eq(t),
                    upstream_accounts::updated_at.eq(t),
                ))
                .execute(c)
        })
        .map_err(DbError::from);
    match inserted {
        Ok(_) => Ok(true),
        Err(DbError::UniqueViolation(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Gives the sync lease back.
pub fn end_lease(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    provider: &str,
) -> DbResult<()> {
    diesel::update(upstream_accounts::table.find((user_id, kind, provider)))
        .set(upstream_accounts::sync_until.eq(None::<i64>))
        .execute(conn)?;
    Ok(())
}

/// The customers with bought traffic of `kind` (what a provider sync walks over).
pub fn customers_with_traffic(conn: &mut DbConnection, kind: ProxyKind) -> DbResult<Vec<UserId>> {
    Ok(traffic_balances::table
        .filter(traffic_balances::kind.eq(kind))
        .filter(traffic_balances::purchased_bytes.gt(0))
        .select(traffic_balances::user_id)
        .order(traffic_balances::user_id.asc())
        .load(conn)?)
}
