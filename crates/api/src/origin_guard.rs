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
use url::{Origin, Url};

/// The origins a state-changing request may come from.
pub struct AllowedOrigins(pub Vec<Origin>);

impl AllowedOrigins {
    /// The origins of `urls`; entries that are not absolute URLs allow nothing.
    pub fn new<'a>(urls: impl IntoIterator<Item = &'a str>) -> AllowedOrigins {
        AllowedOrigins(urls.into_iter().filter_map(origin_of).collect())
    }

    fn allows(&self, origin: &str) -> bool {
        origin_of(origin).is_some_and(|o| self.0.contains(&o))
    }
}

/// The origin (scheme, host and port) of `url`, as a browser names it in `Origin`; `None` for
/// text that is not an absolute URL with a host (such as the `null` origin).
pub fn origin_of(url: &str) -> Option<Origin> {
    let origin = Url::parse(url).ok()?.origin();
    origin.is_tuple().then_some(origin)
}

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
            .is_some_and(|a| origin.to_str().is_ok_and(|o| a.allows(o)));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_is_scheme_host_and_port() {
        let origin = |url| origin_of(url).map(|o| o.ascii_serialization());
        assert_eq!(
            origin("https://shop.example:8443/x/y").as_deref(),
            Some("https://shop.example:8443")
        );
        assert_eq!(
            origin("http://127.0.0.1:8080").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(origin("null"), None);
    }

    #[test]
    fn allowed_origins_match_whatever_the_spelling() {
        let allowed = AllowedOrigins::new(["https://shop.example/", "http://localhost:5173"]);
        assert!(allowed.allows("https://shop.example"));
        assert!(allowed.allows("https://SHOP.example:443"));
        assert!(allowed.allows("http://localhost:5173"));
        assert!(!allowed.allows("http://localhost:5174"));
        assert!(!allowed.allows("http://evil.example"));
        assert!(!allowed.allows("null"));
    }
}
