//! `GET|POST /api/user/logout`: ends the session on the server and clears the cookie.

use actix_session::Session;
use actix_web::HttpResponse;
use domain::messages as msg;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct LogoutResponse {
    pub success: bool,
    pub message: String,
}

#[utoipa::path(get, path = "/api/user/logout", tag = "auth",
    responses((status = 200, body = LogoutResponse)))]
pub async fn logout(session: Session) -> HttpResponse {
    session.purge();
    HttpResponse::Ok().json(LogoutResponse {
        success: true,
        message: msg::LOGGED_OUT.to_owned(),
    })
}
