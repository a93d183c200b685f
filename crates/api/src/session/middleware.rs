//! The session middleware: before the handler, the session the cookie names (and its user, in
//! the same query); after it, what the request did to the session stored and the cookie set or
//! cleared.
//!
//! After the handler, by what the request did (`Session`):
//! - nothing: no write and no cookie (a busy session costs one read per request);
//! - changed the state: the row rewritten and the cookie sent again with a fresh expiry (a
//!   session the request came without is stored only if its state is not empty: a visit alone
//!   makes no row and no cookie);
//! - renewed: the state stored under a new key, the old row deleted;
//! - purged: the row deleted and the cookie cleared.
//!
//! A cookie that is not a well-formed key is not looked up; one naming no live session is served
//! as a new, signed-out session. Neither logs anything: anyone can send either at full speed.
//! A store failure answers 500 with the generic message (`ApiError::Internal`).

use super::handle::{Session, Status};
use super::store::{self, DbSessionStore};
use crate::error::ApiError;
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform, forward_ready};
use actix_web::http::header::{COOKIE, HeaderValue, SET_COOKIE};
use std::future::{Future, Ready, ready};
use std::pin::Pin;
use std::rc::Rc;
use std::time::Duration;

/// The session cookie's name.
pub const COOKIE_NAME: &str = "proxyshop_session";

/// The middleware's configuration, given to `App::wrap`.
#[derive(Clone)]
pub struct Sessions(Rc<Config>);

struct Config {
    store: DbSessionStore,
    /// How long a session lives after its last change (the row's expiry and the cookie's
    /// `Max-Age`).
    ttl: Duration,
    /// The cookie's attributes after its value: `Secure` when the public URL is HTTPS.
    attributes: String,
}

impl Sessions {
    pub fn new(store: DbSessionStore, ttl: Duration, secure: bool) -> Self {
        let secure = if secure { "; Secure" } else { "" };
        Sessions(Rc::new(Config {
            store,
            ttl,
            attributes: format!("; HttpOnly; SameSite=Lax{secure}; Path=/"),
        }))
    }
}

impl Config {
    /// The `Set-Cookie` value that gives the browser `key` for the session's lifetime, or with
    /// no key makes it drop the cookie.
    fn cookie(&self, key: Option<&str>) -> Result<HeaderValue, ApiError> {
        let (value, lifetime) = match key {
            Some(key) => (key, format!("Max-Age={}", self.ttl.as_secs())),
            None => (
                "",
                "Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT".to_owned(),
            ),
        };
        HeaderValue::try_from(format!(
            "{COOKIE_NAME}={value}{}; {lifetime}",
            self.attributes
        ))
        .map_err(|e| ApiError::internal("session cookie", e))
    }

    /// What to tell the browser after storing what the request did to its session.
    async fn persist(&self, session: &Session) -> Result<Option<HeaderValue>, ApiError> {
        let failed = |e| ApiError::internal("session store", e);
        let changes = session.take();
        let (state, client) = (changes.state, changes.client);
        let key = match (changes.status, changes.key) {
            (Status::Unchanged, _) => return Ok(None),
            (Status::Purged, key) => {
                if let Some(key) = key {
                    self.store.delete(&key).await.map_err(failed)?;
                }
                return self.cookie(None).map(Some);
            }
            (Status::Changed, Some(key)) => self
                .store
                .update(key, &state, client, self.ttl)
                .await
                .map_err(failed)?,
            (Status::Renewed, Some(key)) => self
                .store
                .renew(&key, &state, client, self.ttl)
                .await
                .map_err(failed)?,
            (Status::Changed | Status::Renewed, None) if state.is_empty() => return Ok(None),
            (Status::Changed | Status::Renewed, None) => self
                .store
                .save(&state, client, self.ttl)
                .await
                .map_err(failed)?,
        };
        self.cookie(Some(&key)).map(Some)
    }
}

/// The session key the request's cookie holds, if it holds a well-formed one.
/// Read as bytes: another cookie's value with bytes beyond ASCII (a site's own script, a sibling
/// subdomain) must not hide ours. The first pair under our name counts.
fn cookie_key(req: &ServiceRequest) -> Option<&str> {
    let value = req
        .headers()
        .get_all(COOKIE)
        .flat_map(|value| value.as_bytes().split(|&b| b == b';'))
        .map(<[u8]>::trim_ascii)
        .find_map(|pair| {
            pair.strip_prefix(COOKIE_NAME.as_bytes())?
                .strip_prefix(b"=")
        })?;
    std::str::from_utf8(value)
        .ok()
        .filter(|key| store::well_formed(key))
}

impl<S, B> Transform<S, ServiceRequest> for Sessions
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = SessionService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(SessionService {
            service: Rc::new(service),
            config: self.0.clone(),
        }))
    }
}

pub struct SessionService<S> {
    service: Rc<S>,
    config: Rc<Config>,
}

impl<S, B> Service<ServiceRequest> for SessionService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>>>>;

    forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let service = Rc::clone(&self.service);
        let config = Rc::clone(&self.config);
        Box::pin(async move {
            let loaded = match cookie_key(&req) {
                Some(key) => config
                    .store
                    .load(key)
                    .await
                    .map_err(|e| ApiError::internal("session load", e))?,
                None => None,
            };
            let session = Session::new(loaded);
            session.attach(&req);
            let mut res = service.call(req).await?;
            if let Some(cookie) = config.persist(&session).await? {
                res.response_mut().headers_mut().append(SET_COOKIE, cookie);
            }
            Ok(res)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn key_of(cookie: &str) -> Option<String> {
        let req = TestRequest::default()
            .insert_header((COOKIE, cookie))
            .to_srv_request();
        cookie_key(&req).map(str::to_owned)
    }

    #[test]
    fn another_cookie_beyond_ascii_does_not_hide_the_key() {
        let key = "aZ09".repeat(16);
        let mut header = b"name=J\xc3\xbcrgen; ".to_vec();
        header.extend_from_slice(format!("{COOKIE_NAME}={key}").as_bytes());
        let req = TestRequest::default()
            .insert_header((COOKIE, HeaderValue::from_bytes(&header).unwrap()))
            .to_srv_request();
        assert_eq!(cookie_key(&req), Some(key.as_str()));
    }

    /// A byte that is not UTF-8 in another cookie (Latin-1 `ü`): actix-web's
    /// `HttpRequest::cookies`, which actix-session reads, rejects the whole header for it.
    #[test]
    fn another_cookie_beyond_utf8_does_not_hide_the_key() {
        let key = "aZ09".repeat(16);
        let mut header = b"name=J\xfcrgen; ".to_vec();
        header.extend_from_slice(format!("{COOKIE_NAME}={key}").as_bytes());
        let req = TestRequest::default()
            .insert_header((COOKIE, HeaderValue::from_bytes(&header).unwrap()))
            .to_srv_request();
        assert!(std::str::from_utf8(&header).is_err());
        assert_eq!(cookie_key(&req), Some(key.as_str()));
    }

    #[test]
    fn only_a_well_formed_key_under_the_cookie_name_is_taken() {
        let key = "aZ09".repeat(16);
        assert_eq!(key_of(&format!("{COOKIE_NAME}={key}")), Some(key.clone()));
        assert_eq!(
            key_of(&format!("theme=dark; {COOKIE_NAME}={key}; lang=en")),
            Some(key.clone())
        );
        assert_eq!(key_of(&format!("{COOKIE_NAME}x={key}")), None);
        assert_eq!(key_of(&format!("x{COOKIE_NAME}={key}")), None);
        assert_eq!(key_of(&format!("{COOKIE_NAME}={}", &key[1..])), None);
        assert_eq!(key_of(&format!("{COOKIE_NAME}={key}a")), None);
        assert_eq!(key_of(&format!("{COOKIE_NAME}={}-", &key[1..])), None);
        assert_eq!(key_of(&format!("{COOKIE_NAME}=")), None);
        assert_eq!(key_of(&format!("{COOKIE_NAME}=\"{key}\"")), None);
        assert_eq!(key_of(COOKIE_NAME), None);
    }
}
