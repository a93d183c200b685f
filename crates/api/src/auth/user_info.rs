//! `GET /api/getuserinfo`: the signed-in user, or `null` for a guest (not an error).

use crate::extractors::MaybeUser;
use crate::view::{User, UserEnvelope};
use actix_web::{HttpResponse, get};

#[utoipa::path(tag = "auth", security(()),
    responses((status = 200, body = UserEnvelope)))]
#[get("/getuserinfo")]
pub async fn user_info(user: MaybeUser) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(UserEnvelope {
            user: user.0.as_ref().map(User::from),
        })
}
