//! `GET /api/user/sessions`: every live session of the account, with where and when it was
//! used, the caller's own marked `current`.

use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::session::Session;
use crate::state::AppState;
use crate::user_sessions::device::describe;
use actix_web::{HttpResponse, get, web};
use app::sign_in::sessions::{live_sessions, public_id};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionItem {
    /// An opaque id for `DELETE /api/user/sessions/{id}` (not the session key).
    pub id: String,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
    /// When the session was last used (recorded at most once a minute).
    #[serde(rename = "lastSeenAt")]
    pub last_seen_at: Option<i64>,
    pub ip: Option<String>,
    /// Browser and system read from the user agent, e.g. "Chrome on Windows".
    pub device: String,
    /// The session this request came with.
    pub current: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionList {
    pub items: Vec<SessionItem>,
}

#[utoipa::path(tag = "account",
    responses((status = 200, body = SessionList), (status = 401)))]
#[get("/user/sessions")]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let rows = live_sessions(&state.services.pool, user.0.id).await?;
    let current = session.row();
    let items = rows
        .into_iter()
        .map(|row| SessionItem {
            current: current.as_deref() == Some(row.id.as_str()),
            id: public_id(&state.code_key, &row.id),
            created_at: row.created_at,
            last_seen_at: row.last_seen_at,
            ip: row.ip,
            device: describe(row.user_agent.as_deref()),
        })
        .collect();
    Ok(HttpResponse::Ok().json(SessionList { items }))
}
