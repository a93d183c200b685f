//! `GET /api/admin/users/{id}/ledger?page=&perPage=`: a customer's wallet ledger, newest first.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use crate::view::LedgerEntry;
use actix_web::{HttpResponse, get, web};
use domain::{UserId, messages as msg};
use persistence::{users, wallet};

#[utoipa::path(tag = "admin", params(("id" = i64, Path), PageQuery),
    responses((status = 200, body = Paged<LedgerEntry>), (status = 401), (status = 403),
        (status = 404, description = "User not found"),
        (status = 422, description = "page or perPage out of range")))]
#[get("/admin/users/{id}/ledger")]
pub async fn user_ledger(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let at = paging.resolve(50)?;
    let (per_page, offset) = (at.per_page, at.offset);
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        users::find_by_id(conn, id)?.ok_or(ApiError::NotFoundWith(msg::USER_NOT_FOUND))?;
        Ok(wallet::history(conn, id, per_page, offset)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(
            rows.into_iter().map(LedgerEntry::from).collect(),
            total,
            at,
        )))
}
