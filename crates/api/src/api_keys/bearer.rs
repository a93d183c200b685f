//! `Authorization: Bearer psk_…` on `/api/user/*` and `/api/reseller/*`: the request acts as the
//! key's owner, within the key's scopes, and never as or with a session.
//!
//! Order of checks: the key (unknown, revoked, expired, source address not allowed, owner
//! disabled: 401 "Invalid API key"), then the key's rate limit (429), then the operation (not in
//! the scope table: 403 "This action needs a signed-in session"; scope missing: 403 "This key
//! lacks the <scope> scope"; a key limited to a sub-user whose operation is not on the sub-user
//! allowlist: 403, `subuser_access`; a key of a reseller's client whose operation is not on the
//! client allowlist: 403, `client_access`). Only then is the use recorded and the owner handed to the
//! extractors (`KeyCaller` in the request's extensions). Any `Set-Cookie` of the answer is
//! dropped: a key request never gets a cookie.

use crate::api_keys::{networks, scope, token};
use crate::blocking::with_conn;
use crate::client_access;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::key_caller::KeyCaller;
use crate::state::AppState;
use crate::subuser_access;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{AUTHORIZATION, SET_COOKIE};
use actix_web::middleware::Next;
use actix_web::{Error, FromRequest, HttpMessage, web};
use domain::messages as msg;
use persistence::{api_keys, rate_windows, subusers, users};

fn invalid_key() -> ApiError {
    ApiError::UnauthorizedWith(msg::INVALID_API_KEY)
}

/// The paths keys are accepted on; elsewhere the header is ignored.
const KEY_PATHS: [&str; 2] = ["/api/user/", "/api/reseller/"];
/// A key's last use is written at most this often (seconds).
const TOUCH_EVERY: i64 = 60;
/// The key rate limit's window (seconds).
const WINDOW: i64 = 60;

pub async fn authenticate(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let token = bearer_token(&req);
    let keyed = KEY_PATHS
        .iter()
        .any(|prefix| req.path().starts_with(prefix));
    let Some(token) = token.filter(|_| keyed) else {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    };
    let caller = match check(&req, token).await {
        Ok(caller) => caller,
        Err(err) => {
            let response = actix_web::ResponseError::error_response(&err);
            return Ok(req.into_response(response).map_into_right_body());
        }
    };
    req.extensions_mut().insert(caller);
    let mut response = next.call(req).await?;
    response.headers_mut().remove(SET_COOKIE);
    Ok(response.map_into_left_body())
}

/// The token of an `Authorization: Bearer <token>` header (the scheme in any case).
fn bearer_token(req: &ServiceRequest) -> Option<String> {
    let value = req.headers().get(AUTHORIZATION)?.to_str().ok()?;
    let value = value.trim();
    let (scheme, token) = value.split_once(' ').unwrap_or((value, ""));
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_owned())
}

async fn check(req: &ServiceRequest, token: String) -> Result<KeyCaller, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::internal("app state", "missing"))?;
    let ClientIp(client) = ClientIp::extract(req.request()).await?;
    let path = req.match_pattern();
    let method = req.method().as_str().to_owned();
    let required = path.as_deref().and_then(|p| scope::required(&method, p));
    let limit = i32::try_from(state.settings.limits.api_key_per_minute).unwrap_or(i32::MAX);
    let key_hash = token::hash(&token);
    with_conn(&state.services.pool, move |conn| {
        let now = persistence::now();
        let key = api_keys::find_by_hash(conn, &key_hash)?
            .filter(|k| k.revoked_at.is_none())
            .filter(|k| k.expires_at.is_none_or(|at| at > now))
            .filter(|k| networks::allows(&k.allowed_ips, &client))
            .ok_or_else(invalid_key)?;
        let user = users::find_by_id(conn, key.user_id)?
            .filter(|u| !u.disabled)
            .ok_or_else(invalid_key)?;
        let window_key = format!("apikey:{}", key.id);
        if let Some(retry_after) = rate_windows::hit(conn, &window_key, limit, WINDOW, now)? {
            tracing::warn!(key = key.id, "API key rate limit reached");
            return Err(ApiError::TooManyRequests {
                message: msg::TOO_MANY_REQUESTS.to_owned(),
                retry_after: retry_after.unsigned_abs(),
            });
        }
        // A key limited to a sub-user: its sub-user must still be there, and the operation
        // on the sub-user allowlist as well as in the key's scopes.
        let subuser = match key.subuser_id {
            Some(id) => Some(subusers::get(conn, key.user_id, id)?.ok_or_else(invalid_key)?),
            None => None,
        };
        if subuser.is_some()
            && !path
                .as_deref()
                .is_some_and(|p| subuser_access::allowed(&method, p))
        {
            return Err(ApiError::Forbidden(msg::SUBUSER_KEY_REFUSED));
        }
        // A key of a reseller's client: the operation on the client allowlist too.
        if user.reseller_id.is_some()
            && !path
                .as_deref()
                .is_some_and(|p| client_access::allowed(&method, p))
        {
            return Err(ApiError::Forbidden(msg::CLIENT_KEY_REFUSED));
        }
        let required = required.ok_or(ApiError::Forbidden(msg::NEEDS_SESSION))?;
        if !scope::load(&key.scopes).contains(&required) {
            return Err(ApiError::Forbidden(required.lacking_message()));
        }
        api_keys::touch(conn, key.id, now, TOUCH_EVERY)?;
        Ok(KeyCaller {
            user,
            key_id: key.id,
            subuser,
        })
    })
    .await
}
