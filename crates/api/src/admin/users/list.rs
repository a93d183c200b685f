//! `GET /api/admin/users?q=&role=&disabled=&page=&perPage=`: the customer list, newest first.

use super::filter::CustomerQuery;
use super::view::AdminUserRow;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use persistence::admin_users;

#[utoipa::path(tag = "admin", params(CustomerQuery, PageQuery),
    responses((status = 200, body = Paged<AdminUserRow>), (status = 401), (status = 403),
        (status = 422, description = "role is neither admin nor user, or page or perPage out of range")))]
#[get("/admin/users")]
pub async fn list_users(
    _admin: AdminUser,
    state: web::Data<AppState>,
    filter: web::Query<CustomerQuery>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = filter.filter()?;
    let at = paging.resolve(50)?;
    let (per_page, offset) = (at.per_page, at.offset);
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(admin_users::list(conn, &filter, per_page, offset)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(
            rows.iter().map(AdminUserRow::from).collect(),
            total,
            at,
        )))
}
