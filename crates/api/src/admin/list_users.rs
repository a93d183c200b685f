//! `GET /api/admin/users?page=&perPage=`: the customer list, newest first.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{Page, PageQuery};
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use domain::Cents;
use persistence::users;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserRow {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: String,
    #[schema(value_type = f64)]
    pub balance: Cents,
    pub disabled: bool,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserPage {
    pub users: Vec<AdminUserRow>,
    pub total: i64,
    pub page: i64,
    #[serde(rename = "perPage")]
    pub per_page: i64,
}

#[utoipa::path(tag = "admin", params(PageQuery),
    responses((status = 200, body = UserPage), (status = 401), (status = 403)))]
#[get("/admin/users")]
pub async fn list_users(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let Page {
        page,
        per_page,
        offset,
    } = query.resolve(50, 200);
    let (rows, total) = with_conn(&state.pool, move |conn| {
        Ok(users::list(conn, per_page, offset)?)
    })
    .await?;
    let users = rows
        .into_iter()
        .map(|u| AdminUserRow {
            id: u.id.get(),
            email: u.email,
            name: u.name,
            role: u.role,
            balance: u.balance_cents,
            disabled: u.disabled,
            created_at: u.created_at,
        })
        .collect();
    Ok(HttpResponse::Ok().json(UserPage {
        users,
        total,
        page,
        per_page,
    }))
}
