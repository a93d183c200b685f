//! Cross-site request forgery defence for state-changing calls: a browser request whose
//! `Origin` is not ours or an allowed front end is refused, and bodies must be JSON (a plain
//! HTML form cannot send that cross-site without a CORS preflight).

use crate::error::ApiError;
use actix_web::body::EitherBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{Error, web};
use domain::messages as msg;

/// The origins a state-changing request may come from.
pub struct AllowedOrigins(pub Vec<String>);

pub async fn guard(
    req: ServiceRequest,
    next: Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl actix_web::body::MessageBody>>, Error> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    }
    if let Some(origin) = req.headers().get("origin") {
        let allowed = req
            .app_data::<web::Data<AllowedOrigins>>()
            .is_some_and(|a| origin.to_str().is_ok_and(|o| a.0.iter().any(|x| x == o)));
        if !allowed {
            return Ok(reject(req, ApiError::Forbidden(msg::BAD_ORIGIN)));
        }
    }
    let has_body = req
        .headers()
        .get("content-length")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v != "0")
        || req.headers().contains_key("transfer-encoding");
    let content_type = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let json_or_upload = content_type.starts_with("application/json")
        || content_type.starts_with("multipart/form-data");
    if has_body && !json_or_upload {
        return Ok(reject(req, ApiError::UnsupportedMedia));
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

fn reject<B>(req: ServiceRequest, err: ApiError) -> ServiceResponse<EitherBody<B>> {
    let response = actix_web::ResponseError::error_response(&err);
    req.into_response(response).map_into_right_body()
}
