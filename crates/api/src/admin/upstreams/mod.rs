//! Upstream pools as the operator manages them (docs/admin-api/upstreams.md):
//! `GET/POST /api/admin/upstreams`, `GET/PATCH/DELETE /api/admin/upstreams/{id}`, and
//! `POST /api/admin/upstreams/{id}/test` (one probe now, `app::upstream_pools::test_pool`). Every
//! change is audited (`upstream.create`, `upstream.update`, `upstream.delete`,
//! `upstream.deactivate`, `upstream.test`) in its own transaction. Each pool is answered with
//! its health: its state and the last 24 hours of its real traffic. The pool's password is write-only: no answer, audit row or log line
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
use persistence::upstream_pool_hours::{self as hours, PoolTraffic};
use persistence::upstream_pools::{self as pools, PoolRow, Removal};
use serde_json::{Value, json};
use std::collections::HashMap;
use utoipa_actix_web::service_config::ServiceConfig;
use view::{PoolEnvelope, PoolList, ProbeAnswer, RemovalOutcome, UpstreamPool};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_upstreams)
        .service(create_upstream)
        .service(get_upstream)
        .service(update_upstream)
        .service(delete_upstream)
        .service(test_upstream);
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

/// Every pool's real traffic over the last 24 hours (the current hour and the 23 before).
fn last_day(conn: &mut DbConnection) -> Result<HashMap<i64, PoolTraffic>, ApiError> {
    let from = hours::hour_of(persistence::now()) - 23 * 3600;
    Ok(hours::since(conn, from)?)
}

/// The pool `row` as answered: with its health over the last 24 hours.
fn answer(conn: &mut DbConnection, row: PoolRow) -> Result<UpstreamPool, ApiError> {
    let traffic = last_day(conn)?.remove(&row.id).unwrap_or_default();
    Ok(UpstreamPool::new(row, &traffic))
}

/// The pool as the audit trail keeps it: the operator's settings (no health figures), never
/// the password, and whether this change set one.
fn audited(row: &PoolRow, password_set: bool) -> Value {
    let mut value = json!(UpstreamPool::new(row.clone(), &PoolTraffic::default()));
    if let Some(fields) = value.as_object_mut() {
        fields.remove("health");
    }
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
    let upstreams = with_conn(&state.services.pool, |conn| {
        let mut traffic = last_day(conn)?;
        Ok(pools::list(conn)?
            .into_iter()
            .map(|row| {
                let figures = traffic.remove(&row.id).unwrap_or_default();
                UpstreamPool::new(row, &figures)
            })
            .collect())
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PoolList { upstreams }))
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
        answer(conn, row)
    })
    .await?;
    Ok(HttpResponse::Created().json(PoolEnvelope { upstream: row }))
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
    let upstream = with_conn(&state.services.pool, move |conn| {
        let row = find(conn, id)?;
        answer(conn, row)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PoolEnvelope { upstream }))
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
        answer(conn, row)
    })
    .await?;
    Ok(HttpResponse::Ok().json(PoolEnvelope { upstream: row }))
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
                    upstream: Some(answer(conn, row)?),
                })
            }
            Removal::NotFound => Err(ApiError::NotFoundWith(POOL_NOT_FOUND)),
        }
    })
    .await?;
    Ok(HttpResponse::Ok().json(outcome))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = ProbeAnswer,
            description = "The probe ran: `ok` with the exit IP, or the failure in words"),
        (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Upstream pool not found")))]
#[post("/admin/upstreams/{id}/test")]
pub async fn test_upstream(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let services = &state.services;
    let report = app::upstream_pools::test_pool(
        &services.pool,
        &services.settings.pool_probe,
        id,
        admin.0.id,
        POOL_NOT_FOUND,
    )
    .await?;
    let (exit_ip, latency, error) = match report.result {
        Ok((ip, took)) => (Some(ip.to_string()), Some(took), None),
        Err(error) => (None, None, Some(error)),
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(ProbeAnswer {
            ok: error.is_none(),
            exit_ip,
            latency_ms: latency.map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX)),
            error,
            up: report.up,
        }))
}
