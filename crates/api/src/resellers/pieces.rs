//! Pieces a reseller assigns to its clients (docs/resellers.md "Pieces"):
//! `GET/POST /api/reseller/clients/{id}/pieces`, `DELETE /api/reseller/clients/{id}/pieces/{pieceId}`
//! (taken back with a new password), the ledger `GET /api/reseller/piece_moves`, and the client's
//! own `GET /api/client/pieces`. Each change is one transaction: `persistence::resellers::pieces`.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::pagination::{PageQuery, Paged};
use crate::resellers::caller::Reseller;
use crate::resellers::form::{ClientFilter, TransfersQuery};
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, delete, get, post, web};
use domain::resellers::PieceDirection;
use domain::{ProxyKind, UserId, messages as msg};
use persistence::DbConnection;
use persistence::resellers::pieces::{self, Assigned, HeldPiece, PieceMoveRow};
use persistence::resellers::{brands, clients};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A piece a client holds: its line is `host:port:username:password`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldPieceView {
    pub id: i64,
    /// static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// For a client whose reseller set a proxy host, that host (a CNAME to the shop's
    /// gateway); else the piece's own.
    pub host: String,
    pub port: i32,
    pub username: String,
    pub password: String,
    pub country: Option<String>,
    pub city: Option<String>,
    /// Unix seconds: it works until then (the reseller renews it).
    pub expires_at: i64,
}

impl HeldPieceView {
    fn new(piece: HeldPiece, brand_host: Option<&str>) -> Self {
        let host = match brand_host {
            Some(host) if piece.ours => host.to_owned(),
            _ => piece.host,
        };
        HeldPieceView {
            id: piece.id,
            kind: piece.kind,
            host,
            port: piece.port,
            username: piece.username,
            password: piece.password,
            country: piece.country,
            city: piece.city,
            expires_at: piece.expires_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HeldPieces {
    pub items: Vec<HeldPieceView>,
}

/// One assignment or taking back.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PieceMoveView {
    pub id: i64,
    #[schema(value_type = i64)]
    pub client_id: UserId,
    pub piece_id: i64,
    /// assign or take_back.
    #[schema(value_type = String)]
    pub direction: PieceDirection,
    pub created_at: i64,
}

impl From<PieceMoveRow> for PieceMoveView {
    fn from(row: PieceMoveRow) -> Self {
        PieceMoveView {
            id: row.id,
            client_id: row.client_id,
            piece_id: row.piece_id,
            direction: row.direction,
            created_at: row.created_at,
        }
    }
}

/// `POST /api/reseller/clients/{id}/pieces`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AssignPieceRequest {
    /// The id of one of your live pieces (`GET /api/user/pieces`) no client holds.
    #[schema(value_type = i64, required = true)]
    pub piece_id: Value,
}

/// The client `client` of `reseller`, or 404.
fn own_client(conn: &mut DbConnection, reseller: UserId, client: i64) -> Result<UserId, ApiError> {
    clients::find(conn, reseller, UserId::new(client))?
        .map(|row| row.id)
        .ok_or(ApiError::NotFoundWith(msg::CLIENT_NOT_FOUND))
}

/// What `client` holds, as it sees it (the brand's host where its reseller set one).
fn held(conn: &mut DbConnection, client: UserId) -> Result<Vec<HeldPieceView>, ApiError> {
    let host = brands::client_proxy_host(conn, client)?;
    Ok(pieces::held_by(conn, client)?
        .into_iter()
        .map(|p| HeldPieceView::new(p, host.as_deref()))
        .collect())
}

#[utoipa::path(tag = "resellers", params(("id" = i64, Path, description = "Client id")),
    responses((status = 200, body = HeldPieces), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/reseller/clients/{id}/pieces")]
pub async fn client_pieces(
    state: web::Data<AppState>,
    reseller: Reseller,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (me, asked) = (reseller.user.id, path.into_inner());
    let items = with_conn(&state.services.pool, move |conn| {
        let client = own_client(conn, me, asked)?;
        held(conn, client)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(HeldPieces { items }))
}

#[utoipa::path(tag = "resellers", params(("id" = i64, Path, description = "Client id")),
    request_body = AssignPieceRequest,
    responses((status = 200, body = HeldPieces, description = "What the client holds now"),
              (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
              (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "A client holds it already"),
              (status = 422, body = ErrorResponse)))]
#[post("/reseller/clients/{id}/pieces")]
pub async fn assign_piece(
    state: web::Data<AppState>,
    reseller: Reseller,
    path: web::Path<i64>,
    body: JsonObject<AssignPieceRequest>,
) -> Result<HttpResponse, ApiError> {
    let piece = body
        .piece_id
        .as_i64()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::field("pieceId", msg::PIECE_ID))?;
    let (me, asked) = (reseller.user.id, path.into_inner());
    let items = in_transaction(&state.services.pool, move |conn| {
        let client = own_client(conn, me, asked)?;
        match pieces::assign(conn, me, client, piece, persistence::now())? {
            Assigned::Done => held(conn, client),
            Assigned::NotFound => Err(ApiError::NotFoundWith(msg::PIECE_NOT_FOUND)),
            Assigned::Held => Err(ApiError::Conflict(msg::PIECE_HELD)),
        }
    })
    .await?;
    tracing::info!(reseller = me.get(), client = asked, piece, "piece assigned");
    Ok(HttpResponse::Ok().json(HeldPieces { items }))
}

#[utoipa::path(tag = "resellers",
    params(("id" = i64, Path, description = "Client id"),
           ("piece_id" = i64, Path, description = "Piece id")),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/reseller/clients/{id}/pieces/{piece_id}")]
pub async fn take_back_piece(
    state: web::Data<AppState>,
    reseller: Reseller,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (asked, piece) = path.into_inner();
    let me = reseller.user.id;
    let password = domain::random::proxy_password();
    in_transaction(&state.services.pool, move |conn| {
        let client = own_client(conn, me, asked)?;
        if pieces::take_back(conn, me, client, piece, &password, persistence::now())? {
            Ok(())
        } else {
            Err(ApiError::NotFoundWith(msg::PIECE_NOT_FOUND))
        }
    })
    .await?;
    tracing::info!(
        reseller = me.get(),
        client = asked,
        piece,
        "piece taken back"
    );
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::PIECE_TAKEN_BACK.to_owned(),
    }))
}

#[utoipa::path(tag = "resellers", params(TransfersQuery, PageQuery),
    responses((status = 200, body = Paged<PieceMoveView>), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/reseller/piece_moves")]
pub async fn list_piece_moves(
    state: web::Data<AppState>,
    reseller: Reseller,
    query: web::Query<TransfersQuery>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let client = match query.client()? {
        ClientFilter::Every => None,
        ClientFilter::One(id) => Some(id),
        ClientFilter::Nobody => {
            let empty: Paged<PieceMoveView> = Paged::new(Vec::new(), 0, at);
            return Ok(HttpResponse::Ok()
                .insert_header(("Cache-Control", "no-store"))
                .json(empty));
        }
    };
    let me = reseller.user.id;
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(pieces::moves(conn, me, client, at.per_page, at.offset)?)
    })
    .await?;
    let items = rows.into_iter().map(PieceMoveView::from).collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(items, total, at)))
}

/// The pieces the caller, a reseller's client, holds from its reseller; 403 for any other
/// account.
#[utoipa::path(tag = "resellers",
    responses((status = 200, body = HeldPieces), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse, description = "Not a reseller's client")))]
#[get("/client/pieces")]
pub async fn my_pieces(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let row = user.0;
    if row.reseller_id.is_none() {
        return Err(ApiError::Forbidden(msg::NOT_A_CLIENT));
    }
    let id = row.id;
    let items = with_conn(&state.services.pool, move |conn| held(conn, id)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(HeldPieces { items }))
}
