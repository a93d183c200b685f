//! What the customer routes share to find the customer a path names: the account itself, or
//! 404 "User not found", and one page of a list of theirs (`customer_page`).

use super::view::AdminUserRow;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use actix_web::HttpResponse;
use domain::{UserId, messages as msg};
use persistence::admin_users::{self, Customer};
use persistence::users::{self, UserRow};
use persistence::{DbConnection, DbResult};
use serde::Serialize;

/// The account `id`, or 404 "User not found".
pub fn existing_customer(conn: &mut DbConnection, id: UserId) -> Result<UserRow, ApiError> {
    users::find_by_id(conn, id)?.ok_or(customer_not_found())
}

/// The account `id` with their last sign-in, or 404 "User not found".
pub fn existing_customer_with_logins(
    conn: &mut DbConnection,
    id: UserId,
) -> Result<Customer, ApiError> {
    admin_users::find(conn, id)?.ok_or(customer_not_found())
}

/// The customer `id` as the operator's list shows them, or 404 "User not found".
pub fn load_row(conn: &mut DbConnection, id: UserId) -> Result<AdminUserRow, ApiError> {
    Ok(AdminUserRow::from(&existing_customer_with_logins(
        conn, id,
    )?))
}

/// 404 "User not found": the path names no account.
pub fn customer_not_found() -> ApiError {
    ApiError::NotFoundWith(msg::USER_NOT_FOUND)
}

/// What reads one page of a customer's list: the customer, the page size and the offset; the
/// rows and the whole list's count (`wallet::history`, `customer_notes::list`).
type PageReader<Row> = fn(&mut DbConnection, UserId, i64, i64) -> DbResult<(Vec<Row>, i64)>;

/// One page (`?page=&perPage=`, 50 by default) of a list of the customer `id`'s, read by `read`,
/// answered as `Paged<Item>`, never cached; 404 "User not found" when there is no such account.
pub async fn customer_page<Row, Item>(
    state: &AppState,
    id: UserId,
    paging: &PageQuery,
    read: PageReader<Row>,
) -> Result<HttpResponse, ApiError>
where
    Row: Send + 'static,
    Item: From<Row> + Serialize,
{
    let at = paging.resolve(50)?;
    let (per_page, offset) = (at.per_page, at.offset);
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        Ok(read(conn, id, per_page, offset)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(
            rows.into_iter().map(Item::from).collect(),
            total,
            at,
        )))
}
