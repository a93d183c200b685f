//! The middleware that holds a sub-user's sign-in or key to the sub-user allowlist, and a
//! reseller's client's session or key to the client allowlist (`client_access`): before any
//! handler runs, an operation under `/api/` (or a checkout page) that the caller's table does
//! not list is refused with 403. It sits inside the session middleware, which has read the
//! session's account row, and inside the bearer middleware, which has read the key.

use crate::client_access;
use crate::error::ApiError;
use crate::key_caller::KeyCaller;
use crate::session::SessionExt;
use crate::subuser_access::allowlist;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, ResponseError};
use domain::messages as msg;
use persistence::users::UserRow;

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
    let (message, allowed) = limited(req)?;
    let listed = req
        .match_pattern()
        .is_some_and(|pattern| allowed(req.method().as_str(), &pattern));
    (!listed).then_some(message)
}

/// Whether a limited caller may call an operation (method, documented path).
type Table = fn(&str, &str) -> bool;

/// The refusal message and the table of a limited caller: a key limited to a sub-user or owned
/// by a reseller's client, or a session signed in as a sub-user's sign-in or as a client. A key
/// request acts as the key only.
fn limited(req: &ServiceRequest) -> Option<(&'static str, Table)> {
    if let Some(caller) = req.extensions().get::<KeyCaller>() {
        if caller.subuser.is_some() {
            return Some((msg::SUBUSER_KEY_REFUSED, allowlist::allowed));
        }
        return client(&caller.user).then_some((msg::CLIENT_KEY_REFUSED, client_access::allowed));
    }
    let user = req.get_session().loaded_user()?;
    if user.subuser_id.is_some() {
        return Some((msg::SUBUSER_SESSION_REFUSED, allowlist::allowed));
    }
    client(&user).then_some((msg::CLIENT_SESSION_REFUSED, client_access::allowed))
}

/// Whether the account is a reseller's client (docs/resellers.md).
fn client(user: &UserRow) -> bool {
    user.reseller_id.is_some()
}
