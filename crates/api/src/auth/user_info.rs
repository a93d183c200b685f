//! `GET /api/getuserinfo`: the signed-in user, or `null` for a guest (not an error). A
//! sub-user's sign-in gets its own account row (no balance, `subuserId` set), never its
//! owner's.

use crate::error::ApiError;
use crate::extractors::{MaybeViewer, Viewer};
use crate::session::Session;
use crate::state::AppState;
use crate::view::{UserEnvelope, user_view_knowing};
use actix_web::{HttpResponse, get, web};

#[utoipa::path(tag = "auth", security(()),
    responses((status = 200, body = UserEnvelope)))]
#[get("/getuserinfo")]
pub async fn user_info(
    state: web::Data<AppState>,
    viewer: MaybeViewer,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let row = viewer.0.and_then(|Viewer { user, subuser }| match subuser {
        Some(scope) => scope.login,
        None => Some(user),
    });
    let user = match row {
        Some(row) => {
            let known = session.loaded_reseller(row.id);
            Some(user_view_knowing(&state.services.pool, &row, known).await?)
        }
        None => None,
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(UserEnvelope { user }))
}
