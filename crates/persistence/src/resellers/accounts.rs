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
