//! The operator's grant that makes a customer a reseller: one `resellers` row, written only in
//! the transaction of its audit row (`api::admin::users::reseller`).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::resellers;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = resellers)]
pub struct ResellerRow {
    pub user_id: UserId,
    pub enabled: bool,
    pub discount_percent: i32,
    pub max_clients: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

/// What the operator sets; checked by the caller (`domain::resellers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    pub enabled: bool,
    pub discount_percent: i32,
    pub max_clients: i32,
}

/// The account's grant, enabled or not.
pub fn find(conn: &mut DbConnection, user: UserId) -> DbResult<Option<ResellerRow>> {
    Ok(resellers::table
        .find(user)
        .select(ResellerRow::as_select())
        .first(conn)
        .optional()?)
}

/// The account's grant when it is enabled: what the reseller routes need.
pub fn enabled(conn: &mut DbConnection, user: UserId) -> DbResult<Option<ResellerRow>> {
    Ok(find(conn, user)?.filter(|r| r.enabled))
}

/// Sets the account's grant (made on the first call); the row as it is now.
pub fn set(conn: &mut DbConnection, user: UserId, terms: Terms) -> DbResult<ResellerRow> {
    let t = now();
    update_or_insert(
        conn,
        |c| {
            diesel::update(resellers::table.find(user))
                .set((
                    resellers::enabled.eq(terms.enabled),
                    resellers::discount_percent.eq(terms.discount_percent),
                    resellers::max_clients.eq(terms.max_clients),
                    resellers::updated_at.eq(t),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(resellers::table)
                .values((
                    resellers::user_id.eq(user),
                    resellers::enabled.eq(terms.enabled),
                    resellers::discount_percent.eq(terms.discount_percent),
                    resellers::max_clients.eq(terms.max_clients),
                    resellers::created_at.eq(t),
                    resellers::updated_at.eq(t),
                ))
                .execute(c)
        },
    )?;
    Ok(resellers::table
        .find(user)
        .select(ResellerRow::as_select())
        .first(conn)?)
}

/// The discount an enabled reseller gets on its own purchases (`prices::customer_percent`);
/// None for anyone else or a discount of 0.
pub fn discount(conn: &mut DbConnection, user: UserId) -> DbResult<Option<i32>> {
    Ok(resellers::table
        .find(user)
        .filter(resellers::enabled.eq(true))
        .filter(resellers::discount_percent.gt(0))
        .select(resellers::discount_percent)
        .first(conn)
        .optional()?)
}

/// A reseller's low-pool alerts: the GB of its own premium and of its own budget traffic below
/// which the alerts check notifies it; `None`: off.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolAlerts {
    pub premium_below_gb: Option<i32>,
    pub budget_below_gb: Option<i32>,
}

/// The account's low-pool alerts (all off for an account never made a reseller).
pub fn pool_alerts(conn: &mut DbConnection, user: UserId) -> DbResult<PoolAlerts> {
    let row: Option<(Option<i32>, Option<i32>)> = resellers::table
        .find(user)
        .select((resellers::premium_below_gb, resellers::budget_below_gb))
        .first(conn)
        .optional()?;
    Ok(row.map_or_else(PoolAlerts::default, |(p, b)| PoolAlerts {
        premium_below_gb: p,
        budget_below_gb: b,
    }))
}

/// Sets the reseller's low-pool alerts; false when the account has no reseller row.
pub fn set_pool_alerts(
    conn: &mut DbConnection,
    user: UserId,
    alerts: PoolAlerts,
) -> DbResult<bool> {
    let changed = diesel::update(resellers::table.find(user))
        .set((
            resellers::premium_below_gb.eq(alerts.premium_below_gb),
            resellers::budget_below_gb.eq(alerts.budget_below_gb),
            resellers::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(changed == 1)
}

/// Every enabled reseller with a low-pool alert on, for the alerts check.
pub fn pool_watchers(conn: &mut DbConnection) -> DbResult<Vec<(UserId, PoolAlerts)>> {
    let rows: Vec<(UserId, Option<i32>, Option<i32>)> = resellers::table
        .filter(resellers::enabled.eq(true))
        .filter(
            resellers::premium_below_gb
                .is_not_null()
                .or(resellers::budget_below_gb.is_not_null()),
        )
        .select((
            resellers::user_id,
            resellers::premium_below_gb,
            resellers::budget_below_gb,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(user, p, b)| {
            (
                user,
                PoolAlerts {
                    premium_below_gb: p,
                    budget_below_gb: b,
                },
            )
        })
        .collect())
}
