//! Traffic moved between a reseller and its clients (docs/resellers.md, "Allocation"):
//! `POST /api/reseller/clients/{id}/allocate` and `/reclaim`, the reseller's ledger
//! `GET /api/reseller/transfers`, and the client's own `GET /api/user/allocations`. The use
//! case: `app::resellers::moves` (one transaction per move).

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::pagination::{PageQuery, Paged};
use crate::resellers::caller::Reseller;
use crate::resellers::form::{
    AllocateRequest, CheckedMove, ClientFilter, ReclaimRequest, TransfersQuery,
};
use crate::resellers::view::{AllocationView, TransferView};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, post, web};
use app::resellers::moves::{self, Way};
use domain::UserId;
use persistence::resellers::moves::Move;
use persistence::resellers::transfers::{self, Owner};

async fn run(
    state: &AppState,
    reseller: &Reseller,
    client: i64,
    checked: CheckedMove,
    way: Way,
) -> Result<HttpResponse, ApiError> {
    let m = Move {
        reseller: reseller.user.id,
        client: UserId::new(client),
        kind: checked.kind,
        bytes: checked.bytes,
        api_key_id: reseller.key_id,
    };
    let row = moves::run(&state.services.pool, m, way).await?;
    tracing::info!(
        reseller = m.reseller.get(),
        client = client,
        kind = %m.kind,
        bytes = m.bytes,
        direction = %row.direction,
        "traffic moved"
    );
    Ok(HttpResponse::Ok().json(TransferView::from(row)))
}

#[utoipa::path(tag = "resellers", params(("id" = i64, Path, description = "Client id")),
    request_body = AllocateRequest,
    responses((status = 200, body = TransferView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "Not enough traffic"),
              (status = 422, body = ErrorResponse)))]
#[post("/reseller/clients/{id}/allocate")]
pub async fn allocate(
    state: web::Data<AppState>,
    reseller: Reseller,
    path: web::Path<i64>,
    body: JsonObject<AllocateRequest>,
) -> Result<HttpResponse, ApiError> {
    let checked = body.into_inner().validate().map_err(ApiError::Validation)?;
    let until = checked
        .validity_days
        .map(|days| persistence::now() + days * 86_400);
    run(
        &state,
        &reseller,
        path.into_inner(),
        checked,
        Way::Allocate { until },
    )
    .await
}

#[utoipa::path(tag = "resellers", params(("id" = i64, Path, description = "Client id")),
    request_body = ReclaimRequest,
    responses((status = 200, body = TransferView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "Not enough traffic"),
              (status = 422, body = ErrorResponse)))]
#[post("/reseller/clients/{id}/reclaim")]
pub async fn reclaim(
    state: web::Data<AppState>,
    reseller: Reseller,
    path: web::Path<i64>,
    body: JsonObject<ReclaimRequest>,
) -> Result<HttpResponse, ApiError> {
    let checked = body.into_inner().validate().map_err(ApiError::Validation)?;
    run(&state, &reseller, path.into_inner(), checked, Way::Reclaim).await
}

#[utoipa::path(tag = "resellers", params(TransfersQuery, PageQuery),
    responses((status = 200, body = Paged<TransferView>), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/reseller/transfers")]
pub async fn list_transfers(
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
            let empty: Paged<TransferView> = Paged::new(Vec::new(), 0, at);
            return Ok(HttpResponse::Ok()
                .insert_header(("Cache-Control", "no-store"))
                .json(empty));
        }
    };
    let owner = Owner::Reseller {
        reseller: reseller.user.id,
        client,
    };
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(transfers::list(conn, owner, at.per_page, at.offset)?)
    })
    .await?;
    let items = rows.into_iter().map(TransferView::from).collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(items, total, at)))
}

/// The traffic moved to and from the caller's own account by its reseller; empty for an
/// account that is no reseller's client.
#[utoipa::path(tag = "resellers", params(PageQuery),
    responses((status = 200, body = Paged<AllocationView>), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/user/allocations")]
pub async fn my_allocations(
    state: web::Data<AppState>,
    user: CurrentUser,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let (rows, total) = match user.0.reseller_id {
        Some(reseller) => {
            let owner = Owner::Reseller {
                reseller,
                client: Some(user.0.id),
            };
            with_conn(&state.services.pool, move |conn| {
                Ok(transfers::list(conn, owner, at.per_page, at.offset)?)
            })
            .await?
        }
        None => (Vec::new(), 0),
    };
    let items = rows.into_iter().map(AllocationView::from).collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(items, total, at)))
}
