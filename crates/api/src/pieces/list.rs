//! `GET /api/user/proxies?type=&q=&page=&perPage=`: every proxy the customer generated or bought,
//! across kinds or of one, newest first, searchable (the Generated Proxies page).

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use domain::{ProxyKind, messages as msg};
use persistence::proxy_history;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
pub struct ProxiesQuery {
    /// One kind, or empty for all.
    #[serde(rename = "type")]
    #[param(schema_with = crate::openapi::rules::kind_or_all)]
    pub kind: Option<String>,
    /// Only proxies containing this text (case-insensitive).
    #[param(schema_with = crate::openapi::rules::filter_text)]
    pub q: Option<String>,
    /// 1-based; below 1 is 422.
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Rows per page, from 1 to 200 (422 outside).
    #[serde(rename = "perPage")]
    #[param(minimum = 1, maximum = 200)]
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProxyItem {
    pub id: i64,
    pub proxy: String,
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
    /// When a piece stops working; null for traffic proxies.
    #[serde(rename = "expiresAt")]
    pub expires_at: Option<i64>,
    /// How many identical lines this row stands for (a rotating generation of N lines is one
    /// row with quantity N; sticky lines and pieces are 1).
    #[schema(minimum = 1)]
    pub quantity: i32,
}

#[utoipa::path(tag = "pieces", params(ProxiesQuery),
    responses((status = 200, body = Paged<ProxyItem>), (status = 401), (status = 422)))]
#[get("/user/proxies")]
pub async fn list_proxies(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ProxiesQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = match query.kind.as_deref().map(str::trim) {
        None | Some("") | Some("all") => None,
        Some(k) => {
            Some(ProxyKind::parse(k).ok_or_else(|| ApiError::field("type", msg::UNKNOWN_TYPE))?)
        }
    };
    let search = crate::query_text::given("q", query.q.as_deref())?
        .map(|q| q.chars().take(100).collect::<String>());
    let page = PageQuery {
        page: query.page,
        per_page: query.per_page,
    }
    .resolve(20)?;
    let id = user.0.id;
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(proxy_history::page(
            conn,
            id,
            kind,
            search.as_deref(),
            page.offset,
            page.per_page,
        )?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(
            rows.into_iter()
                .map(|r| ProxyItem {
                    id: r.id,
                    proxy: r.proxy,
                    kind: r.kind,
                    created_at: r.created_at,
                    expires_at: r.expires_at,
                    quantity: r.quantity,
                })
                .collect(),
            total,
            page,
        )))
}
