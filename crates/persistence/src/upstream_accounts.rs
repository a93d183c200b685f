//! Customers' accounts at an upstream residential provider (IPRoyal sub-users): one per customer,
//! kind and provider. The provider's lifetime usage is turned into our usage rows by difference,
//! so that reading the same figure twice never counts twice.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{traffic_balances, upstream_accounts};
use crate::{now, traffic};
use diesel::prelude::*;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = upstream_accounts)]
pub struct AccountRow {
    pub user_id: i64,
    pub kind: String,
    pub provider: String,
    pub external_id: String,
    pub username: String,
    pub password: String,
    /// The provider's lifetime used bytes as last recorded.
    pub used_bytes: i64,
}

pub fn find(
    conn: &mut DbConnection,
    user_id: i64,
    kind: &str,
    provider: &str,
) -> DbResult<Option<AccountRow>> {
    Ok(upstream_accounts::table
        .find((user_id, kind, provider))
        .select(AccountRow::as_select())
        .first(conn)
        .optional()?)
}

/// Stores the account's id and credential (inserting it the first time); the recorded usage
/// is left as it is.
pub fn save(
    conn: &mut DbConnection,
    user_id: i64,
    kind: &str,
    provider: &str,
    external_id: &str,
    username: &str,
    password: &str,
) -> DbResult<()> {
    let t = now();
    let updated = diesel::update(upstream_accounts::table.find((user_id, kind, provider)))
        .set((
            upstream_accounts::external_id.eq(external_id),
            upstream_accounts::username.eq(username),
            upstream_accounts::password.eq(password),
            upstream_accounts::updated_at.eq(t),
        ))
        .execute(conn)?;
    if updated == 0 {
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
            .execute(conn)?;
    }
    Ok(())
}

/// Records the provider's lifetime usage `reported` for the account: what grew since the last
/// report goes to the balance and to `day`. Returns the bytes recorded. A report lower than the
/// last one (a recreated sub-user) restarts the count without recording anything.
pub fn record_reported_usage(
    conn: &mut DbConnection,
    user_id: i64,
    kind: &str,
    provider: &str,
    day: &str,
    reported: i64,
) -> DbResult<i64> {
    let Some(account) = find(conn, user_id, kind, provider)? else {
        return Ok(0);
    };
    let grew = reported - account.used_bytes;
    // Conditional on the figure read: a concurrent report of the same usage changes nothing.
    let updated = diesel::update(
        upstream_accounts::table
            .find((user_id, kind, provider))
            .filter(upstream_accounts::used_bytes.eq(account.used_bytes)),
    )
    .set((
        upstream_accounts::used_bytes.eq(reported.max(0)),
        upstream_accounts::updated_at.eq(now()),
    ))
    .execute(conn)?;
    if updated == 0 || grew <= 0 {
        return Ok(0);
    }
    traffic::record_usage(conn, user_id, kind, day, grew)?;
    Ok(grew)
}

/// The customers with bought traffic of `kind` (what a provider sync walks over).
pub fn customers_with_traffic(conn: &mut DbConnection, kind: &str) -> DbResult<Vec<i64>> {
    Ok(traffic_balances::table
        .filter(traffic_balances::kind.eq(kind))
        .filter(traffic_balances::purchased_bytes.gt(0))
        .select(traffic_balances::user_id)
        .order(traffic_balances::user_id.asc())
        .load(conn)?)
}
