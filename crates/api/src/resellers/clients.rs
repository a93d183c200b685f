//! The reseller's own account and its clients: `GET /api/reseller/account`,
//! `GET/POST /api/reseller/clients`, `GET/PATCH/DELETE /api/reseller/clients/{id}`
//! (docs/resellers.md). A client of another reseller, or any other account, is 404 "Client not
//! found". The use cases: `app::resellers::clients`.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::JsonObject;
use crate::pagination::{PageQuery, Paged};
use crate::resellers::caller::Reseller;
use crate::resellers::form::{CreateClientRequest, UpdateClientRequest};
use crate::resellers::view::{ClientCreated, ClientView, ResellerView, TrafficView};
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, delete, get, patch, post, web};
use app::resellers::clients as use_case;
use domain::{UserId, messages as msg};
use persistence::resellers::clients::{self, ClientRow, Switch};
use persistence::{DbConnection, DbError, traffic};

/// The clients' rows with their traffic, in the rows' order.
fn with_traffic(conn: &mut DbConnection, rows: Vec<ClientRow>) -> Result<Vec<ClientView>, DbError> {
    let ids: Vec<UserId> = rows.iter().map(|r| r.id).collect();
    let balances = traffic::balances_of(conn, &ids)?;
    let at = persistence::now();
    Ok(rows
        .into_iter()
        .map(|row| {
            let own: Vec<_> = balances
                .iter()
                .filter(|b| b.user_id == row.id)
                .cloned()
                .collect();
            ClientView::new(row, TrafficView::of(&own, at))
        })
        .collect())
}

/// The client `client` of `reseller` with its traffic, or 404.
fn one_client(
    conn: &mut DbConnection,
    reseller: UserId,
    client: UserId,
) -> Result<ClientView, ApiError> {
    let row = clients::find(conn, reseller, client)?
        .ok_or(ApiError::NotFoundWith(msg::CLIENT_NOT_FOUND))?;
    with_traffic(conn, vec![row])?
        .pop()
        .ok_or_else(|| ApiError::internal("client", "lost its row"))
}

#[utoipa::path(tag = "resellers",
    responses((status = 200, body = ResellerView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/reseller/account")]
pub async fn reseller_account(
    state: web::Data<AppState>,
    reseller: Reseller,
) -> Result<HttpResponse, ApiError> {
    let id = reseller.user.id;
    let (count, balances) = with_conn(&state.services.pool, move |conn| {
        Ok((
            clients::count(conn, id)?,
            traffic::balances_of(conn, &[id])?,
        ))
    })
    .await?;
    let traffic = TrafficView::of(&balances, persistence::now());
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(ResellerView::new(&reseller.terms, count, traffic)))
}

#[utoipa::path(tag = "resellers", params(PageQuery),
    responses((status = 200, body = Paged<ClientView>), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/reseller/clients")]
pub async fn list_clients(
    state: web::Data<AppState>,
    reseller: Reseller,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let id = reseller.user.id;
    let (items, total) = with_conn(&state.services.pool, move |conn| {
        let (rows, total) = clients::list(conn, id, at.per_page, at.offset)?;
        Ok((with_traffic(conn, rows)?, total))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(items, total, at)))
}

#[utoipa::path(tag = "resellers", request_body = CreateClientRequest,
    responses((status = 201, body = ClientCreated), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "An account with this email already exists"),
              (status = 422, body = ErrorResponse, description = "a field, or past maxClients"),
              (status = 429, body = ErrorResponse)))]
#[post("/reseller/clients")]
pub async fn create_client(
    state: web::Data<AppState>,
    reseller: Reseller,
    body: JsonObject<CreateClientRequest>,
) -> Result<HttpResponse, ApiError> {
    let new = body.into_inner().validate().map_err(ApiError::Validation)?;
    let invited = new.password.is_none();
    let row = use_case::create(
        &state.services,
        &state.code_key,
        &state.public_url,
        &reseller.terms,
        new,
    )
    .await?;
    let reseller_id = reseller.user.id;
    let client = with_conn(&state.services.pool, move |conn| {
        one_client(conn, reseller_id, row.id)
    })
    .await?;
    let message = if invited {
        msg::CLIENT_CREATED_INVITED
    } else {
        msg::CLIENT_CREATED
    };
    Ok(HttpResponse::Created().json(ClientCreated {
        message: message.to_owned(),
        client,
    }))
}

#[utoipa::path(tag = "resellers", params(("id" = i64, Path, description = "Client id")),
    responses((status = 200, body = ClientView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/reseller/clients/{id}")]
pub async fn get_client(
    state: web::Data<AppState>,
    reseller: Reseller,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (reseller_id, client) = (reseller.user.id, UserId::new(path.into_inner()));
    let view = with_conn(&state.services.pool, move |conn| {
        one_client(conn, reseller_id, client)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(view))
}

#[utoipa::path(tag = "resellers", params(("id" = i64, Path, description = "Client id")),
    request_body = UpdateClientRequest,
    responses((status = 200, body = ClientView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "The shop has disabled this client's account"),
              (status = 422, body = ErrorResponse)))]
#[patch("/reseller/clients/{id}")]
pub async fn update_client(
    state: web::Data<AppState>,
    reseller: Reseller,
    path: web::Path<i64>,
    body: JsonObject<UpdateClientRequest>,
) -> Result<HttpResponse, ApiError> {
    let change = body.into_inner().validate().map_err(ApiError::Validation)?;
    let (reseller_id, client) = (reseller.user.id, UserId::new(path.into_inner()));
    let view = in_transaction(&state.services.pool, move |conn| {
        clients::lock(conn, reseller_id, client)?
            .ok_or(ApiError::NotFoundWith(msg::CLIENT_NOT_FOUND))?;
        if let Some(note) = &change.note {
            clients::set_note(conn, reseller_id, client, note.as_deref())?;
        }
        let switched = match change.suspended {
            None => Switch::Unchanged,
            Some(true) => clients::suspend(conn, reseller_id, client)?,
            Some(false) => clients::resume(conn, reseller_id, client)?,
        };
        if switched == Switch::DisabledByShop {
            return Err(ApiError::Conflict(msg::CLIENT_DISABLED_BY_SHOP));
        }
        one_client(conn, reseller_id, client)
    })
    .await?;
    tracing::info!(
        reseller = reseller_id.get(),
        client = client.get(),
        suspended = view.suspended,
        "reseller's client changed"
    );
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "resellers", params(("id" = i64, Path, description = "Client id")),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "The client still holds traffic or proxies")))]
#[delete("/reseller/clients/{id}")]
pub async fn delete_client(
    state: web::Data<AppState>,
    reseller: Reseller,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (reseller_id, client) = (reseller.user.id, UserId::new(path.into_inner()));
    use_case::delete(&state.services, reseller_id, client).await?;
    tracing::info!(
        reseller = reseller_id.get(),
        client = client.get(),
        "reseller's client deleted"
    );
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::CLIENT_DELETED.to_owned(),
    }))
}
