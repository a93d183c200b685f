//! `GET|POST /api/user/logout`: ends the session on the server and clears the cookie.
//!
//! The API contract keeps the GET, but a GET is what a link on another site makes, and the session cookie
//! (SameSite=Lax) rides along on a top-level navigation: a GET the browser marks
//! `Sec-Fetch-Site: cross-site` is refused. The front end uses the POST, which the origin guard
//! checks like every other state change.

use crate::error::ApiError;
use crate::session::Session;
use crate::view::ErrorResponse;
use actix_web::{HttpRequest, HttpResponse, get, post};
use domain::messages as msg;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct LogoutResponse {
    pub success: bool,
    pub message: String,
}

#[utoipa::path(tag = "auth", security(()),
    responses((status = 200, body = LogoutResponse), (status = 403, body = ErrorResponse)))]
#[get("/user/logout")]
pub async fn logout(req: HttpRequest, session: Session) -> Result<HttpResponse, ApiError> {
    let cross_site = req
        .headers()
        .get("sec-fetch-site")
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"cross-site"));
    if cross_site {
        return Err(ApiError::Forbidden(msg::BAD_ORIGIN));
    }
    Ok(end_session(&session))
}

#[utoipa::path(tag = "auth", security(()), operation_id = "logout_post",
    responses((status = 200, body = LogoutResponse), (status = 403, body = ErrorResponse)))]
#[post("/user/logout")]
pub async fn logout_post(session: Session) -> HttpResponse {
    end_session(&session)
}

fn end_session(session: &Session) -> HttpResponse {
    session.purge();
    HttpResponse::Ok().json(LogoutResponse {
        success: true,
        message: msg::LOGGED_OUT.to_owned(),
    })
}
