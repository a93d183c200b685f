//! `GET/POST /api/user/subusers`, `PATCH/DELETE /api/user/subusers/{id}` and
//! `PUT /api/user/proxy_settings`. The list is on the sub-user allowlist: a sub-user's sign-in
//! or key sees its own sub-user only. Every change reaches the gateway nodes through a
//! `credential_changed` event written in its transaction.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject, Viewer};
use crate::state::AppState;
use crate::subusers::form::{
    CreateSubuserRequest, MainSettingsRequest, UpdateSubuserRequest, main_max_connections,
};
use crate::subusers::view::{MainCredential, SubuserItem, SubuserList};
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, delete, get, patch, post, put, web};
use domain::messages as msg;
use domain::subusers::MAX_SUBUSERS;
use persistence::gateway_events::{self, Reason};
use persistence::subuser_logins;
use persistence::subusers::{self, NewSubuser, Refused};

#[utoipa::path(tag = "subusers",
    responses((status = 200, body = SubuserList), (status = 401, body = ErrorResponse)))]
#[get("/user/subusers")]
pub async fn list_subusers(
    state: web::Data<AppState>,
    viewer: Viewer,
) -> Result<HttpResponse, ApiError> {
    let id = viewer.user.id;
    let (rows, max, logins) = with_conn(&state.services.pool, move |conn| {
        Ok((
            subusers::list(conn, id)?,
            subusers::main_max_connections(conn, id)?,
            subuser_logins::for_owner(conn, id)?,
        ))
    })
    .await?;
    // A caller limited to a sub-user sees that one only, and not the main credential's cap.
    let only = viewer.subuser.as_ref().map(|scope| scope.subuser.id);
    let base = viewer.user.proxy_username;
    Ok(HttpResponse::Ok().json(SubuserList {
        items: rows
            .into_iter()
            .filter(|row| only.is_none_or(|id| id == row.id))
            .map(|row| {
                let login = logins.iter().find(|l| l.subuser_id == row.id);
                SubuserItem::new(row, &base).with_login(login)
            })
            .collect(),
        main: MainCredential {
            username: base,
            max_connections: if only.is_some() { None } else { max },
        },
    }))
}

#[utoipa::path(tag = "subusers", request_body = CreateSubuserRequest,
    responses((status = 201, body = SubuserItem), (status = 401, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 422, body = ErrorResponse)),
    extensions(("x-max-per-account" = json!(MAX_SUBUSERS))))]
#[post("/user/subusers")]
pub async fn add_subuser(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<CreateSubuserRequest>,
) -> Result<HttpResponse, ApiError> {
    let checked = body.into_inner().validate().map_err(ApiError::Validation)?;
    let user_id = user.0.id;
    let new = NewSubuser {
        user_id,
        name: checked.name,
        kind: checked.kind,
        password: domain::random::proxy_password(),
        limit_bytes: checked.limit_bytes,
        max_connections: checked.max_connections,
    };
    let row = in_transaction(&state.services.pool, move |conn| {
        let id = match subusers::insert(conn, &new, MAX_SUBUSERS)? {
            Ok(id) => id,
            Err(Refused::Full) => return Err(ApiError::Conflict(msg::SUBUSER_FULL)),
            Err(Refused::NameTaken) => return Err(ApiError::Conflict(msg::SUBUSER_TAKEN)),
        };
        // A node may hold the new username as unknown: it forgets that now.
        gateway_events::emit(conn, Reason::CredentialChanged, Some(user_id), None)?;
        subusers::get(conn, user_id, id)?
            .ok_or_else(|| ApiError::internal("subusers", "inserted sub-user not found"))
    })
    .await?;
    tracing::info!(user = user_id.get(), subuser = row.id, "sub-user added");
    Ok(HttpResponse::Created().json(SubuserItem::new(row, &user.0.proxy_username)))
}

#[utoipa::path(tag = "subusers", request_body = UpdateSubuserRequest,
    params(("id" = i64, Path, description = "Sub-user id")),
    responses((status = 200, body = SubuserItem), (status = 401, body = ErrorResponse),
              (status = 404, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[patch("/user/subusers/{id}")]
pub async fn update_subuser(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: JsonObject<UpdateSubuserRequest>,
) -> Result<HttpResponse, ApiError> {
    let changes = body.into_inner().validate().map_err(ApiError::Validation)?;
    let (user_id, id) = (user.0.id, path.into_inner());
    let row = in_transaction(&state.services.pool, move |conn| {
        if !subusers::update(conn, user_id, id, &changes)? {
            return Ok(None);
        }
        Ok(subusers::get(conn, user_id, id)?)
    })
    .await?
    .ok_or(ApiError::NotFoundWith(msg::SUBUSER_NOT_FOUND))?;
    tracing::info!(user = user_id.get(), subuser = id, "sub-user changed");
    Ok(HttpResponse::Ok().json(SubuserItem::new(row, &user.0.proxy_username)))
}

#[utoipa::path(tag = "subusers", params(("id" = i64, Path, description = "Sub-user id")),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
              (status = 404, body = ErrorResponse)))]
#[delete("/user/subusers/{id}")]
pub async fn remove_subuser(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (user_id, id) = (user.0.id, path.into_inner());
    let removed = in_transaction(&state.services.pool, move |conn| {
        Ok(subusers::delete(conn, user_id, id)?)
    })
    .await?;
    if !removed {
        return Err(ApiError::NotFoundWith(msg::SUBUSER_NOT_FOUND));
    }
    tracing::info!(user = user_id.get(), subuser = id, "sub-user removed");
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::SUBUSER_DELETED.to_owned(),
    }))
}

#[utoipa::path(tag = "subusers", request_body = MainSettingsRequest,
    responses((status = 200, body = MainCredential), (status = 401, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[put("/user/proxy_settings")]
pub async fn set_main_credential(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<MainSettingsRequest>,
) -> Result<HttpResponse, ApiError> {
    let max = main_max_connections(body.into_inner()).map_err(ApiError::Validation)?;
    let user_id = user.0.id;
    in_transaction(&state.services.pool, move |conn| {
        Ok(subusers::set_main_max_connections(conn, user_id, max)?)
    })
    .await?;
    tracing::info!(
        user = user_id.get(),
        "main proxy credential's connection cap changed"
    );
    Ok(HttpResponse::Ok().json(MainCredential {
        username: user.0.proxy_username,
        max_connections: max,
    }))
}
