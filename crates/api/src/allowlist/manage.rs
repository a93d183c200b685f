//! `GET /api/user/allowlist`, `POST /api/user/allowlist` and `DELETE /api/user/allowlist/{id}`:
//! the customer's allowlisted source addresses. A change reaches every gateway node through a
//! change event written in its transaction. `GET /api/user/allowlist_pieces`: the pieces an
//! entry may name.

use crate::allowlist::form::{AllowlistRequest, CheckedEntry};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, delete, get, post, web};
use domain::{ProxyKind, messages as msg};
use persistence::ip_allowlist::{self, AllowlistRow, NewEntry, Refused};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::{RefOr, Schema};

/// Entries one customer may hold.
pub const MAX_ENTRIES: i64 = 20;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllowlistEntry {
    pub id: i64,
    /// The address or range, canonical (`203.0.113.0/24`).
    pub ip: String,
    #[serde(rename = "type")]
    #[schema(schema_with = crate::openapi::rules::kind)]
    pub kind: ProxyKind,
    pub piece_id: Option<i64>,
    pub country: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    /// `random` or `sticky`.
    pub rotation: String,
    /// Unix seconds.
    pub created_at: i64,
}

impl From<AllowlistRow> for AllowlistEntry {
    fn from(row: AllowlistRow) -> Self {
        AllowlistEntry {
            id: row.id,
            ip: row.network,
            kind: row.kind,
            piece_id: row.piece_id,
            country: row.country,
            state: row.state,
            city: row.city,
            rotation: row.rotation,
            created_at: row.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AllowlistList {
    /// At most `MAX_ENTRIES` (the document's `maxItems`).
    #[schema(schema_with = at_most_entries)]
    pub items: Vec<AllowlistEntry>,
}

fn at_most_entries() -> RefOr<Schema> {
    crate::openapi::bounded_list::<AllowlistEntry>(MAX_ENTRIES)
}

#[utoipa::path(tag = "allowlist",
    responses((status = 200, body = AllowlistList), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/user/allowlist")]
pub async fn list_allowlist(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let rows = with_conn(&state.services.pool, move |conn| {
        Ok(ip_allowlist::list(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AllowlistList {
        items: rows.into_iter().map(AllowlistEntry::from).collect(),
    }))
}

/// A piece an entry may name (its password left out).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllowablePiece {
    pub id: i64,
    #[serde(rename = "type")]
    #[schema(schema_with = crate::openapi::rules::kind)]
    pub kind: ProxyKind,
    pub host: String,
    pub port: i32,
    pub username: String,
    /// Unix seconds.
    pub expires_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AllowablePieces {
    pub items: Vec<AllowablePiece>,
}

/// The customer's live pieces bought here (not from a provider, which the gateway does not
/// carry), newest first: what `pieceId` may name.
#[utoipa::path(tag = "allowlist",
    responses((status = 200, body = AllowablePieces), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/user/allowlist_pieces")]
pub async fn allowable_pieces(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let rows = with_conn(&state.services.pool, move |conn| {
        Ok(ip_allowlist::allowable_pieces(
            conn,
            id,
            persistence::now(),
        )?)
    })
    .await?;
    let items = rows
        .into_iter()
        .map(|p| AllowablePiece {
            id: p.id,
            kind: p.kind,
            host: p.host,
            port: p.port,
            username: p.username,
            expires_at: p.expires_at,
        })
        .collect();
    Ok(HttpResponse::Ok().json(AllowablePieces { items }))
}

#[utoipa::path(tag = "allowlist", request_body = AllowlistRequest,
    responses((status = 201, body = AllowlistEntry), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 422, body = ErrorResponse)),
    extensions(("x-max-per-account" = json!(MAX_ENTRIES))))]
#[post("/user/allowlist")]
pub async fn add_allowlist(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<AllowlistRequest>,
) -> Result<HttpResponse, ApiError> {
    let allow_private = state.settings.gateway.allow_private;
    let checked = body
        .into_inner()
        .validate(allow_private)
        .map_err(ApiError::Validation)?;
    let user_id = user.0.id;
    let CheckedEntry {
        network,
        kind,
        piece_id,
        country,
        state: region,
        city,
        rotation,
    } = checked;
    let new = NewEntry {
        user_id,
        network,
        kind,
        piece_id,
        country,
        state: region,
        city,
        rotation,
    };
    let row = in_transaction(&state.services.pool, move |conn| {
        if let Some(piece) = new.piece_id
            && !ip_allowlist::owns_live_piece(conn, user_id, piece, new.kind)?
        {
            return Err(ApiError::field("pieceId", msg::ALLOWLIST_PIECE));
        }
        let id = match ip_allowlist::insert(conn, &new, MAX_ENTRIES)? {
            Ok(id) => id,
            Err(Refused::Full) => return Err(ApiError::Conflict(msg::ALLOWLIST_LIMIT)),
            Err(Refused::Taken) => return Err(ApiError::Conflict(msg::ALLOWLIST_TAKEN)),
        };
        ip_allowlist::list(conn, user_id)?
            .into_iter()
            .find(|row| row.id == id)
            .ok_or_else(|| ApiError::internal("allowlist", "inserted entry not found"))
    })
    .await?;
    tracing::info!(
        user = user_id.get(),
        entry = row.id,
        "IP allowlist entry added"
    );
    Ok(HttpResponse::Created().json(AllowlistEntry::from(row)))
}

#[utoipa::path(tag = "allowlist", params(("id" = i64, Path, description = "Entry id")),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/user/allowlist/{id}")]
pub async fn remove_allowlist(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (user_id, id) = (user.0.id, path.into_inner());
    let removed = in_transaction(&state.services.pool, move |conn| {
        Ok(ip_allowlist::delete(conn, user_id, id)?)
    })
    .await?;
    if !removed {
        return Err(ApiError::NotFoundWith(msg::ALLOWLIST_NOT_FOUND));
    }
    tracing::info!(
        user = user_id.get(),
        entry = id,
        "IP allowlist entry removed"
    );
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::ALLOWLIST_REMOVED.to_owned(),
    }))
}
