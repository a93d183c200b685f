//! `DELETE /api/user/sessions/{id}` ends one session of the caller's (404 for an id that is not
//! one of theirs: another account's session is indistinguishable from none);
//! `DELETE /api/user/sessions` ends all but the caller's own.

use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::session::Session;
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, delete, web};
use app::sign_in::sessions::{end_other_sessions, end_session};
use domain::messages as msg;

#[utoipa::path(tag = "account", params(("id" = String, Path, description = "The id from the session list")),
    responses((status = 200, body = MessageResponse), (status = 401),
              (status = 404, body = ErrorResponse)))]
#[delete("/user/sessions/{id}")]
pub async fn revoke_one(
    state: web::Data<AppState>,
    user: CurrentUser,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let ended = end_session(
        &state.services.pool,
        state.code_key,
        user.0.id,
        path.into_inner(),
    )
    .await?;
    let Some(row_id) = ended else {
        return Err(ApiError::NotFound);
    };
    if session.row().as_deref() == Some(row_id.as_str()) {
        // Ending one's own session is signing out here too.
        session.purge();
    }
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::SESSION_ENDED.to_owned(),
    }))
}

#[utoipa::path(tag = "account",
    responses((status = 200, body = MessageResponse), (status = 401)))]
#[delete("/user/sessions")]
pub async fn revoke_others(
    state: web::Data<AppState>,
    user: CurrentUser,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    // A signed-in session always has a row; without one nothing is kept.
    end_other_sessions(&state.services.pool, user.0.id, session.row()).await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::OTHER_SESSIONS_ENDED.to_owned(),
    }))
}
