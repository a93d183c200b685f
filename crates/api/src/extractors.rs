//! Who is calling: `MaybeUser` for routes open to guests, `CurrentUser` (401 for guests) and
//! `AdminUser` (403 for non-admins, and for admins without two-factor sign-in when
//! `PROXYSHOP_ADMIN_2FA=required`), and `ClientIp` for rate limits and the session list. On
//! `/api/user/*` an API key stands in for the session (`api_keys::bearer`).

use crate::api_keys::caller::KeyCaller;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::session_store::USER_ID_KEY;
use crate::state::AppState;
use actix_session::SessionExt;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use domain::{Role, messages as msg};
use persistence::users::{self, UserRow};
use std::future::Future;
use std::pin::Pin;

/// The signed-in user, loaded fresh from the database on every request (so a disabled account
/// or a changed role takes effect at once).
pub struct MaybeUser(pub Option<UserRow>);
pub struct CurrentUser(pub UserRow);
pub struct AdminUser(pub UserRow);

type Fut<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

async fn load_user(req: HttpRequest) -> Result<Option<UserRow>, ApiError> {
    // A request the API key middleware accepted acts as the key's owner, never as a session.
    if let Some(caller) = req.extensions().get::<KeyCaller>() {
        return Ok(Some(caller.user.clone()));
    }
    let session = req.get_session();
    let Some(id) = session.get::<domain::UserId>(USER_ID_KEY).ok().flatten() else {
        return Ok(None);
    };
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::internal("app state", "missing"))?;
    let user = with_conn(&state.pool, move |conn| Ok(users::find_by_id(conn, id)?)).await?;
    match user {
        Some(user) if !user.disabled => Ok(Some(user)),
        _ => {
            // The account is gone or disabled: this session must not keep working.
            session.purge();
            Ok(None)
        }
    }
}

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = Fut<Self>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { load_user(req).await.map(MaybeUser) })
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Fut<Self>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            load_user(req)
                .await?
                .map(CurrentUser)
                .ok_or(ApiError::Unauthorized)
        })
    }
}

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Fut<Self>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = load_user(req.clone())
                .await?
                .ok_or(ApiError::Unauthorized)?;
            if Role::from_stored(&user.role) != Role::Admin {
                return Err(ApiError::Forbidden(msg::FORBIDDEN));
            }
            let state = req
                .app_data::<web::Data<AppState>>()
                .ok_or_else(|| ApiError::internal("app state", "missing"))?;
            if state.settings.admin_2fa_required {
                let id = user.id;
                let enrolled = with_conn(&state.pool, move |conn| {
                    Ok(persistence::two_factor::is_enabled(conn, id)?)
                })
                .await?;
                if !enrolled {
                    return Err(ApiError::Forbidden(msg::ADMIN_TWO_FACTOR_REQUIRED));
                }
            }
            Ok(AdminUser(user))
        })
    }
}

/// The client's address: the TCP peer, or, when configured to sit behind a trusted proxy, the
/// last `X-Forwarded-For` hop (the one that proxy appended; earlier hops are whatever the client
/// sent). A hop that is not an IP address is ignored: anyone can write that header.
pub struct ClientIp(pub String);

impl FromRequest for ClientIp {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let trust = req
            .app_data::<web::Data<AppState>>()
            .is_some_and(|s| s.settings.trust_forwarded_for);
        let forwarded = trust
            .then(|| forwarded_client(req.headers().get_all("x-forwarded-for")))
            .flatten();
        let peer = req.peer_addr().map(|a| a.ip().to_string());
        std::future::ready(Ok(ClientIp(
            forwarded.or(peer).unwrap_or_else(|| "unknown".into()),
        )))
    }
}

/// The right-most hop of all `X-Forwarded-For` headers, if it is an IP address.
fn forwarded_client<'a>(
    values: impl Iterator<Item = &'a actix_web::http::header::HeaderValue>,
) -> Option<String> {
    let last_header = values.last()?.to_str().ok()?;
    let hop = last_header.rsplit(',').next()?.trim();
    hop.parse::<std::net::IpAddr>()
        .ok()
        .map(|ip| ip.to_string())
}

#[cfg(test)]
mod tests {
    use super::forwarded_client;
    use actix_web::http::header::HeaderValue;

    fn client(values: &[&str]) -> Option<String> {
        let values: Vec<HeaderValue> = values
            .iter()
            .map(|v| HeaderValue::from_str(v).unwrap())
            .collect();
        forwarded_client(values.iter())
    }

    #[test]
    fn the_hop_the_trusted_proxy_appended_counts() {
        assert_eq!(
            client(&["fake-1, 203.0.113.9"]).as_deref(),
            Some("203.0.113.9")
        );
        assert_eq!(
            client(&["198.51.100.1", "203.0.113.9"]).as_deref(),
            Some("203.0.113.9")
        );
        assert_eq!(client(&[" 2001:db8::1 "]).as_deref(), Some("2001:db8::1"));
    }

    #[test]
    fn a_hop_that_is_no_address_is_ignored() {
        assert_eq!(client(&["203.0.113.9, fake-2"]), None);
        assert_eq!(client(&[""]), None);
        assert_eq!(client(&[]), None);
    }
}
