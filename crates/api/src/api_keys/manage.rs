//! `GET /api/user/api-keys`, `POST /api/user/api-keys` and `DELETE /api/user/api-keys/{id}`:
//! the customer's own keys, from a signed-in session only (a key cannot manage keys: these
//! operations are not in the scope table). A key with the resell scope needs an enabled
//! reseller account; a reseller's client's keys read and generate only (docs/resellers.md).

use crate::api_keys::form::CreateKeyRequest;
use crate::api_keys::view::{ApiKeyCreated, ApiKeyList, ApiKeyView, names};
use crate::api_keys::{networks, scope, token};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, delete, get, post, web};
use domain::messages as msg;
use persistence::api_keys::{self, NewApiKey};
use persistence::{resellers, subusers};

/// Live (not revoked, not expired) keys one account may hold.
pub const MAX_LIVE_KEYS: i64 = 20;

#[utoipa::path(tag = "apiKeys",
    responses((status = 200, body = ApiKeyList), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/user/api-keys")]
pub async fn list_api_keys(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let (rows, subs) = with_conn(&state.services.pool, move |conn| {
        Ok((
            api_keys::list_unrevoked(conn, id)?,
            subusers::list(conn, id)?,
        ))
    })
    .await?;
    Ok(HttpResponse::Ok().json(ApiKeyList {
        items: rows
            .into_iter()
            .map(|row| ApiKeyView::new(row, &subs))
            .collect(),
    }))
}

#[utoipa::path(tag = "apiKeys", request_body = CreateKeyRequest,
    responses((status = 201, body = ApiKeyCreated), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 422, body = ErrorResponse)),
    extensions(("x-max-per-account" = json!(MAX_LIVE_KEYS))))]
#[post("/user/api-keys")]
pub async fn create_api_key(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<CreateKeyRequest>,
) -> Result<HttpResponse, ApiError> {
    let now = persistence::now();
    let new = body
        .into_inner()
        .validate(now)
        .map_err(ApiError::Validation)?;
    // A reseller's client: no key may do more than its session (`client_access`).
    if user.0.reseller_id.is_some()
        && new
            .scopes
            .iter()
            .any(|s| !matches!(s, scope::Scope::Read | scope::Scope::Generate))
    {
        return Err(ApiError::field("scopes", msg::KEY_CLIENT_SCOPES));
    }
    let resell = new.scopes.contains(&scope::Scope::Resell);
    let key = token::generate();
    let user_id = user.0.id;
    let (name, scopes) = (new.name.clone(), scope::store(&new.scopes));
    let stored_scopes = scopes.clone();
    let key_hash = token::hash(&key);
    let prefix = token::prefix(&key);
    let subuser_id = new.subuser_id;
    let id = in_transaction(&state.services.pool, move |conn| {
        if resell && resellers::accounts::enabled(conn, user_id)?.is_none() {
            return Err(ApiError::field("scopes", msg::KEY_RESELL_NOT_RESELLER));
        }
        if let Some(sub) = subuser_id
            && subusers::get(conn, user_id, sub)?.is_none()
        {
            return Err(ApiError::field("subuserId", msg::KEY_SUBUSER));
        }
        let row = NewApiKey {
            user_id,
            name: &new.name,
            prefix: &prefix,
            key_hash: &key_hash,
            scopes: &stored_scopes,
            allowed_ips: &networks::store(&new.allowed_ips),
            expires_at: new.expires_at,
            created_at: now,
            subuser_id,
        };
        api_keys::insert_within(conn, &row, MAX_LIVE_KEYS, now)?
            .ok_or(ApiError::Conflict(msg::KEY_LIMIT))
    })
    .await?;
    tracing::info!(user = user_id.get(), key = id, "API key created");
    Ok(HttpResponse::Created().json(ApiKeyCreated {
        id,
        name,
        scopes: names(&scopes),
        subuser_id,
        key,
    }))
}

#[utoipa::path(tag = "apiKeys", params(("id" = i64, Path, description = "Key id")),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/user/api-keys/{id}")]
pub async fn revoke_api_key(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (user_id, id) = (user.0.id, path.into_inner());
    let revoked = with_conn(&state.services.pool, move |conn| {
        Ok(api_keys::revoke(conn, user_id, id, persistence::now())?)
    })
    .await?;
    if !revoked {
        return Err(ApiError::NotFoundWith(msg::KEY_NOT_FOUND));
    }
    tracing::info!(user = user_id.get(), key = id, "API key revoked");
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::KEY_REVOKED.to_owned(),
    }))
}
