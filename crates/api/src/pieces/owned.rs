//! The customer's pieces and their renewals (docs/renewals.md): `GET /api/user/pieces` (live
//! pieces and those in their grace period, with what a renewal costs), `PATCH
//! /api/user/pieces/{id}` (auto-renew on or off), `POST /api/user/pieces/{id}/renew` (renew now)
//! and `GET/PUT /api/user/piece_settings` (auto-renew for new purchases). Each piece comes with
//! what tells it apart (its credential, ISP, exit IP and last check; `check.rs` runs a check).

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use crate::view::{ErrorResponse, User, user_view};
use actix_web::{HttpResponse, get, patch, post, put, web};
use app::pieces::{RenewalAsk, renew_piece};
use domain::{Cents, PlanId, ProxyKind, UserId, messages as msg};
use persistence::pieces::identity::{self, PieceCheck, PieceIdentity};
use persistence::pieces::renewals::{self, RenewablePiece};
use persistence::{DbConnection, plans, users};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PieceView {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub host: String,
    pub port: i32,
    pub country: Option<String>,
    /// Unix seconds.
    pub expires_at: i64,
    pub auto_renew: bool,
    /// `live`, or `grace`: expired, the address kept until `renewableUntil`.
    pub state: String,
    /// Unix seconds: the last moment a renewal is taken (expiry plus the grace period).
    pub renewable_until: i64,
    /// Dollars one renewal costs now; null when the piece's plan is no longer sold.
    #[schema(value_type = Option<f64>)]
    pub renewal_price: Option<Cents>,
    /// Days one renewal adds; null with `renewalPrice`.
    pub renewal_days: Option<i32>,
    /// The order this piece was bought with.
    pub order_id: i64,
    /// The customer's own proxy username and password of this piece (the line is
    /// `host:port:username:password`).
    pub username: String,
    pub password: String,
    pub city: Option<String>,
    /// The ISP's name, where known.
    pub isp: Option<String>,
    /// Where the piece exits: the IP the stock records, else the one its last working check saw;
    /// null until known.
    pub exit_ip: Option<String>,
    /// For a reseller: the client it assigned this piece to (docs/resellers.md "Pieces"); null
    /// while no client holds it.
    #[schema(value_type = Option<i64>)]
    pub client_id: Option<UserId>,
    /// Whether `POST /api/user/pieces/{id}/check` can test it (served by the shop's gateway; a
    /// provider's piece is not).
    pub checkable: bool,
    /// The piece's last check; null before the first.
    pub last_check: Option<PieceCheckView>,
}

/// The last check of a piece.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PieceCheckView {
    /// The request went through and the echo service answered an IP.
    pub ok: bool,
    /// The address the echo service saw (present when `ok`).
    pub exit_ip: Option<String>,
    /// The whole request, in milliseconds (present when `ok`).
    pub latency_ms: Option<i64>,
    /// Why it failed, in words (present when not `ok`).
    pub error: Option<String>,
    /// Unix seconds.
    pub checked_at: i64,
}

impl From<PieceCheck> for PieceCheckView {
    fn from(check: PieceCheck) -> Self {
        PieceCheckView {
            ok: check.ok,
            exit_ip: check.exit_ip,
            latency_ms: check.latency_ms,
            error: check.error,
            checked_at: check.checked_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PiecesResponse {
    #[serde(flatten)]
    pub list: Paged<PieceView>,
    /// Whether pieces bought from now on renew automatically.
    pub auto_renew_default: bool,
}

/// What one renewal under plan `id` costs `user` (their own price of the kind applied) and adds
/// at `now`; `None` when the plan is not sold.
fn terms(
    conn: &mut DbConnection,
    user: UserId,
    id: Option<i64>,
    kind: ProxyKind,
    now: i64,
) -> Result<Option<(Cents, i32)>, ApiError> {
    let Some(id) = id else { return Ok(None) };
    let Some(plan) =
        plans::find(conn, PlanId::new(id))?.filter(|p| p.kind == kind && p.on_sale(now))
    else {
        return Ok(None);
    };
    let price = persistence::prices::plan_price(conn, user, &plan)?.price;
    Ok(Some((price, plan.validity_days)))
}

fn view(
    piece: RenewablePiece,
    identity: PieceIdentity,
    terms: Option<(Cents, i32)>,
    grace: i64,
    now: i64,
) -> PieceView {
    let checked_ip = identity
        .last_check
        .as_ref()
        .filter(|c| c.ok)
        .and_then(|c| c.exit_ip.clone());
    PieceView {
        id: piece.id,
        kind: piece.kind.to_string(),
        host: piece.host,
        port: piece.port,
        country: piece.country,
        expires_at: piece.expires_at,
        auto_renew: piece.auto_renew,
        state: if piece.expires_at > now {
            "live"
        } else {
            "grace"
        }
        .to_owned(),
        renewable_until: piece.expires_at + grace,
        renewal_price: terms.map(|(price, _)| price),
        renewal_days: terms.map(|(_, days)| days),
        order_id: piece.order_id,
        username: identity.username,
        password: identity.password,
        city: identity.city,
        isp: identity.isp,
        exit_ip: identity.stock_ip.or(checked_ip),
        client_id: None,
        checkable: identity.ours,
        last_check: identity.last_check.map(PieceCheckView::from),
    }
}

#[utoipa::path(tag = "pieces", params(PageQuery),
    responses((status = 200, body = PiecesResponse), (status = 401, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[get("/user/pieces")]
pub async fn list_pieces(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.resolve(50)?;
    let id = user.0.id;
    let grace = state.settings.renewals.grace_secs;
    let reply = with_conn(&state.services.pool, move |conn| {
        let now = persistence::now();
        let (rows, total) = renewals::kept(conn, id, page.offset, page.per_page)?;
        let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
        let mut identities = identity::identities(conn, id, &ids)?;
        let holders: HashMap<i64, UserId> = persistence::resellers::pieces::holders(conn, &ids)?
            .into_iter()
            .collect();
        // One plan lookup per plan, not per piece.
        let mut seen: HashMap<Option<i64>, Option<(Cents, i32)>> = HashMap::new();
        let mut items = Vec::with_capacity(rows.len());
        for row in rows {
            let known = match seen.get(&row.plan_id) {
                Some(known) => *known,
                None => {
                    let found = terms(conn, id, row.plan_id, row.kind, now)?;
                    seen.insert(row.plan_id, found);
                    found
                }
            };
            // The same query's rows: every listed piece has its identity.
            let Some(who) = identities.remove(&row.id) else {
                continue;
            };
            let holder = holders.get(&row.id).copied();
            items.push(PieceView {
                client_id: holder,
                ..view(row, who, known, grace, now)
            });
        }
        Ok(PiecesResponse {
            list: Paged::new(items, total, page),
            auto_renew_default: renewals::default_for(conn, id)?,
        })
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(reply))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoRenewRequest {
    /// true or false.
    #[schema(value_type = bool, required = true)]
    pub auto_renew: Option<Value>,
}

impl AutoRenewRequest {
    fn flag(&self) -> Result<bool, ApiError> {
        match self.auto_renew {
            Some(Value::Bool(on)) => Ok(on),
            _ => Err(ApiError::field("autoRenew", msg::AUTO_RENEW_FLAG)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoRenewReply {
    pub id: i64,
    pub auto_renew: bool,
}

#[utoipa::path(tag = "pieces", params(("id" = i64, Path, description = "Piece id")),
    request_body = AutoRenewRequest,
    responses((status = 200, body = AutoRenewReply), (status = 401, body = ErrorResponse),
              (status = 404, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[patch("/user/pieces/{id}")]
pub async fn set_auto_renew(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: JsonObject<AutoRenewRequest>,
) -> Result<HttpResponse, ApiError> {
    let on = body.flag()?;
    let (piece, owner) = (path.into_inner(), user.0.id);
    in_transaction(&state.services.pool, move |conn| {
        if renewals::set_auto_renew(conn, piece, owner, on)? {
            Ok(())
        } else {
            Err(ApiError::NotFoundWith(msg::PIECE_NOT_FOUND))
        }
    })
    .await?;
    Ok(HttpResponse::Ok().json(AutoRenewReply {
        id: piece,
        auto_renew: on,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenewReply {
    pub success: bool,
    pub message: String,
    pub id: i64,
    /// The new expiry, unix seconds.
    pub expires_at: i64,
    /// Dollars taken from the wallet.
    #[schema(value_type = f64)]
    pub price: Cents,
    pub user: User,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenewRequest {
    /// The expiry shown when the customer asked (unix seconds): if the piece was renewed
    /// meanwhile (another click, the automatic renewal), nothing is renewed twice (409).
    #[schema(value_type = Option<i64>)]
    pub expires_at: Option<Value>,
}

#[utoipa::path(tag = "pieces", params(("id" = i64, Path, description = "Piece id")),
    request_body = RenewRequest,
    responses((status = 200, body = RenewReply), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 410, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 502, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/user/pieces/{id}/renew")]
pub async fn renew(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: JsonObject<RenewRequest>,
) -> Result<HttpResponse, ApiError> {
    let seen_expiry = match &body.expires_at {
        None | Some(Value::Null) => None,
        Some(value) => Some(
            domain::numbers::whole_of(value)
                .ok_or_else(|| ApiError::field("expiresAt", msg::SEEN_EXPIRY))?,
        ),
    };
    let owner = user.0.id;
    let ask = RenewalAsk {
        user: owner,
        piece_id: path.into_inner(),
        seen_expiry,
        automatic: false,
    };
    let renewed = renew_piece(
        &state.services.pool,
        state.services.pieces.clone(),
        ask,
        state.settings.renewals,
        persistence::now(),
    )
    .await?;
    let updated = with_conn(&state.services.pool, move |conn| {
        users::find_by_id(conn, owner)?.ok_or(ApiError::NotFound)
    })
    .await?;
    Ok(HttpResponse::Ok().json(RenewReply {
        success: true,
        message: msg::PIECE_RENEWED.to_owned(),
        id: renewed.piece_id,
        expires_at: renewed.expires_at,
        price: renewed.price,
        user: user_view(&state.services.pool, &updated).await?,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PieceSettings {
    /// Whether pieces bought from now on renew automatically.
    pub auto_renew: bool,
}

#[utoipa::path(tag = "pieces",
    responses((status = 200, body = PieceSettings), (status = 401, body = ErrorResponse)))]
#[get("/user/piece_settings")]
pub async fn get_piece_settings(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let on = with_conn(&state.services.pool, move |conn| {
        Ok(renewals::default_for(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(PieceSettings { auto_renew: on }))
}

#[utoipa::path(tag = "pieces", request_body = AutoRenewRequest,
    responses((status = 200, body = PieceSettings), (status = 401, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[put("/user/piece_settings")]
pub async fn put_piece_settings(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<AutoRenewRequest>,
) -> Result<HttpResponse, ApiError> {
    let on = body.flag()?;
    let id = user.0.id;
    in_transaction(&state.services.pool, move |conn| {
        renewals::set_default(conn, id, on, persistence::now())?;
        Ok(())
    })
    .await?;
    Ok(HttpResponse::Ok().json(PieceSettings { auto_renew: on }))
}
