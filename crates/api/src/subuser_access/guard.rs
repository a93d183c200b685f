//! The middleware that holds a sub-user's sign-in or key to the sub-user allowlist, and a
//! reseller's client's session or key to the client allowlist (`client_access`): before any
//! handler runs, an operation under `/api/` (or a checkout page) that the caller's table does
//! not list is refused with 403; a client's session calling its wallet or a top-up passes only
//! while its reseller lets its clients buy (asked of the database). It sits inside the session middleware, which has read the
//! session's account row, and inside the bearer middleware, which has read the key.

use crate::blocking::with_conn;
use crate::client_access;
use crate::error::ApiError;
use crate::key_caller::KeyCaller;
use crate::session::SessionExt;
use crate::state::AppState;
use crate::subuser_access::allowlist;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, ResponseError, web};
use domain::{UserId, messages as msg};
use persistence::resellers::catalogue;
use persistence::users::UserRow;

/// Paths the guard looks at: the API and the local checkout pages. The front end's pages and
/// files hold no account data.
const GUARDED: [&str; 2] = ["/api/", "/checkout/"];

pub async fn guard(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let refused = match refusal(&req) {
        Verdict::Pass => None,
        Verdict::Refuse(message) => Some(ApiError::Forbidden(message)),
        Verdict::IfBuyer(message, reseller) => match buyers_welcome(&req, reseller).await {
            Ok(true) => None,
            Ok(false) => Some(ApiError::Forbidden(message)),
            Err(e) => Some(e),
        },
    };
    if let Some(err) = refused {
        let response = err.error_response();
        return Ok(req.into_response(response).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// What the guard does with a request.
enum Verdict {
    Pass,
    Refuse(&'static str),
    /// A client's session on a route open to clients whose reseller (this one) lets them buy.
    IfBuyer(&'static str, UserId),
}

/// Whether the reseller lets its clients buy, asked of the database (the reseller may change it
/// at any time, on any instance).
async fn buyers_welcome(req: &ServiceRequest, reseller: UserId) -> Result<bool, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::internal("app state", "missing"))?;
    with_conn(&state.services.pool, move |conn| {
        Ok(catalogue::open_to_clients(conn, reseller)?)
    })
    .await
}

/// The guard's verdict on this request.
fn refusal(req: &ServiceRequest) -> Verdict {
    match refusal_of_table(req) {
        None => Verdict::Pass,
        Some(message) => match buyer(req) {
            Some(reseller) => Verdict::IfBuyer(message, reseller),
            None => Verdict::Refuse(message),
        },
    }
}

/// The reseller of a client's session calling a route open to buying clients.
fn buyer(req: &ServiceRequest) -> Option<UserId> {
    if req.extensions().get::<KeyCaller>().is_some() {
        return None;
    }
    let user = req.get_session().loaded_user()?;
    let pattern = req.match_pattern()?;
    user.reseller_id
        .filter(|_| client_access::for_buyers(req.method().as_str(), &pattern))
}

/// The refusal a limited caller gets from its table for this request, if it gets one.
fn refusal_of_table(req: &ServiceRequest) -> Option<&'static str> {
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
