//! `DELETE /api/user/sessions/{id}` ends one session of the caller's (404 for an id that is not
//! one of theirs: another account's session is indistinguishable from none);
//! `DELETE /api/user/sessions` ends all but the caller's own.

use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::session::Session;
use crate::state::AppState;
use crate::user_sessions::public_id::public_id;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, delete, web};
use domain::messages as msg;
use persistence::{now, sessions};

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
    let wanted = path.into_inner();
    let user_id = user.0.id;
    let key = state.code_key;
    let ended = in_transaction(&state.services.pool, move |conn| {
        let rows = sessions::list_for_user(conn, user_id, now())?;
        let Some(row) = rows.into_iter().find(|r| public_id(&key, &r.id) == wanted) else {
            return Ok(None);
        };
        Ok(sessions::delete_of_user(conn, &row.id, user_id)?.then_some(row.id))
    })
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
    let user_id = user.0.id;
    // A signed-in session always has a row; without one nothing is kept.
    let keep = session.row();
    in_transaction(&state.services.pool, move |conn| {
        Ok(sessions::delete_others(conn, user_id, keep.as_deref())?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::OTHER_SESSIONS_ENDED.to_owned(),
    }))
}
