//! `GET /api/getuserinfo`: the signed-in user, or `null` for a guest (not an error). A
//! sub-user's sign-in gets its own account row (no balance, `subuserId` set), never its
//! owner's.

use crate::extractors::{MaybeViewer, Viewer};
use crate::view::{User, UserEnvelope};
use actix_web::{HttpResponse, get};

#[utoipa::path(tag = "auth", security(()),
    responses((status = 200, body = UserEnvelope)))]
#[get("/getuserinfo")]
pub async fn user_info(viewer: MaybeViewer) -> HttpResponse {
    let user = viewer.0.map(|Viewer { user, subuser }| match subuser {
        Some(scope) => scope.login.as_ref().map(User::from),
        None => Some(User::from(&user)),
    });
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(UserEnvelope {
            user: user.flatten(),
        })
}
