//! Who is calling: `MaybeUser` for routes open to guests, `CurrentUser` (401 for guests) and
//! `AdminUser` (403 for non-admins, and for admins without two-factor sign-in when
//! `PROXYSHOP_ADMIN_2FA=required`), `Viewer` and `MaybeViewer` for the operations a caller
//! limited to a sub-user may call, and `ClientIp` for rate limits and the session list. On
//! `/api/user/*` an API key stands in for the session (`api_keys::bearer`).

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::key_caller::KeyCaller;
use crate::session::SessionExt;
use crate::session::USER_ID_KEY;
use crate::state::AppState;
use crate::subuser_access::SubuserScope;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use domain::{Role, messages as msg};
use persistence::subusers;
use persistence::users::{self, UserRow};
use std::future::Future;
use std::pin::Pin;

/// The signed-in user, loaded fresh from the database on every request (so a disabled account
/// or a changed role takes effect at once): in the session store's query, which reads the
/// session and its user's row together (one round trip per request).
///
/// These three refuse a caller limited to a sub-user (a sub-user's sign-in, or a key limited to
/// one) with 403, whatever the route: only [`Viewer`] and [`MaybeViewer`], taken by the
/// operations of the sub-user allowlist (`subuser_access`), let such a caller in.
pub struct MaybeUser(pub Option<UserRow>);
pub struct CurrentUser(pub UserRow);
pub struct AdminUser(pub UserRow);

/// A caller that may be limited to one sub-user: `user` is the account whose data is read (the
/// owner, for a sub-user's sign-in), `subuser` the limit, which the handler must apply.
pub struct Viewer {
    pub user: UserRow,
    pub subuser: Option<SubuserScope>,
}

/// [`Viewer`] for routes open to guests.
pub struct MaybeViewer(pub Option<Viewer>);

type Fut<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

async fn load_viewer(req: HttpRequest) -> Result<Option<Viewer>, ApiError> {
    // A request the API key middleware accepted acts as the key's owner, never as a session.
    if let Some(caller) = req.extensions().get::<KeyCaller>() {
        return Ok(Some(Viewer {
            user: caller.user.clone(),
            subuser: caller.subuser.clone().map(|subuser| SubuserScope {
                subuser,
                login: None,
            }),
        }));
    }
    let session = req.get_session();
    let Some(id) = session.get::<domain::UserId>(USER_ID_KEY).ok().flatten() else {
        return Ok(None);
    };
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::internal("app state", "missing"))?;
    let user = match session.loaded_user() {
        Some(user) => Some(user),
        // Signed in during this request (the row loaded with the session, if any, is another
        // user's or none): read it.
        None => {
            with_conn(&state.services.pool, move |conn| {
                Ok(users::find_by_id(conn, id)?)
            })
            .await?
        }
    };
    let viewer = match user {
        Some(user) if !user.disabled => match user.subuser_id {
            None => Some(Viewer {
                user,
                subuser: None,
            }),
            // A sub-user's sign-in reads its owner's data, limited to the sub-user; gone with
            // the sub-user, or with the owner's account disabled.
            Some(subuser_id) => with_conn(&state.services.pool, move |conn| {
                Ok(subusers::with_owner(conn, subuser_id)?)
            })
            .await?
            .filter(|(_, owner)| !owner.disabled)
            .map(|(subuser, owner)| Viewer {
                user: owner,
                subuser: Some(SubuserScope {
                    subuser,
                    login: Some(user),
                }),
            }),
        },
        _ => None,
    };
    if viewer.is_none() {
        // The account is gone or disabled: this session must not keep working.
        session.purge();
    }
    Ok(viewer)
}

/// The caller as the extractors of the whole account see it: a caller limited to a sub-user is
/// refused.
async fn load_user(req: HttpRequest) -> Result<Option<UserRow>, ApiError> {
    match load_viewer(req).await? {
        Some(Viewer {
            subuser: Some(scope),
            ..
        }) => Err(ApiError::Forbidden(match scope.login {
            Some(_) => msg::SUBUSER_SESSION_REFUSED,
            None => msg::SUBUSER_KEY_REFUSED,
        })),
        viewer => Ok(viewer.map(|v| v.user)),
    }
}

impl FromRequest for Viewer {
    type Error = ApiError;
    type Future = Fut<Self>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { load_viewer(req).await?.ok_or(ApiError::Unauthorized) })
    }
}

impl FromRequest for MaybeViewer {
    type Error = ApiError;
    type Future = Fut<Self>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { load_viewer(req).await.map(MaybeViewer) })
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
                let enrolled = with_conn(&state.services.pool, move |conn| {
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

/// The client's address: the TCP peer, or, when the peer is one of the trusted proxies
/// (`PROXYSHOP_TRUSTED_PROXIES`), the right-most `X-Forwarded-For` hop that is not a trusted
/// proxy (`TrustedProxies::client_address`: earlier hops are whatever the client sent).
/// Limits count it by `ClientIp::network` (an IPv6 client by its /64); the session list and
/// API key allowlists see the address itself.
pub struct ClientIp(pub String);

impl ClientIp {
    /// The key per-address limits count this client under (`domain::network::network_key`).
    pub fn network(&self) -> String {
        domain::network::network_key_of(&self.0)
    }
}

impl FromRequest for ClientIp {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let Some(peer) = req.peer_addr().map(|a| a.ip()) else {
            return std::future::ready(Ok(ClientIp("unknown".into())));
        };
        let client = match req.app_data::<web::Data<AppState>>() {
            Some(state) => {
                // Read lossily, not skipped: a proxy appends its hop to a line the client may
                // have filled with bytes that are not text.
                let forwarded: Vec<_> = req
                    .headers()
                    .get_all("x-forwarded-for")
                    .map(|v| String::from_utf8_lossy(v.as_bytes()))
                    .collect();
                let hops = forwarded.iter().map(|v| v.as_ref());
                state.settings.trusted_proxies.client_address(peer, hops)
            }
            None => peer.to_canonical(),
        };
        std::future::ready(Ok(ClientIp(client.to_string())))
    }
}

/// A JSON request body that must be a JSON object: read by `web::Json` (same size limit,
/// content type check and 400 from `JsonConfig`'s error handler) as an object only, then as
/// `T`. serde's derived structs also accept a JSON array of the fields in order
/// (`[null, null]`), which no request schema allows (docs/api.md, "Fuzzing"); such a body gets
/// the 400 of a body that does not parse, as does an object naming a field twice. A valid JSON
/// object whose field has the wrong type (`"regions": "US"` where a list is expected) is a 422
/// naming the field and what it must be ([`wrong_type`]).
pub struct JsonObject<T>(pub T);

impl<T> JsonObject<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for JsonObject<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: serde::de::DeserializeOwned + 'static> FromRequest for JsonObject<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, actix_web::Error>>>>;
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = web::Json::<ObjectOnly>::from_request(req, payload);
        Box::pin(async move {
            let object = serde_json::Value::Object(json.await?.into_inner().0);
            Ok(JsonObject(read_object(object)?))
        })
    }
}

/// `T` read from a JSON object, a field of the wrong type a 422 naming it ([`wrong_type`]): for
/// a body read in parts (`JsonObject<serde_json::Map<…>>`, then each part), since a part
/// flattened into one struct would lose the field's name.
pub fn read_object<T: serde::de::DeserializeOwned>(
    object: serde_json::Value,
) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(object).map_err(|err| wrong_type(&err))
}

/// A JSON object, read as such only: any other JSON value is "invalid type", and a key given
/// twice is refused rather than one of its values silently winning.
struct ObjectOnly(serde_json::Map<String, serde_json::Value>);

impl<'de> serde::Deserialize<'de> for ObjectOnly {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ObjectOnly;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut object = serde_json::Map::new();
                while let Some((key, value)) = map.next_entry::<String, serde_json::Value>()? {
                    if object.contains_key(&key) {
                        return Err(serde::de::Error::custom(format_args!(
                            "duplicate field `{key}`"
                        )));
                    }
                    object.insert(key, value);
                }
                Ok(ObjectOnly(object))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

/// The 422 of a JSON object a request type cannot be read from: the field, by the path it was
/// sent under (`regions`, `items[0].name`), and what it must be: "regions must be a list".
/// serde's own words are mapped to the customer's (`a sequence` is a list, `i64` a whole
/// number); a type's internal name is never shown.
fn wrong_type(err: &serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let text = err.inner().to_string();
    tracing::debug!(path = %err.path(), %text, "JSON body of the wrong shape");
    let path = err.path().to_string();
    // A missing or unknown field is reported at the object holding it, and named in the text.
    let quoted = || text.split('`').nth(1).map(str::to_owned);
    let (field, message) = if text.starts_with("missing field") {
        let name = quoted().unwrap_or_default();
        let field = if path == "." {
            name.clone()
        } else {
            format!("{path}.{name}")
        };
        let message = format!("{name} is required");
        (field, message)
    } else if text.starts_with("unknown field") {
        let name = quoted().unwrap_or_default();
        (name.clone(), format!("{name} is not a known field"))
    } else {
        let expected = text.rsplit_once("expected ").map_or("", |(_, e)| e);
        let field = if path == "." { "body".to_owned() } else { path };
        let message = format!("{field} must be {}", customer_words(expected));
        (field, message)
    };
    let mut errors = domain::FieldErrors::new();
    errors.add(field, message);
    ApiError::Validation(errors)
}

/// What serde says a value was expected to be, in the customer's words.
fn customer_words(expected: &str) -> String {
    match expected.trim() {
        "a sequence" => "a list".to_owned(),
        "a string" | "a borrowed string" | "a character" => "text".to_owned(),
        "a boolean" => "true or false".to_owned(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "u8" | "u16" | "u32" | "u64" | "u128" | "usize"
        | "isize" | "a whole number" => "a whole number".to_owned(),
        "f32" | "f64" | "a number" => "a number".to_owned(),
        "a map" | "a JSON object" => "an object".to_owned(),
        s if s.starts_with("struct ") => "an object".to_owned(),
        s if s.starts_with("one of ") => {
            format!("one of {}", s["one of ".len()..].replace('`', ""))
        }
        s if s.starts_with("variant identifier") => "one of the documented values".to_owned(),
        _ => "of the documented type".to_owned(),
    }
}

/// A raw request body (`web::Bytes`, same `PayloadConfig` limit) whose refusals are JSON errors
/// like every other answer: 413 "The request body is too large" past the limit, 400 otherwise.
pub struct RawBody(pub web::Bytes);

impl FromRequest for RawBody {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, actix_web::Error>>>>;
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let bytes = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            bytes.await.map(RawBody).map_err(|err| {
                use actix_web::error::PayloadError;
                tracing::debug!(%err, "rejected request body");
                match err.as_error::<PayloadError>() {
                    Some(PayloadError::Overflow) => {
                        ApiError::PayloadTooLarge(msg::BODY_TOO_LARGE).into()
                    }
                    _ => ApiError::BadRequest(msg::BAD_JSON.to_owned()).into(),
                }
            })
        })
    }
}
