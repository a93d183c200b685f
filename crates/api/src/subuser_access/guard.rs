//! The middleware that holds a sub-user's sign-in or key to the allowlist: before any handler
//! runs, an operation under `/api/` (or a checkout page) that the table does not list is
//! refused with 403. It sits inside the session middleware, which has read the session's
//! account row, and inside the bearer middleware, which has read the key.

use crate::error::ApiError;
use crate::key_caller::KeyCaller;
use crate::session::SessionExt;
use crate::subuser_access::allowlist::allowed;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, ResponseError};
use domain::messages as msg;

/// Paths the guard looks at: the API and the local checkout pages. The front end's pages and
/// files hold no account data.
const GUARDED: [&str; 2] = ["/api/", "/checkout/"];

pub async fn guard(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    if let Some(message) = refusal(&req) {
        let response = ApiError::Forbidden(message).error_response();
        return Ok(req.into_response(response).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// The refusal a limited caller gets for this request, if it gets one.
fn refusal(req: &ServiceRequest) -> Option<&'static str> {
    let path = req.path();
    // The router decodes the path before it matches (`/%61pi/user/wallet` reaches the wallet):
    // a path with an escape is guarded whatever its raw prefix says.
    if !path.contains('%') && !GUARDED.iter().any(|prefix| path.starts_with(prefix)) {
        return None;
    }
    let message = limited(req)?;
    let listed = req
        .match_pattern()
        .is_some_and(|pattern| allowed(req.method().as_str(), &pattern));
    (!listed).then_some(message)
}

/// The refusal message when the caller is limited to a sub-user: a key limited to one, or a
/// session signed in as a sub-user's sign-in. A key request acts as the key only.
fn limited(req: &ServiceRequest) -> Option<&'static str> {
    if let Some(caller) = req.extensions().get::<KeyCaller>() {
        return caller.subuser.is_some().then_some(msg::SUBUSER_KEY_REFUSED);
    }
    req.get_session()
        .loaded_user()
        .and_then(|user| user.subuser_id)
        .map(|_| msg::SUBUSER_SESSION_REFUSED)
}
