//! Upstream pools as the operator manages them (docs/admin-api/upstreams.md):
//! `GET/POST /api/admin/upstreams`, `GET/PATCH/DELETE /api/admin/upstreams/{id}`. Every change is
//! audited (`upstream.create`, `upstream.update`, `upstream.delete`, `upstream.deactivate`) in
//! its own transaction. The pool's password is write-only: no answer, audit row or log line
//! carries it; a `DELETE` of a pool that carried traffic deactivates it instead.

pub mod configured;
mod form;
mod schema;
mod view;

use crate::admin::audit_trail::audit;
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, delete, get, patch, post, web};
use domain::UserId;
use domain::upstream_pool::{POOL_NAME_TAKEN, POOL_NOT_FOUND};
use form::{NewPoolForm, PoolForm};
use persistence::DbConnection;
use persistence::error::DbError;
use persistence::upstream_pools::{self as pools, PoolRow, Removal};
use serde_json::{Value, json};
use utoipa_actix_web::service_config::ServiceConfig;
use view::{PoolEnvelope, PoolList, RemovalOutcome, UpstreamPool};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_upstreams)
        .service(create_upstream)
        .service(get_upstream)
        .service(update_upstream)
        .service(delete_upstream);
}

/// A taken name is 409; other database failures stay internal.
fn name_taken(err: DbError) -> ApiError {
    match err {
        DbError::UniqueViolation(_) => ApiError::Conflict(POOL_NAME_TAKEN),
        other => other.into(),
    }
}

fn find(conn: &mut DbConnection, id: i64) -> Result<PoolRow, ApiError> {
    pools::find(conn, id)?.ok_or(ApiError::NotFoundWith(POOL_NOT_FOUND))
}

/// The pool as the audit trail keeps it: the operator's view, never the password, and whether
/// this change set one.
fn audited(row: &PoolRow, password_set: bool) -> Value {
    let mut value = json!(UpstreamPool::from(row.clone()));
    value["passwordChanged"] = json!(password_set);
    value
}

fn record(
    conn: &mut DbConnection,
    actor: UserId,
    action: &str,
    id: i64,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Result<(), ApiError> {
    audit(
        conn,
        actor,
        action,
        &format!("upstream:{id}"),
        None,
        before,
        after,
    )
}

#[utoipa::path(tag = "admin",
    responses((status = 200, body = PoolList), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse)))]
#[get("/admin/upstreams")]
pub async fn list_upstreams(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let rows = with_conn(&state.services.pool, |conn| Ok(pools::list(conn)?)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PoolList {
            upstreams: rows.into_iter().map(UpstreamPool::from).collect(),
        }))
}

#[utoipa::path(tag = "admin", request_body = NewPoolForm,
    responses((status = 201, body = PoolEnvelope), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 409, body = ErrorResponse, description = "Another pool has this name"),
        (status = 422, body = ErrorResponse, description = "A field is missing or invalid")))]
#[post("/admin/upstreams")]
pub async fn create_upstream(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: JsonObject<PoolForm>,
) -> Result<HttpResponse, ApiError> {
    let new = body.into_inner().new_pool().map_err(ApiError::Validation)?;
    let password_set = !new.password.is_empty();
    let actor = admin.0.id;
    let row = in_transaction(&state.services.pool, move |conn| {
        let row = pools::create(conn, &new).map_err(name_taken)?;
        let after = audited(&row, password_set);
        record(conn, actor, "upstream.create", row.id, None, Some(&after))?;
        Ok(row)
    })
    .await?;
    Ok(HttpResponse::Created().json(PoolEnvelope {
        upstream: row.into(),
    }))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = PoolEnvelope), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Upstream pool not found")))]
#[get("/admin/upstreams/{id}")]
pub async fn get_upstream(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let row = with_conn(&state.services.pool, move |conn| find(conn, id)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PoolEnvelope {
            upstream: row.into(),
        }))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = PoolForm,
    responses((status = 200, body = PoolEnvelope), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Upstream pool not found"),
        (status = 409, body = ErrorResponse, description = "Another pool has this name"),
        (status = 422, body = ErrorResponse, description = "A field is invalid")))]
#[patch("/admin/upstreams/{id}")]
pub async fn update_upstream(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<PoolForm>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let changes = body.into_inner().changes().map_err(ApiError::Validation)?;
    let password_set = changes.password.is_some();
    let actor = admin.0.id;
    let row = in_transaction(&state.services.pool, move |conn| {
        let before = audited(&find(conn, id)?, false);
        pools::update(conn, id, &changes).map_err(name_taken)?;
        let row = find(conn, id)?;
        let after = audited(&row, password_set);
        record(
            conn,
            actor,
            "upstream.update",
            id,
            Some(&before),
            Some(&after),
        )?;
        Ok(row)
    })
    .await?;
    Ok(HttpResponse::Ok().json(PoolEnvelope {
        upstream: row.into(),
    }))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = RemovalOutcome,
            description = "Deleted, or deactivated when it carried traffic"),
        (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Upstream pool not found")))]
#[delete("/admin/upstreams/{id}")]
pub async fn delete_upstream(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let actor = admin.0.id;
    let outcome = in_transaction(&state.services.pool, move |conn| {
        let before = audited(&find(conn, id)?, false);
        match pools::remove(conn, id)? {
            Removal::Deleted => {
                record(conn, actor, "upstream.delete", id, Some(&before), None)?;
                Ok(RemovalOutcome {
                    deleted: true,
                    upstream: None,
                })
            }
            Removal::Deactivated => {
                let row = find(conn, id)?;
                let after = audited(&row, false);
                record(
                    conn,
                    actor,
                    "upstream.deactivate",
                    id,
                    Some(&before),
                    Some(&after),
                )?;
                Ok(RemovalOutcome {
                    deleted: false,
                    upstream: Some(row.into()),
                })
            }
            Removal::NotFound => Err(ApiError::NotFoundWith(POOL_NOT_FOUND)),
        }
    })
    .await?;
    Ok(HttpResponse::Ok().json(outcome))
}
