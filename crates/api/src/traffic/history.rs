//! `GET /api/user/proxy_history?type=`: the proxies a customer generated or bought of a kind,
//! a row per generation of identical lines (with their `quantity`) or per distinct line.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::form::KindQuery;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use domain::ProxyKind;
use persistence::proxy_history;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryItem {
    /// The proxy as `host:port:username:password`.
    pub proxy: String,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// When the proxy stops working (pieces); null for traffic proxies.
    #[serde(rename = "expiresAt")]
    pub expires_at: Option<i64>,
    /// How many identical lines this row stands for: a rotating generation of N lines is one
    /// row with quantity N; sticky lines and pieces are one row each (quantity 1).
    #[schema(minimum = 1)]
    pub quantity: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryResponse {
    pub history: Vec<HistoryItem>,
}

#[utoipa::path(tag = "traffic", params(KindQuery),
    responses((status = 200, body = HistoryResponse), (status = 401), (status = 422)))]
#[get("/user/proxy_history")]
pub async fn proxy_history_list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<KindQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = query.parse()?;
    let id = user.0.id;
    let rows = with_conn(&state.services.pool, move |conn| {
        Ok(proxy_history::for_user(conn, id, kind, 500)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(HistoryResponse {
            history: rows
                .into_iter()
                .map(|r| HistoryItem {
                    proxy: r.proxy,
                    created_at: r.created_at,
                    kind: r.kind,
                    expires_at: r.expires_at,
                    quantity: r.quantity,
                })
                .collect(),
        }))
}
