//! `GET /api/admin/users/{id}/ledger?page=&perPage=`: a customer's wallet ledger, newest first.

use super::customer::customer_page;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use crate::view::LedgerEntry;
use actix_web::{HttpResponse, get, web};
use domain::UserId;
use persistence::wallet;

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
    customer_page::<_, LedgerEntry>(&state, id, &paging, wallet::history).await
}
